"""Settings: language, theme, and where the matches are stored."""

from __future__ import annotations

import flet as ft

from views.model import AppModel, Screen
from views.ui import TAP, body, heading

LANGUAGE_NAMES = {"ko": "한국어", "en": "English"}  # each in its own language, never translated


def choice_row(options: list[tuple[str, str]], selected: str, on_pick) -> ft.Control:
    return ft.Row(spacing=8, controls=[
        (ft.FilledButton if value == selected else ft.OutlinedButton)(
            content=label, height=TAP, expand=True,
            icon=ft.Icons.CHECK if value == selected else None,
            on_click=lambda e, v=value: on_pick(v),
        )
        for value, label in options
    ])


@ft.component
def Settings(model: AppModel, screen: Screen) -> ft.Control:
    return body(
        heading(model.tr("settings.language")),
        choice_row(list(LANGUAGE_NAMES.items()), model.lang, model.set_lang),
        heading(model.tr("settings.theme")),
        choice_row([("light", model.tr("settings.light")), ("dark", model.tr("settings.dark"))],
                   "dark" if model.dark else "light", lambda v: model.set_dark(v == "dark")),
        heading(model.tr("settings.database")),
        ft.Text(model.store.location, selectable=True, size=14),
        ft.Text(model.tr("settings.database_hint"), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
    )

"""Settings: language, theme, and where the matches are stored."""

from __future__ import annotations

import flet as ft

from views.model import AppModel, Screen
from views.share import qr_png, reachable_from_other_devices, share_url
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


def share_section(model: AppModel) -> list[ft.Control]:
    url = share_url()
    if url is None:  # a desktop window: nothing to share
        return []
    controls: list[ft.Control] = [
        heading(model.tr("settings.share")),
        ft.Text(model.tr("settings.share_hint"), size=14),
        ft.Container(
            content=ft.Image(src=qr_png(url), width=240, height=240, semantics_label=model.tr("settings.share_qr")),
            bgcolor=ft.Colors.WHITE, padding=8, border_radius=8,
        ),
        ft.Text(url, selectable=True, size=16, weight=ft.FontWeight.BOLD),
    ]
    if not reachable_from_other_devices(url):
        controls.append(ft.Text(model.tr("settings.share_local_only"), size=13, color=ft.Colors.ON_SURFACE_VARIANT))
    return controls


@ft.component
def Settings(model: AppModel, screen: Screen) -> ft.Control:
    return body(
        heading(model.tr("settings.language")),
        choice_row(list(LANGUAGE_NAMES.items()), model.lang, model.set_lang),
        heading(model.tr("settings.theme")),
        choice_row([("light", model.tr("settings.light")), ("dark", model.tr("settings.dark"))],
                   "dark" if model.dark else "light", lambda v: model.set_dark(v == "dark")),
        *share_section(model),
        heading(model.tr("settings.database")),
        ft.Text(model.store.location, selectable=True, size=14),
        ft.Text(model.tr("settings.database_hint"), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
    )

"""Settings: this device's language and theme, the app's address for phones, where matches are kept.

Language and theme belong to the device (views/device.py); "Start new devices like this" makes
them the server's defaults for devices that have chosen nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from views.access import invite_url
from views.browser import IN_BROWSER, server_only_note, storage_problem
from views.model import AppModel, Screen
from views.prefs import prefs_path
from views.share import qr_png, reachable_from_other_devices, share_url
from views.ui import TAP, body, heading

LANGUAGE_NAMES = {"ko": "한국어", "en": "English"}  # each in its own language, never translated
THEME_CHOICES = (("system", "settings.system"), ("light", "settings.light"),
                 ("dark", "settings.dark"), ("black", "settings.black"))
HINT = ft.Colors.ON_SURFACE_VARIANT


def choice_row(options: list[tuple[str, str]], selected: str, on_pick: Callable[[str], Any]) -> ft.Control:
    return ft.Row(spacing=8, controls=[
        (ft.FilledButton if value == selected else ft.OutlinedButton)(
            content=label, height=TAP, expand=True,
            icon=ft.Icons.CHECK if value == selected else None,
            on_click=lambda e, v=value: on_pick(v),
        )
        for value, label in options
    ])


def theme_choices(model: AppModel) -> list[ft.Control]:
    """Two rows of two: four buttons side by side do not fit a 360 px phone."""
    options = [(value, model.tr(key)) for value, key in THEME_CHOICES]
    return [choice_row(pair, model.theme, model.set_theme) for pair in (options[:2], options[2:])]


def default_row(model: AppModel) -> ft.Control:
    if model.is_default():
        return ft.Text(model.tr("settings.is_default"), size=13, color=HINT)

    def make_default() -> None:
        if model.make_default():
            model.say(model.tr("settings.made_default"))
        else:
            model.say(model.tr("settings.default_failed", path=str(prefs_path())))

    return ft.Row(controls=[ft.TextButton(content=model.tr("settings.make_default"), icon=ft.Icons.DEVICES,
                                          height=TAP, on_click=make_default)])


def share_section(model: AppModel) -> list[ft.Control]:
    url = invite_url(share_url())  # with the access token when the server is on the network
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
        controls += [
            ft.Text(model.tr("settings.share_local_only"), size=13, color=HINT),
            ft.Text(model.tr("settings.share_command"), selectable=True, size=14, font_family="monospace"),
        ]
    return controls


@ft.component
def Settings(model: AppModel, screen: Screen) -> ft.Control:
    return body(
        heading(model.tr("settings.language")),
        choice_row(list(LANGUAGE_NAMES.items()), model.lang, model.set_lang),
        heading(model.tr("settings.theme")),
        *theme_choices(model),
        ft.Text(model.tr("settings.theme_hint"), size=13, color=HINT),
        ft.Text(model.tr("settings.device_only"), size=13, color=HINT),
        *([] if IN_BROWSER else [default_row(model)]),  # one device in the browser build: no server's defaults
        *share_section(model),
        *(browser_storage(model) if IN_BROWSER else [
            heading(model.tr("settings.database")),
            ft.Text(model.store.location, selectable=True, size=14),
            ft.Text(model.tr("settings.database_hint"), size=13, color=HINT),
        ]),
    )


def browser_storage(model: AppModel) -> list[ft.Control]:
    """Where the matches are in the browser build, and what it leaves to `companion --web`."""
    problem = storage_problem()
    return [
        heading(model.tr("settings.database")),
        ft.Text(model.tr("browser.stored_here"), size=14),
        *([ft.Text(model.tr("browser.not_kept", detail=problem), size=14, color=ft.Colors.ERROR)] if problem else []),
        server_only_note(model),
    ]

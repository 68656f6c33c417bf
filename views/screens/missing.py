"""No such page: an address the app does not have (a mistyped or damaged link, a number that
is no id) says so, shows the address, and offers the way home."""

from __future__ import annotations

from urllib.parse import unquote

import flet as ft

from views.model import AppModel, Screen
from views.ui import TAP, body


def no_such_page_title(model: AppModel, screen: Screen) -> str:
    return model.tr("missing.title")


@ft.component
def NoSuchPage(model: AppModel, screen: Screen) -> ft.Control:
    address = unquote(str(screen.get("address") or "/"))
    shown = address if len(address) <= 80 else address[:77] + "…"
    return body(
        ft.Icon(ft.Icons.WRONG_LOCATION, size=48, color=ft.Colors.ERROR),
        ft.Text(model.tr("missing.text"), size=18, key="missing-text"),
        ft.Text(shown, size=14, key="missing-address"),
        ft.FilledButton(content=model.tr("app.home"), icon=ft.Icons.HOME, height=TAP, key="missing-home",
                        on_click=lambda: model.home()),
    )

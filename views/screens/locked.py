"""The one screen of a device the host has not let in (views/access.py): what to do to get in.

It offers nothing else: no back, no home, no settings, and no control that reaches the store."""

from __future__ import annotations

import flet as ft

from views.model import AppModel, Screen
from views.ui import body


def locked_title(model: AppModel, screen: Screen) -> str:
    return model.tr("locked.title")


@ft.component
def Locked(model: AppModel, screen: Screen) -> ft.Control:
    return body(
        ft.Icon(ft.Icons.QR_CODE_SCANNER, size=56, color=ft.Colors.PRIMARY),
        ft.Text(model.tr("locked.text"), size=18, key="locked-text"),
        ft.Text(model.tr("locked.hint"), size=15, color=ft.Colors.ON_SURFACE_VARIANT),
    )

"""Placeholder while the table screen is being built (issue #10)."""

from __future__ import annotations

import flet as ft

from views.model import AppModel, Screen
from views.ui import body


def title(model: AppModel, screen: Screen) -> str:
    return model.tr("app.title")


@ft.component
def Body(model: AppModel, screen: Screen) -> ft.Control:
    return body(ft.Text(screen.route))

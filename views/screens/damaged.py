"""The match database is damaged: the one screen the app shows then, instead of failing on the
first read that meets a broken page. It says that the file is damaged, where it is, and how to
recover; "Save what can be read" opens Export and import, whose export leaves out only what
cannot be read (db.exchange.write_export). Nothing else of the app is reached from here: every
other screen would read the damaged file.
"""

from __future__ import annotations

import flet as ft

from db.errors import DatabaseDamaged
from views.model import AppModel, Screen
from views.ui import TAP, body

ALLOWED = ("damaged", "exchange")  # what a page may show while the database is damaged


class DamagedGuard:
    """The guard of every page while the store is damaged (as views/access.py's Guard)."""

    def __init__(self, damage: DatabaseDamaged) -> None:
        self.damage = damage

    def allow(self, screen: Screen) -> Screen:
        return screen if screen.name in ALLOWED else Screen("damaged")


def damaged_title(model: AppModel, screen: Screen) -> str:
    return model.tr("damaged.title")


@ft.component
def Damaged(model: AppModel, screen: Screen) -> ft.Control:
    damage = model.store.damage
    text = damage.message(model.lang) if damage is not None else model.tr("damaged.title")
    return body(
        ft.Icon(ft.Icons.BROKEN_IMAGE, size=48, color=ft.Colors.ERROR),
        ft.Text(text, size=16, selectable=True, semantics_label=text, key="damaged-text"),
        ft.FilledButton(content=model.tr("damaged.save"), icon=ft.Icons.SAVE_ALT, height=TAP, key="damaged-save",
                        on_click=lambda: model.go("exchange")),
    )

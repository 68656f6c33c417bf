"""'Send to BG Stats' under a finished match's record: BG Stats' own link for pushing a play
(db/bgstats.py), opened in the tap itself so that a phone hands it to the BG Stats app."""

from __future__ import annotations

import flet as ft

from db import StoreError
from db.bgstats import bgstats_link
from db.history import MatchPage
from views.model import AppModel
from views.ui import TAP


def bgstats_section(model: AppModel, page: MatchPage) -> ft.Control | None:
    """The card for a finished match; nothing for an active or abandoned one."""
    if page.row.status != "finished":
        return None
    try:
        link = model.memoised(("bgstats.link", page.row.id), lambda: bgstats_link(model.store, page.row.id))
    except StoreError as error:
        return ft.Text(error.message(model.lang), size=14, color=ft.Colors.ON_SURFACE_VARIANT)
    return ft.Card(key=f"bgstats-{page.row.id}", content=ft.Container(
        padding=ft.Padding.symmetric(horizontal=14, vertical=12),
        content=ft.Column(spacing=10, controls=[
            ft.Text(model.tr("bgstats.hint"), size=14),
            ft.Row(controls=[ft.OutlinedButton(
                content=model.tr("bgstats.send"), icon=ft.Icons.OPEN_IN_NEW, height=TAP,
                action=ft.OpenUrl(link, target=ft.UrlTarget.BLANK),
            )]),
        ]),
    ))

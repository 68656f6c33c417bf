"""'Send to BG Stats' under a finished match's record: BG Stats' own link for pushing a play
(db/bgstats.py), opened in the tap itself so that a phone hands it to the BG Stats app."""

from __future__ import annotations

import flet as ft

from companion.bgstats import push_link
from db import StoreError
from db.bgstats import play_of
from db.history import MatchPage
from views.model import AppModel, match_read
from views.reading import recall
from views.ui import TAP


def bgstats_section(model: AppModel, page: MatchPage) -> ft.Control | None:
    """The card for a finished match; nothing for an active or abandoned one."""
    if page.row.status != "finished":
        return None
    info = recall(model, *match_read(page.row.id))  # read with the record, off the app's thread
    if isinstance(info, StoreError):
        return ft.Text(info.message(model.lang), size=14, color=ft.Colors.ON_SURFACE_VARIANT)
    link = push_link(play_of(info))
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

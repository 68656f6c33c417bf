"""Saved players: see them, hide one (with confirmation; their matches stay)."""

from __future__ import annotations

from typing import cast

import flet as ft

from db import PlayerInfo, StoreError
from views.hooks import use_state
from views.model import PLAYERS, AppModel, Screen
from views.reading import use_reads
from views.ui import TAP, body, colour_dot, confirm_dialog, icon_button


@ft.component
def Players(model: AppModel, screen: Screen) -> ft.Control:
    doomed, set_doomed = use_state(cast("PlayerInfo | None", None))
    if not use_reads(model, [PLAYERS]):
        return body(ft.ProgressRing(width=24, height=24))
    players = model.players()

    def archive() -> None:
        player = doomed
        set_doomed(None)
        if player is None:
            return
        try:
            model.store.archive_player(player.id)
        except StoreError as failed:  # the database is gone or read-only: say so, change nothing
            model.say(failed.message(model.lang))
            return
        model.say(model.tr("players.archived", name=player.name))
        model.changed()

    ft.use_dialog(confirm_dialog(
        model.tr("players.archive", name=doomed.name), model.tr("players.archive_confirm", name=doomed.name),
        model.tr("app.confirm"), model.tr("app.cancel"), archive, lambda: set_doomed(None),
    ) if doomed else None)
    if not players:
        return body(ft.Text(model.tr("players.empty"), size=16))
    return body(ft.Card(content=ft.Column(spacing=0, controls=[
        ft.ListTile(
            leading=colour_dot(p.colour, 28),
            title=ft.Text(p.name, size=16),
            min_height=TAP,
            trailing=icon_button(ft.Icons.VISIBILITY_OFF, model.tr("players.archive", name=p.name),
                                   on_click=lambda e, p=p: set_doomed(p)),
        )
        for p in players
    ])))

"""The match screen: the game's own screen, or a placeholder while the game is coming."""

from __future__ import annotations

import flet as ft

from companion.session import CorruptLog
from db import StoreError
from views.games import game_views
from views.live import LiveMatch
from views.model import AppModel, Screen
from views.ui import TAP, body, colour_dot, confirm_dialog


def title(model: AppModel, screen: Screen) -> str:
    try:
        info = model.store.match(screen.get("id"))
    except StoreError:
        return model.tr("match.not_found", id=screen.get("id"))
    return model.tr("match.title", game=model.tr(f"game.{info.game}"), id=info.id)


def seats_card(model: AppModel, info) -> ft.Control:
    rows = []
    for p in info.participants:
        line = model.tr("match.seat_line", seat=p.seat, name=p.name)
        if p.team:
            line += " · " + model.tr("match.team_line", team=p.team)
        rows.append(ft.ListTile(leading=colour_dot(p.colour, 24), title=ft.Text(line), min_height=TAP))
    return ft.Card(content=ft.Column(spacing=0, controls=rows))


@ft.component
def ComingSoon(model: AppModel, info) -> ft.Control:
    asking, set_asking = ft.use_state(False)

    def abandon() -> None:
        set_asking(False)
        model.store.abandon_match(info.id)
        model.changed()
        model.back()

    ft.use_dialog(confirm_dialog(
        model.tr("match.abandon"), model.tr("match.abandon_confirm"), model.tr("match.abandon"),
        model.tr("app.cancel"), abandon, lambda: set_asking(False),
    ) if asking else None)
    return body(
        ft.Text(model.tr("match.coming", game=model.tr(f"game.{info.game}")), size=16),
        seats_card(model, info),
        ft.OutlinedButton(content=model.tr("match.abandon"), icon=ft.Icons.FLAG, height=TAP,
                          on_click=lambda: set_asking(True)) if info.status == "active" else ft.Container(),
    )


@ft.component
def MatchScreen(model: AppModel, screen: Screen) -> ft.Control:
    match_id = screen.get("id")
    try:
        info = model.store.match(match_id)
    except StoreError:
        return body(ft.Text(model.tr("match.not_found", id=match_id), color=ft.Colors.ERROR))
    screen_component = game_views(info.game).match_screen
    if screen_component is None:
        return ComingSoon(model, info)
    return LivePlay(model, match_id, screen_component)


@ft.component
def LivePlay(model: AppModel, match_id: int, screen_component) -> ft.Control:
    def load():
        try:
            return LiveMatch.load(model.store, match_id), None
        except CorruptLog as broken:  # the engine refuses a stored entry
            return None, str(broken)
        except StoreError as broken:  # the stored log itself is damaged
            return None, broken.message(model.lang)

    loaded, _ = ft.use_state(load)
    live, problem = loaded
    if live is None:
        return body(ft.Text(model.tr("match.corrupt", detail=problem), color=ft.Colors.ERROR))
    return screen_component(model, live)

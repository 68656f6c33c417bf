"""The match screen: the game's own screen around a LiveMatch, kept in step with other screens.

Every screen open on a match polls the store once a second (one `SELECT max(seq)`), so a move
made on another phone or by another server process shows here without a reload.
"""

from __future__ import annotations

import asyncio
from typing import Any

import flet as ft

from companion.session import CorruptLog
from db import StoreError
from views.games import game_views
from views.live import LiveMatch
from views.model import AppModel, Screen
from views.ui import TAP, body, confirm_dialog

POLL_SECONDS = 1.0


def title(model: AppModel, screen: Screen) -> str:
    info = model.match_info(screen.get("id"))
    if info is None:
        return model.tr("match.not_found", id=screen.get("id"))
    return model.tr("match.title", game=model.tr(f"game.{info.game}"), id=info.id)


@ft.component
def MatchScreen(model: AppModel, screen: Screen) -> ft.Control:
    match_id = screen.get("id")
    loaded, _ = ft.use_state(lambda: _open(model, match_id))
    live, problem = loaded
    gone = ft.use_ref(False)

    async def follow() -> None:
        """Follow other screens' writes until this screen goes away."""
        gone.current = False
        while not gone.current:
            await asyncio.sleep(POLL_SECONDS)
            if live is not None and not gone.current and live.refresh():
                model.changed()

    def stop() -> None:
        gone.current = True

    ft.use_effect(follow, [], cleanup=stop)
    if live is None:
        return body(
            ft.Text(problem, color=ft.Colors.ERROR, key="match-problem"),
            ft.OutlinedButton(content=model.tr("app.home"), icon=ft.Icons.HOME, height=TAP,
                              on_click=lambda: model.home()),
        )
    views = game_views(live.game.id)
    if views is None:
        return body(ft.Text(model.tr("match.no_screen", game=model.tr(f"game.{live.game.id}"))))
    return views.match_screen(model, live)


def _open(model: AppModel, match_id: Any) -> tuple[LiveMatch | None, str | None]:
    try:
        return model.live_match(match_id, lambda: LiveMatch.load(model.store, match_id)), None
    except CorruptLog as broken:  # the engine refuses a stored entry
        return None, model.tr("match.corrupt", detail=str(broken))
    except StoreError as broken:  # no such match, or its stored log is damaged
        return None, broken.message(model.lang)
    except LookupError as missing:  # a game this version cannot play
        return None, model.tr("match.no_screen", game=str(missing))


@ft.component
def MatchTools(model: AppModel, live: LiveMatch, extra: list[ft.Control] | None = None) -> ft.Control:
    """Undo, redo, the rules and abandon (with confirmation): the same row on every game's screen."""
    asking, set_asking = ft.use_state(False)
    _ = live.revision

    def abandon() -> None:
        set_asking(False)
        live.abandon()
        model.changed()
        model.home()

    ft.use_dialog(confirm_dialog(
        model.tr("match.abandon"), model.tr("match.abandon_confirm"), model.tr("match.abandon"),
        model.tr("app.cancel"), abandon, lambda: set_asking(False),
    ) if asking else None)
    playing = live.info.status == "active"
    return ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
        ft.OutlinedButton(content=model.tr("app.undo"), icon=ft.Icons.UNDO, height=TAP, key="undo",
                          disabled=not live.session.can_undo or not live.active,
                          on_click=lambda: live.undo() and model.changed()),
        ft.OutlinedButton(content=model.tr("app.redo"), icon=ft.Icons.REDO, height=TAP, key="redo",
                          disabled=not live.session.can_redo or not live.active,
                          on_click=lambda: live.redo() and model.changed()),
        *(extra or []),
        ft.OutlinedButton(content=model.tr("app.rules"), icon=ft.Icons.MENU_BOOK, height=TAP, key="rules",
                          on_click=lambda: model.go("rules", game=live.game.id)),
        *([ft.OutlinedButton(content=model.tr("match.abandon"), icon=ft.Icons.FLAG, height=TAP, key="abandon",
                             on_click=lambda: set_asking(True))] if playing else []),
    ])


def refusal_banner(model: AppModel, live: LiveMatch, on_close: Any = None) -> ft.Control | None:
    """The engine's (or the store's) refusal in words, with the players' names, and a button
    that opens the rule it cites."""
    if live.error is None:
        return None
    text = live.describe(live.error, model.lang)
    rule = live.error.rule
    # The sentence takes the whole width (it wraps in a narrow panel); the rule's button
    # sits under it, so it never squeezes the text to a word per line.
    lines: list[ft.Control] = [ft.Row(vertical_alignment=ft.CrossAxisAlignment.START, controls=[
        ft.Icon(ft.Icons.BLOCK, color=ft.Colors.ON_ERROR_CONTAINER, size=22),
        ft.Text(text, expand=True, size=15, color=ft.Colors.ON_ERROR_CONTAINER),
    ])]
    if rule:
        lines.append(ft.Row(alignment=ft.MainAxisAlignment.END, controls=[ft.TextButton(
            content=ft.Text(model.tr("rules.open_rule", rule=rule), weight=ft.FontWeight.BOLD),
            icon=ft.Icons.MENU_BOOK, height=TAP, key="refusal-rule",
            on_click=lambda: model.go("rules", game=live.game.id, rule=rule),
        )]))
    return ft.Container(
        key="refused", bgcolor=ft.Colors.ERROR_CONTAINER, border_radius=12,
        padding=ft.Padding.only(left=12, right=8, top=8, bottom=4),
        content=ft.Column(spacing=2, controls=lines),
    )

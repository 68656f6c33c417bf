"""Brewing on screen: one player's pot with the bag's palette, and the overview of every pot.

Players brew at the same time, so every seat's entries are open at once; the engine's
`seat_view(...).legal` says which taps it accepts for that seat now, and `draw_step` (chain.py)
what to ask before a chip is entered (yellow set 1: send the white before it back; blue set 1:
which of the chips it draws was placed next, and so on for a placed blue).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import flet as ft

from companion.quacks.match_view import SeatView
from views.hooks import use_latest
from views.quacks.chain import ChainQuestion, asks_anything
from views.quacks.pieces import (
    chip_disc,
    keyed,
    odds_legend,
    odds_modes,
    odds_row,
    odds_short,
    palette,
    pot_strip,
    pot_track,
    whites_meter,
)
from views.quacks.words import ODDS_INK, ODDS_PAINT, Words, odds_level
from views.ui import TAP, colour_dot

Tap = Callable[[dict[str, Any]], Any]


def drawable(view: SeatView) -> list[str]:
    """The chip codes the engine accepts as a plain draw for this seat now."""
    return [action["draw"] for action in view.legal if isinstance(action.get("draw"), str)]


def draw_variants(view: SeatView, code: str) -> list[dict[str, Any]]:
    """The legal entries of drawing `code` with an extra answer (return the white, place a chip)."""
    return [action for action in view.legal
            if isinstance(action.get("draw"), Mapping) and action["draw"].get("chip") == code]


def other_actions(view: SeatView) -> list[dict[str, Any]]:
    """The seat's legal entries that are not draws (flask, stir, stop, red set 2, restart)."""
    return [action for action in view.legal if "draw" not in action]


def action_key(action: Mapping[str, Any]) -> str:
    """A stable key (and e2e handle) for a non-draw brewing entry."""
    if "beside" in action:
        return f"beside-{action['beside']}"
    if action.get("restart") is False:
        return "go-on"
    return next(key for key in ("flask", "stir", "stop", "restart") if key in action)


def status_text(words: Words, view: SeatView) -> str:
    if view.exploded:
        return words.tr("quacks_ui.status.exploded", total=view.white_total, limit=view.white_limit)
    if view.stopped and view.beside:
        return words.tr("quacks_ui.status.beside", chips=words.chips(view.beside))
    if view.stopped:
        return words.tr("quacks_ui.status.stopped")
    if view.finished:
        return words.tr("quacks_ui.status.waiting")
    return words.tr("quacks_ui.status.drawing")


def stats_line(words: Words, view: SeatView) -> str:
    flask = words.tr("quacks_ui.flask_full" if view.flask else "quacks_ui.flask_empty")
    return words.tr("quacks_ui.stats", vp=view.vp, rubies=view.rubies, droplet=view.droplet, rats=view.rats,
                    flask=flask)


def seat_header(words: Words, view: SeatView, colour: str, odds_mode: str = "percent") -> ft.Control:
    """Name and status, the player's holdings, and the whites with the next chip's risk."""
    risk = odds_short(words, view, odds_mode)
    whites = words.tr("quacks_ui.whites", total=view.white_total, limit=view.white_limit)
    return ft.Column(spacing=2, controls=[
        ft.Row(spacing=8, controls=[
            colour_dot(colour, 22),
            ft.Text(words.name(view.seat), size=18, weight=ft.FontWeight.BOLD, expand=True),
            ft.Text(status_text(words, view), size=14, weight=ft.FontWeight.BOLD, key=f"status-{view.seat}",
                    color=ft.Colors.ERROR if view.exploded else None),
        ]),
        ft.Text(stats_line(words, view), size=13, key=f"stats-{view.seat}"),
        ft.Text(f"{whites} · {risk}" if risk else whites, size=13, weight=ft.FontWeight.BOLD,
                key=f"risk-{view.seat}"),
    ])


@ft.component
def SeatPanel(words: Words, view: SeatView, colour: str, tap: Tap, wide: bool = False, odds_mode: str = "percent",
              set_odds_mode: Callable[[str], Any] | None = None) -> ft.Control:
    """One player's round, the palette near the top so that a phone shows it without
    scrolling: who and how it stands, the pot, the chips to tap (or the open chip's question,
    while which the other buttons wait), the buttons, then the whites and the odds."""
    none: str | None = None
    asking, set_asking = ft.use_state(none)  # the chip drawn whose question is open
    seat = view.seat

    def draw(code: str) -> None:
        if asks_anything(words, seat, (code,)):
            set_asking(code)
        else:
            tap({"seat": seat, "draw": code})

    def finish(item: str | dict[str, Any]) -> None:
        set_asking(None)
        tap({"seat": seat, "draw": item})

    on_draw = use_latest(draw)  # one handler for every render: unchanged chip tiles are not drawn again
    controls: list[ft.Control] = [seat_header(words, view, colour, odds_mode), pot_track(words, view, wide=wide)]
    open_question = asking is not None and asking in drawable(view)
    if open_question:
        assert asking is not None
        controls.append(keyed(ChainQuestion, words, seat, asking, finish, lambda: set_asking(None),
                              key=f"chain-{seat}-{asking}"))
    elif not view.finished or drawable(view):
        controls.append(palette(words, view.bag, drawable(view), on_draw, seat))
    actions = other_actions(view)
    if not open_question and any("restart" in a for a in actions):
        controls.append(ft.Text(words.tr("quacks_ui.chance_prompt", n=len(view.chips)), size=14,
                                weight=ft.FontWeight.BOLD, key=f"chance-{seat}"))
    buttons = [action_button(words, view, action, tap) for action in actions] if not open_question else []
    if buttons:
        controls.append(ft.Row(wrap=True, spacing=8, run_spacing=8, controls=buttons))
    if view.scoring is not None:
        controls.append(ft.Text(words.tr("quacks_ui.scoring", space=words.space(view.scoring)), size=14,
                                weight=ft.FontWeight.BOLD, key=f"scoring-{seat}"))
    controls.append(whites_meter(words, view))
    if view.odds is not None:
        controls.append(odds_row(words, view, odds_mode))
        if odds_mode != "off":
            controls.append(odds_legend(words))
        if set_odds_mode is not None:
            controls.append(odds_modes(words, odds_mode, set_odds_mode))
    if view.finished and not view.legal:
        controls.append(ft.Text(words.tr("quacks_ui.bag_now", chips=bag_text(words, view)), size=13))
    return ft.Container(key=f"seat-{seat}", padding=12, border_radius=16, bgcolor=ft.Colors.SURFACE_CONTAINER,
                        content=ft.Column(spacing=8, controls=controls))


def bag_text(words: Words, view: SeatView) -> str:
    listed = ", ".join(f"{words.chip(code)} ×{count}" for code, count in view.bag.items())
    return listed or words.tr("quacks_ui.nothing")


def action_button(words: Words, view: SeatView, action: dict[str, Any], tap: Tap) -> ft.Control:
    key = action_key(action)
    last = view.chips[-1].chip if view.chips else None
    if key == "flask":
        label = words.tr("quacks_ui.flask_use", chip=words.chip(last) if last else "")
        icon = ft.Icons.LOCAL_DRINK
    elif key == "stir":
        label, icon = words.tr("quacks_ui.stir", chip=words.chip(last) if last else ""), ft.Icons.REPLAY
    elif key == "stop":
        label, icon = words.tr("quacks_ui.stop"), ft.Icons.BACK_HAND
    elif key == "restart":
        label, icon = words.tr("quacks_ui.restart"), ft.Icons.RESTART_ALT
    elif key == "go-on":
        label, icon = words.tr("quacks_ui.go_on"), ft.Icons.ARROW_FORWARD
    else:
        chip = words.chip(view.beside[0]) if view.beside else ""
        label, icon = words.tr(f"quacks_ui.{key.replace('-', '_')}", chip=chip), ft.Icons.CALL_SPLIT
    kind = ft.FilledButton if key == "stop" else ft.OutlinedButton
    return kind(content=ft.Text(label, size=15), icon=icon, height=TAP, key=f"{key}-{view.seat}",
                on_click=lambda: tap(action))


def overview_card(words: Words, view: SeatView, colour: str, open_seat: Callable[[int], Any],
                  odds_mode: str = "percent") -> ft.Control:
    """One pot in short for the table's device: status, chips, whites, the next-draw odds."""
    odds: list[ft.Control] = []
    risk = odds_short(words, view, odds_mode)
    if view.odds is not None and risk is not None:
        level = odds_level(view.odds.next)
        odds.append(ft.Container(
            padding=ft.Padding.symmetric(horizontal=8, vertical=3), border_radius=8, bgcolor=ODDS_PAINT[level],
            content=ft.Text(risk, size=13, weight=ft.FontWeight.BOLD, color=ODDS_INK[level])))
    return ft.Container(
        key=f"overview-{view.seat}", padding=10, border_radius=14, bgcolor=ft.Colors.SURFACE_CONTAINER,
        border=ft.Border.all(2, ft.Colors.ERROR if view.exploded else ft.Colors.OUTLINE_VARIANT),
        content=ft.Column(spacing=6, controls=[
            seat_header(words, view, colour, "off"),
            pot_strip(words, view),
            ft.Row(wrap=True, spacing=8, run_spacing=6, controls=[
                ft.Text(words.tr("quacks_ui.whites", total=view.white_total, limit=view.white_limit), size=14),
                *odds,
            ]),
            ft.OutlinedButton(content=ft.Text(words.tr("quacks_ui.open_pot", name=words.name(view.seat)), size=15),
                              icon=ft.Icons.OPEN_IN_FULL, height=TAP, key=f"open-{view.seat}",
                              on_click=lambda: open_seat(view.seat)),
        ]))


def chip_row(codes: list[str], size: float = 26) -> ft.Control:
    return ft.Row(wrap=True, spacing=3, run_spacing=3, controls=[chip_disc(code, size) for code in codes])

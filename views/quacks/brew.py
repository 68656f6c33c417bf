"""Brewing on screen: one player's pot with the bag's palette, and the overview of every pot.

Players brew at the same time, so every seat's entries are open at once; the engine's
`seat_view(...).legal` says which taps it accepts for that seat now, and `draw_questions` what
to ask before a chip is entered (yellow set 1: send the white before it back; blue set 1: which
of the chips it draws was placed next).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import flet as ft

from companion.quacks.match_view import SeatView, draw_questions
from views.quacks.pieces import (
    chip_disc,
    odds_legend,
    odds_row,
    palette,
    pot_strip,
    pot_track,
    whites_meter,
)
from views.quacks.words import ODDS_INK, ODDS_PAINT, Words, odds_level, percent
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


def seat_header(words: Words, view: SeatView, colour: str) -> ft.Control:
    return ft.Column(spacing=2, controls=[
        ft.Row(spacing=8, controls=[
            colour_dot(colour, 22),
            ft.Text(words.name(view.seat), size=18, weight=ft.FontWeight.BOLD, expand=True),
            ft.Text(status_text(words, view), size=14, weight=ft.FontWeight.BOLD, key=f"status-{view.seat}",
                    color=ft.Colors.ERROR if view.exploded else None),
        ]),
        ft.Text(stats_line(words, view), size=13, key=f"stats-{view.seat}"),
    ])


@ft.component
def SeatPanel(words: Words, view: SeatView, colour: str, tap: Tap, wide: bool = False) -> ft.Control:
    """One player's round: the pot, the whites, the odds, the palette and the buttons."""
    none: str | None = None
    asking, set_asking = ft.use_state(none)  # the chip drawn whose question is open
    seat = view.seat

    def draw(code: str) -> None:
        if draw_questions(words.state, seat, code) and draw_variants(view, code):
            set_asking(code)
        else:
            tap({"seat": seat, "draw": code})

    def answer(action: dict[str, Any]) -> None:
        set_asking(None)
        tap(action)

    controls: list[ft.Control] = [
        seat_header(words, view, colour),
        pot_track(words, view, wide=wide),
    ]
    if view.scoring is not None:
        controls.append(ft.Text(words.tr("quacks_ui.scoring", space=words.space(view.scoring)), size=14,
                                weight=ft.FontWeight.BOLD, key=f"scoring-{seat}"))
    controls.append(whites_meter(words, view))
    if view.odds is not None:
        controls += [odds_row(words, view), odds_legend(words)]
    if asking is not None and asking in drawable(view):
        controls.append(draw_question(words, view, asking, answer, lambda: set_asking(None)))
    elif not view.finished:
        controls.append(ft.Text(words.tr("quacks_ui.palette_title"), size=14))
        controls.append(palette(words, view.bag, drawable(view), draw, seat))
    buttons = [action_button(words, view, action, tap) for action in other_actions(view)]
    if buttons:
        controls.append(ft.Row(wrap=True, spacing=8, run_spacing=8, controls=buttons))
    if view.finished and not view.legal:
        controls.append(ft.Text(words.tr("quacks_ui.bag_now", chips=bag_text(words, view)), size=13))
    return ft.Container(key=f"seat-{seat}", padding=12, border_radius=16, bgcolor=ft.Colors.SURFACE_CONTAINER,
                        content=ft.Column(spacing=10, controls=controls))


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
    else:
        chip = words.chip(view.beside[0]) if view.beside else ""
        label, icon = words.tr(f"quacks_ui.{key.replace('-', '_')}", chip=chip), ft.Icons.CALL_SPLIT
    kind = ft.FilledButton if key == "stop" else ft.OutlinedButton
    return kind(content=ft.Text(label, size=15), icon=icon, height=TAP, key=f"{key}-{view.seat}",
                on_click=lambda: tap(action))


def draw_question(words: Words, view: SeatView, code: str, answer: Tap, cancel: Callable[[], Any]) -> ft.Control:
    """What to ask before entering `code`: yellow set 1 may send the white before it back; blue
    set 1 draws more chips and may place one of them next. Every answer is an engine entry."""
    seat = view.seat
    variants = draw_variants(view, code)
    buttons: list[ft.Control] = []
    if any(v["draw"].get("return_white") for v in variants):
        before = view.chips[-1].chip if view.chips else code
        prompt = words.tr("quacks_ui.ask_return_white", chip=words.chip(code), white=words.chip(before))
        buttons.append(ft.FilledButton(content=ft.Text(words.tr("quacks_ui.return_white_yes"), size=15), height=TAP,
                                       key="return-white-yes",
                                       on_click=lambda: answer({"seat": seat, "draw": {"chip": code,
                                                                                        "return_white": True}})))
        buttons.append(ft.OutlinedButton(content=ft.Text(words.tr("quacks_ui.return_white_no"), size=15),
                                         height=TAP, key="return-white-no",
                                         on_click=lambda: answer({"seat": seat, "draw": code})))
    else:
        prompt = words.tr("quacks_ui.ask_place", chip=words.chip(code), count=int(code[1:]))
        for variant in variants:
            placed = variant["draw"]["place"]
            buttons.append(ft.Semantics(
                label=words.tr("quacks_ui.place_chip", chip=words.chip(placed)), button=True, container=True,
                exclude_semantics=True,
                content=ft.Container(key=f"place-{placed}", border_radius=30, padding=2, ink=True,
                                     on_click=lambda e, v=variant: answer(v),
                                     content=chip_disc(placed, 52))))
        buttons.append(ft.OutlinedButton(content=ft.Text(words.tr("quacks_ui.place_none"), size=15), height=TAP,
                                         key="place-none", on_click=lambda: answer({"seat": seat, "draw": code})))
    buttons.append(ft.TextButton(content=ft.Text(words.tr("quacks_ui.cancel"), size=15), height=TAP,
                                 key="draw-cancel", on_click=lambda: cancel()))
    return ft.Container(key="draw-question", padding=12, border_radius=12, bgcolor=ft.Colors.TERTIARY_CONTAINER,
                        content=ft.Column(spacing=8, controls=[
                            ft.Text(prompt, size=15, weight=ft.FontWeight.BOLD,
                                    color=ft.Colors.ON_TERTIARY_CONTAINER),
                            ft.Row(wrap=True, spacing=8, run_spacing=8, controls=buttons)]))


def overview_card(words: Words, view: SeatView, colour: str, open_seat: Callable[[int], Any]) -> ft.Control:
    """One pot in short for the table's device: status, chips, whites, the next-draw odds."""
    odds: list[ft.Control] = []
    if view.odds is not None:
        level = odds_level(view.odds.next)
        odds.append(ft.Container(
            padding=ft.Padding.symmetric(horizontal=8, vertical=3), border_radius=8, bgcolor=ODDS_PAINT[level],
            content=ft.Text(words.tr("quacks_ui.odds_short", chance=percent(view.odds.next)), size=13,
                            weight=ft.FontWeight.BOLD, color=ODDS_INK[level])))
    return ft.Container(
        key=f"overview-{view.seat}", padding=10, border_radius=14, bgcolor=ft.Colors.SURFACE_CONTAINER,
        border=ft.Border.all(2, ft.Colors.ERROR if view.exploded else ft.Colors.OUTLINE_VARIANT),
        content=ft.Column(spacing=6, controls=[
            seat_header(words, view, colour),
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

"""The Çävasie rules page: every rule with its id, the full ladder from the deck's data, and a
quick scorer for tables that only want the showdown (no match is stored)."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.cavasie import Deck, SeatCards, default_deck, report
from companion.cavasie.checks import check_counts, check_once, check_table
from companion.cavasie.table import scorer_for
from companion.errors import RefereeError
from views.cavasie.cards import card_face, deck_picker
from views.cavasie.explain import Tr, settlement_text
from views.games import RuleText
from views.hooks import use_lazy_state
from views.model import AppModel
from views.ui import TAP, body, heading

SECTIONS = (
    ("cavasie_ui.rules.deck_heading", ("CV-1", "CV-2", "CV-3")),
    ("cavasie_ui.rules.play_heading", ("CV-4", "CV-5", "CV-6")),
    ("cavasie_ui.rules.scoring_heading", ("CV-7", "CV-8", "CV-9", "CV-10")),
)

RULES = tuple(
    RuleText(rule_id, f"cavasie_ui.rules.{rule_id}", heading=title if index == 0 else None)
    for title, rule_ids in SECTIONS
    for index, rule_id in enumerate(rule_ids)
)


def rule_row(rule_id: str, text: str) -> ft.Control:
    return ft.Row(vertical_alignment=ft.CrossAxisAlignment.START, spacing=12, controls=[
        ft.Container(
            width=58, alignment=ft.Alignment.CENTER, border_radius=8,
            padding=ft.Padding.symmetric(horizontal=4, vertical=4), bgcolor=ft.Colors.SECONDARY_CONTAINER,
            content=ft.Text(rule_id, size=14, weight=ft.FontWeight.BOLD, color=ft.Colors.ON_SECONDARY_CONTAINER)),
        ft.Text(text, size=15, expand=True),
    ])


def ladder_lines(tr: Tr, deck: Deck) -> list[str]:
    """The ladder strongest first, from the deck's data (a table's edited ladder shows as edited)."""
    lines = []
    for pattern in reversed(deck.ladder.patterns):
        described = tr(f"cavasie_ui.pattern.{pattern.id}")
        if described == f"cavasie_ui.pattern.{pattern.id}":  # a rung a table added: no description
            described = ""
        lines.append(tr("cavasie_ui.ladder_line", rank=pattern.rank, name=pattern.name, what=described).rstrip(" —:"))
    return lines


@ft.component
def CavasieRules(model: AppModel, rule: str | None = None) -> ft.Control:
    tr = model.tr
    deck = default_deck()
    controls: list[ft.Control] = []
    if rule in {entry.id for entry in RULES}:  # opened from a refusal: that rule first
        controls.append(ft.Container(key=f"rule-{rule}", padding=12, border_radius=12,
                                     bgcolor=ft.Colors.TERTIARY_CONTAINER,
                                     content=rule_row(rule, tr(f"cavasie_ui.rules.{rule}"))))
    controls.append(ft.Text(tr("cavasie_ui.rules.intro"), size=15))
    controls.append(QuickScorer(model))
    for entry in RULES:
        if entry.heading:
            controls.append(heading(tr(entry.heading)))
        controls.append(rule_row(entry.id, tr(entry.text)))
    controls.append(heading(tr("cavasie_ui.rules.ladder_heading")))
    controls += [ft.Text(line, size=14) for line in ladder_lines(tr, deck)]
    controls.append(ft.Text(tr("cavasie_ui.pattern.vepleque"), size=14))
    controls.append(ft.Text(tr("cavasie_ui.pattern.sol"), size=14))
    return body(*controls)


# -- the quick scorer ------------------------------------------------------------------------------------
def quick_result(tr: Tr, lang: str, players: list[dict[str, Any]]) -> tuple[list[tuple[str, list[str]]], str | None]:
    """Score a showdown straight from the entered cards: (the explanation, or an error text)."""
    seats = [SeatCards(tuple(p["center"] if p["dealer"] else p["hand"]), tuple(p["floor"]), p["dealer"])
             for p in players]
    names = {i: p["name"] for i, p in enumerate(players)}
    try:
        check_table(seats)
        for name, seat in zip(names.values(), seats, strict=True):
            check_counts(seat, name)
        check_once([code for seat in seats for code in (*seat.hand, *seat.floor)])
    except RefereeError as error:
        return [], error.message(lang)
    shown = report(scorer_for(default_deck()), seats)
    return settlement_text(tr, {"kind": "showdown", **shown, "awards": {}}, names), None


def _empty(n: int, tr: Tr) -> dict[str, Any]:
    return {"name": tr("cavasie_ui.quick.player", n=n), "dealer": False, "hand": [], "center": [], "floor": []}


@ft.component
def QuickScorer(model: AppModel) -> ft.Control:
    tr = model.tr
    deck = default_deck()
    open_, set_open = ft.use_state(False)
    players, set_players = use_lazy_state(lambda: [_empty(1, tr), _empty(2, tr)])
    target, set_target = ft.use_state((0, "hand"))
    shown, set_shown = ft.use_state(False)
    if not open_:
        return ft.OutlinedButton(content=ft.Text(tr("cavasie_ui.quick.open"), size=15), icon=ft.Icons.CALCULATE,
                                 height=TAP, key="quick-open", on_click=lambda: set_open(True))

    def update(new: list[dict[str, Any]]) -> None:
        set_players(new)
        set_shown(False)

    def pick(code: str) -> None:
        seat, pile = target
        new = [dict(p) for p in players]
        new[seat][pile] = [*new[seat][pile], code]
        update(new)

    def clear(seat: int, pile: str) -> None:
        new = [dict(p) for p in players]
        new[seat][pile] = []
        update(new)

    def toggle_dealer(seat: int) -> None:
        new = [dict(p, dealer=(i == seat and not p["dealer"])) for i, p in enumerate(players)]
        update(new)
        set_target((seat, "center" if new[seat]["dealer"] else "hand"))

    def count(delta: int) -> None:
        n = max(2, min(5, len(players) + delta))
        new = [dict(p) for p in players[:n]] + [_empty(i + 1, tr) for i in range(len(players), n)]
        update(new)
        if target[0] >= n:
            set_target((0, "hand"))

    used = {code for p in players for pile in ("hand", "center", "floor") for code in p[pile]}
    rows: list[ft.Control] = [
        heading(tr("cavasie_ui.quick.title")),
        ft.Text(tr("cavasie_ui.quick.intro"), size=14),
        ft.Row(spacing=8, controls=[
            ft.OutlinedButton(content=ft.Text("−", size=18, semantics_label=tr("cavasie_ui.quick.fewer")),
                              height=TAP, key="quick-fewer", on_click=lambda: count(-1)),
            ft.Text(tr("cavasie_ui.quick.players", count=len(players)), size=15),
            ft.OutlinedButton(content=ft.Text("+", size=18, semantics_label=tr("cavasie_ui.quick.more")),
                              height=TAP, key="quick-more", on_click=lambda: count(1)),
        ]),
    ]
    for seat, player in enumerate(players):
        piles = ("center", "floor") if player["dealer"] else ("hand", "floor")
        line: list[ft.Control] = [ft.Text(player["name"], size=15, weight=ft.FontWeight.BOLD, width=80)]
        for pile in piles:
            chosen = target == (seat, pile)
            label = tr(f"cavasie_ui.quick.pile.{pile}", name=player["name"])
            line.append((ft.FilledButton if chosen else ft.OutlinedButton)(
                content=ft.Text(tr(f"cavasie_ui.pile.{pile}"), size=14, semantics_label=label), height=TAP,
                key=f"quick-{seat}-{pile}", on_click=lambda _, s=seat, p=pile: set_target((s, p))))
            line += [card_face(tr, deck, code) for code in player[pile]]
            if player[pile]:
                line.append(ft.IconButton(icon=ft.Icon(ft.Icons.BACKSPACE, semantics_label=tr(
                    "cavasie_ui.quick.clear", what=label)), tooltip=tr("cavasie_ui.quick.clear", what=label),
                    width=TAP, height=TAP, on_click=lambda _, s=seat, p=pile: clear(s, p)))
        if len(players) > 2:
            line.append(ft.TextButton(
                content=tr("cavasie_ui.quick.undealer" if player["dealer"] else "cavasie_ui.quick.dealer"),
                height=TAP, key=f"quick-dealer-{seat}", on_click=lambda _, s=seat: toggle_dealer(s)))
        rows.append(ft.Row(wrap=True, spacing=6, run_spacing=6, controls=line))
    rows.append(deck_picker(tr, deck, used, pick, key="quick-picker"))
    rows.append(ft.FilledButton(content=ft.Text(tr("cavasie_ui.quick.compare"), size=16), height=TAP,
                                key="quick-compare", on_click=lambda: set_shown(True)))
    if shown:
        blocks, problem = quick_result(tr, model.lang, players)
        if problem:
            rows.append(ft.Text(problem, color=ft.Colors.ERROR, key="quick-problem"))
        for headline, lines in blocks:
            rows.append(ft.Text(headline, size=16, weight=ft.FontWeight.BOLD))
            rows += [ft.Text(text, size=14) for text in lines]
    return ft.Container(key="quick", padding=12, border_radius=16, border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
                        content=ft.Column(spacing=8, controls=rows))

"""The quick scorer (/tool/cavasie/scorer): a showdown typed in from the cards on the table, for
tables that only want the hands compared. Nothing is stored but the players' names, which this
device remembers for the next showdown; a table with an edited deck may score with it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.cavasie import Deck, SeatCards, default_deck, load_deck, report
from companion.cavasie.checks import check_counts, check_once, check_table
from companion.cavasie.table import scorer_for
from companion.errors import RefereeError
from views.cavasie.cards import card_face, deck_picker
from views.cavasie.explain import Tr, settlement_text
from views.cavasie.fields import forget, given_once
from views.cavasie.ladder import ladder_button, ladder_dialog
from views.cavasie.stored import (
    DECK_KEY,
    MAX_NAME,
    NAMES_KEY,
    dump_deck,
    read_deck,
    read_names,
    use_changing,
    use_kept,
)
from views.hooks import use_ref
from views.model import AppModel
from views.ui import TAP, body, switch_row

PLAYERS = (2, 5)  # CV-4, the dealer included


def quick_result(tr: Tr, lang: str, players: list[dict[str, Any]], deck: Deck | None = None,
                 ) -> tuple[list[tuple[str, list[str]]], str | None, set[str]]:
    """Score a showdown straight from the entered cards: (the explanation, or the refusal in
    words, and the ids of the patterns the hands show, for the ladder card)."""
    deck = deck or default_deck()
    seats = [SeatCards(tuple(p["center"] if p["dealer"] else p["hand"]), tuple(p["floor"]), p["dealer"])
             for p in players]
    names = {i: p["name"] for i, p in enumerate(players)}
    try:
        check_table(seats)
        for name, seat in zip(names.values(), seats, strict=True):
            check_counts(seat, name)
        check_once([code for seat in seats for code in (*seat.hand, *seat.floor)])
    except RefereeError as error:
        return [], error.message(lang), set()
    shown = report(scorer_for(deck), seats)
    patterns = {str(hand["pattern"]) for hand in shown["hands"].values()}
    return settlement_text(tr, {"kind": "showdown", **shown, "awards": {}}, names), None, patterns


def name_key(seat: int) -> str:
    return f"quick-name-{seat}"


def empty_player(name: str) -> dict[str, Any]:
    return {"name": name, "dealer": False, "hand": [], "center": [], "floor": []}


@ft.component
def QuickScorer(model: AppModel) -> ft.Control:
    tr = model.tr
    kept_names, names_read, keep_names = use_kept(NAMES_KEY, read_names)
    kept_deck, _, _ = use_kept(DECK_KEY, read_deck, dump_deck)
    players, change_players, set_players = use_changing(
        lambda: [empty_player(tr("cavasie_ui.quick.player", n=n)) for n in (1, 2)])
    target, set_target = ft.use_state((0, "hand"))
    shown, set_shown = ft.use_state(False)
    edited, set_edited = ft.use_state(False)  # score with this device's edited deck
    ladder_open, set_ladder_open = ft.use_state(False)
    drawn = use_ref(set[str]())  # the name fields given their text (views/cavasie/fields.py)
    deck = load_deck(kept_deck) if edited and kept_deck is not None else default_deck()

    def remembered() -> None:
        """The names this device kept, once it has told them (the cards start empty)."""
        if names_read and kept_names:
            players_now = max(PLAYERS[0], min(PLAYERS[1], len(kept_names)))
            forget(drawn.current, [name_key(seat) for seat in range(PLAYERS[1])])  # they show the kept names
            set_players([empty_player(kept_names[i]) for i in range(players_now)])

    ft.use_effect(remembered, [names_read])

    # Each change is worked out from the players as they are when it lands (a functional
    # update): two quick taps, or a name typed while the screen redraws, never undo each other.
    def update(change: Callable[[list[dict[str, Any]]], list[dict[str, Any]]]) -> None:
        change_players(lambda old: change([dict(p) for p in old]))
        set_shown(False)

    def pick(code: str) -> None:
        seat, pile = target

        def change(new: list[dict[str, Any]]) -> list[dict[str, Any]]:
            if seat < len(new) and code not in {c for p in new for key in ("hand", "center", "floor") for c in p[key]}:
                new[seat][pile] = [*new[seat][pile], code]
            return new

        update(change)

    def clear(seat: int, pile: str) -> None:
        def change(new: list[dict[str, Any]]) -> list[dict[str, Any]]:
            new[seat][pile] = []
            return new

        update(change)

    def rename(seat: int, name: str) -> None:
        def change(new: list[dict[str, Any]]) -> list[dict[str, Any]]:
            new[seat]["name"] = name[:MAX_NAME]
            keep_names([p["name"] for p in new])
            return new

        update(change)

    def toggle_dealer(seat: int) -> None:
        dealing = not players[seat]["dealer"]
        update(lambda new: [dict(p, dealer=(i == seat and dealing)) for i, p in enumerate(new)])
        set_target((seat, "center" if dealing else "hand"))

    def count(delta: int) -> None:
        names = kept_names or []

        def change(new: list[dict[str, Any]]) -> list[dict[str, Any]]:
            n = max(PLAYERS[0], min(PLAYERS[1], len(new) + delta))
            forget(drawn.current, [name_key(seat) for seat in range(n, PLAYERS[1])])  # seats gone: new fields later
            new = new[:n] + [empty_player(names[i] if i < len(names) else tr("cavasie_ui.quick.player", n=i + 1))
                             for i in range(len(new), n)]
            keep_names([p["name"] for p in new])
            return new

        update(change)
        if target[0] >= max(PLAYERS[0], min(PLAYERS[1], len(players) + delta)):
            set_target((0, "hand"))

    def use_edited(on: bool) -> None:
        set_edited(on)
        update(lambda new: [empty_player(p["name"]) for p in new])  # one deck's cards mean nothing in another

    blocks: list[tuple[str, list[str]]] = []
    problem = None
    patterns: set[str] = set()
    if shown:
        blocks, problem, patterns = quick_result(tr, model.lang, players, deck)
    ft.use_dialog(ladder_dialog(tr, deck, patterns, lambda: set_ladder_open(False)) if ladder_open else None)

    used = {code for p in players for pile in ("hand", "center", "floor") for code in p[pile]}
    rows: list[ft.Control] = [
        ft.Text(tr("cavasie_ui.quick.intro"), size=14),
        ft.Row(spacing=8, controls=[
            ft.OutlinedButton(content=ft.Text("−", size=18, semantics_label=tr("cavasie_ui.quick.fewer")),
                              height=TAP, key="quick-fewer", on_click=lambda: count(-1)),
            ft.Text(tr("cavasie_ui.quick.players", count=len(players)), size=15),
            ft.OutlinedButton(content=ft.Text("+", size=18, semantics_label=tr("cavasie_ui.quick.more")),
                              height=TAP, key="quick-more", on_click=lambda: count(1)),
        ]),
    ]
    if kept_deck is not None:
        rows.append(switch_row(tr("cavasie_ui.quick.edited_deck"), edited, use_edited))
    for seat, player in enumerate(players):
        piles = ("center", "floor") if player["dealer"] else ("hand", "floor")
        line: list[ft.Control] = []
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
        line.append(ft.TextButton(
            content=tr("cavasie_ui.quick.undealer" if player["dealer"] else "cavasie_ui.quick.dealer"),
            height=TAP, key=f"quick-dealer-{seat}", on_click=lambda _, s=seat: toggle_dealer(s)))
        rows.append(ft.Container(padding=8, border_radius=12, bgcolor=ft.Colors.SURFACE_CONTAINER, content=ft.Column(
            spacing=6, controls=[
                ft.TextField(value=given_once(drawn.current, name_key(seat), player["name"]),
                             label=tr("cavasie_ui.quick.name", n=seat + 1), dense=True,
                             max_length=MAX_NAME, key=name_key(seat),
                             on_change=lambda e, s=seat: rename(s, e.control.value)),
                ft.Row(wrap=True, spacing=6, run_spacing=6, controls=line),
            ])))
    rows.append(deck_picker(tr, deck, used, pick, key="quick-picker"))
    rows.append(ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
        ft.FilledButton(content=ft.Text(tr("cavasie_ui.quick.compare"), size=16), height=TAP, key="quick-compare",
                        on_click=lambda: set_shown(True)),
        ladder_button(tr, lambda: set_ladder_open(True)),
    ]))
    if problem:
        rows.append(ft.Text(problem, color=ft.Colors.ERROR, key="quick-problem"))
    for headline, lines in blocks:
        rows.append(ft.Text(headline, size=16, weight=ft.FontWeight.BOLD))
        rows += [ft.Text(text, size=14) for text in lines]
    return body(*rows)

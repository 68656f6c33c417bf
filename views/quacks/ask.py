"""A question the match waits on (`match_view.questions`), with its legal answers as big
buttons: the fortune card drawn (sorted, with a search), a card's question, an evaluation
step's question. The shop offers only the engine's legal purchases, chip by chip; the bonus
die takes the face rolled from the table's die, or 'roll for me' (the engine's own die,
`live.roll()`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.quacks.data import CHIPS, FORTUNE_CARDS
from companion.quacks.match_view import Question, seat_view, upgrades
from companion.quacks.screen_board import offered, purchase
from views.quacks.chain import ChainQuestion, asks_anything
from views.quacks.pieces import CHIP_PAINT, chip_disc, keyed
from views.quacks.words import Words
from views.ui import TAP

Tap = Callable[[dict[str, Any]], Any]
CARD_PAINT = {"purple": "#6a1b9a", "blue": "#1565c0"}


def question_box(words: Words, asked: Question, body: list[ft.Control]) -> ft.Control:
    """The question's frame: who is asked and what, the rule it comes from, the answers."""
    return ft.Container(
        key="question", padding=14, border_radius=16, bgcolor=ft.Colors.SECONDARY_CONTAINER,
        content=ft.Column(spacing=10, controls=[
            ft.Row(vertical_alignment=ft.CrossAxisAlignment.START, controls=[
                ft.Text(words.prompt(asked), size=17, weight=ft.FontWeight.BOLD, expand=True, key="prompt",
                        color=ft.Colors.ON_SECONDARY_CONTAINER),
                ft.Text(asked.rule, size=13, weight=ft.FontWeight.BOLD, color=ft.Colors.ON_SECONDARY_CONTAINER),
            ]),
            *body,
        ]))


def answer_buttons(words: Words, asked: Question, tap: Tap) -> ft.Control:
    buttons: list[ft.Control] = [
        ft.Button(
            content=ft.Text(words.answer(asked, action), size=16), height=TAP, key=f"answer-{index}",
            on_click=lambda e, a=action: tap(a))
        for index, action in enumerate(asked.answers)
    ]
    return ft.Row(key="answers", wrap=True, spacing=8, run_spacing=8, controls=buttons)


def die_pad(words: Words, asked: Question, tap: Tap, roll: Callable[[], Any]) -> list[ft.Control]:
    """The bonus die as the table rolls it: the faces of the real die are the big buttons;
    'roll for me' (the engine's own die) is the small one for a table without it."""
    faces = ft.Row(key="die-faces", wrap=True, spacing=8, run_spacing=8, controls=[
        ft.FilledButton(content=ft.Text(words.face(action["die"]), size=18), height=TAP + 8,
                        key=f"face-{action['die']}", on_click=lambda e, a=action: tap(a))
        for action in asked.answers
    ])
    return [faces, ft.TextButton(content=ft.Text(words.tr("quacks_ui.roll_for_me"), size=15), icon=ft.Icons.CASINO,
                                 height=48, key="roll", on_click=lambda: roll())]


def card_number(card_id: str) -> int:
    """A fortune card's number, as the reference lists them (1–24): what a table calls it by."""
    return next(index for index, card in enumerate(FORTUNE_CARDS, 1) if card.id == card_id)


def matching_cards(words: Words, asked: Question, query: str) -> list[dict[str, Any]]:
    """The picker's cards: the cards not drawn yet, by name in the language shown, those whose
    name holds `query` (any case) or whose number it is."""
    wanted = query.strip().lower()
    catalogue = words.state.catalogue
    found = []
    for action in asked.answers:
        card = catalogue.card(action["card"])
        name = card.name(words.lang)
        if not wanted or wanted in name.lower() or wanted == str(card_number(card.id)):
            found.append((name.lower(), action))
    return [action for _, action in sorted(found, key=lambda pair: pair[0])]


@ft.component
def CardPicker(words: Words, asked: Question, tap: Tap) -> ft.Control:
    """The fortune cards not drawn yet in this game, sorted by name, with their numbers, and a
    search by name or number: tap the one the start player drew."""
    query, set_query = ft.use_state("")
    buttons: list[ft.Control] = []
    for action in matching_cards(words, asked, query):
        card = words.state.catalogue.card(action["card"])
        buttons.append(ft.Button(
            content=ft.Row(tight=True, spacing=8, controls=[
                ft.Container(width=12, height=24, border_radius=3, bgcolor=CARD_PAINT.get(card.type, "#757575")),
                ft.Text(words.tr("quacks_ui.card_numbered", no=card_number(card.id), name=card.name(words.lang)),
                        size=15),
            ]),
            height=TAP, key=f"card-{card.id}", on_click=lambda e, a=action: tap(a)))
    listing: ft.Control = ft.Row(key="cards", wrap=True, spacing=8, run_spacing=8, controls=buttons) if buttons \
        else ft.Text(words.tr("quacks_ui.card_none", query=query.strip()), size=14, key="cards")
    return ft.Column(spacing=10, controls=[
        ft.TextField(label=words.tr("quacks_ui.card_search"), value=query, key="card-search", dense=True,
                     prefix_icon=ft.Icons.SEARCH, on_change=lambda e: set_query(e.control.value or "")),
        listing,
    ])


@ft.component
def QuestionPanel(words: Words, asked: Question, tap: Tap, roll: Callable[[], Any]) -> ft.Control:
    body: list[ft.Control]
    if asked.source == "fortune":
        body = [ft.Text(words.tr("quacks_ui.card_hint"), size=13), keyed(CardPicker, words, asked, tap,
                                                                           key=f"cards-{asked.info.get('round')}")]
    elif asked.kind == "die":
        body = die_pad(words, asked, tap, roll)
    elif asked.source == "card" and asked.kind == "draw":
        body = [keyed(CardDraw, words, asked, tap, key=f"draw-{asked.seat}-{asked.card}")]
    elif asked.kind == "buy":
        body = [keyed(Shop, words, asked, tap, key=f"shop-{asked.seat}")]
    else:
        body = [*info_lines(words, asked), answer_buttons(words, asked, tap)]
    return question_box(words, asked, body)


def info_lines(words: Words, asked: Question) -> list[ft.Control]:
    """What the player needs to answer well (the book's text for the step B questions)."""
    books = {"green_take": ("green", 2), "green_pay": ("green", 4), "purple_trade": ("purple", 2),
             "purple_swap": ("purple", 4)}
    if asked.kind in books:
        colour, book_set = books[asked.kind]
        return [ft.Text(words.tr(f"quacks.book.{colour}.{book_set}"), size=13)]
    if asked.kind == "spend":
        return [ft.Text(words.tr("quacks_ui.spend_hint", rubies=asked.info.get("rubies", 0)), size=13)]
    return []


@ft.component
def Shop(words: Words, asked: Question, tap: Tap) -> ft.Control:
    """E: one chip, or two of different colours, from the legal purchases only: a chip is
    offered while some legal purchase still holds it with the chips already chosen."""
    nothing_yet: tuple[str, ...] = ()
    chosen, set_chosen = ft.use_state(nothing_yet)
    answers = list(asked.answers)
    prices = asked.info.get("prices", {})
    coins = int(asked.info.get("coins", 0))
    spent = sum(int(prices.get(code, 0)) for code in chosen)
    tiles: list[ft.Control] = []
    for code in offered(answers, chosen):
        label = words.tr("quacks_ui.shop_add", chip=words.chip(code), price=prices.get(code, "?"))
        tiles.append(ft.Semantics(label=label, button=True, container=True, exclude_semantics=True,
                                  content=ft.Container(
            key=f"shop-{code}", border_radius=12, padding=4, ink=True,
            on_click=lambda e, c=code: set_chosen((*chosen, c)),
            content=ft.Column(spacing=2, horizontal_alignment=ft.CrossAxisAlignment.CENTER, controls=[
                chip_disc(code, 52), ft.Text(str(prices.get(code, "?")), size=13, weight=ft.FontWeight.BOLD)]))))
    basket = purchase(answers, chosen)
    controls: list[ft.Control] = [
        ft.Text(words.tr("quacks_ui.shop_coins", coins=coins, spent=spent), size=14, key="shop-coins"),
        ft.Row(key="shop", wrap=True, spacing=8, run_spacing=8, controls=tiles) if tiles
        else ft.Text(words.tr("quacks_ui.shop_full"), size=13),
    ]
    if chosen:
        controls.append(ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
            ft.OutlinedButton(content=ft.Text(words.tr("quacks_ui.shop_remove", chip=words.chip(code)), size=14),
                              icon=ft.Icons.CLOSE, height=TAP, key=f"shop-drop-{code}",
                              style=ft.ButtonStyle(side=ft.BorderSide(2, CHIP_PAINT[_colour(code)][2])),
                              on_click=lambda e, i=index: set_chosen(chosen[:i] + chosen[i + 1:]))
            for index, code in enumerate(chosen)]))
    nothing = purchase(answers, nothing_yet)
    buy: list[ft.Control] = [  # shown once a chip is chosen: "Buy nothing" is the other button
        ft.FilledButton(content=ft.Text(words.tr("quacks_ui.shop_buy", chips=words.chips(list(chosen))), size=16),
                        icon=ft.Icons.SHOPPING_BASKET, height=TAP, key="shop-buy", disabled=basket is None,
                        on_click=(lambda: tap(basket)) if basket is not None else None)] if chosen else []
    controls.append(ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
        *buy,
        ft.OutlinedButton(content=ft.Text(words.tr("quacks_ui.shop_nothing"), size=16), height=TAP,
                          key="shop-none", disabled=nothing is None,
                          on_click=(lambda: tap(nothing)) if nothing is not None else None),
    ]))
    return ft.Column(spacing=10, controls=controls)


def _colour(code: str) -> str:
    return CHIPS[code].colour


def draw_endings(words: Words, asked: Question, chosen: tuple[str, ...]) -> list[tuple[str, str, Any]]:
    """How a card's draw can be entered once `chosen` are the chips drawn: (key, label, action),
    the action None while the chips drawn are not yet as many as the card draws. An
    Opportunistic Moment offers the engine's `upgrades` of the chips drawn, Strong Ingredient
    the chips drawn to place; both also the answer without one."""
    count = int(asked.info.get("count", 0))
    ready = len(chosen) == count if asked.info.get("exact") else len(chosen) <= count
    base: dict[str, Any] = {"seat": asked.seat, "drawn": list(chosen)}
    then = asked.info.get("then")
    if ready and then == "upgrade":
        return [*((f"card-upgrade-{code}", words.tr("quacks_ui.card_upgrade", chip=words.chip(code)),
                   {**base, "upgrade": code}) for code in upgrades(words.state, chosen)),
                ("card-done", words.tr("quacks_ui.card_no_upgrade"), base)]
    if ready and then == "place":
        return [*((f"card-place-{code}", words.tr("quacks_ui.place_chip", chip=words.chip(code)),
                   {**base, "place": code}) for code in dict.fromkeys(chosen)),
                ("card-done", words.tr("quacks_ui.place_none"), base)]  # a placed chip that asks: see CardDraw
    return [("card-done", words.tr("quacks_ui.card_drawn_done"), base if ready else None)]


@ft.component
def CardDraw(words: Words, asked: Question, tap: Tap) -> ft.Control:
    """A card that makes a player draw chips (Less Is More, An Opportunistic Moment, Strong
    Ingredient): tap the chips drawn from the player's bag, then the card's follow-up."""
    nothing_yet: tuple[str, ...] = ()
    chosen, set_chosen = ft.use_state(nothing_yet)
    none: str | None = None
    placing, set_placing = ft.use_state(none)  # Strong Ingredient: the chip placed, while it asks
    seat = asked.seat
    count = int(asked.info.get("count", 0))
    base: dict[str, Any] = {"seat": seat, "drawn": list(chosen)}
    if placing is not None:  # the placed chip acts as drawn (QK-18): its own questions, chip by chip
        chained: ft.Control = keyed(ChainQuestion, words, seat, placing, lambda item: tap({**base, "place": item}),
                                    lambda: set_placing(None), key=f"card-chain-{placing}")
        return chained

    def enter(action: dict[str, Any]) -> None:
        code = action.get("place")
        if isinstance(code, str) and asks_anything(words, seat, (code,)):
            set_placing(code)
        else:
            tap(action)

    bag = seat_view(words.state, seat).bag
    full = len(chosen) >= count
    tiles: list[ft.Control] = []
    for code in bag:
        left = bag[code] - chosen.count(code)
        can = left > 0 and not full
        label = words.tr("quacks_ui.card_drew_chip", chip=words.chip(code), count=left)
        tiles.append(ft.Semantics(label=label, button=can, container=True, exclude_semantics=True,
                                  content=ft.Container(
            key=f"card-bag-{code}", border_radius=30, padding=2, ink=can,
            on_click=(lambda e, c=code: set_chosen((*chosen, c))) if can else None,
            content=chip_disc(code, 52, dimmed=not can))))
    finish: list[ft.Control] = [
        (ft.FilledButton if key == "card-done" else ft.Button)(
            content=ft.Text(label, size=15), height=TAP, key=key, disabled=action is None,
            on_click=(lambda e, a=action: enter(a)) if action is not None else None)
        for key, label, action in draw_endings(words, asked, chosen)
    ]
    if chosen:
        finish.append(ft.TextButton(content=ft.Text(words.tr("quacks_ui.card_clear"), size=15), height=TAP,
                                    key="card-clear", on_click=lambda: set_chosen(())))
    return ft.Column(spacing=10, controls=[
        ft.Text(words.tr("quacks_ui.card_drawn_so_far", chips=words.chips(list(chosen)), n=len(chosen),
                         count=count), size=14, key="card-drawn"),
        ft.Row(wrap=True, spacing=8, run_spacing=8, controls=tiles),
        ft.Row(wrap=True, spacing=8, run_spacing=8, controls=finish),
    ])

"""Corrections for a table's own printing, before a round's fortune card is drawn: the prices
of the books in play and the fortune cards' numbers and names. One tap on Save is one entry,
`{"catalogue": {...}}`; the engine checks it (data.catalogue_with) and refuses with the reason.

What may be corrected is what the engine reads: a price, a card's number (the one figure on it:
the engine plays the number given and the card's text shows it). A card's name changes only
how the app calls it, as the panel says beside the fields; a card's text and colour are not
corrected at all (the text says what the app does).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import flet as ft

from companion.quacks.data import (
    BOOK_COLOURS,
    FIXED_PRICE_COLOURS,
    VALUES,
    Catalogue,
    default_catalogue,
)
from views.quacks.words import Words
from views.ui import TAP

Tap = Callable[[dict[str, Any]], Any]
PriceKey = tuple[str, int, int]  # colour, set (0 for orange and black), value


def prices_in_play(words: Words) -> list[PriceKey]:
    """The prices this match's books use: each colour's chosen set, then orange and black."""
    books = words.state.books
    keys = [(colour, books[colour], value) for colour in BOOK_COLOURS for value in VALUES[colour]]
    return keys + [(colour, 0, 1) for colour in FIXED_PRICE_COLOURS]


def corrected(state_overrides: str, catalogue: Catalogue, lang: str, prices: dict[PriceKey, str],
              numbers: dict[str, str], names: dict[str, str]) -> dict[str, Any] | str:
    """The table's corrections with these fields typed (the texts as typed), or the first field
    that is not a whole number (its key, for the message)."""
    base = default_catalogue()
    out: dict[str, Any] = json.loads(state_overrides) if state_overrides else {}
    kept_prices = {(p["colour"], p.get("set", 0), p["value"]): p for p in out.get("prices", [])}
    for key, typed in prices.items():
        colour, book_set, value = key
        if not typed.strip().isdigit():
            return f"{colour}-{value}"
        coins = int(typed)
        kept_prices.pop(key, None)
        if coins != base.price_entry(colour, book_set, value).coins:
            entry: dict[str, Any] = {"colour": colour, "value": value, "coins": coins}
            if book_set:
                entry["set"] = book_set
            kept_prices[key] = entry
    cards: dict[str, dict[str, Any]] = {c["id"]: dict(c) for c in out.get("cards", [])}
    field = "name_ko" if lang == "ko" else "name_en"
    for card in catalogue.cards:
        printed = base.card(card.id)
        entry = cards.get(card.id, {"id": card.id})
        if card.id in numbers:
            typed = numbers[card.id].strip()
            if not typed.isdigit():
                return card.id
            entry.pop("number", None)
            if int(typed) != printed.number:
                entry["number"] = int(typed)
        if card.id in names:
            entry.pop(field, None)
            if names[card.id].strip() != printed.name(lang):
                entry[field] = names[card.id].strip()
        if len(entry) > 1:
            cards[card.id] = entry
        else:
            cards.pop(card.id, None)
    result: dict[str, Any] = {}
    if kept_prices:
        result["prices"] = list(kept_prices.values())
    if cards:
        result["cards"] = list(cards.values())
    return result


@ft.component
def Corrections(words: Words, tap: Tap) -> ft.Control:
    """The opener, and the panel once opened (see the module's docstring)."""
    opened, set_opened = ft.use_state(False)
    empty: dict[str, str] = {}
    prices, set_prices = ft.use_state(empty)
    numbers, set_numbers = ft.use_state(empty)
    names, set_names = ft.use_state(empty)
    wrong: str | None = None
    problem, set_problem = ft.use_state(wrong)
    tr = words.tr
    if not opened:
        return ft.TextButton(content=ft.Text(tr("quacks_ui.fix.open"), size=15), icon=ft.Icons.EDIT_NOTE,
                             height=48, key="fix-open", on_click=lambda: set_opened(True))
    state = words.state
    catalogue = state.catalogue

    def price_text(key: PriceKey) -> str:
        return prices.get(f"{key}", str(catalogue.price_entry(key[0], key[1] or 1, key[2]).coins))

    price_fields: list[ft.Control] = []
    for key in prices_in_play(words):
        colour, _, value = key
        label = tr("quacks_ui.chip", colour=tr(f"quacks_ui.colour.{colour}"), value=value)
        price_fields.append(ft.TextField(
            label=label, value=price_text(key), width=110, dense=True, key=f"fix-price-{colour}-{value}",
            keyboard_type=ft.KeyboardType.NUMBER,
            on_change=lambda e, k=key: set_prices({**prices, f"{k}": e.control.value or ""})))
    card_rows: list[ft.Control] = []
    for card in catalogue.cards:
        if card.number is None:
            continue
        card_rows.append(ft.Row(wrap=True, spacing=8, run_spacing=4, controls=[
            ft.TextField(label=tr("quacks_ui.fix.name"), value=names.get(card.id, card.name(words.lang)), width=220,
                         dense=True, key=f"fix-name-{card.id}",
                         on_change=lambda e, c=card.id: set_names({**names, c: e.control.value or ""})),
            ft.TextField(label=tr("quacks_ui.fix.number", low=card.low, high=card.high),
                         value=numbers.get(card.id, str(card.number)), width=130, dense=True,
                         key=f"fix-number-{card.id}", keyboard_type=ft.KeyboardType.NUMBER,
                         on_change=lambda e, c=card.id: set_numbers({**numbers, c: e.control.value or ""})),
        ]))

    def save() -> None:
        typed_prices = {key: price_text(key) for key in prices_in_play(words) if f"{key}" in prices}
        result = corrected(state.overrides, catalogue, words.lang, typed_prices, numbers, names)
        if isinstance(result, str):
            set_problem(tr("quacks_ui.fix.not_number"))
            return
        set_problem(None)
        set_opened(False)
        tap({"catalogue": result})

    controls: list[ft.Control] = [
        ft.Text(tr("quacks_ui.fix.title"), size=16, weight=ft.FontWeight.BOLD),
        ft.Text(tr("quacks_ui.fix.prices"), size=14, weight=ft.FontWeight.BOLD),
        ft.Row(wrap=True, spacing=8, run_spacing=8, controls=price_fields),
        ft.Text(tr("quacks_ui.fix.cards"), size=14, weight=ft.FontWeight.BOLD),
        ft.Text(tr("quacks_ui.fix.card_note"), size=13, key="fix-card-note"),
        *card_rows,
    ]
    if problem:
        controls.append(ft.Text(problem, color=ft.Colors.ERROR, size=14, key="fix-problem"))
    controls.append(ft.Row(wrap=True, spacing=8, controls=[
        ft.FilledButton(content=ft.Text(tr("quacks_ui.fix.save"), size=15), height=TAP, key="fix-save",
                        on_click=lambda: save()),
        ft.TextButton(content=ft.Text(tr("quacks_ui.fix.close"), size=15), height=TAP, key="fix-close",
                      on_click=lambda: set_opened(False)),
    ]))
    return ft.Container(key="fix", padding=12, border_radius=12, bgcolor=ft.Colors.SURFACE_CONTAINER,
                        content=ft.Column(spacing=8, controls=controls))

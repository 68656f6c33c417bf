"""The deck editor (/tool/cavasie/deck): a table whose physical deck differs from the Didopoikas
changes it here, card by card (colour, value, shape, name, quoto or not), adds or removes cards
and colours. The engine checks every edit (`deck_problems`) and its reasons are shown; a deck
without problems is kept on this device and offered when a Çävasie match is set up, which then
stores it with the match (its set-up), so the match replays and exports with it.

The edits themselves only change the deck's data; what a deck may be is the engine's to say.
"""

from __future__ import annotations

import copy
from typing import Any

import flet as ft

from companion.cavasie import deck_problems, default_deck_data, load_deck
from companion.cavasie.deck import MAX_TEXT, MAX_VALUE, deal_size
from views.cavasie.explain import CARD_COLOURS, QUOTO_FACE, Tr, colour_word
from views.cavasie.fields import forget, given_once
from views.cavasie.stored import DECK_KEY, dump_deck, read_deck, use_changing, use_kept
from views.hooks import use_ref, use_state
from views.model import AppModel
from views.ui import TAP, body, confirm_dialog, heading, icon_button, switch_row

MAX_TABLE = 5  # CV-4


# -- the deck's data, edited (pure functions, tested without a browser) -----------------------------
def with_card(data: dict[str, Any], index: int, **changes: Any) -> dict[str, Any]:
    """The deck with card `index` changed; a card made a quoto loses its value and shape, a
    quoto made a numbered card gets a value."""
    new = copy.deepcopy(data)
    card = new["cards"][index]
    card.update(changes)
    if changes.get("quoto") is True:
        card.pop("value", None)
        card.pop("shape", None)
    elif changes.get("quoto") is False:
        card.pop("quoto", None)
        card.setdefault("value", 1)
    for key in ("shape",):
        if key in card and card[key] is None:
            del card[key]
    return new


def without_card(data: dict[str, Any], index: int) -> dict[str, Any]:
    new = copy.deepcopy(data)
    del new["cards"][index]
    return new


def free_code(data: dict[str, Any]) -> str:
    taken = {card.get("code") for card in data["cards"]}
    return next(f"X{n}" for n in range(1, 1000) if f"X{n}" not in taken)


def with_new_card(data: dict[str, Any]) -> dict[str, Any]:
    new = copy.deepcopy(data)
    new["cards"].append({"code": free_code(data), "name": "", "gloss": "", "colour": new["colours"][0], "value": 1})
    return new


def colour_in_use(data: dict[str, Any], colour: str) -> bool:
    return any(card.get("colour") == colour for card in data["cards"])


def with_colour(data: dict[str, Any], colour: str) -> dict[str, Any]:
    new = copy.deepcopy(data)
    if colour and colour not in new["colours"]:
        new["colours"].append(colour)
    return new


def without_colour(data: dict[str, Any], colour: str) -> dict[str, Any]:
    new = copy.deepcopy(data)
    if not colour_in_use(data, colour):
        new["colours"] = [c for c in new["colours"] if c != colour]
    return new


def changed_cards(data: dict[str, Any]) -> list[str]:
    """The codes of the cards that differ from the Didopoikas, or are not in it."""
    standard = {card["code"]: card for card in default_deck_data()["cards"]}
    return [card.get("code", "?") for card in data["cards"] if standard.get(card.get("code")) != card]


def largest_table(cards: int) -> int:
    """The most players (CV-4, at most five) a deck of `cards` cards can deal to."""
    return max((players for players in range(2, MAX_TABLE + 1) if deal_size(players) <= cards), default=0)


# -- the page ------------------------------------------------------------------------------------------------
def face(data: dict[str, Any], card: dict[str, Any]) -> tuple[str, str]:
    if card.get("quoto"):
        return QUOTO_FACE
    return CARD_COLOURS.get(str(card.get("colour")), QUOTO_FACE)


def card_button(tr: Tr, data: dict[str, Any], index: int, card: dict[str, Any], open_: bool,
                on_open: Any) -> ft.Control:
    bg, fg = face(data, card)
    code = str(card.get("code", "?"))
    value = tr("cavasie_ui.deck.quoto") if card.get("quoto") else str(card.get("value", "?"))
    said = tr("cavasie_ui.deck.card_said", code=code, colour=colour_word(tr, str(card.get("colour"))), value=value)
    shown_value = "" if card.get("quoto") else str(card.get("value", "?"))
    return ft.Container(width=TAP, height=TAP, content=ft.FilledButton(
        content=ft.Column(spacing=0, alignment=ft.MainAxisAlignment.CENTER,
                          horizontal_alignment=ft.CrossAxisAlignment.CENTER, controls=[
                              ft.Text(code, size=14, weight=ft.FontWeight.BOLD, semantics_label=said),
                              *([ft.Semantics(exclude_semantics=True, content=ft.Text(shown_value, size=11))]
                                if shown_value else []),
                          ]),
        key=f"deck-card-{index}", tooltip=said,
        style=ft.ButtonStyle(bgcolor=bg, color=fg, padding=0, shape=ft.RoundedRectangleBorder(radius=8),
                             side=ft.BorderSide(3, ft.Colors.PRIMARY) if open_ else None),
        on_click=lambda: on_open(index)))


def choice_row(options: list[tuple[str, Any]], chosen: Any, on_choose: Any, key: str) -> ft.Control:
    return ft.Row(wrap=True, spacing=6, run_spacing=6, controls=[
        (ft.FilledTonalButton if value == chosen else ft.OutlinedButton)(
            content=label, height=TAP, key=f"{key}-{value}", icon=ft.Icons.CHECK if value == chosen else None,
            on_click=lambda _, v=value: on_choose(v))
        for label, value in options])


def card_panel(tr: Tr, lang: str, data: dict[str, Any], index: int, change: Any, bump: Any, remove: Any,
               close: Any, drawn: set[str]) -> ft.Control:
    """One card's fields: code, colour, value (numbered cards), shape, quoto or not, name; the
    deck's problems right under them, where the edit that caused one was made."""
    card = data["cards"][index]
    quoto = bool(card.get("quoto"))
    colours = [*data["colours"], data["black"]]
    rows: list[ft.Control] = [
        ft.Text(tr("cavasie_ui.deck.card_title", code=card.get("code", "?")), size=17, weight=ft.FontWeight.BOLD),
        ft.TextField(label=tr("cavasie_ui.deck.code"), value=given_once(drawn, f"deck-code-{index}",
                                                                         str(card.get("code", ""))),
                     max_length=4, dense=True, key=f"deck-code-{index}",
                     on_change=lambda e: change(index, code=e.control.value.strip())),
        ft.Text(tr("cavasie_ui.deck.colour"), size=14),
        choice_row([(colour_word(tr, colour), colour) for colour in colours], card.get("colour"),
                   lambda colour: change(index, colour=colour), "deck-colour"),
        switch_row(tr("cavasie_ui.deck.is_quoto"), quoto, lambda on: change(index, quoto=on)),
    ]
    if not quoto:
        rows.append(ft.Row(spacing=8, controls=[
            icon_button(ft.Icons.REMOVE, tr("cavasie_ui.deck.value_less"), on_click=lambda: bump(index, -1),
                        key="deck-value-less"),
            ft.Text(tr("cavasie_ui.deck.value", value=card.get("value", 0)), size=16, key="deck-value"),
            icon_button(ft.Icons.ADD, tr("cavasie_ui.deck.value_more"), on_click=lambda: bump(index, 1),
                        key="deck-value-more"),
        ]))
        rows.append(ft.Text(tr("cavasie_ui.deck.shape"), size=14))
        rows.append(choice_row([(tr("cavasie_ui.deck.no_shape"), None),
                                *((tr(f"cavasie_ui.shape.{shape}") if tr(f"cavasie_ui.shape.{shape}")
                                   != f"cavasie_ui.shape.{shape}" else shape, shape) for shape in data["shapes"])],
                               card.get("shape"), lambda shape: change(index, shape=shape), "deck-shape"))
    rows += [
        ft.TextField(label=tr("cavasie_ui.deck.name"), value=given_once(drawn, f"deck-name-{index}",
                                                                         str(card.get("name", ""))),
                     max_length=MAX_TEXT, dense=True, key=f"deck-name-{index}",
                     on_change=lambda e: change(index, name=e.control.value)),
        *(ft.Text(problem.message(lang), size=14, color=ft.Colors.ERROR) for problem in deck_problems(data)),
        ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
            ft.FilledButton(content=tr("cavasie_ui.deck.done"), height=TAP, key="deck-card-done",
                            on_click=lambda: close()),
            ft.OutlinedButton(content=tr("cavasie_ui.deck.remove_card"), icon=ft.Icons.DELETE, height=TAP,
                              key="deck-remove-card", on_click=lambda: remove(index)),
        ]),
    ]
    # Keyed by the card: another card's panel is new controls, never this one's with old handlers.
    return ft.Container(key=f"deck-card-panel-{index}", padding=12, border_radius=12,
                        bgcolor=ft.Colors.SECONDARY_CONTAINER, content=ft.Column(spacing=8, controls=rows))


def status_box(tr: Tr, lang: str, data: dict[str, Any]) -> ft.Control:
    problems = deck_problems(data)
    if problems:
        lines: list[ft.Control] = [ft.Text(tr("cavasie_ui.deck.problems", count=len(problems)), size=15,
                                           weight=ft.FontWeight.BOLD, color=ft.Colors.ON_ERROR_CONTAINER)]
        lines += [ft.Row(vertical_alignment=ft.CrossAxisAlignment.START, controls=[
            ft.Icon(ft.Icons.ERROR_OUTLINE, color=ft.Colors.ON_ERROR_CONTAINER, size=18),
            ft.Text(problem.message(lang), size=14, expand=True, color=ft.Colors.ON_ERROR_CONTAINER)])
            for problem in problems]
        return ft.Container(key="deck-problems", padding=12, border_radius=12, bgcolor=ft.Colors.ERROR_CONTAINER,
                            content=ft.Column(spacing=6, controls=lines))
    cards = len(data["cards"])
    changed = changed_cards(data)
    text = tr("cavasie_ui.deck.ready", cards=cards, players=largest_table(cards))
    if changed:
        text += " " + tr("cavasie_ui.deck.changed", count=len(changed), codes=", ".join(changed[:8]))
    return ft.Container(key="deck-ready", padding=12, border_radius=12, bgcolor=ft.Colors.TERTIARY_CONTAINER,
                        content=ft.Text(text, size=15))


@ft.component
def DeckEditor(model: AppModel) -> ft.Control:
    tr = model.tr
    kept, loaded, keep = use_kept(DECK_KEY, read_deck, dump_deck)
    no_deck: dict[str, Any] | None = None  # not read from the device yet
    draft, change_draft, set_draft = use_changing(lambda: no_deck)
    no_card: int | None = None
    open_index, show_card = use_state(no_card)
    new_colour, set_new_colour = use_state("")
    colours_added, set_colours_added = use_state(0)  # a new, empty colour field after each
    drawn = use_ref(set[str]())  # the text fields given their text (views/cavasie/fields.py)

    def set_open_index(index: int | None) -> None:
        """Open one card's panel (or none): its fields are new, and take the card's text."""
        forget(drawn.current, [key for key in drawn.current if key.startswith(("deck-code-", "deck-name-"))])
        show_card(index)
    asking, set_asking = use_state(False)  # "back to the standard deck?"

    def start_from_kept() -> None:
        if loaded and draft is None:
            set_draft(copy.deepcopy(kept) if kept is not None else default_deck_data())

    ft.use_effect(start_from_kept, [loaded])

    def reset() -> None:
        set_asking(False)
        set_open_index(None)
        set_draft(default_deck_data())
        keep(None)
        model.say(tr("cavasie_ui.deck.reset_done"))

    ft.use_dialog(confirm_dialog(tr("cavasie_ui.deck.reset"), tr("cavasie_ui.deck.reset_confirm"),
                                 tr("cavasie_ui.deck.reset"), tr("app.cancel"), reset,
                                 lambda: set_asking(False)) if asking else None)
    if draft is None:
        return body(ft.ProgressRing(key="deck-loading"))
    data: dict[str, Any] = draft

    def need(deck: dict[str, Any] | None) -> dict[str, Any]:
        return deck if deck is not None else data

    # Each edit is made to the deck as it is when the edit lands (a functional update), so two
    # quick taps on "one higher" count twice.
    def change(index: int, **changes: Any) -> None:
        change_draft(lambda old: with_card(need(old), index, **changes))

    def bump(index: int, step: int) -> None:
        def apply(old: dict[str, Any]) -> dict[str, Any]:
            value = old["cards"][index].get("value", 0)
            number = value if isinstance(value, int) and not isinstance(value, bool) else 0
            return with_card(old, index, value=max(0, min(MAX_VALUE, number + step)))

        change_draft(lambda old: apply(need(old)))

    def remove(index: int) -> None:
        set_open_index(None)
        change_draft(lambda old: without_card(need(old), index))

    def add_card() -> None:
        change_draft(lambda old: with_new_card(need(old)))
        set_open_index(len(data["cards"]))

    def add_colour() -> None:
        name = new_colour.strip()
        if name:
            change_draft(lambda old: with_colour(need(old), name))
            set_new_colour("")
            set_colours_added(colours_added + 1)

    def save() -> None:
        load_deck(data)  # the button is there only when the engine took the deck
        keep(copy.deepcopy(data))
        model.say(tr("cavasie_ui.deck.saved"))

    valid = not deck_problems(data)
    is_kept = kept is not None and kept == data
    standard = data == default_deck_data()  # nothing to keep: a match plays the Didopoikas anyway
    by_colour: dict[str, list[int]] = {}
    for index, card in enumerate(data["cards"]):
        colour = "quoto" if card.get("quoto") else str(card.get("colour"))
        by_colour.setdefault(colour, []).append(index)
    grid = [ft.Row(wrap=True, spacing=4, run_spacing=4, controls=[
        card_button(tr, data, index, data["cards"][index], index == open_index, set_open_index)
        for index in indices]) for indices in by_colour.values()]
    def drop_colour(colour: str) -> None:
        change_draft(lambda old: without_colour(need(old), colour))

    colour_chips: list[ft.Control] = [
        ft.Chip(label=ft.Text(colour_word(tr, colour)), key=f"deck-colour-chip-{colour}",
                on_delete=None if colour_in_use(data, colour) else (lambda _, c=colour: drop_colour(c)))
        for colour in data["colours"]]
    controls: list[ft.Control] = [
        ft.Text(tr("cavasie_ui.deck.intro"), size=14),
        status_box(tr, model.lang, data),
        ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
            ft.FilledButton(content=tr("cavasie_ui.deck.kept") if is_kept else tr("cavasie_ui.deck.save"),
                            icon=ft.Icons.SAVE, height=TAP, key="deck-save", disabled=not valid or is_kept or standard,
                            on_click=lambda: save()),
            ft.FilledTonalButton(content=tr("cavasie_ui.deck.play"), icon=ft.Icons.PLAY_ARROW, height=TAP,
                                 key="deck-play", disabled=not is_kept,
                                 on_click=lambda: model.go("new", game="cavasie")),
            ft.TextButton(content=tr("cavasie_ui.deck.reset"), height=TAP, key="deck-reset",
                          on_click=lambda: set_asking(True)),
        ]),
        heading(tr("cavasie_ui.deck.cards_heading")),
        ft.Text(tr("cavasie_ui.deck.cards_hint"), size=14),
        *grid,
    ]
    if open_index is not None and open_index < len(data["cards"]):
        controls.append(card_panel(tr, model.lang, data, open_index, change, bump, remove,
                                   lambda: set_open_index(None), drawn.current))
    controls += [
        ft.OutlinedButton(content=tr("cavasie_ui.deck.add_card"), icon=ft.Icons.ADD, height=TAP, key="deck-add-card",
                          on_click=lambda: add_card()),
        heading(tr("cavasie_ui.deck.colours_heading")),
        ft.Text(tr("cavasie_ui.deck.colours_hint"), size=14),
        ft.Row(wrap=True, spacing=6, run_spacing=6, controls=colour_chips),
        ft.Row(controls=[
            ft.TextField(label=tr("cavasie_ui.deck.new_colour"),
                         value=given_once(drawn.current, f"deck-new-colour-{colours_added}", ""), expand=True,
                         dense=True, max_length=MAX_TEXT, key=f"deck-new-colour-{colours_added}",
                         on_change=lambda e: set_new_colour(e.control.value), on_submit=lambda e: add_colour()),
            ft.OutlinedButton(content=tr("cavasie_ui.deck.add_colour"), height=TAP, key="deck-add-colour",
                              on_click=lambda: add_colour()),
        ]),
    ]
    return body(*controls)

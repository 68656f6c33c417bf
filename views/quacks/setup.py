"""The Quacks set-up form: the book set of each colour (QK-1, set 1 the beginners' default) with
the chosen book's effect and prices, and the start player, chosen by name, in seat order."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from companion.quacks import GAME
from companion.quacks.data import BOOK_COLOURS, BOOK_ROUND_OUT, BOOK_SETS, VALUES, default_catalogue, price
from views.model import AppModel
from views.quacks.pieces import CHIP_PAINT
from views.ui import TAP

RULE_OF_OPTION = {option.key: option.rule for option in GAME.options}


def start_seat(setup: dict[str, Any], players: int) -> int:
    """The start seat the form shows: the one chosen, or seat 1 when it is not among the players."""
    start = setup.get("start", 0)
    return start if isinstance(start, int) and 0 <= start < max(players, 1) else 0


def fixed(setup: dict[str, Any], players: int, **values: Any) -> dict[str, Any]:
    """The set-up with `values`, its start seat kept among the players chosen."""
    out = {**setup, **values}
    out["start"] = start_seat(out, players)
    return out


def seat_label(model: AppModel, seat: int, seats: Sequence[Any]) -> str:
    """A seat for the start player's choice: its number and who sits there, in seat order."""
    name = getattr(seats[seat], "name", None) if seat < len(seats) else None
    if name:
        return model.tr("quacks_ui.setup.seat_named", seat=seat + 1, name=name)
    return model.tr("quacks_ui.setup.seat", seat=seat + 1)


def prices_line(model: AppModel, colour: str, book_set: int) -> str:
    """The chosen set's prices of a colour (QK-14), and set 1's beside them where they differ."""
    tr = model.tr
    catalogue = default_catalogue()
    values = VALUES[colour]
    coins = [price(catalogue, colour, book_set, value) for value in values]
    listed = ", ".join(tr("quacks_ui.setup.price", chip=tr("quacks_ui.chip", colour=tr(f"quacks_ui.colour.{colour}"),
                                                           value=value), coins=amount)
                       for value, amount in zip(values, coins, strict=True))
    base = [price(catalogue, colour, 1, value) for value in values]
    if book_set == 1 or base == coins:
        return tr("quacks_ui.setup.prices", prices=listed)
    return tr("quacks_ui.setup.prices_changed", set=book_set, prices=listed, base=", ".join(map(str, base)))


@ft.component
def QuacksSetup(model: AppModel, setup: dict[str, Any], set_setup: Callable[[dict[str, Any]], Any],
                players: int, seats: Sequence[Any] = ()) -> ft.Control:
    tr = model.tr
    start = start_seat(setup, players)

    def keep_start_in_range() -> None:
        if setup.get("start", 0) != start:
            set_setup(fixed(setup, players))

    ft.use_effect(keep_start_in_range, [players])

    controls: list[ft.Control] = [ft.Text(tr("quacks_ui.setup.books", rule=RULE_OF_OPTION["green"]), size=15)]
    for colour in BOOK_COLOURS:
        chosen = setup.get(colour, 1)
        fill = CHIP_PAINT[colour][0]
        controls.append(ft.Container(
            key=f"book-{colour}", padding=10, border_radius=12, border=ft.Border.all(2, fill),
            content=ft.Column(spacing=6, controls=[
                ft.Row(spacing=8, controls=[
                    ft.Container(width=18, height=18, shape=ft.BoxShape.CIRCLE, bgcolor=fill),
                    ft.Text(tr(f"quacks_ui.option.{colour}"), size=15,
                            weight=ft.FontWeight.BOLD, expand=True),
                    ft.Text(tr("quacks_ui.setup.from_round", round=BOOK_ROUND_OUT[colour]), size=12),
                ]),
                ft.Row(spacing=6, controls=[
                    (ft.FilledButton if book_set == chosen else ft.OutlinedButton)(
                        content=ft.Text(str(book_set), size=16,
                                        semantics_label=tr("quacks_ui.setup.set_of", colour=tr(
                                            f"quacks_ui.colour.{colour}"), set=book_set)),
                        height=TAP, expand=True, key=f"option-{colour}-{book_set}",
                        on_click=lambda e, c=colour, b=book_set: set_setup(fixed(setup, players, **{c: b})))
                    for book_set in BOOK_SETS
                ]),
                ft.Text(tr(f"quacks.book.{colour}.{chosen}"), size=13, key=f"book-{colour}-text"),
                ft.Text(prices_line(model, colour, chosen), size=13, key=f"book-{colour}-prices"),
            ])))
    controls.append(ft.Text(tr("quacks_ui.setup.start", rule=RULE_OF_OPTION["start"]), size=15))
    if players >= 2:
        controls.append(ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
            (ft.FilledButton if seat == start else ft.OutlinedButton)(
                content=ft.Text(seat_label(model, seat, seats), size=15), height=TAP,
                key=f"option-start-{seat}", on_click=lambda e, s=seat: set_setup(fixed(setup, players, start=s)))
            for seat in range(players)
        ]))
    else:
        controls.append(ft.Text(tr("quacks_ui.setup.pick_players"), size=13))
    return ft.Column(key="quacks-setup", spacing=10, controls=controls)

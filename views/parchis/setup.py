"""The Parchís set-up form: standard or quick game, teams, and the colour each seat plays.

A player plays the colour they chose for themselves when it is a Parchís colour and the rules
allow it (two players sit opposite): the form starts from those wishes, seat by seat, and any
seat's colour can be changed with one tap. Which colours may go together, and who gives way,
is the engine's to say (companion/parchis/setup.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from companion.errors import RefereeError
from companion.parchis import GAME
from companion.parchis.board import COLOURS
from companion.parchis.position import MODES, STANDARD
from companion.parchis.setup import AUTO, PLAYERS, preferred_colours, reassign, seat_colours, teams_possible
from views.model import AppModel
from views.parchis.board import PAINT
from views.ui import COLOUR_NAMES, TAP

RULE_OF_OPTION = {option.key: option.rule for option in GAME.options}


def labelled(text: str, key: str) -> str:
    """An option's label with the rule it comes from, as the new-match screen shows options."""
    rule = RULE_OF_OPTION.get(key)
    return f"{text} ({rule})" if rule else text


def wish_of(player: Any) -> str | None:
    """The Parchís colour a player chose for themselves (their own colour), if it is one."""
    name = COLOUR_NAMES.get(getattr(player, "colour", ""), "").removeprefix("colour.")
    return name if name in COLOURS else None


def shown_colours(choice: Any, players: int, wishes: Sequence[str | None]) -> tuple[str, ...]:
    """The colour of each seat the form shows: the set-up's own when it fits the table, else the
    players' wishes as far as the rules allow."""
    if players not in PLAYERS:
        return ()
    if choice != AUTO:
        try:
            return tuple(COLOURS[colour] for colour in seat_colours(choice, players, False))
        except RefereeError:  # a set for another player count: the wishes decide again
            pass
    padded = [*wishes[:players], *[None] * (players - len(wishes))]
    return preferred_colours(padded)


def seats_line(model: AppModel, names: Sequence[str]) -> str:
    """Which colour each seat plays ("seat 1 plays Yellow, ...")."""
    return ", ".join(model.tr("parchis_ui.setup.seat_colour", seat=seat + 1, colour=model.tr(f"colour.{colour}"))
                     for seat, colour in enumerate(names))


@ft.component
def ParchisSetup(model: AppModel, setup: dict[str, Any], set_setup: Callable[[dict[str, Any]], Any],
                 players: int, seats: Sequence[Any] = ()) -> ft.Control:
    """`seats`: the players in seat order (with `name` and `colour`), when the screen knows them."""
    tr = model.tr
    mode = setup.get("mode", STANDARD)
    teams = bool(setup.get("teams", False)) and teams_possible(players)
    wishes = tuple(wish_of(player) for player in seats)
    by_hand = ft.use_ref(False)  # a colour tapped here: the wishes no longer decide
    choice = setup.get("colours", AUTO) if by_hand.current else AUTO
    colours = shown_colours(choice, players, wishes)
    wanted = "+".join(colours) if colours else AUTO

    def follow() -> None:  # the set-up stores what the form shows, so the match plays it
        if setup.get("colours", AUTO) != wanted or (setup.get("teams") and not teams_possible(players)):
            set_setup({**setup, "colours": wanted, "teams": bool(setup.get("teams")) and teams_possible(players)})

    ft.use_effect(follow, [wanted, players, bool(setup.get("teams"))])

    def change(**values: Any) -> None:
        set_setup({**setup, "colours": wanted, **values})

    def pick(seat: int, colour: str) -> None:
        by_hand.current = True
        change(colours="+".join(reassign(colours, seat, colour)))

    def choice_row(key: str, choices: Sequence[Any], value: Any, word: Callable[[Any], str]) -> ft.Control:
        return ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
            (ft.FilledTonalButton if option == value else ft.OutlinedButton)(
                content=tr(f"parchis_ui.option.{key}.{word(option)}"), height=TAP, key=f"option-{key}-{word(option)}",
                on_click=lambda e, c=option: change(**{key: c}))
            for option in choices
        ])

    def seat_row(seat: int, colour: str) -> ft.Control:
        player = seats[seat] if seat < len(seats) else None
        who = tr("new.seat", seat=seat + 1) + (f" · {player.name}" if player is not None else "")
        chips: list[ft.Control] = []
        for option in COLOURS:
            chosen = option == colour
            label = tr("parchis_ui.setup.seat_plays", seat=seat + 1, colour=tr(f"colour.{option}"))
            chips.append(ft.Semantics(
                label=label + (" · " + tr("parchis_ui.setup.chosen") if chosen else ""),
                button=True, container=True, exclude_semantics=True,
                content=ft.Container(
                    key=f"option-colour-{seat}-{option}", width=TAP, height=TAP, border_radius=TAP / 2,
                    bgcolor=PAINT[option], alignment=ft.Alignment.CENTER,
                    border=ft.Border.all(4 if chosen else 1, ft.Colors.ON_SURFACE if chosen else ft.Colors.OUTLINE),
                    content=ft.Icon(ft.Icons.CHECK, color="#ffffff" if option != "yellow" else "#212121", size=26)
                    if chosen else None,
                    on_click=lambda e, s=seat, c=option: pick(s, c),
                ),
            ))
        return ft.Column(spacing=4, controls=[
            ft.Text(who, size=14, weight=ft.FontWeight.BOLD, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
            ft.Row(spacing=8, controls=chips),
        ])

    controls: list[ft.Control] = [
        ft.Text(labelled(tr("parchis_ui.option.mode"), "mode"), size=15),
        choice_row("mode", MODES, mode, str),
        ft.Text(labelled(tr("parchis_ui.option.colours"), "colours"), size=15),
    ]
    if colours:
        controls.extend(seat_row(seat, colour) for seat, colour in enumerate(colours))
        controls.append(ft.Text(seats_line(model, colours), size=13, key="seat-colours"))
    else:
        controls.append(ft.Text(tr("parchis_ui.setup.pick_players"), size=13, key="seat-colours"))
    if teams_possible(players):
        controls.append(ft.Text(labelled(tr("parchis_ui.option.teams"), "teams"), size=15))
        controls.append(choice_row("teams", (False, True), teams, lambda on: "on" if on else "off"))
    else:
        controls.append(ft.Text(tr("parchis_ui.setup.teams_need_four"), size=13))
    return ft.Column(spacing=8, controls=controls)

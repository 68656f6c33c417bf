"""The Parchís set-up form: standard or quick game, teams, and which colours are in play."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.parchis import COLOUR_CHOICES, GAME
from companion.parchis.match import DEFAULT_COLOURS
from views.model import AppModel
from views.ui import TAP

RULE_OF_OPTION = {option.key: option.rule for option in GAME.options}


def labelled(text: str, key: str) -> str:
    """An option's label with the rule it comes from, as the new-match screen shows options."""
    rule = RULE_OF_OPTION.get(key)
    return f"{text} ({rule})" if rule else text


def colour_choices_for(players: int) -> list[str]:
    """The colour sets the set-up may offer for `players` players (PA-6): "auto" first."""
    return [choice for choice in COLOUR_CHOICES if choice == "auto" or len(choice.split("+")) == players]


def seats_line(model: AppModel, choice: str, players: int) -> str:
    """Which colour each seat plays: seats follow the colour order yellow, blue, red, green."""
    names = list(DEFAULT_COLOURS.get(players, ())) if choice == "auto" else choice.split("+")
    order = [colour for colour in ("yellow", "blue", "red", "green") if colour in names]
    return ", ".join(model.tr("parchis_ui.setup.seat_colour", seat=seat + 1, colour=model.tr(f"colour.{colour}"))
                     for seat, colour in enumerate(order))


@ft.component
def ParchisSetup(model: AppModel, setup: dict[str, Any], set_setup: Callable[[dict[str, Any]], Any],
                 players: int) -> ft.Control:
    tr = model.tr
    mode = setup.get("mode", "standard")
    teams = bool(setup.get("teams", False)) and players == 4
    colours = setup.get("colours", "auto")
    offered = colour_choices_for(players) if 2 <= players <= 4 else ["auto"]
    if colours not in offered:
        colours = "auto"

    def change(**values: Any) -> None:
        fixed = {**setup, **values}
        if players != 4:
            fixed["teams"] = False
        if fixed.get("colours") not in offered:
            fixed["colours"] = "auto"
        set_setup(fixed)

    def choice_row(key: str, choices: list[str], value: str) -> ft.Control:
        return ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
            (ft.FilledTonalButton if choice == value else ft.OutlinedButton)(
                content=tr(f"parchis_ui.option.{key}.{choice}"), height=TAP, key=f"option-{key}-{choice}",
                on_click=lambda e, c=choice: change(**{key: c}))
            for choice in choices
        ])

    controls: list[ft.Control] = [
        ft.Text(labelled(tr("parchis_ui.option.mode"), "mode"), size=15),
        choice_row("mode", ["standard", "quick"], mode),
        ft.Text(labelled(tr("parchis_ui.option.colours"), "colours"), size=15),
        choice_row("colours", offered, colours),
        ft.Text(seats_line(model, colours, players) if 2 <= players <= 4 else tr("parchis_ui.setup.pick_players"),
                size=13, key="seat-colours"),
    ]
    if players == 4:
        controls.append(ft.Text(labelled(tr("parchis_ui.option.teams"), "teams"), size=15))
        controls.append(ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
            (ft.FilledTonalButton if value == teams else ft.OutlinedButton)(
                content=tr(f"parchis_ui.option.teams.{'on' if value else 'off'}"), height=TAP,
                key=f"option-teams-{'on' if value else 'off'}", on_click=lambda e, v=value: change(teams=v))
            for value in (False, True)
        ]))
    else:
        controls.append(ft.Text(tr("parchis_ui.setup.teams_need_four"), size=13))
    return ft.Column(spacing=8, controls=controls)

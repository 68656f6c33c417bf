"""The Parchís ops of the referee protocol (`"game": "parchis"`).

Each op takes the decoded request and returns the response without `"ok"` (the dispatcher
adds it). Checks run in the protocol's order: required fields, position, roll, game over, move.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from companion.errors import BadPosition, BadRequest
from companion.parchis.board import COLOURS
from companion.parchis.engine import (
    apply_action,
    check_action_fields,
    check_not_over,
    check_roll,
    next_step,
    options,
)
from companion.parchis.match import ParchisState
from companion.parchis.position import STANDARD, Position
from companion.parchis.setup import seat_colours
from companion.referee.fields import is_int, require

# The events the protocol names; the engine's others (`move`, `bonus`, `pass`) serve screens.
PROTOCOL_EVENTS: Final = frozenset({"capture", "goal", "out_of_play", "bonus_lost", "penalty", "game_over"})


class _Recent:
    """The positions of the last request and of the last answer, each with its JSON as this
    module wrote it (a private copy nobody else holds).

    A table sends back the position it was just answered, or asks `legal` and then `play` on one
    position: a request position equal to one of these, with the same JSON types (`true` is not
    `1`), is that position, already read and checked (`Position.from_json` is a pure function
    and a `Position` never changes), its legal moves for the roll already worked out. Positions
    read back from the engine's own JSON equal the engine's (the property tests check it)."""

    def __init__(self) -> None:
        self._entries: list[tuple[dict[str, Any], Position]] = []

    def read(self, data: Any) -> Position:
        for snapshot, position in self._entries:
            if data == snapshot and _same_types(data):
                return position
        position = Position.from_json(data)
        snapshot = position.to_json()
        if data == snapshot and _same_types(data):  # only a position written as the engine writes it
            self.keep(position, snapshot)
        return position

    def keep(self, position: Position, snapshot: dict[str, Any]) -> None:
        self._entries = [(snapshot, position), *self._entries[:1]]


def _same_types(data: dict[str, Any]) -> bool:
    """The JSON numbers and switches of a position equal to one already read are of the same
    types too (Python's == takes true for 1 and 1.0 for 1); every other value is a string."""
    return (type(data["teams"]) is bool and type(data["sixes"]) is int
            and all(type(steps) is int for steps in data["bonus"]))


_RECENT = _Recent()


def _roll_field(request: Mapping[str, Any]) -> Any:
    """The optional `roll`: an integer when present (null counts as absent)."""
    roll = request.get("roll")
    if roll is not None and not is_int(roll):
        raise BadRequest("protocol.wrong_type", field="roll", expected="an integer")
    return roll


def op_new(request: Mapping[str, Any]) -> dict[str, Any]:
    """`{"op": "new", "colours": [...], "mode": "standard", "teams": false}` -> the start position
    (PA-6 … PA-8). `mode` and `teams` may be left out (standard, no teams).

    The request is the app's set-up in the protocol's words, checked as the app checks it: each
    option by the game's record, the colours by the set-up rules (PA-6, PA-7; a set the rules
    refuse is `bad_position`), then `Game.new_state`."""
    from companion.games import load  # the record is built from this module's ops: found, not imported

    record = load("parchis")
    assert record is not None  # Parchís is one of the app's own games

    names = require(request, "colours", list)
    option = {entry.key: entry for entry in record.options}
    mode = option["mode"].check(request.get("mode", STANDARD))
    teams = option["teams"].check(request.get("teams", False))
    colours = seat_colours(names, len(names), teams, BadPosition)
    setup = {"players": len(colours), "mode": mode, "teams": teams,
             "colours": "+".join(COLOURS[colour] for colour in sorted(colours))}
    state: ParchisState = record.new_state(setup)
    return {"position": state.position.to_json()}


def op_legal(request: Mapping[str, Any]) -> dict[str, Any]:
    """`{"op": "legal", "position": P, "roll": 5}` (no roll for a bonus) -> steps, moves, penalty."""
    require(request, "position", dict)
    roll = _roll_field(request)
    position = _RECENT.read(request["position"])
    roll = check_roll(position, roll)
    check_not_over(position)
    return options(position, roll).to_json()


def op_play(request: Mapping[str, Any]) -> dict[str, Any]:
    """`{"op": "play", "position": P, "roll": 5, "move": {"piece": "yellow.1"}}` (or `"move": null`)."""
    require(request, "position", dict)
    check_action_fields(request)
    position = _RECENT.read(request["position"])
    after, events = apply_action(position, request)
    _RECENT.keep(after, after.to_json())
    return {
        "position": after.to_json(),
        "events": [event for event in events if event["type"] in PROTOCOL_EVENTS],
        "next": next_step(after),
    }


OPS = {"new": op_new, "legal": op_legal, "play": op_play}

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
    from companion.parchis import GAME  # the record is built from this module's ops

    names = require(request, "colours", list)
    option = {entry.key: entry for entry in GAME.options}
    mode = option["mode"].check(request.get("mode", STANDARD))
    teams = option["teams"].check(request.get("teams", False))
    colours = seat_colours(names, len(names), teams, BadPosition)
    setup = {"players": len(colours), "mode": mode, "teams": teams,
             "colours": "+".join(COLOURS[colour] for colour in sorted(colours))}
    state: ParchisState = GAME.new_state(setup)
    return {"position": state.position.to_json()}


def op_legal(request: Mapping[str, Any]) -> dict[str, Any]:
    """`{"op": "legal", "position": P, "roll": 5}` (no roll for a bonus) -> steps, moves, penalty."""
    require(request, "position", dict)
    roll = _roll_field(request)
    position = Position.from_json(request["position"])
    roll = check_roll(position, roll)
    check_not_over(position)
    return options(position, roll).to_json()


def op_play(request: Mapping[str, Any]) -> dict[str, Any]:
    """`{"op": "play", "position": P, "roll": 5, "move": {"piece": "yellow.1"}}` (or `"move": null`)."""
    require(request, "position", dict)
    check_action_fields(request)
    position = Position.from_json(request["position"])
    after, events = apply_action(position, request)
    return {
        "position": after.to_json(),
        "events": [event for event in events if event["type"] in PROTOCOL_EVENTS],
        "next": next_step(after),
    }


OPS = {"new": op_new, "legal": op_legal, "play": op_play}

"""The Parchís ops of the referee protocol (`"game": "parchis"`).

Each op takes the decoded request and returns the response without `"ok"` (the dispatcher
adds it). Checks run in the protocol's order: required fields, position, roll, game over, move.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from companion.errors import BadPosition, BadRequest
from companion.parchis.engine import (
    apply_action,
    check_action_fields,
    check_not_over,
    check_roll,
    next_step,
    options,
)
from companion.parchis.position import MODES, STANDARD, Position, check_colours, shown
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
    (PA-6 … PA-8). `mode` and `teams` may be left out (standard, no teams)."""
    names = require(request, "colours", list)
    mode = request.get("mode", STANDARD)
    if mode not in MODES:
        raise BadRequest("parchis.bad_mode", rule="PA-8", value=shown(mode))
    teams = request.get("teams", False)
    if not isinstance(teams, bool):
        raise BadRequest("protocol.wrong_type", field="teams", expected="true or false")
    colours = check_colours(names, teams, BadPosition, name_error=BadRequest)
    return {"position": Position.start(colours, mode, teams).to_json()}


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

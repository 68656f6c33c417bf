"""The Pig ops of the referee protocol: `new` and `play` (see docs/protocol.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.errors import BadRequest
from companion.pig.engine import PigState, apply_action, outcome
from companion.referee.fields import require


def op_new(request: Mapping[str, Any]) -> dict[str, Any]:
    """`{"op": "new", "players": 3, "target": 100}` -> the start position (PG-1). The set-up is
    checked as the app's own: by the game's record (`Game.check_setup`), then the engine."""
    from companion.games import load  # the record is built from this module's ops: found, not imported

    record = load("pig")
    assert record is not None  # Pig is one of the app's own games
    setup = {"players": require(request, "players", int)}
    if "target" in request:
        setup["target"] = request["target"]
    state: PigState = record.new_state(setup)
    return {"position": state.to_json()}


def op_play(request: Mapping[str, Any]) -> dict[str, Any]:
    """`{"op": "play", "position": P, "roll": 4}` or `{..., "hold": true}`."""
    require(request, "position", dict)
    if "roll" not in request and request.get("hold") is not True:
        raise BadRequest("pig.bad_action")
    state = PigState.from_json(request["position"])
    action = {"roll": request["roll"]} if "roll" in request else {"hold": True}
    after, events = apply_action(state, action)
    return {"position": after.to_json(), "events": events, "result": outcome(after).to_json()}


OPS = {"new": op_new, "play": op_play}

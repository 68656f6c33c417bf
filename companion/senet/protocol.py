"""The Senet ops of the referee protocol (docs/protocol.md, "Bell's Senet").

Each op takes the decoded request and returns the response without `"ok"` (the dispatcher
adds it). Checks run in the protocol's order: required fields, position, throw, game over,
move.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.errors import BadRequest
from companion.referee.fields import require
from companion.senet.engine import apply_action, check_action_fields, check_throw, legal_moves, result
from companion.senet.match import SenetState
from companion.senet.position import HouseRules, Position


def _position(request: Mapping[str, Any]) -> Position:
    return Position.from_json(request["position"])


def op_new(request: Mapping[str, Any]) -> dict[str, Any]:
    """`{"op": "new"}` -> the start position (SN-2). An optional `house_rules` object sets SN-8's
    switch. The set-up is the app's own, checked by the game's record (`Game.new_state`)."""
    from companion.games import load  # the record is built from this module's ops: found, not imported

    record = load("senet")
    assert record is not None  # Senet is one of the app's own games
    house_rules = HouseRules()
    if request.get("house_rules") is not None:
        house_rules = HouseRules.from_json(request["house_rules"], error=BadRequest)
    state: SenetState = record.new_state({"players": 2, "gate_exact_26": house_rules.gate_exact_26})
    return {"position": state.position.to_json()}


def op_legal(request: Mapping[str, Any]) -> dict[str, Any]:
    """`{"op": "legal", "position": P, "throw": 3}` -> the legal moves, sorted by from."""
    require(request, "position", dict)
    require(request, "throw", int)
    position = _position(request)
    throw = check_throw(request["throw"])
    return {"moves": [move.to_json() for move in legal_moves(position, throw)]}


def op_play(request: Mapping[str, Any]) -> dict[str, Any]:
    """`{"op": "play", "position": P, "throw": 3, "move": {"from": 24}}` (or `"move": null`)."""
    require(request, "position", dict)
    check_action_fields(request)
    position = _position(request)
    after, events = apply_action(position, {"throw": request["throw"], "move": request["move"]})
    return {"position": after.to_json(), "events": events, "result": result(after).to_json()}


OPS = {"new": op_new, "legal": op_legal, "play": op_play}

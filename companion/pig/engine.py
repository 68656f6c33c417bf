"""Pig, the dice game: roll to build a turn total, hold to bank it, a 1 loses it.

A small game that shows how a game plugs into the app (companion/game.py). Rule ids PG-1..PG-5:
- PG-1 2–4 players in seat order; seat 1 starts. The target is 100 unless the table sets
  another (20–200).
- PG-2 On your turn roll one six-sided die as often as you like; every roll from 2 to 6 adds
  to your turn total.
- PG-3 A roll of 1 ends your turn and your turn total is lost.
- PG-4 Instead of rolling you may hold: the turn total is added to your score and the next
  player rolls. Holding with nothing rolled is not a move.
- PG-5 The first player whose score reaches the target when holding wins at once.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from companion.errors import BadPosition, BadRequest, GameOver, IllegalMove, RefereeError
from companion.game import Outcome
from companion.seats import table_form

FACES = (1, 2, 3, 4, 5, 6)
PLAYERS = range(2, 5)  # PG-1: 2–4 players
TARGETS = range(20, 201)  # PG-1: the table may pick a target of 20–200
DEFAULT_TARGET = 100  # PG-1
# No table rolls a thousand times without a 1 (the chance is about 1 in 10^79), so a turn total
# above 6,000 is not a position: refusing it keeps every number a position holds small.
MAX_TURN_TOTAL = 6000
Event = dict[str, Any]


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _shown(value: Any) -> str:
    """A value from a request, as it reads in a message."""
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)


def _int_field(data: Mapping[str, Any], name: str, default: int) -> int:
    """An integer field of a position that may be left out (then `default`)."""
    value = data.get(name, default)
    if not _is_int(value):
        raise BadPosition("pig.position_not_integer", field=name, value=_shown(value))
    result: int = value
    return result


@dataclass(frozen=True)
class PigState:
    scores: tuple[int, ...]
    target: int = DEFAULT_TARGET
    turn: int = 0  # the seat rolling now
    turn_total: int = 0
    winner: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "target": self.target, "turn": self.turn,
                "turn_total": self.turn_total, "winner": self.winner}

    @classmethod
    def from_json(cls, data: Any) -> PigState:
        """Read the protocol's position; anything a Pig table cannot show raises `BadPosition`.

        `scores` is required; `target` (100), `turn` (0), `turn_total` (0) and `winner` (null)
        may be left out. Numbers are JSON integers (not true, 1.5 or "12")."""
        if not isinstance(data, Mapping):
            raise BadPosition("pig.position_not_object")
        if "scores" not in data:
            raise BadPosition("pig.position_missing", field="scores")
        scores = data["scores"]
        if not isinstance(scores, list) or not all(_is_int(score) and score >= 0 for score in scores):
            raise BadPosition("pig.position_scores", value=_shown(scores))
        if len(scores) not in PLAYERS:
            raise BadPosition("pig.position_seats", rule="PG-1", count=len(scores))
        target = _int_field(data, "target", DEFAULT_TARGET)
        turn = _int_field(data, "turn", 0)
        turn_total = _int_field(data, "turn_total", 0)
        if target not in TARGETS:
            raise BadPosition("pig.position_target", rule="PG-1", value=target)
        if not 0 <= turn < len(scores):
            raise BadPosition("pig.position_turn", rule="PG-1", value=turn, last=len(scores) - 1)
        if not 0 <= turn_total <= MAX_TURN_TOTAL or turn_total == 1:  # a 1 ends the turn (PG-3)
            raise BadPosition("pig.position_turn_total", rule="PG-2", value=turn_total, high=MAX_TURN_TOTAL)
        winner = data.get("winner")
        if winner is not None and (not _is_int(winner) or not 0 <= winner < len(scores)):
            raise BadPosition("pig.position_winner", rule="PG-5", value=_shown(winner), last=len(scores) - 1)
        for seat, score in enumerate(scores):
            # PG-5: the hold that reaches the target wins at once, so only a winner gets there,
            # and no hold adds more than a turn total
            if seat != winner and score >= target:
                raise BadPosition("pig.position_reached", rule="PG-5", seat=seat, score=score, target=target)
        if winner is not None:
            if not target <= scores[winner] < target + MAX_TURN_TOTAL:
                raise BadPosition("pig.position_short", rule="PG-5", seat=winner, score=scores[winner],
                                  target=target)
            if turn != winner or turn_total:
                raise BadPosition("pig.position_after_win", rule="PG-5", seat=winner)
        return cls(tuple(scores), target, turn, turn_total, winner)


def start(players: int, target: int = DEFAULT_TARGET) -> PigState:
    """PG-1: everyone on 0, seat 1 (index 0) to roll."""
    if not _is_int(players) or players not in PLAYERS:
        raise BadRequest("pig.players", rule="PG-1", players=players)
    if not _is_int(target) or target not in TARGETS:
        raise BadRequest("pig.target", rule="PG-1", target=target)
    return PigState(scores=(0,) * players, target=target)


def _next(state: PigState) -> int:
    return (state.turn + 1) % len(state.scores)


def roll(state: PigState, face: Any) -> tuple[PigState, list[Event]]:
    """PG-2, PG-3: a roll adds to the turn total, or a 1 ends the turn and loses it."""
    if not _is_int(face) or face not in FACES:
        raise BadRequest("pig.bad_face", rule="PG-2", face=_shown(face))
    if state.winner is not None:
        raise GameOver("pig.game_over", rule="PG-5", seat=state.winner)
    seat = state.turn
    if face == 1:
        lost = state.turn_total
        return replace(state, turn=_next(state), turn_total=0), [
            {"type": "roll", "seat": seat, "face": 1}, {"type": "bust", "seat": seat, "lost": lost}]
    return replace(state, turn_total=state.turn_total + face), [{"type": "roll", "seat": seat, "face": face}]


def hold(state: PigState) -> tuple[PigState, list[Event]]:
    """PG-4, PG-5: bank the turn total; reaching the target wins at once."""
    if state.winner is not None:
        raise GameOver("pig.game_over", rule="PG-5", seat=state.winner)
    seat = state.turn
    if state.turn_total == 0:
        raise IllegalMove("pig.hold_nothing", rule="PG-4", seat=seat)
    scores = list(state.scores)
    scores[seat] += state.turn_total
    events: list[Event] = [{"type": "hold", "seat": seat, "banked": state.turn_total, "score": scores[seat]}]
    if scores[seat] >= state.target:
        events.append({"type": "game_over", "seat": seat})
        return replace(state, scores=tuple(scores), turn_total=0, winner=seat), events
    return replace(state, scores=tuple(scores), turn=_next(state), turn_total=0), events


def apply_action(state: PigState, action: Mapping[str, Any]) -> tuple[PigState, list[Event]]:
    """`{"roll": 4}` or `{"hold": true}`."""
    if "roll" in action:
        return roll(state, action["roll"])
    if action.get("hold") is True:
        return hold(state)
    raise BadRequest("pig.bad_action")


def outcome(state: PigState) -> Outcome:
    scores = dict(enumerate(state.scores))
    if state.winner is None:
        return Outcome(False, (), scores)
    others = tuple(seat for seat in range(len(state.scores)) if seat != state.winner)
    return Outcome(True, ((state.winner,), others), scores)  # PG-5: one winner, nobody plays on


# Refusals that name a seat: the protocol's words say "seat 1"; at the table the screen puts
# the player's name in, so the session's engine raises their `_named` forms (companion.seats).
_NAMED = {"pig.game_over": "pig.game_over_named", "pig.hold_nothing": "pig.hold_nothing_named"}


class PigEngine:
    name = "pig"

    def new_state(self, setup: Mapping[str, Any]) -> PigState:
        return start(setup["players"], setup.get("target", DEFAULT_TARGET))

    def apply(self, state: PigState, action: Mapping[str, Any]) -> tuple[PigState, list[Event]]:
        try:
            return apply_action(state, action)
        except RefereeError as refused:
            raise table_form(refused, _NAMED) from None

    def outcome(self, state: PigState) -> Outcome:
        return outcome(state)

    def to_move(self, state: PigState) -> int | None:
        return None if state.winner is not None else state.turn

    def roll(self, state: PigState, rng: random.Random) -> dict[str, Any] | None:
        return None if state.winner is not None else {"roll": rng.choice(FACES)}

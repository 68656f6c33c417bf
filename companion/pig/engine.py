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

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from companion.errors import BadPosition, BadRequest, GameOver, IllegalMove, RefereeError
from companion.game import Outcome

FACES = (1, 2, 3, 4, 5, 6)
Event = dict[str, Any]


@dataclass(frozen=True)
class PigState:
    scores: tuple[int, ...]
    target: int = 100
    turn: int = 0  # the seat rolling now
    turn_total: int = 0
    winner: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "target": self.target, "turn": self.turn,
                "turn_total": self.turn_total, "winner": self.winner}

    @classmethod
    def from_json(cls, data: Any) -> PigState:
        if not isinstance(data, Mapping):
            raise BadPosition("pig.position_not_object")
        try:
            scores = tuple(int(score) for score in data["scores"])
            state = cls(scores, int(data.get("target", 100)), int(data.get("turn", 0)),
                        int(data.get("turn_total", 0)), data.get("winner"))
        except (KeyError, TypeError, ValueError) as error:
            raise BadPosition("pig.position_malformed") from error
        if not 2 <= len(scores) <= 4 or not 0 <= state.turn < len(scores) or min(scores) < 0 or state.turn_total < 0:
            raise BadPosition("pig.position_malformed")
        return state


def start(players: int, target: int = 100) -> PigState:
    """PG-1: everyone on 0, seat 1 (index 0) to roll."""
    if not 2 <= players <= 4:
        raise BadRequest("pig.players", rule="PG-1", players=players)
    return PigState(scores=(0,) * players, target=target)


def _next(state: PigState) -> int:
    return (state.turn + 1) % len(state.scores)


def roll(state: PigState, face: Any) -> tuple[PigState, list[Event]]:
    """PG-2, PG-3: a roll adds to the turn total, or a 1 ends the turn and loses it."""
    if isinstance(face, bool) or face not in FACES:
        raise BadRequest("pig.bad_face", rule="PG-2", face=repr(face))
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
# the player's name in (views/live.py maps a `seat` parameter to `name`), so the session's
# engine raises their `_named` forms, as Senet's does.
_NAMED = {"pig.game_over": "pig.game_over_named", "pig.hold_nothing": "pig.hold_nothing_named"}


def _named(refused: RefereeError) -> RefereeError:
    if refused.message_id not in _NAMED:
        return refused
    return type(refused)(_NAMED[refused.message_id], refused.rule, **refused.params)


class PigEngine:
    name = "pig"

    def new_state(self, setup: Mapping[str, Any]) -> PigState:
        return start(setup["players"], setup.get("target", 100))

    def apply(self, state: PigState, action: Mapping[str, Any]) -> tuple[PigState, list[Event]]:
        try:
            return apply_action(state, action)
        except RefereeError as refused:
            raise _named(refused) from None

    def outcome(self, state: PigState) -> Outcome:
        return outcome(state)

    def to_move(self, state: PigState) -> int | None:
        return None if state.winner is not None else state.turn

    def roll(self, state: PigState, rng: random.Random) -> dict[str, Any] | None:
        return None if state.winner is not None else {"roll": rng.choice(FACES)}

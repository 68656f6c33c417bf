"""Bell's Senet as a match: the throw is entered (or rolled) first, then the move.

The referee protocol sends a throw and its move together; at the table they are two taps,
and a throw made by 'roll for me' must be in the log before anyone sees it (so it cannot be
re-rolled, and undo takes it back). So the match state is the position plus the throw
waiting for its move.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.errors import BadRequest, IllegalMove, RefereeError
from companion.game import Outcome
from companion.seats import table_form
from companion.senet.engine import (
    THROWS,
    Event,
    apply_action,
    check_not_over,
    check_throw,
    legal_moves,
    parse_move,
    play,
    result,
)
from companion.senet.position import HouseRules, Position


@dataclass(frozen=True)
class SenetState:
    """The position, the throw waiting for its move, and the captures made so far.

    `captures[s]` counts the opponent pieces seat s has captured in this match (SN-6): a
    captured piece leaves the game, so the count is kept here rather than read off the board
    (a position built mid-game says nothing about the pieces taken before it)."""

    position: Position
    throw: int | None = None  # thrown, not yet moved
    captures: tuple[int, int] = (0, 0)  # by seat

    def to_json(self) -> dict[str, Any]:
        return {"position": self.position.to_json(), "throw": self.throw, "captures": list(self.captures)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SenetState:
        throw = data.get("throw")
        first, second = data.get("captures", (0, 0))
        return cls(Position.from_json(data["position"]), None if throw is None else check_throw(throw),
                   (int(first), int(second)))


def _seat(player: int) -> int:
    return player - 1  # positions number the players 1 and 2; seats count from 0


def _counted(captures: tuple[int, int], mover: int, events: list[Event]) -> tuple[int, int]:
    """`captures` with the mover's captures among `events` added (SN-6)."""
    taken = sum(1 for event in events if event["type"] == "capture")
    return (captures[0] + taken, captures[1]) if mover == 0 else (captures[0], captures[1] + taken)


# Refusals that name players by number (the protocol's words): at the table they name the
# seats instead, so that the screen can say whose piece it is.
_PLAYER_PARAMS = {"player": "seat", "owner": "owner_seat", "winner": "winner_seat"}
_NAMED = {"senet.not_your_piece": "senet.not_your_piece_named", "senet.game_over_win": "senet.game_over_win_named"}


def _with_seats(refused: RefereeError) -> RefereeError:
    return table_form(refused, _NAMED, _PLAYER_PARAMS, first=1)  # players 1 and 2 are seats 0 and 1


class SenetEngine:
    """The session's view of Bell's Senet. Actions:

    - `{"throw": 3}`: the stick die shows 3 (typed or rolled). With no legal move the pass is
      played at once (SN-11): the app never asks for a choice.
    - `{"move": {"from": 24}}`: move with the throw waiting.
    - `{"throw": 3, "move": {...} | null}`: both at once, as the referee protocol sends them.
    """

    name = "senet"

    def new_state(self, setup: Mapping[str, Any]) -> SenetState:
        """The start position (SN-2) for a set-up the game's record has checked (`gate_exact_26`, SN-8)."""
        return SenetState(Position.start(HouseRules(gate_exact_26=setup.get("gate_exact_26", False) is True)))

    def apply(self, state: SenetState, action: Mapping[str, Any]) -> tuple[SenetState, list[Event]]:
        try:
            return self._apply(state, action)
        except RefereeError as refused:
            raise _with_seats(refused) from None

    def _apply(self, state: SenetState, action: Mapping[str, Any]) -> tuple[SenetState, list[Event]]:
        position = state.position
        mover = _seat(position.turn)
        if "move" not in action:  # a throw on its own
            if "throw" not in action:
                raise BadRequest("senet.action_empty")
            throw = check_throw(action["throw"])
            check_not_over(position)
            if state.throw is not None:
                raise IllegalMove("senet.throw_waiting", rule="SN-4", seat=mover, throw=state.throw)
            events: list[Event] = [{"type": "throw", "seat": mover, "throw": throw}]
            if legal_moves(position, throw):
                return SenetState(position, throw, state.captures), events
            after, passed = play(position, throw, None)
            return SenetState(after, None, state.captures), events + [{**event, "seat": mover} for event in passed]
        if "throw" in action:  # throw and move together (the protocol's play)
            if state.throw is not None:
                raise IllegalMove("senet.throw_waiting", rule="SN-4", seat=mover, throw=state.throw)
            after, events = apply_action(position, action)
            throw = action["throw"]
        else:
            check_not_over(position)
            if state.throw is None:
                raise IllegalMove("senet.throw_first", rule="SN-4", seat=mover)
            throw = state.throw
            frm, to = parse_move(action["move"])
            after, events = play(position, throw, frm, to)
        return (SenetState(after, None, _counted(state.captures, mover, events)),
                self._described(position, throw, action.get("move"), events))

    @staticmethod
    def _described(before: Position, throw: int, move: Any, events: list[Event]) -> list[Event]:
        """The engine's events with who moved what where, for screens and history."""
        mover = _seat(before.turn)
        described: list[Event] = []
        if isinstance(move, Mapping):
            frm = move["from"]
            to: int | str = frm + throw if frm + throw <= 30 else "off"
            described.append({"type": "move", "seat": mover, "from": frm, "to": to, "throw": throw})
        for event in events:
            described.append({**event, "seat": mover})
        return described

    def outcome(self, state: SenetState) -> Outcome:
        """Scores are the pieces borne off (SN-12). `detail` (the statistics contract of
        db/stats.py): `{"seats": {"0": {"captures": 2}, "1": {"captures": 0}}}`, the opponent
        pieces each seat captured (SN-6), and once over `"draw"` (SN-14)."""
        res = result(state.position)
        scores = {0: res.score[0], 1: res.score[1]}
        detail: dict[str, Any] = {"seats": {str(seat): {"captures": state.captures[seat]} for seat in (0, 1)}}
        if not res.over:
            return Outcome(False, (), scores, detail)
        if res.draw:
            return Outcome(True, ((0, 1),), scores, {**detail, "draw": True})
        assert res.winner is not None
        winner = _seat(res.winner)
        return Outcome(True, ((winner,), (1 - winner,)), scores, {**detail, "draw": False})

    def to_move(self, state: SenetState) -> int | None:
        return None if result(state.position).over else _seat(state.position.turn)

    def roll(self, state: SenetState, rng: random.Random) -> dict[str, Any] | None:
        """Four fair faces (SN-4); nothing to roll while a throw waits or the game is over."""
        if state.throw is not None or result(state.position).over:
            return None
        return {"throw": rng.choice(THROWS)}

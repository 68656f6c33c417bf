"""A tiny pure game engine for the store tests: players take turns adding 1..6 to a total.

It stands in for a real engine (companion/senet is written elsewhere) and follows the
`companion.session.GameEngine` protocol: pure, deterministic, raises RefereeError.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from itertools import count, islice
from typing import Any

from companion.errors import GameOver, IllegalMove
from companion.game import Game, Option, Outcome


@dataclass(frozen=True)
class CounterState:
    total: int
    turn: int  # seat to play
    seats: int
    target: int
    moves: tuple[int, ...] = ()


class CounterEngine:
    name = "counter"

    def new_state(self, setup: Mapping[str, Any]) -> CounterState:
        return CounterState(total=setup["start"], turn=0, seats=setup["players"], target=setup["target"])

    def apply(
        self, state: CounterState, action: Mapping[str, Any]
    ) -> tuple[CounterState, list[dict[str, Any]]]:
        if state.total >= state.target:
            raise GameOver("counter.over")
        n = action.get("n")
        if action.get("op") != "add" or isinstance(n, bool) or not isinstance(n, int):
            raise IllegalMove("counter.bad_action", rule="CT-1")
        if not 1 <= n <= 6:
            raise IllegalMove("counter.out_of_range", rule="CT-2", n=n)
        new = CounterState(
            total=state.total + n,
            turn=(state.turn + 1) % state.seats,
            seats=state.seats,
            target=state.target,
            moves=(*state.moves, n),
        )
        return new, [{"type": "added", "seat": state.turn, "n": n, "total": new.total}]

    def outcome(self, state: CounterState) -> Outcome:
        if state.total < state.target:
            return Outcome(False, (), {0: state.total})
        winner = (state.turn - 1) % state.seats
        others = tuple(seat for seat in range(state.seats) if seat != winner)
        return Outcome(True, ((winner,), others) if others else ((winner,),), {winner: state.total})

    def to_move(self, state: CounterState) -> int | None:
        return None if state.total >= state.target else state.turn

    def roll(self, state: CounterState, rng: Any) -> dict[str, Any] | None:
        return {"op": "add", "n": rng.randint(1, 6)}


GAME = Game(
    id="counter",
    min_players=1,
    max_players=4,
    engine=CounterEngine(),
    ops={},
    options=(Option("start", "int", 0, low=0), Option("target", "int", 10**9, low=1)),
)


def entries() -> Iterator[dict[str, Any]]:
    """An endless deterministic mix of entries: mostly actions, some undo and redo."""
    done = undone = 0
    for i in count():
        if i % 7 == 5 and done:
            yield {"kind": "undo"}
            done -= 1
            undone += 1
        elif i % 11 == 9 and undone:
            yield {"kind": "redo"}
            done += 1
            undone -= 1
        else:
            yield {"kind": "action", "action": {"op": "add", "n": i % 6 + 1}}
            done += 1
            undone = 0


def script(length: int) -> list[dict[str, Any]]:
    """The first `length` entries of `entries()`."""
    return list(islice(entries(), length))


def play(session: Any, entry: Mapping[str, Any]) -> None:
    """Enter one log entry into a MatchSession, as a view would."""
    if entry["kind"] == "action":
        session.apply(entry["action"])
    elif entry["kind"] == "undo":
        session.undo()
    else:
        session.redo()

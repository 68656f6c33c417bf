"""Small builders shared by the evaluation tests (no tests here).

`pot("O1@1 G1@5")` is a pot of two chips; `player(...)` a `PlayerIn`; `run(...)` the whole
evaluation with answers given up front. Values in the tests are worked out by hand from
the rules (QK-1 … QK-18) and the pot track (index: coins/VP, R = ruby):
  5: 5/0 R   6: 6/1   8: 8/1   9: 9/1 R   11: 11/2   13: 13/2 R   14: 14/3   21: 18/4
  29: 22/7   33: 24/8   45: 30/12   51: 33/14   52: 33/14 R   53 (spoon): 35/15
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

import companion.referee as referee
from companion.quacks.data import Books
from companion.quacks.evaluate_protocol import op_evaluate
from companion.quacks.evaluation import evaluate_round
from companion.quacks.evaluation_types import Answers, Extras, PlayerIn, Setup, Supply, Tally
from companion.quacks.pot import Placed


def pot(text: str) -> tuple[Placed, ...]:
    """`"O1@1 G1@5"` -> (Placed("O1", 1), Placed("G1", 5))."""
    chips = []
    for item in text.split():
        code, space = item.split("@")
        chips.append(Placed(code, int(space)))
    return tuple(chips)


def player(chips: str, exploded: bool = False, **kw: Any) -> PlayerIn:
    return PlayerIn(pot(chips), exploded, **kw)


def setup(round_: int = 3, start: int = 0, supply: dict[str, int] | None = None,
          extras: Extras | None = None, **books: int) -> Setup:
    return Setup(round_, start, Books.of(books), supply=Supply(supply or {}), extras=extras or Extras())


def run(table: Setup, players: Sequence[PlayerIn], answers: Sequence[Answers] | None = None) -> tuple[Tally, ...]:
    """The tallies after a whole evaluation."""
    ev, _ = evaluate_round(table, players, answers or [Answers() for _ in players])
    return ev.tallies


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> None:
    """Serve `evaluate` through the real dispatcher. Until the Quacks game record is
    registered, the dispatcher's op table is extended for the test that asks for it."""
    ops = referee.game_ops()
    if "evaluate" not in ops.get("quacks", {}):
        extended = {**ops, "quacks": {**ops.get("quacks", {}), "evaluate": op_evaluate}}
        monkeypatch.setattr(referee, "_ops", lambda: extended)


# A quiet second player: exploded (no die), chooses VP, 0 black chips, no green/purple.
QUIET = "W3@3 W3@6 W2@8"  # scoring space 9 (9 coins, 1 VP, ruby)

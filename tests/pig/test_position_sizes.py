"""PG-1 in the protocol's positions: 2 to 4 seats, no fewer, no more."""

from __future__ import annotations

import pytest

from companion.errors import BadPosition
from companion.pig import PigState


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_pg1_two_to_four_scores_make_a_position(seats: int) -> None:
    state = PigState.from_json({"scores": [0] * seats, "turn": seats - 1})
    assert len(state.scores) == seats and state.turn == seats - 1


@pytest.mark.parametrize("seats", [1, 5])
def test_pg1_one_or_five_scores_are_refused(seats: int) -> None:
    with pytest.raises(BadPosition):
        PigState.from_json({"scores": [0] * seats})

"""QK-5: rat tails against the leader, with the score track's 50-lap repeat. Counts by hand
from the tails after 1, 4, 7, 10, 12, 14, ..., 48 (and 51, 54, 57, 60, 62, ... one lap on)."""

from __future__ import annotations

import pytest

from companion.errors import BadRequest
from companion.quacks.rats import rat_stone, rats_for_round, rats_for_scores


def test_qk5_protocol_example() -> None:
    assert rats_for_scores([12, 20, 16]) == (4, 0, 2)


def test_qk5_rulebook_example_leader_20() -> None:
    assert rats_for_scores([20, 19, 17, 16]) == (0, 0, 1, 2)


def test_qk5_tied_leaders_get_none() -> None:
    assert rats_for_scores([30, 30, 0]) == (0, 0, 13)  # 1, 4, 7, 10 and 12..28


def test_qk5_a_tail_counts_when_my_vp_le_t_lt_leader() -> None:
    assert rats_for_scores([10, 12]) == (1, 0)  # the tail after 10
    assert rats_for_scores([11, 12]) == (0, 0)  # the tail after 12 lies above 12
    assert rats_for_scores([12, 13]) == (1, 0)
    assert rats_for_scores([48, 50]) == (1, 0)  # after 48; none after 49 or 50
    assert rats_for_scores([49, 51]) == (0, 0)  # none across the 50 -> 1 corner


def test_qk5_tails_repeat_50_higher() -> None:
    assert rats_for_scores([50, 60]) == (3, 0)  # 51, 54, 57
    assert rats_for_scores([49, 61]) == (4, 0)  # 51, 54, 57, 60
    assert rats_for_scores([45, 55]) == (4, 0)  # 46, 48, 51, 54
    assert rats_for_scores([0, 100]) == (46, 0)


def test_qk5_no_rats_in_round_1_and_rat_infestation_doubles() -> None:
    assert rats_for_round([12, 20, 16], 1) == (0, 0, 0)
    assert rats_for_round([12, 20, 16], 2) == (4, 0, 2)
    assert rats_for_round([12, 20, 16], 9, doubled=True) == (8, 0, 4)


def test_qk5_rat_stone_lies_rats_past_the_droplet_at_most_52() -> None:
    assert rat_stone(3, 4) == 7
    assert rat_stone(50, 5) == 52


def test_qk5_no_scores_is_a_bad_request() -> None:
    with pytest.raises(BadRequest):
        rats_for_scores([])

"""Rat tails (QK-5): how far each player's rat stone lies past their droplet this round.

A tail t on the score track lies between the spaces t and t + 1; a player who is not leading
gets one rat per tail t with my_vp <= t < leader_vp. The track loops at 50 and its tails repeat
50 higher (51, 54, 57, 60, 62, …), so scores past 50 count the same way (`data.rats_for`).
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.errors import BadRequest
from companion.quacks.data import LAST_SPACE, RATS_FROM_ROUND, rats_for


def rats_for_scores(scores: Sequence[int]) -> tuple[int, ...]:
    """QK-5: each player's rats against the leader (every tied leader gets 0)."""
    if not scores:
        raise BadRequest("quacks.rats_no_scores", rule="QK-5")
    leader = max(scores)
    return tuple(rats_for(score, leader) for score in scores)


def rats_for_round(scores: Sequence[int], round_: int, *, doubled: bool = False) -> tuple[int, ...]:
    """The rats of a round: none in round 1 (they begin in round 2); `doubled` is the Rat
    Infestation card."""
    if round_ < RATS_FROM_ROUND:
        return tuple(0 for _ in scores)
    factor = 2 if doubled else 1
    return tuple(factor * rats for rats in rats_for_scores(scores))


def rat_stone(droplet: int, rats: int) -> int:
    """The space the first chip counts from: rats spaces past the droplet, at most 52 (QK-6)."""
    return min(droplet + rats, LAST_SPACE)

"""Thousands of random hands against the exhaustive scorer in reference.py (written from the rules
text, sharing no code with the app), and the showdown order checked as a ranking.

- The pruned scorer's answer is never beaten: its key equals the best key over every choice of
  floor (and centre) cards and every reading of every quoto (CV-2, CV-7 … CV-10).
- The cards and quoto readings it reports really score that key.
- The showdown order agrees with the reference keys pair by pair (so it is antisymmetric and
  transitive), with vepleque's voiding (CV-9) decided by the reference too.
"""

from __future__ import annotations

import random
from itertools import combinations, pairwise

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.cavasie import Scorer, SeatCards, default_deck, showdown
from tests.cavasie import reference as ref

SCORER = Scorer(default_deck())
QUOTOS = ["A0", "S0", "G0", "P0"]
HANDS_PER_EXAMPLE = 12  # 250 examples x 12 = 3,000 random hands a run


def shuffled_deck(rng: random.Random) -> list[str]:
    """A shuffled deck; half the time the quotos are pushed near the top, where they are
    otherwise rare, so that every reading gets exercised."""
    cards = list(ref.ALL_CODES)
    rng.shuffle(cards)
    if rng.random() < 0.5:
        chosen = rng.sample(QUOTOS, rng.randint(1, 4))
        rest = [card for card in cards if card not in chosen]
        top = chosen + rest[:6]
        rng.shuffle(top)
        cards = top + rest[6:]
    return cards


def random_seat(rng: random.Random, cards: list[str], dealer: bool) -> SeatCards:
    held = rng.randint(1, 6) if dealer else rng.randint(2, 4)
    floor = rng.randint(1, 5)
    hand, rest = cards[:held], cards[held:]
    seat = SeatCards(tuple(hand), tuple(rest[:floor]), dealer)
    del cards[:held + floor]
    return seat


def reported_key(seat: SeatCards, voided: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(the scorer's key, the reference's key for the cards and readings the scorer reports)."""
    score = SCORER.score(seat, voided)
    readings = dict(score.quotos)
    reading = [(readings[c].value, readings[c].colour) if c in readings else ref.options(c)[0] for c in score.cards]
    hand_cards = min(2, len(seat.hand)) if seat.dealer else len(seat.hand)
    return score.key, ref.key_of(score.cards, reading, hand_cards, voided)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**32))
def test_the_scorer_is_never_beaten_by_any_other_choice(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(HANDS_PER_EXAMPLE):
        seat = random_seat(rng, shuffled_deck(rng), dealer=rng.random() < 0.3)
        voided = rng.random() < 0.2
        best = ref.best(list(seat.hand), list(seat.floor), seat.dealer, voided)
        key, achieved = reported_key(seat, voided)
        assert key == best, (seat, voided)
        assert achieved == best, (seat, voided)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**32))
def test_showdown_order_is_a_consistent_ranking(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(4):
        cards = shuffled_deck(rng)
        count = rng.randint(2, 5)
        dealer_at = rng.randrange(count) if count > 2 and rng.random() < 0.5 else None
        seats = [random_seat(rng, cards, dealer=i == dealer_at) for i in range(count)]
        voided = any(ref.is_vepleque_best(list(s.hand), list(s.floor), s.dealer) for s in seats)
        keys = [ref.best(list(s.hand), list(s.floor), s.dealer, voided) for s in seats]
        result = showdown(SCORER, seats)
        assert result.voided == voided
        place = {seat: rank for rank, group in enumerate(result.places) for seat in group}
        assert sorted(place) == list(range(count))
        for a, b in combinations(range(count), 2):
            # antisymmetric and total: exactly one of a above b, b above a, a tied with b
            assert (place[a] < place[b]) == (keys[a] > keys[b])
            assert (place[a] == place[b]) == (keys[a] == keys[b])
        for a, b, c in combinations(range(count), 3):  # transitive
            for x, y, z in ((a, b, c), (b, c, a), (c, a, b), (a, c, b), (b, a, c), (c, b, a)):
                if place[x] < place[y] and place[y] < place[z]:
                    assert place[x] < place[z]
        for (group, nxt), decision in zip(pairwise(result.places), result.decisions, strict=True):
            assert decision.step != "draw"
            assert keys[group[0]] > keys[nxt[0]]

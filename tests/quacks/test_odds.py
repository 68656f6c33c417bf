"""Explosion odds (QK-7): exact against brute-force enumeration of ordered draws on small bags."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from companion.errors import IllegalMove
from companion.quacks.data import Bag, Books, chip
from companion.quacks.odds import explode_chances, explode_fractions, pot_odds
from companion.quacks.pot import draw, new_pot


def brute_force(bag: dict[str, int], total: int, limit: int, draws: int,
                yellows: int | None = None) -> tuple[Fraction, ...]:
    """Every ordered sequence of distinct chips, equally likely; a sequence explodes within k
    when the white total passes the limit in force (yellow set 3: 8 from one yellow, 9 from
    three, never below `limit`) at one of its first k chips."""
    chips = [code for code, n in bag.items() for _ in range(n)]
    depth = min(draws, len(chips))
    orders = list(itertools.permutations(range(len(chips)), depth))
    if not orders or not chips:
        return tuple(Fraction(0) for _ in range(draws))
    first_explosion = []
    for order in orders:
        whites, seen_yellows, at = total, yellows or 0, None
        for step, index in enumerate(order, start=1):
            kind = chip(chips[index])
            if kind.white:
                whites += kind.value
                in_force = limit
                if yellows is not None:
                    in_force = max(limit, 9 if seen_yellows >= 3 else 8 if seen_yellows >= 1 else 0)
                if whites > in_force:
                    at = step
                    break
            elif kind.colour == "yellow":
                seen_yellows += 1
        first_explosion.append(at)
    return tuple(Fraction(sum(1 for at in first_explosion if at is not None and at <= k), len(orders))
                 for k in range(1, draws + 1))


def test_qk7_protocol_example_one_in_six() -> None:
    assert explode_fractions({"W1": 3, "W2": 1, "O1": 2}, 6, 7)[0] == Fraction(1, 6)


def test_qk7_hand_worked_small_bag() -> None:
    # W3 and O1 with 5 in the pot: W3 first explodes (1/2); else O1 then W3 (so within 2: 1)
    assert explode_fractions({"W3": 1, "O1": 1}, 5, 7) == (Fraction(1, 2), Fraction(1), Fraction(1))
    # W1, W1, O1 with 6 in the pot: the first white is safe, the second explodes.
    # next: 0; within 2: W W = 2/3 * 1/2 = 1/3; within 3: every order draws both whites = 1
    assert explode_fractions({"W1": 2, "O1": 1}, 6, 7) == (Fraction(0), Fraction(1, 3), Fraction(1))


def test_qk7_empty_bag_and_safe_bag() -> None:
    assert explode_chances({}, 7, 7) == (0.0, 0.0, 0.0)
    assert explode_chances({"O1": 3, "G4": 2}, 7, 7) == (0.0, 0.0, 0.0)
    assert explode_chances({"W1": 1}, 7, 7, draws=4) == (1.0, 1.0, 1.0, 1.0)


def test_qk7_already_exploded_is_refused() -> None:
    with pytest.raises(IllegalMove) as caught:
        explode_chances({"W1": 1}, 8, 7)
    assert caught.value.rule == "QK-7"


@pytest.mark.parametrize("seed", range(60))
def test_qk7_exact_against_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    codes = ["W1", "W2", "W3", "O1", "G2", "Y1", "R4"]
    bag = {code: rng.randint(0, 2) for code in rng.sample(codes, rng.randint(1, len(codes)))}
    while sum(bag.values()) > 7:
        bag[rng.choice([c for c in bag if bag[c]])] -= 1
    limit = rng.choice([7, 7, 8, 9])
    total = rng.randint(0, limit)
    draws = rng.randint(1, 4)
    assert explode_fractions(bag, total, limit, draws) == brute_force(bag, total, limit, draws)


@pytest.mark.parametrize("seed", range(40))
def test_qk17_yellow3_rising_limit_exact_against_brute_force(seed: int) -> None:
    rng = random.Random(1000 + seed)
    bag = {"W1": rng.randint(0, 2), "W2": rng.randint(0, 2), "W3": rng.randint(0, 1),
           "Y1": rng.randint(0, 2), "Y2": rng.randint(0, 1), "O1": rng.randint(0, 1)}
    limit = rng.choice([7, 9])
    yellows = rng.randint(0, 3)
    in_force = max(limit, 9 if yellows >= 3 else 8 if yellows >= 1 else 0)
    total = rng.randint(0, in_force)
    got = explode_fractions(bag, total, in_force, 3, yellows=yellows)
    assert got == brute_force(bag, total, limit, 3, yellows)


def test_qk17_a_drawn_yellow_raises_the_limit_for_later_draws() -> None:
    # 6 in the pot, limit 7, yellow set 3 with no yellow yet: Y1 then W2 -> 8, not over 8
    with_yellow = explode_fractions({"Y1": 1, "W2": 1}, 6, 7, 2, yellows=0)
    plain = explode_fractions({"Y1": 1, "W2": 1}, 6, 7, 2)
    assert with_yellow == (Fraction(1, 2), Fraction(1, 2))  # only W2 drawn first explodes
    assert plain == (Fraction(1, 2), Fraction(1))


def test_odds_follow_the_pot_and_the_tracked_bag() -> None:
    books = Books(yellow=3)
    bag = Bag({"W3": 2, "W2": 1, "Y1": 1, "O1": 1})
    pot, bag, _ = draw(new_pot(), bag, "W3", books)
    pot, bag, _ = draw(pot, bag, "W3", books)  # 6 in the pot, bag W2 Y1 O1
    odds = pot_odds(pot, bag, books)
    assert odds.draws_left == 3
    assert odds.next == pytest.approx(1 / 3)
    # within 2: W2 first (1/3), or Y1/O1 then W2: after O1 the limit is 7 (explodes), after Y1 8 (safe)
    assert odds.within_2 == pytest.approx(1 / 3 + 1 / 3 * 1 / 2)
    assert odds.within_3 == pytest.approx(1 / 2)  # O1, Y1, W2 is safe too
    pot, bag, _ = draw(pot, bag, "W2", books)
    assert pot.exploded and pot_odds(pot, bag, books).next == 1.0


def test_qk18_pot_odds_count_the_yellows_already_in_the_pot() -> None:
    books = Books(yellow=3)
    pot = new_pot()
    for code in ("Y1", "Y1", "W3", "W3", "W1"):  # two yellows: limit 8, whites 7
        pot, _, _ = draw(pot, None, code, books)
    odds = pot_odds(pot, Bag({"W2": 1, "Y1": 1}), books)
    assert odds.next == pytest.approx(1 / 2)  # W2 makes 9 > 8
    assert odds.within_2 == pytest.approx(1 / 2)  # Y1 first lifts the limit to 9: W2 is safe

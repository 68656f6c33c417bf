"""The scorer's fast paths give exactly what the plain definitions give.

`Ladder.rank` (a reading's pattern from its per-colour bit masks, CV-8) against `Ladder.evaluate`
(the same question answered from the list of cards, pattern by pattern), on random readings with
the default ladder, its voided form (CV-9) and randomly edited ladders; the matchings over colour
subsets against Hall's formula; `pattern_cards` against trying every subset of every size.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from companion.cavasie import default_deck
from companion.cavasie.deck import Pattern
from companion.cavasie.patterns import (
    Ladder,
    _shows,
    distinct_run_size,
    largest_rainbow,
    longest_distinct_run,
    matching_size,
    pattern_cards,
)

COLOURS = 5  # four colours and black
SEEDS = range(6)


def random_reading(rng: random.Random, colours: int = COLOURS, top: int = 9) -> list[tuple[int, int]]:
    """1 to 7 cards, none twice (the same value in the same colour)."""
    cells = [(value, colour) for value in range(top + 1) for colour in range(colours)]
    size = rng.randint(1, 7)
    if rng.random() < 0.5:  # crowd a few values so that groups and rainbows get tested
        low = rng.randint(0, top - 3)
        cells = [cell for cell in cells if low <= cell[0] <= low + 3]
    return rng.sample(cells, min(size, len(cells)))


def masks_of(reading: list[tuple[int, int]], colours: int) -> list[int]:
    masks = [0] * colours
    for value, colour in reading:
        masks[colour] |= 1 << value
    return masks


def random_ladder(rng: random.Random) -> list[Pattern]:
    """A ladder a table could have typed: two no-pattern rungs, then random rungs of every kind
    on rising ranks (some ranks shared), some counting their length (CV-10)."""
    patterns = [Pattern("low", "low", 1, "nothing", min_cards=5), Pattern("few", "few", 2, "nothing", max_cards=4)]
    rank = 2
    for index in range(rng.randint(3, 14)):
        if rng.random() < 0.75:
            rank += 1
        kind = rng.choice(["run", "groups", "one_colour", "all_different"])
        pid = f"p{index}"
        if kind == "run":
            patterns.append(Pattern(pid, pid, rank, kind, cards=rng.randint(2, 6),
                                    colours=rng.choice(["any", "same", "different"]),
                                    longer_first=rng.random() < 0.3))
        elif kind == "groups":
            groups = tuple(sorted(rng.sample([1, 2, 2, 3, 4, 5], rng.randint(1, 2)), reverse=True))
            patterns.append(Pattern(pid, pid, rank, kind, groups=groups))
        elif kind == "one_colour":
            patterns.append(Pattern(pid, pid, rank, kind, cards=rng.randint(2, 6), longer_first=rng.random() < 0.5))
        else:
            patterns.append(Pattern(pid, pid, rank, kind, cards=rng.randint(2, 5)))
    return patterns


@pytest.mark.parametrize("seed", SEEDS)
def test_cv8_rank_from_masks_is_evaluate_on_the_default_ladder_and_its_voided_form(seed: int) -> None:
    rng = random.Random(seed)
    patterns = default_deck().ladder.patterns
    full, voided = Ladder(patterns, COLOURS), Ladder(patterns, COLOURS, below_rank=10)
    for _ in range(1500):
        reading = random_reading(rng)
        masks = masks_of(reading, COLOURS)
        for ladder in (full, voided):
            assert ladder.rank_now(masks) == ladder.evaluate(reading), reading
            assert ladder.rank(masks) == ladder.evaluate(reading), reading


def split_twice(reading: list[tuple[int, int]], colours: int) -> tuple[list[int], list[tuple[int, int]]]:
    """The masks of a reading, and each card beyond the first of its value and colour."""
    masks = [0] * colours
    twice = []
    for value, colour in reading:
        if masks[colour] >> value & 1:
            twice.append((value, colour))
        masks[colour] |= 1 << value
    return masks, twice


@pytest.mark.parametrize("seed", SEEDS)
def test_cv2_cv8_a_reading_with_a_card_twice_ranks_as_evaluate_says(seed: int) -> None:
    """Two quotos read black 9 are two cards of one value and colour: they make a pair (alon)."""
    rng = random.Random(50 + seed)
    patterns = default_deck().ladder.patterns
    full, voided = Ladder(patterns, COLOURS), Ladder(patterns, COLOURS, below_rank=10)
    assert full.rank_twice([0, 0, 0, 0, 1 << 9], [(9, 4)]) == full.evaluate([(9, 4), (9, 4)])
    for _ in range(1500):
        reading = random_reading(rng)
        reading += rng.sample(reading, rng.randint(1, min(3, len(reading))))  # some cards again
        masks, twice = split_twice(reading, COLOURS)
        for ladder in (full, voided):
            assert ladder.rank_twice(masks, twice) == ladder.evaluate(reading), reading
    for _ in range(40):
        colours = rng.randint(2, 6)
        ladder = Ladder(random_ladder(rng), colours)
        for _ in range(40):
            reading = random_reading(rng, colours)
            reading += rng.sample(reading, 1)
            assert ladder.rank_now(*split_twice(reading, colours)) == ladder.evaluate(reading), reading


@pytest.mark.parametrize("seed", SEEDS)
def test_cv8_rank_from_masks_is_evaluate_on_edited_ladders(seed: int) -> None:
    rng = random.Random(100 + seed)
    for _ in range(40):
        colours = rng.randint(2, 6)
        ladder = Ladder(random_ladder(rng), colours)
        for _ in range(60):
            reading = random_reading(rng, colours)
            assert ladder.rank_now(masks_of(reading, colours)) == ladder.evaluate(reading), (ladder.checks, reading)


@pytest.mark.parametrize("seed", SEEDS)
def test_matchings_over_colour_subsets_agree_with_halls_formula(seed: int) -> None:
    rng = random.Random(200 + seed)
    for _ in range(800):
        colours = rng.randint(1, 6)
        by_value = tuple(rng.randrange(1 << colours) if rng.random() < 0.7 else 0 for _ in range(rng.randint(1, 10)))
        mask = sum(1 << value for value, seen in enumerate(by_value) if seen)
        assert matching_size(by_value, colours) == largest_rainbow(by_value), by_value
        assert distinct_run_size(mask, by_value, colours) == longest_distinct_run(mask, by_value), by_value


def every_subset_pick(pattern: Pattern, reading: list[tuple[int, int]]) -> tuple[int, ...]:
    """pattern_cards as first written: every size from the largest down, the first subset of
    the highest sum that shows the pattern."""
    best: tuple[int, ...] = ()
    for size in range(len(reading), pattern.cards - 1, -1):
        for pick in combinations(range(len(reading)), size):
            better = not best or sum(reading[i][0] for i in pick) > sum(reading[i][0] for i in best)
            if better and _shows(pattern, [reading[i] for i in pick]):
                best = pick
        if best:
            return best
    return ()


@pytest.mark.parametrize("seed", SEEDS)
def test_the_cards_that_show_a_run_are_those_every_subset_would_pick(seed: int) -> None:
    rng = random.Random(300 + seed)
    kinds = [p for p in default_deck().ladder.patterns if p.kind in ("run", "all_different")]
    for _ in range(600):
        reading = random_reading(rng)
        for pattern in kinds:
            assert pattern_cards(pattern, reading) == every_subset_pick(pattern, reading), (pattern.id, reading)


def test_cv8_groups_deeper_than_a_scored_hand_and_two_rainbow_rungs_are_read_as_written() -> None:
    """Rungs no loaded deck has (seven of a kind, seen with nine colours; two all-different rungs
    of different sizes) still rank as `evaluate` says, and the smaller rainbow is found even
    when the bigger one above it is not there."""
    patterns = [Pattern("low", "low", 1, "nothing", min_cards=5), Pattern("few", "few", 2, "nothing", max_cards=4),
                Pattern("four", "four", 3, "all_different", cards=4),
                Pattern("five", "five", 4, "all_different", cards=5),
                Pattern("seven", "seven", 5, "groups", groups=(7,))]
    ladder = Ladder(patterns, 9)
    seven = [(3, colour) for colour in range(7)]
    four = [(1, 0), (2, 1), (3, 2), (4, 3)]
    for reading in (seven, seven[:6], four, [*four, (5, 4)], [*four, (4, 4)]):
        assert ladder.rank_now(masks_of(reading, 9)) == ladder.evaluate(reading), reading
    # seven of a kind with two of them the same card (two quotos read alike, CV-2): the card
    # twice counts for the group; six cards and the same one again do not make seven
    for reading in ([*seven[:6], (3, 0)], [*seven[:5], (3, 0)], [*four, (3, 2), (3, 2)]):
        assert ladder.rank_now(*split_twice(reading, 9)) == ladder.evaluate(reading), reading
    assert ladder.rank_now(*split_twice([*seven[:6], (3, 0)], 9))[2] == 4
    assert ladder.evaluate(seven)[2] == 4 and ladder.evaluate(four)[2] == 2


def test_cv8_a_ladder_whose_weakest_rung_is_a_pattern_ranks_a_hand_that_shows_it() -> None:
    """An edited ladder may put patterns below its no-pattern rung (it loads: the ranks rise and
    a no-pattern rung exists); the weakest rungs are then found like any other, the first
    written of two equal rungs naming the pattern."""
    patterns = [Pattern("pair", "pair", 1, "groups", groups=(2,)), Pattern("two", "two", 1, "run", cards=2),
                Pattern("rest", "rest", 2, "nothing", max_cards=6)]
    ladder = Ladder(patterns, COLOURS)
    shown = {((3, 0), (3, 1), (4, 2)): (1, 0, 0), ((3, 0), (4, 1)): (1, 0, 1), ((3, 0), (5, 1)): (2, 0, 2)}
    for reading, answer in shown.items():
        assert ladder.rank_now(masks_of(list(reading), COLOURS)) == ladder.evaluate(reading) == answer, reading

"""Exact explosion odds for the next draws (QK-7), from the bag as the app knows it.

Model. Chips are drawn one at a time without replacement, every chip drawn is placed, and the
pot explodes when the white chips total more than the white limit; once it explodes drawing
ends. Book effects matter here only through the white total and the limit:
- spacing effects (red 1/3/4, yellow 2/4, blue 3/4, cards moving oranges) never change either,
  so they are ignored;
- yellow set 3 raises the limit to 8 from the first yellow in the pot and 9 from the third
  (QK-17: the highest limit in force applies). Pass `yellows` (the yellows already in the pot)
  to model it: a yellow drawn within the window then raises the limit for the later draws;
- the player's own choices are not guessed: the flask (QK-8), yellow set 1 sending a white
  back, blue set 1 placing one of the chips it draws, red set 2 setting a red aside and blue
  set 2's protection are treated as not used. Those can only lower the white total or do not
  change it, so the odds shown are the odds of the plain draws.

Computation. The bag is grouped into classes by white value (0 for every non-white chip, 1, 2,
3; with `yellows`, non-white yellows form a class of their own) and the draws enumerate classes
with their multiplicities, not chips: at most 5**3 paths for three draws. Counts are kept as
exact integers over the common denominator N·(N−1)·…, so the results are exact fractions.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from companion.errors import IllegalMove
from companion.quacks.data import CHIPS, Bag, Books
from companion.quacks.pot import YELLOW3_LIMITS, Pot

# A class of chips: (how many, white value, whether each is a yellow that raises the limit)
_Class = tuple[int, int, bool]


def _classes(bag: Mapping[str, int], with_yellows: bool) -> list[_Class]:
    counts = {(0, False): 0, (0, True): 0, (1, False): 0, (2, False): 0, (3, False): 0}
    for code, count in bag.items():
        kind = CHIPS[code]
        white = kind.value if kind.white else 0
        counts[(white, with_yellows and kind.colour == "yellow")] += count
    return [(n, white, yellow) for (white, yellow), n in counts.items() if n]


def _falling(n: int, k: int) -> int:
    out = 1
    for i in range(k):
        out *= n - i
    return out


def explode_fractions(bag: Mapping[str, int], white_total: int, white_limit: int, draws: int = 3,
                      *, yellows: int | None = None) -> tuple[Fraction, ...]:
    """Exact chances, as fractions, that the pot explodes on the next draw, within the next 2,
    …, within the next `draws` draws (see the module's model). `yellows`: the yellow chips
    already in the pot when yellow set 3 is in play, else None. A bag that runs out first
    simply ends the drawing. A white total already over the limit is an `IllegalMove` (QK-7)."""
    if white_total > white_limit:
        raise IllegalMove("quacks.already_exploded", rule="QK-7", white_total=white_total,
                          white_limit=white_limit)
    classes = _classes(bag, yellows is not None)
    size = sum(n for n, _, _ in classes)
    depth = min(draws, size)
    limit_for = _yellow3_limit(white_limit) if yellows is not None else _fixed_limit(white_limit)
    at = [0] * (depth + 1)  # at[j]: weighted ways of exploding on draw j
    _walk(classes, size, depth, 1, 1, white_total, yellows or 0, limit_for, at)
    denominator = _falling(size, depth)
    chances: list[Fraction] = []
    running = 0
    for j in range(1, draws + 1):
        running += at[j] if j <= depth else 0
        chances.append(Fraction(running, denominator))  # falling(0, 0) == 1: an empty bag gives 0
    return tuple(chances)


def _fixed_limit(white_limit: int) -> Callable[[int], int]:
    def limit_for(_: int) -> int:
        return white_limit
    return limit_for


def _yellow3_limit(white_limit: int) -> Callable[[int], int]:
    def limit_for(yellows: int) -> int:
        return max([white_limit, *(lim for n, lim in YELLOW3_LIMITS if yellows >= n)])
    return limit_for


def _walk(classes: list[_Class], size: int, depth: int, draw: int, weight: int, total: int,
          yellows: int, limit_for: Callable[[int], int], at: list[int]) -> None:
    """Add the weight of every path from here: a path exploding on draw j adds its product of
    counts times the ways of the draws it no longer makes (falling(size - j, depth - j))."""
    remaining = size - draw + 1
    for i, (count, white, yellow) in enumerate(classes):
        if not count:
            continue
        ways = weight * count
        if white and total + white > limit_for(yellows):
            at[draw] += ways * _falling(remaining - 1, depth - draw)
        elif draw < depth:
            classes[i] = (count - 1, white, yellow)
            _walk(classes, size, depth, draw + 1, ways, total + white, yellows + yellow, limit_for, at)
            classes[i] = (count, white, yellow)


def explode_chances(bag: Mapping[str, int], white_total: int, white_limit: int, draws: int = 3,
                    *, yellows: int | None = None) -> tuple[float, ...]:
    """`explode_fractions` as floats: (next draw, within 2, within 3) for the default 3 draws."""
    return tuple(float(f) for f in explode_fractions(bag, white_total, white_limit, draws,
                                                     yellows=yellows))


@dataclass(frozen=True)
class Odds:
    """What the brewing screen shows: the chances of exploding on the next draw, within 2 and
    within 3 draws, how many chips are left in the bag and how many of them would explode it
    next (the table may like "3 of 14" better than a percentage)."""

    next: float
    within_2: float
    within_3: float
    draws_left: int
    next_chips: int = 0  # how many of the chips left would make the pot explode on the next draw


def pot_odds(pot: Pot, bag: Bag, books: Books) -> Odds:
    """The odds for a pot being brewed, with yellow set 3's rising limit when it is in play."""
    yellows = None
    if books["yellow"] == 3:
        yellows = sum(1 for p in pot.chips if CHIPS[p.chip].colour == "yellow")
    if pot.exploded:
        return Odds(1.0, 1.0, 1.0, bag.size, bag.size)
    one, two, three = explode_fractions(bag, pot.white_total, pot.white_limit, 3, yellows=yellows)
    return Odds(float(one), float(two), float(three), bag.size, int(one * bag.size))

"""Which ladder pattern one fixed reading of a scored hand shows (CV-8), and with which cards.

A *reading* gives every card of the scored hand one value and one colour index (quotos
already read, CV-2). `Ladder` here is the compiled form of `deck.Ladder`: its patterns
strongest first, so that the first pattern a reading satisfies is its rank and the search
stops there. The expensive questions (pairwise different colours along a run, CV-8 9 and 18;
four cards of different colours and values, CV-8 11) are answered only when the cheap ones
leave them open, and are cached by the small tuples they depend on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, pairwise

from companion.cavasie.deck import Pattern

Reading = Sequence[tuple[int, int]]  # (value, colour index) per card, in the scored hand's order

NOTHING, RUN, GROUPS, ONE_COLOUR, ALL_DIFFERENT = range(5)
ANY, SAME, DIFFERENT = range(3)
_KIND_CODES = {"nothing": NOTHING, "run": RUN, "groups": GROUPS, "one_colour": ONE_COLOUR,
               "all_different": ALL_DIFFERENT}
_COLOUR_CODES = {"any": ANY, "same": SAME, "different": DIFFERENT}


@cache
def longest_run(mask: int) -> int:
    """The longest stretch of consecutive set bits: consecutive values (0 below 1, 9 above 8)."""
    length = 0
    while mask:
        mask &= mask >> 1
        length += 1
    return length


def _bits(mask: int) -> int:
    return bin(mask).count("1")


@cache
def distinct_representatives(colour_sets: tuple[int, ...]) -> bool:
    """Hall's condition: one colour per entry, pairwise different (each entry a colour mask)."""
    size = len(colour_sets)
    for pick in range(1, 1 << size):
        union = 0
        for index in range(size):
            if pick >> index & 1:
                union |= colour_sets[index]
        if _bits(union) < _bits(pick):
            return False
    return True


@cache
def longest_distinct_run(mask: int, colours_by_value: tuple[int, ...]) -> int:
    """The longest run of consecutive values that can be shown with pairwise different colours."""
    for length in range(longest_run(mask), 0, -1):
        window = (1 << length) - 1
        for start in range(len(colours_by_value) - length + 1):
            if (mask >> start) & window == window and distinct_representatives(
                    colours_by_value[start:start + length]):
                return length
    return 0


@cache
def largest_rainbow(colours_by_value: tuple[int, ...]) -> int:
    """The most cards with pairwise different values and pairwise different colours (a
    matching between values and colours), by Hall's deficiency formula."""
    present = [colours for colours in colours_by_value if colours]
    deficiency = 0
    for pick in range(1, 1 << len(present)):
        union = 0
        for index, colours in enumerate(present):
            if pick >> index & 1:
                union |= colours
        deficiency = max(deficiency, _bits(pick) - _bits(union))
    return len(present) - deficiency


@dataclass(frozen=True)
class Check:
    """One compiled pattern: what to test, and what it is worth."""

    index: int  # the pattern's place in the deck's ladder (weakest first)
    rank: int
    kind: int
    cards: int
    colours: int
    groups: tuple[int, ...]
    longer_first: bool
    min_cards: int
    max_cards: int

    @classmethod
    def of(cls, index: int, pattern: Pattern) -> Check:
        cards = sum(pattern.groups) if pattern.kind == "groups" else pattern.cards
        return cls(index, pattern.rank, _KIND_CODES[pattern.kind], cards, _COLOUR_CODES[pattern.colours],
                   pattern.groups, pattern.longer_first,
                   pattern.min_cards if pattern.min_cards is not None else 0,
                   pattern.max_cards if pattern.max_cards is not None else 99)


class Ladder:
    """The ladder compiled for evaluation: `checks` strongest first, `fallbacks` the
    no-pattern rungs (CV-8 1, 2), which only apply when nothing else does."""

    def __init__(self, patterns: Sequence[Pattern], colour_count: int, below_rank: int | None = None) -> None:
        kept = [Check.of(i, p) for i, p in enumerate(patterns) if below_rank is None or p.rank < below_rank]
        self.checks = tuple(sorted((c for c in kept if c.kind != NOTHING), key=lambda c: (-c.rank, c.index)))
        self.fallbacks = tuple(c for c in kept if c.kind == NOTHING)
        self.colour_count = colour_count  # including black
        # The checks as plain tuples, the form the hot loop unpacks fastest.
        self._plan = tuple((c.rank, c.kind, c.cards, c.colours, c.groups, c.longer_first, c.index)
                           for c in self.checks)
        self._by_shape: dict[tuple[int, ...], tuple[int, int, int]] = {}

    def rank(self, colour_masks: Sequence[int], mask: int, reading: Reading) -> tuple[int, int, int]:
        """`evaluate(reading)`, remembered by the reading's shape. The reading must hold no card
        twice (the same value in the same colour), so that its per-colour value masks describe it.

        No pattern names a colour or a value: only equal values, consecutive values and equal or
        different colours count. So two readings that differ by a shift of every value or by
        a renaming of the colours show the same pattern, and one evaluation serves both. The
        shape is the per-colour value masks shifted down to the lowest value, sorted."""
        low = (mask & -mask).bit_length() - 1
        shape = tuple(sorted([m >> low for m in colour_masks if m]))
        found = self._by_shape.get(shape)
        if found is None:
            found = self._by_shape[shape] = self.evaluate(reading)
        return found

    def fallback(self, size: int) -> Check:
        for check in self.fallbacks:
            if check.min_cards <= size <= check.max_cards:
                return check
        return self.fallbacks[0]

    def evaluate(self, reading: Reading) -> tuple[int, int, int]:
        """(rank, length, pattern index) of the strongest pattern the reading shows.

        `length` is the CV-10 length of the strongest rank's longer-first patterns, else 0.
        Written for speed: plain ints and lists, each feature computed at most once and only
        when a check needs it."""
        mask = 0
        counts: dict[int, int] = {}
        colour_mask = [0] * self.colour_count
        colour_count = [0] * self.colour_count
        for value, colour in reading:
            bit = 1 << value
            mask |= bit
            counts[value] = counts.get(value, 0) + 1
            colour_mask[colour] |= bit
            colour_count[colour] += 1
        any_run = longest_run(mask)
        same_run = distinct_run = rainbow = -1
        groups: list[int] | None = None
        found_rank = 0
        found_index = -1
        length = 0
        for rank, kind, need, colours, wanted, longer, index in self._plan:
            if rank < found_rank:
                break
            if kind == RUN:
                if any_run < need:
                    continue
                if colours == ANY:
                    size = any_run
                elif colours == SAME:
                    if same_run < 0:
                        same_run = max(map(longest_run, colour_mask))
                    size = same_run
                else:
                    if distinct_run < 0:
                        distinct_run = longest_distinct_run(mask, _colours_by_value(reading))
                    size = distinct_run
            elif kind == GROUPS:
                if groups is None:
                    groups = sorted(counts.values(), reverse=True)
                if len(groups) < len(wanted) or any(have < want for have, want in zip(groups, wanted, strict=False)):
                    continue
                size = need
            elif kind == ONE_COLOUR:
                size = max(colour_count)
            else:  # ALL_DIFFERENT
                if rainbow < 0:
                    rainbow = 0
                    if len(counts) >= need and sum(1 for n in colour_count if n) >= need:
                        rainbow = largest_rainbow(_colours_by_value(reading))
                size = rainbow
            if size < need:
                continue
            if found_index < 0:
                found_rank, found_index = rank, index
            if longer and size > length:
                length = size
        if found_index < 0:
            fallback = self.fallback(len(reading))
            return fallback.rank, 0, fallback.index
        return found_rank, length, found_index


def _colours_by_value(reading: Reading) -> tuple[int, ...]:
    top = max(value for value, _ in reading)
    by_value = [0] * (top + 1)
    for value, colour in reading:
        by_value[value] |= 1 << colour
    return tuple(by_value)


# -- the cards that make a pattern (for the explanation; run once per answer) ----------------------
def pattern_cards(pattern: Pattern, reading: Reading) -> tuple[int, ...]:
    """Positions (in `reading`) of cards that show `pattern`, highest values first; empty for
    the no-pattern rungs. Assumes the reading does show it."""
    positions = range(len(reading))
    if pattern.kind == "nothing":
        return ()
    if pattern.kind == "one_colour":
        by_colour: dict[int, list[int]] = {}
        for i in positions:
            by_colour.setdefault(reading[i][1], []).append(i)
        best = max(by_colour.values(), key=lambda group: (len(group), sum(reading[i][0] for i in group)))
        return tuple(best) if len(best) >= pattern.cards else ()
    if pattern.kind == "groups":
        by_value: dict[int, list[int]] = {}
        for i in positions:
            by_value.setdefault(reading[i][0], []).append(i)
        chosen: list[int] = []
        used: set[int] = set()
        for need in pattern.groups:
            fits = [v for v, group in by_value.items() if v not in used and len(group) >= need]
            if not fits:
                return ()
            value = max(fits)
            used.add(value)
            chosen.extend(by_value[value][:need])
        return tuple(chosen)
    # runs and all_different: the largest fitting subset, highest values first
    best_pick: tuple[int, ...] = ()
    for size in range(len(reading), pattern.cards - 1, -1):
        for pick in combinations(positions, size):
            better = not best_pick or sum(reading[i][0] for i in pick) > sum(reading[i][0] for i in best_pick)
            if better and _shows(pattern, [reading[i] for i in pick]):
                best_pick = pick
        if best_pick:
            return best_pick
    return ()


def _shows(pattern: Pattern, cards: Sequence[tuple[int, int]]) -> bool:
    values = sorted(value for value, _ in cards)
    colours = [colour for _, colour in cards]
    if pattern.kind == "all_different":
        return len(set(values)) == len(values) and len(set(colours)) == len(colours)
    consecutive = all(b - a == 1 for a, b in pairwise(values))
    if not consecutive:
        return False
    if pattern.colours == "same":
        return len(set(colours)) == 1
    if pattern.colours == "different":
        return len(set(colours)) == len(colours)
    return True

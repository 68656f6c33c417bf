"""Which ladder pattern one fixed reading of a scored hand shows (CV-8), and with which cards.

A *reading* gives every card of the scored hand one value and one colour index (quotos
already read, CV-2). `Ladder` here is the compiled form of `deck.Ladder`: its patterns
strongest first, so that the first pattern a reading satisfies is its rank and the search
stops there. The expensive questions (pairwise different colours along a run, CV-8 9 and 18;
four cards of different colours and values, CV-8 11) are answered only when the cheap ones
leave them open, and are cached by the small tuples they depend on; when each value is shown
by one card only, the second needs no search at all (the colours shown are the answer) and the
first one mask test per colour.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, pairwise, product
from typing import Any

from companion.cavasie.deck import Pattern

Reading = Sequence[tuple[int, int]]  # (value, colour index) per card, in the scored hand's order

NOTHING, RUN, GROUPS, ONE_COLOUR, ALL_DIFFERENT = range(5)
ANY, SAME, DIFFERENT = range(3)
NEEDS_DISTINCT_RUN, NEEDS_RAINBOW = -1, -2
MEMO_LIMIT = 300_000  # remembered readings per ladder (each a few hundred bytes)
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


@cache
def subset_tables(colour_count: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For matchings of values to pairwise different colours, found over the subsets of the
    colours: a bit set whose bit s says "the values so far can take exactly the colours of
    subset s". `lacking[c]`: the subsets without colour c; `of_size[k]`: the subsets of k colours."""
    subsets = range(1 << colour_count)
    lacking = tuple(sum(1 << s for s in subsets if not s >> c & 1) for c in range(colour_count))
    of_size = tuple(sum(1 << s for s in subsets if s.bit_count() == k) for k in range(colour_count + 1))
    return lacking, of_size


def _with_value(reach: int, colours: int, lacking: Sequence[int]) -> int:
    """The subsets reachable once one more value, which may show any colour of the mask
    `colours`, takes a colour not taken yet: each reachable subset without colour c moves to
    that subset with c (a shift by 1 << c)."""
    moved = 0
    colour = 0
    while colours:
        if colours & 1:
            moved |= (reach & lacking[colour]) << (1 << colour)
        colours >>= 1
        colour += 1
    return moved


def matching_size(colours_by_value: Sequence[int], colour_count: int) -> int:
    """`largest_rainbow`, by the subsets of colours instead of Hall's formula."""
    lacking, of_size = subset_tables(colour_count)
    reach = 1
    for colours in colours_by_value:
        if colours:
            reach |= _with_value(reach, colours, lacking)
    for size in range(colour_count, 0, -1):
        if reach & of_size[size]:
            return size
    return 0


def distinct_run_size(mask: int, colours_by_value: Sequence[int], colour_count: int) -> int:
    """`longest_distinct_run`, by the subsets of colours."""
    lacking, _ = subset_tables(colour_count)
    for size in range(longest_run(mask), 0, -1):
        window = (1 << size) - 1
        for start in range(len(colours_by_value) - size + 1):
            if (mask >> start) & window != window:
                continue
            reach = 1
            for value in range(start, start + size):
                reach = _with_value(reach, colours_by_value[value], lacking)
                if not reach:
                    break
            if reach:
                return size
    return 0


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
        # rank() by the sorted masks (ints) and evaluate_once() by the sorted reading (pairs): the
        # two kinds of key never meet.
        self.memo: dict[tuple[Any, ...], tuple[int, int, int]] = {}
        self._walks: dict[tuple[Any, ...], tuple[int, ...]] = {}  # _walk() by the numbers it reads
        # The deepest group any check asks for, and the subset tables of `_step` (module doc).
        self._deepest = max((max(c.groups) for c in self.checks if c.kind == GROUPS), default=1)
        self._lacking, self._of_size = subset_tables(colour_count)

    def rank(self, colour_masks: Sequence[int]) -> tuple[int, int, int]:
        """`evaluate` of a reading given as its per-colour value masks (one per colour index),
        remembered by the sorted masks: no pattern names a colour (only equal or different
        colours count), so readings that differ by a renaming of the colours show the same.
        The reading must hold no card twice (the same value in the same colour), so that the
        masks describe it whole."""
        key = tuple(sorted(colour_masks))
        found = self.memo.get(key)
        if found is None:
            if len(self.memo) > MEMO_LIMIT:  # a long-running referee: start over, never grow without end
                self.memo.clear()
            found = self.memo[key] = self.rank_now(colour_masks)
        return found

    def rank_twice(self, colour_masks: Sequence[int], twice: Sequence[tuple[int, int]]) -> tuple[int, int, int]:
        """`rank` of a reading that holds some cards twice: `colour_masks` as in `rank`, and
        `twice` the (value, colour index) of each card beyond the first of its kind (two quotos
        both read black 9 are one black 9 in the masks and one in `twice`). Remembered with
        each extra card named by its colour's mask (colours with equal masks are alike)."""
        key = (tuple(sorted(colour_masks)), tuple(sorted((value, colour_masks[colour]) for value, colour in twice)))
        found = self.memo.get(key)
        if found is None:
            if len(self.memo) > MEMO_LIMIT:
                self.memo.clear()
            found = self.memo[key] = self.rank_now(colour_masks, twice)
        return found

    def rank_now(self, colour_masks: Sequence[int], twice: Sequence[tuple[int, int]] = ()) -> tuple[int, int, int]:
        """What `rank` and `rank_twice` remember: exactly `evaluate`'s answer, found with bit
        operations instead of lists (tests/cavasie compare the two on every kind of hand). A
        card twice only adds to its value's count, its colour's count and the number of cards.

        The ladder only asks a few numbers of a reading (`_Features`), so the walk down the
        ladder is remembered by those; the two costly ones (a run in pairwise different
        colours, the most cards of different values and colours) are found only when the walk
        reaches a rung that needs them, and not even then when every value is shown once (the
        colours shown are then the most cards of different values and colours)."""
        cards = nonempty = same_run = colour_max = 0
        # one: the values shown; two … six: the values shown by more than one … five cards,
        # counted bit-parallel over the colours
        one = two = three = four = five = six = 0
        for colour_mask in colour_masks:
            if not colour_mask:
                continue
            count = colour_mask.bit_count()
            cards += count
            nonempty += 1
            if count > colour_max:
                colour_max = count
            if one & colour_mask:  # a value this colour shares with one shown before
                six |= five & colour_mask
                five |= four & colour_mask
                four |= three & colour_mask
                three |= two & colour_mask
                two |= one & colour_mask
            one |= colour_mask
            if count > same_run:  # a run is never longer than its colour's cards
                run = 0
                rest = colour_mask
                while rest:
                    rest &= rest >> 1
                    run += 1
                if run > same_run:
                    same_run = run
        mask = one
        if twice:
            extra = [0] * len(colour_masks)
            for value, colour in twice:
                extra[colour] += 1
                bit = 1 << value
                six |= five & bit
                five |= four & bit
                four |= three & bit
                three |= two & bit
                two |= one & bit
            cards += len(twice)
            colour_max = max(colour_mask.bit_count() + more
                             for colour_mask, more in zip(colour_masks, extra, strict=True))
        distinct = mask.bit_count()
        # grouped[k]: how many values more than k cards show; cut after the first 0, since the
        # walk reads a missing level as none (no value shown twice is the common case)
        grouped: tuple[int, ...]
        if not two:
            grouped = (distinct,)
        elif self._deepest <= 6:  # a scored hand has at most six cards, so every loaded ladder
            grouped = (distinct, two.bit_count(), three.bit_count(), four.bit_count(), five.bit_count(),
                       six.bit_count())
        else:
            levels = _levels([*colour_masks, *(1 << value for value, _ in twice)], self._deepest)
            grouped = tuple(level.bit_count() for level in levels[1:])
        any_run = 0
        rest = mask
        while rest:
            rest &= rest >> 1
            any_run += 1
        features = (cards, any_run, same_run, colour_max, grouped, distinct, nonempty)
        walked = self._walks.get(features)
        if walked is None:
            walked = self._walks[features] = self._walk(features, -1, -1)
        distinct_run = rainbow = -1
        while len(walked) == 1:  # the walk needs one of the costly numbers
            if walked[0] == NEEDS_DISTINCT_RUN:
                distinct_run = self._distinct_run(mask, min(any_run, nonempty), colour_masks, cards == distinct)
            else:
                rainbow = self._rainbow(mask, colour_masks)
            key = (features, distinct_run, rainbow)
            walked = self._walks.get(key)
            if walked is None:
                walked = self._walks[key] = self._walk(features, distinct_run, rainbow)
        return walked  # type: ignore[return-value]

    def _walk(self, features: tuple[int, int, int, int, tuple[int, ...], int, int], distinct_run: int,
              rainbow: int) -> tuple[int, ...]:
        """The ladder walked strongest first, as `evaluate` walks it, on a reading's numbers;
        (NEEDS_DISTINCT_RUN,) or (NEEDS_RAINBOW,) when it reaches a rung that needs one still
        unknown (-1)."""
        cards, any_run, same_run, colour_max, grouped, distinct, nonempty = features
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
                    size = same_run
                else:
                    if nonempty < need:  # a run in different colours is no longer than the colours shown
                        continue
                    if distinct_run < 0:
                        return (NEEDS_DISTINCT_RUN,)
                    size = distinct_run
            elif kind == GROUPS:
                if not _has_groups(grouped, wanted):
                    continue
                size = need
            elif kind == ONE_COLOUR:
                size = colour_max
            else:  # ALL_DIFFERENT
                if distinct < need or nonempty < need:
                    continue
                if cards == distinct:  # each value shown once: every colour shown lends its own value
                    size = nonempty
                elif rainbow < 0:
                    return (NEEDS_RAINBOW,)
                else:
                    size = rainbow
            if size < need:
                continue
            if found_index < 0:
                found_rank, found_index = rank, index
            if longer and size > length:
                length = size
        if found_index < 0:
            fallback = self.fallback(cards)
            return fallback.rank, 0, fallback.index
        return found_rank, length, found_index

    # Matchings of values to pairwise different colours as in `matching_size`, with each
    # value's colours read off the per-colour masks.
    def _step(self, reach: int, value: int, colour_masks: Sequence[int]) -> int:
        moved = 0
        for colour, colour_mask in enumerate(colour_masks):
            if colour_mask >> value & 1:
                moved |= (reach & self._lacking[colour]) << (1 << colour)
        return moved

    def _distinct_run(self, mask: int, longest: int, colour_masks: Sequence[int], disjoint: bool) -> int:
        """`longest_distinct_run`: the longest run of consecutive values shown in pairwise
        different colours, `longest` at most (the longest run in any colours, and no more values
        than colours shown). `disjoint`: each value is shown by one card only, so a stretch of
        values shows different colours exactly when no colour holds two of them."""
        top = mask.bit_length()
        for size in range(longest, 0, -1):
            window = (1 << size) - 1
            for start in range(top - size + 1):
                if (mask >> start) & window != window:
                    continue
                if disjoint:
                    stretch = window << start
                    for colour_mask in colour_masks:
                        inside = colour_mask & stretch
                        if inside & (inside - 1):  # two of the stretch's values in this colour
                            break
                    else:
                        return size
                    continue
                reach = 1
                for value in range(start, start + size):
                    reach = self._step(reach, value, colour_masks)
                    if not reach:
                        break
                if reach:
                    return size
        return 0

    def _rainbow(self, mask: int, colour_masks: Sequence[int]) -> int:
        """`largest_rainbow`: the most cards with pairwise different values and colours."""
        reach = 1
        value = 0
        rest = mask
        while rest:
            if rest & 1:
                reach |= self._step(reach, value, colour_masks)
            rest >>= 1
            value += 1
        for size in range(len(self._of_size) - 1, 0, -1):
            if reach & self._of_size[size]:
                return size
        return 0

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
                if len(counts) < need or sum(1 for n in colour_count if n) < need:
                    continue
                if rainbow < 0:
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


def _has_groups(grouped: tuple[int, ...], wanted: tuple[int, ...]) -> bool:
    """CV-8 groups on distinct values, largest first: the i-th group needs i + 1 values shown
    that many times (`grouped[k]`: the values shown more than k times, missing when none)."""
    for i, want in enumerate(wanted):  # noqa: SIM110 (a loop: all() over a generator costs twice as much)
        if want > len(grouped) or grouped[max(want, 1) - 1] <= i:
            return False
    return True


def _run_length(mask: int) -> int:
    """`longest_run` without its cache: a few shifts."""
    length = 0
    while mask:
        mask &= mask >> 1
        length += 1
    return length


def _levels(colour_masks: Sequence[int], deepest: int) -> list[int]:
    """levels[k]: the values shown by at least k cards (k = 1 … deepest), counted bit-parallel."""
    levels = [0] * (deepest + 1)
    for colour_mask in colour_masks:
        if colour_mask:
            for k in range(deepest, 1, -1):
                levels[k] |= levels[k - 1] & colour_mask
            levels[1] |= colour_mask
    return levels


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
    # runs and all_different: the largest fitting subset, the highest sum, and of those the
    # first in `combinations` order (the smallest positions). The largest size that fits is
    # known from the reading itself.
    size = _largest_fit(pattern, reading)
    if size < pattern.cards:
        return ()
    if pattern.kind == "run":
        return _run_pick(pattern.colours, reading, size)
    values = [value for value, _ in reading]
    colours = [colour for _, colour in reading]
    best_pick: tuple[int, ...] = ()
    best_sum = -1
    for pick in combinations(positions, size):
        total = sum([values[i] for i in pick])
        if (total > best_sum and len({values[i] for i in pick}) == size
                and len({colours[i] for i in pick}) == size):
            best_pick, best_sum = pick, total
    return best_pick


def _run_pick(colours: str, reading: Reading, size: int) -> tuple[int, ...]:
    """The cards of a run of `size` values: a run's sum grows with its lowest value, so the
    highest window wins, and of the picks in it the smallest positions, card by card."""
    by_value: dict[int, list[int]] = {}
    for position, (value, _) in enumerate(reading):
        by_value.setdefault(value, []).append(position)
    starts = sorted((low for low in by_value if all(low + k in by_value for k in range(size))), reverse=True)
    for low in starts:
        window = [by_value[low + k] for k in range(size)]
        if colours == "any":
            return tuple(sorted(cards[0] for cards in window))
        picks = []
        for pick in product(*window):
            shown = {reading[i][1] for i in pick}
            if len(shown) == (1 if colours == "same" else size):
                picks.append(tuple(sorted(pick)))
        if picks:
            return min(picks)
    return ()


def _largest_fit(pattern: Pattern, reading: Reading) -> int:
    """The most cards of `reading` that can show `pattern` (a run or all_different) together."""
    colour_count = max(colour for _, colour in reading) + 1
    if pattern.kind == "all_different":
        return matching_size(_colours_by_value(reading), colour_count)
    mask = 0
    for value, _ in reading:
        mask |= 1 << value
    if pattern.colours == "any":
        return longest_run(mask)
    if pattern.colours == "same":
        by_colour: dict[int, int] = {}
        for value, colour in reading:
            by_colour[colour] = by_colour.get(colour, 0) | 1 << value
        return max(map(longest_run, by_colour.values()))
    return distinct_run_size(mask, _colours_by_value(reading), colour_count)


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

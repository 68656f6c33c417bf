"""A hand's best reading (CV-7 … CV-10): which floor cards, which quoto readings, which pattern.

`Scorer(deck)` compiles a deck and its ladder once. `score(seat)` tries every choice of the
floor cards (and of the centre cards for a dealer, CV-7), and for each choice the quoto
readings that can matter, and keeps the best by CV-10's key. The search is cut down three
ways, none of which can lose the best answer:

- a quoto reading that another reading of the same quoto dominates is never tried: a lower
  value when no other card could sit next to it, equal it or equal the top value (it can then
  add to no run, group or clash, and the top value adds more to the sum); black when no other
  card could take its own colour, and the cards that could be black are too few and too far
  apart in value for a one-colour pattern (its own colour is then as fresh a colour as black,
  can complete everything black could, and adds to CV-10's colour count);
- each choice of cards is evaluated once per scorer and remembered by its set of cards
  (a bit mask), so a showdown's re-scoring and repeated look-ups cost a dictionary read;
- the ladder is walked strongest first and stops at the first pattern shown (patterns.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import combinations, product
from typing import Any

from companion.cavasie.deck import Deck, Pattern
from companion.cavasie.patterns import Ladder, pattern_cards

# CV-10 key: (rank, length, sum, colour counts in the deck's order..., shape counts in order...)
Key = tuple[int, ...]


@dataclass(frozen=True)
class QuotoReading:
    """How one quoto is read (CV-2): its value and its colour (its own, or black)."""

    value: int
    colour: str

    def to_json(self) -> dict[str, Any]:
        return {"value": self.value, "colour": self.colour}


@dataclass(frozen=True)
class SeatCards:
    """What one player holds at the showdown. For a dealer `hand` holds the centre cards,
    of which two count as the dealer's hand (CV-7)."""

    hand: tuple[str, ...]
    floor: tuple[str, ...]
    dealer: bool = False


@dataclass(frozen=True)
class HandScore:
    """A scored hand's best reading.

    `pattern` is the ladder pattern's id, or the special pattern's id (`vepleque`, `sol`);
    `rank` its display name and `rank_index` its place on the ladder (CV-8: 1 … 18);
    `cards` the chosen scored hand sorted by code; `quotos` the reading of each quoto in it;
    `pattern_cards` the cards that show the pattern (worked out when first asked: a ranking
    needs only the key, the protocol's answer never shows them); `key` the CV-10 comparison key."""

    pattern: str
    rank: str
    rank_index: int
    cards: tuple[str, ...]
    sum: int
    quotos: tuple[tuple[str, QuotoReading], ...]
    length: int
    colour_counts: tuple[int, ...]
    shape_counts: tuple[int, ...]
    key: Key
    special: str | None = None  # "vepleque" or "sol" when a special pattern (CV-9) decided the rank
    lifted_from: str | None = None  # sol: the pattern it lifted
    find_pattern_cards: Callable[[], tuple[str, ...]] = field(default=tuple, compare=False, repr=False)

    @cached_property
    def pattern_cards(self) -> tuple[str, ...]:
        return self.find_pattern_cards()

    @property
    def vepleque(self) -> bool:
        return self.special == "vepleque"

    def to_json(self) -> dict[str, Any]:
        """The protocol's `score` answer."""
        return {
            "rank": self.rank,
            "rank_index": self.rank_index,
            "cards": list(self.cards),
            "sum": self.sum,
            "quotos": {code: reading.to_json() for code, reading in self.quotos},
        }


# The best reading of one fixed choice of cards: (key, cards in reading order (numbered cards
# first, then the quotos), the quotos' readings as (value, colour, share), pattern index or
# VEPLEQUE / SOL, lifted pattern index or -1). The whole reading is built only for the answer.
_Best = tuple[Key, tuple[int, ...], tuple[tuple[int, int, int], ...], int, int]

VEPLEQUE, SOL = -1, -2
_FIELD = 4  # bits per count in the packed tie-break (a scored hand has at most six cards)


class Scorer:
    """Scores hands with one deck and ladder. Holds nothing but compiled tables and caches.

    The CV-10 tie-break after the rank and length (sum, then colour counts in the deck's order,
    then shape counts in order) is packed into one integer whose order is the tie-break's order:
    the sum in the high bits, then one 4-bit field per colour and per shape. Each card adds its
    share, so a choice of cards costs one addition per card."""

    def __init__(self, deck: Deck) -> None:
        self.deck = deck
        ladder = deck.ladder
        self.patterns: tuple[Pattern, ...] = ladder.patterns
        self.black = len(deck.colours)
        colour_index = {colour: i for i, colour in enumerate(deck.colours)}
        colour_index[deck.black] = self.black
        shapes, colours = len(deck.shapes), len(deck.colours)
        self._shape_shift = [_FIELD * (shapes - 1 - j) for j in range(shapes)]
        self._colour_shift = [_FIELD * (shapes + colours - 1 - k) for k in range(colours)]
        self._sum_shift = _FIELD * (shapes + colours)
        self._top_quoto = max(deck.quoto_values)
        self._quoto: list[bool] = []
        self._own: list[int] = []
        self._fixed: list[tuple[int, int, int, int]] = []  # numbered: value, colour, value bit, tie-break share
        self._options: list[tuple[tuple[int, int, int], ...]] = []  # every (value, colour, share) reading
        for card in deck.cards:
            own = colour_index[card.colour]
            self._quoto.append(card.quoto)
            self._own.append(own)
            if card.quoto:
                colours_read = [own] if own == self.black else [own, self.black]
                self._options.append(tuple(
                    (value, colour, self._share(value, colour, None))
                    for value in sorted(deck.quoto_values, reverse=True) for colour in colours_read))
                self._fixed.append((-1, -1, 0, 0))
            else:
                assert card.value is not None
                share = self._share(card.value, own, card.shape)
                self._options.append(((card.value, own, share),))
                self._fixed.append((card.value, own, 1 << card.value, share))
        self._value_bits = [sum({1 << value for value, _, _ in options}) for options in self._options]
        self._colour_bits = [sum({1 << colour for _, colour, _ in options}) for options in self._options]
        # A lower quoto value matters only beside a card that could sit next to it, equal it, or
        # equal the top value (module doc); these are the values to look for.
        top = self._top_quoto
        self._near = {value: (1 << max(value - 1, 0)) | (1 << value) | (1 << (value + 1)) | (1 << top)
                      for value in deck.quoto_values}
        self._one_colour_min = min((p.cards for p in ladder.patterns if p.kind == "one_colour"), default=99)
        self._same_runs = any(p.kind == "run" and p.colours == "same" for p in ladder.patterns)
        self._full = Ladder(ladder.patterns, self.black + 1)
        self._voided: Ladder | None = None
        vepleque = ladder.vepleque
        self._vepleque_quotos = frozenset(vepleque.quotos) if vepleque else frozenset()
        self._vepleque_without_quotos = 0 in self._vepleque_quotos  # only a hand-built ladder
        self._vepleque_rank = ladder.rank_of(vepleque.ranks_as) if vepleque else 0
        if vepleque and vepleque.voids_from is not None:
            self._voided = Ladder(ladder.patterns, self.black + 1, below_rank=ladder.rank_of(vepleque.voids_from))
        sol = ladder.sol
        self._sol_mask = 0
        if sol is not None:
            for index, card in enumerate(deck.cards):
                if card.shape == sol.shape:
                    self._sol_mask |= 1 << index
        self._sol_hand_cards = sol.max_hand_cards if sol else -1
        self._sol_needs = ladder.rank_of(sol.needs) if sol else 0
        self._sol_rank = ladder.rank_of(sol.lifts_to) if sol else 0
        self._cache: dict[int, _Best] = {}
        self._index = {card.code: i for i, card in enumerate(deck.cards)}
        self._quoto_mask = sum(1 << i for i, card in enumerate(deck.cards) if card.quoto)
        # numbered cards that are not black: a choice holding one cannot be vepleque (CV-9)
        self._coloured_mask = sum(1 << i for i, card in enumerate(deck.cards)
                                  if not card.quoto and self._own[i] != self.black)

    def _share(self, value: int, colour: int, shape: str | None) -> int:
        share = value << self._sum_shift
        if colour != self.black:  # CV-10: black adds to no colour
            share += 1 << self._colour_shift[colour]
        if shape is not None:
            share += 1 << self._shape_shift[self.deck.shapes.index(shape)]
        return share

    # -- public --------------------------------------------------------------------------------
    def score(self, seat: SeatCards, voided: bool = False) -> HandScore:
        """The best scored hand of `seat` (CV-7). `voided`: score as at a showdown where a
        vepleque voided the patterns from felox up (CV-9). Codes must be the deck's."""
        index = self._index
        hand = [index[code] for code in seat.hand]
        floor = [index[code] for code in seat.floor]
        floor_picks = _picks(floor, 2)
        if seat.dealer:
            sol_ok = min(2, len(hand)) <= self._sol_hand_cards
            hand_picks = _picks(hand, 2)
        else:
            sol_ok = len(hand) <= self._sol_hand_cards
            hand_picks = _picks(hand, len(hand))
        voided = voided and self._voided is not None
        flags = (2 if sol_ok else 0) | (1 if voided else 0)
        cache = self._cache
        if len(cache) > 400_000:  # a long session: start over rather than grow without end
            cache.clear()
        evaluate = self._evaluate
        best: _Best | None = None
        for hand_mask, hand_cards in hand_picks:
            for floor_mask, floor_cards in floor_picks:
                held = hand_mask | floor_mask
                memo = held << 2 | flags
                found = cache.get(memo)
                if found is None:
                    found = cache[memo] = evaluate(hand_cards + floor_cards, held, sol_ok, voided)
                if best is None or found[0] > best[0]:
                    best = found
        assert best is not None
        return self._answer(best)

    def score_hand(self, hand: Sequence[str], floor: Sequence[str], voided: bool = False) -> HandScore:
        return self.score(SeatCards(tuple(hand), tuple(floor)), voided)

    def score_dealer(self, center: Sequence[str], floor: Sequence[str], voided: bool = False) -> HandScore:
        return self.score(SeatCards(tuple(center), tuple(floor), dealer=True), voided)

    def read(self, cards: Sequence[str], hand_cards: int = 2, voided: bool = False) -> HandScore:
        """The best reading of one fixed scored hand (no choice of floor cards)."""
        indices = tuple(self._index[code] for code in cards)
        held = 0
        for i in indices:
            held |= 1 << i
        return self._answer(self._evaluate(indices, held, hand_cards <= self._sol_hand_cards,
                                           voided and self._voided is not None))

    @property
    def voids(self) -> bool:
        """Whether this ladder's vepleque voids anything (CV-9)."""
        return self._voided is not None

    def clear_cache(self) -> None:
        self._cache.clear()

    # -- one choice of cards -------------------------------------------------------------------
    def _quoto_options(self, quoto: int, values: int, colours: int,
                       cards: tuple[int, ...]) -> list[tuple[int, int, int]]:
        """The readings of `quoto` worth trying beside the other cards of `cards`, which could
        show the `values` and `colours` (bit masks; see the module doc)."""
        own = self._own[quoto]
        black = self.black
        keep_black = bool(colours >> own & 1) or (bool(colours >> black & 1) and self._black_matters(cards))
        top, near = self._top_quoto, self._near
        options = []
        for option in self._options[quoto]:
            value, colour, _ = option
            if colour == black and colour != own and not keep_black:
                continue
            if value != top and not values & near[value]:
                continue
            options.append(option)
        return options

    def _black_matters(self, cards: tuple[int, ...]) -> bool:
        """Could the cards that may be black show a one-colour pattern among themselves: enough
        of them for the smallest one-colour rung, or two consecutive values for a same-colour run?"""
        blacks = [i for i in cards if self._colour_bits[i] >> self.black & 1]
        if len(blacks) >= self._one_colour_min:
            return True
        values = 0
        for i in blacks:
            values |= self._value_bits[i]
        return self._same_runs and bool(values & values >> 1)

    def _evaluate(self, cards: tuple[int, ...], held: int, sol_ok: bool, voided: bool) -> _Best:
        """The best reading of one choice of cards (`held`: their bit mask)."""
        quoto = self._quoto
        fixed = self._fixed
        ladder = self._voided if voided and self._voided is not None else self._full
        sol = sol_ok and self._sol_mask != 0 and held & self._sol_mask == self._sol_mask
        sol_needs, sol_rank = self._sol_needs, self._sol_rank
        if not held & self._quoto_mask and not self._vepleque_without_quotos:  # one reading: the common case
            masks = [0] * (self.black + 1)
            tie = 0
            twice: list[tuple[int, int]] = []  # a card of a value and colour already held (an edited deck)
            for i in cards:
                value, colour, bit, share = fixed[i]
                if masks[colour] & bit:
                    twice.append((value, colour))
                masks[colour] |= bit
                tie += share
            if twice:
                rank, length, pattern = ladder.rank_twice(masks, twice)
            else:
                rank, length, pattern = ladder.rank(masks)
            lifted = -1
            if sol and sol_needs <= rank < sol_rank:
                rank, length, lifted, pattern = sol_rank, 0, pattern, SOL
            return (rank, length, tie), cards, (), pattern, lifted
        masks = [0] * (self.black + 1)
        tie = values = colours = 0  # values and colours: what the numbered cards show, as bit masks
        twice = []  # the same value in the same colour again (black quotos, or an edited deck)
        numbered = []
        quotos = []
        for i in cards:
            if quoto[i]:
                quotos.append(i)
                continue
            numbered.append(i)
            value, colour, bit, share = fixed[i]
            if masks[colour] & bit:
                twice.append((value, colour))
            masks[colour] |= bit
            tie += share
            values |= bit
            colours |= 1 << colour
        order = (*numbered, *quotos)
        if len(quotos) in self._vepleque_quotos and not held & self._coloured_mask:
            # CV-9: that choice of cards ranks as felox whatever else it reads as; all black,
            # so the quotos take the higher value for the sum and add to no colour.
            black = (self._top_quoto, self.black, self._top_quoto << self._sum_shift)
            return (self._vepleque_rank, 0, tie + black[2] * len(quotos)), order, (black,) * len(quotos), VEPLEQUE, -1
        value_bits, colour_bits = self._value_bits, self._colour_bits
        worth_trying = []  # each quoto's readings
        for q in quotos:
            around_values, around_colours = values, colours  # what every card but q could show
            for other in quotos:
                if other != q:
                    around_values |= value_bits[other]
                    around_colours |= colour_bits[other]
            worth_trying.append(self._quoto_options(q, around_values, around_colours, cards))
        best_key: Key | None = None
        best_combo: tuple[tuple[int, int, int], ...] = ()
        best_pattern = best_lifted = -1
        for combo in product(*worth_trying):
            read_masks = list(masks)
            read_tie = tie
            read_twice = twice
            for value, colour, share in combo:
                bit = 1 << value
                if read_masks[colour] & bit:
                    read_twice = [*read_twice, (value, colour)]
                read_masks[colour] |= bit
                read_tie += share
            if read_twice:
                rank, length, pattern = ladder.rank_twice(read_masks, read_twice)
            else:
                rank, length, pattern = ladder.rank(read_masks)
            lifted = -1
            if sol and sol_needs <= rank < sol_rank:
                rank, length, lifted, pattern = sol_rank, 0, pattern, SOL
            key = (rank, length, read_tie)
            if best_key is None or key > best_key:
                best_key, best_combo, best_pattern, best_lifted = key, combo, pattern, lifted
        assert best_key is not None
        return best_key, order, best_combo, best_pattern, best_lifted

    def _reading(self, numbered: Sequence[int], combo: Sequence[tuple[int, int, int]]) -> tuple[tuple[int, int], ...]:
        """The (value, colour) of each card: the numbered cards', then the quotos' as read."""
        fixed = self._fixed
        return (*((fixed[i][0], fixed[i][1]) for i in numbered), *((value, colour) for value, colour, _ in combo))

    # -- the answer ----------------------------------------------------------------------------
    def unpack(self, tie: int) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
        """Sum, colour counts and shape counts from a packed tie-break."""
        colours = tuple((tie >> shift) & 15 for shift in self._colour_shift)
        shapes = tuple((tie >> shift) & 15 for shift in self._shape_shift)
        return tie >> self._sum_shift, colours, shapes

    def _answer(self, best: _Best) -> HandScore:
        key, cards, combo, pattern_index, lifted = best
        reading = self._reading(cards[:len(cards) - len(combo)], combo)
        deck = self.deck
        codes = [deck.cards[i].code for i in cards]
        colour_names = (*deck.colours, deck.black)
        quotos = tuple(sorted(
            (codes[slot], QuotoReading(value, colour_names[colour]))
            for slot, (value, colour) in enumerate(reading) if self._quoto[cards[slot]]))
        ladder = deck.ladder
        lifted_from = special = None
        if pattern_index == VEPLEQUE:
            assert ladder.vepleque is not None
            special = pattern_id = ladder.vepleque.id
            name = ladder.vepleque.name
        elif pattern_index == SOL:
            assert ladder.sol is not None
            special = pattern_id = ladder.sol.id
            name = ladder.sol.name
            lifted_from = self.patterns[lifted].id
        else:
            pattern = self.patterns[pattern_index]
            pattern_id, name = pattern.id, pattern.name

        def find_pattern_cards() -> tuple[str, ...]:
            if pattern_index == VEPLEQUE:
                shown = tuple(code for slot, code in enumerate(codes) if self._quoto[cards[slot]])
            elif pattern_index == SOL:
                positions = set(pattern_cards(self.patterns[lifted], reading))
                positions |= {slot for slot, index in enumerate(cards) if self._sol_mask >> index & 1}
                shown = tuple(codes[slot] for slot in sorted(positions))
            else:
                shown = tuple(codes[slot] for slot in pattern_cards(self.patterns[pattern_index], reading))
            # lowest value first, as a player would lay the pattern out
            value_of = {code: value for code, (value, _) in zip(codes, reading, strict=True)}
            return tuple(sorted(shown, key=lambda code: (value_of[code], code)))

        rank, length, tie = key
        total, colour_counts, shape_counts = self.unpack(tie)
        return HandScore(
            pattern=pattern_id,
            rank=name,
            rank_index=rank,
            cards=tuple(sorted(codes)),
            sum=total,
            quotos=quotos,
            length=length,
            colour_counts=colour_counts,
            shape_counts=shape_counts,
            key=(rank, length, total, *colour_counts, *shape_counts),
            special=special,
            lifted_from=lifted_from,
            find_pattern_cards=find_pattern_cards,
        )


def _picks(cards: list[int], count: int) -> list[tuple[int, tuple[int, ...]]]:
    """Every choice of `count` of `cards` (all of them when fewer), with its bit mask."""
    if len(cards) <= count:
        mask = 0
        for index in cards:
            mask |= 1 << index
        return [(mask, tuple(cards))]
    if count == 2:
        return [((1 << a) | (1 << b), (a, b)) for a, b in combinations(cards, 2)]
    picks = []
    for pick in combinations(cards, count):
        mask = 0
        for index in pick:
            mask |= 1 << index
        picks.append((mask, pick))
    return picks

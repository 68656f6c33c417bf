"""An exhaustive Çävasie scorer written straight from the rules text (CV-1 … CV-10), for tests.

It shares no code with companion/cavasie: the deck is rebuilt from CV-1 … CV-3, every pattern is
looked for by trying every subset of the scored hand, and every choice of floor (and centre)
cards and every reading of every quoto (0 or 9, black or own colour: four each) is tried.
Slow on purpose and simple on purpose.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, pairwise, product

COLOURS = ("red", "yellow", "green", "blue")  # CV-1 rows, and CV-10's order
LETTERS = {"A": "red", "S": "yellow", "G": "green", "P": "blue"}
BLACK = "black"
SHAPES = ("oxas", "lindys", "ronaldisis")  # CV-10's order
ALL_CODES = tuple(f"{letter}{digit}" for letter in "ASGP" for digit in range(9))

NAMES = {
    1: "migutin", 2: "meseç", 3: "aloxolef", 4: "alon", 5: "aloxelof ad livizax", 6: "alofelox",
    7: "stelie", 8: "doliahin", 9: "stelie ad livizax", 10: "felox", 11: "cävàsìe", 12: "loquosil",
    13: "felox ad livizax", 14: "hugenie", 15: "livizax", 16: "quôy", 17: "quôy ad livizax", 18: "vanzie",
}


def number(code: str) -> int | None:
    """CV-1: card 1 is A1, 9 is S1, 32 is P8; quotos have no number."""
    digit = int(code[1])
    return None if digit == 0 else "ASGP".index(code[0]) * 8 + digit


def shape(code: str) -> str | None:
    """CV-3: (number - 1) as five binary digits."""
    n = number(code)
    if n is None:
        return None
    digits = format(n - 1, "05b")
    if len(set(digits)) == 1:
        return "oxas"
    return "lindys" if digits[0] != digits[-1] else "ronaldisis"


def options(code: str) -> list[tuple[int, str]]:
    """The (value, colour) a card can show: numbered cards one, quotos four (CV-2)."""
    colour = LETTERS[code[0]]
    digit = int(code[1])
    if digit:
        return [(digit, colour)]
    return [(v, c) for v in (0, 9) for c in (colour, BLACK)]


def _run(values: list[int]) -> bool:
    ordered = sorted(values)
    return all(b == a + 1 for a, b in pairwise(ordered))


def _distinct(items: list[str] | list[int]) -> bool:
    return len(set(items)) == len(items)


def shown(reading: list[tuple[int, str]], voided: bool = False) -> tuple[int, int]:
    """(rank, length) of the best pattern of one reading, by trying every subset (CV-8)."""
    return _shown(tuple(sorted(reading)), voided)


@cache
def _shown(reading: tuple[tuple[int, str], ...], voided: bool) -> tuple[int, int]:
    found: dict[int, int] = {}

    def note(rank: int, length: int = 0) -> None:
        found[rank] = max(found.get(rank, 0), length)

    for size in range(2, len(reading) + 1):
        for subset in combinations(reading, size):
            values = [v for v, _ in subset]
            colours = [c for _, c in subset]
            one_colour = len(set(colours)) == 1
            run = _run(values)
            if size == 2:
                if run:
                    note(3)
                    if one_colour:
                        note(5)
                if values[0] == values[1]:
                    note(4)
            if size == 3:
                if run:
                    note(7)
                    if one_colour or _distinct(colours):
                        note(9)
                if len(set(values)) == 1:
                    note(8)
            if size == 4:
                counts = sorted(values.count(v) for v in set(values))
                if counts == [2, 2]:
                    note(6)
                if run:
                    note(10)
                    if one_colour:
                        note(13)
                    if _distinct(colours):
                        note(18)
                if _distinct(values) and _distinct(colours):
                    note(11)
                if len(set(values)) == 1:
                    note(12)
            if size == 5:
                counts = sorted(values.count(v) for v in set(values))
                if counts == [2, 3]:
                    note(14)
            if size >= 4 and one_colour:
                note(15, size)
            if size >= 5 and run:
                note(16, size)
                if one_colour:
                    note(17, size)
    if voided:
        found = {rank: length for rank, length in found.items() if rank < 10}
    if not found:
        return (1 if len(reading) >= 5 else 2), 0
    best = max(found)
    return best, found[best] if best in (15, 16, 17) else 0


def key_of(cards: tuple[str, ...], reading: list[tuple[int, str]], hand_cards: int,
           voided: bool = False) -> tuple[int, ...]:
    """CV-10's key of one reading of one scored hand, with CV-9's special patterns."""
    quotos = [code for code in cards if code[1] == "0"]
    total = sum(v for v, _ in reading)
    if len(quotos) == len(cards) and len(quotos) in (3, 4):
        # vepleque: all black with 3 or 4 quotos (the default deck has no black numbered card, so
        # only quotos); ranks as felox (10) whatever else; values free, so 9s for the sum
        if any(c != BLACK for _, c in reading):
            return (0,)
        rank, length = 10, 0
        total = 9 * len(quotos)
    else:
        rank, length = shown(reading, voided)
        if "A1" in cards and "P8" in cards and hand_cards < 4 and 3 <= rank < 9:  # sol
            rank, length = 9, 0
    colours = tuple(sum(1 for _, c in reading if c == colour) for colour in COLOURS)
    shapes = tuple(sum(1 for code in cards if shape(code) == s) for s in SHAPES)
    return (rank, length, total, *colours, *shapes)


def choices(hand: list[str], floor: list[str], dealer: bool) -> list[tuple[str, ...]]:
    """CV-7: all hand cards (a dealer: two centre cards) plus two floor cards."""
    hands = list(combinations(hand, min(2, len(hand)))) if dealer else [tuple(hand)]
    floors = list(combinations(floor, min(2, len(floor))))
    return [h + f for h in hands for f in floors]


def all_readings(cards: tuple[str, ...]) -> list[list[tuple[int, str]]]:
    return [list(r) for r in product(*(options(code) for code in cards))]


def best(hand: list[str], floor: list[str], dealer: bool = False, voided: bool = False) -> tuple[int, ...]:
    """The best key over every choice of cards and every quoto reading."""
    hand_cards = min(2, len(hand)) if dealer else len(hand)
    return max(key_of(cards, reading, hand_cards, voided)
               for cards in choices(hand, floor, dealer) for reading in all_readings(cards))


def is_vepleque_best(hand: list[str], floor: list[str], dealer: bool = False) -> bool:
    top = best(hand, floor, dealer)
    hand_cards = min(2, len(hand)) if dealer else len(hand)
    for cards in choices(hand, floor, dealer):
        if all(code[1] == "0" for code in cards) and len(cards) in (3, 4):
            vep = key_of(cards, [(9, BLACK)] * len(cards), hand_cards)
            if vep == top:
                return True
    return False

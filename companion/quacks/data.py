"""The printed components of The Quacks of Quedlinburg (base game) as literal tables.

Every table carries how sure the published facts are ("confirmed", "likely", "unconfirmed");
a value the players have corrected for their own copy reads "user". The prices and the
fortune cards can differ between printings, so they live in a `Catalogue` that a table can
override (`catalogue_with`); the pot track, rat tails, chips and bag are fixed.

Rule ids: QK-1 (books and the rounds they come out), QK-2 (starting bag, ruby), QK-3 (the
extra white before round 6), QK-5 (rat tails), QK-6/QK-10 (pot track and spoon), QK-14
(prices), QK-17 (the black-chip and white-limit readings).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from types import MappingProxyType
from typing import Any, Literal, TypeGuard

from companion.errors import BadRequest, IllegalMove
from companion.i18n import render

Status = Literal["confirmed", "likely", "unconfirmed", "user"]
STATUSES: tuple[Status, ...] = ("confirmed", "likely", "unconfirmed", "user")

# --- chips ------------------------------------------------------------------------------

COLOURS = ("white", "orange", "green", "blue", "red", "yellow", "purple", "black")
CHIP_CODES = (
    "W1", "W2", "W3", "O1", "G1", "G2", "G4", "B1", "B2", "B4",
    "R1", "R2", "R4", "Y1", "Y2", "Y4", "P1", "K1",
)
_LETTER_COLOUR = {"W": "white", "O": "orange", "G": "green", "B": "blue", "R": "red",
                  "Y": "yellow", "P": "purple", "K": "black"}
COLOUR_LETTER = MappingProxyType({colour: letter for letter, colour in _LETTER_COLOUR.items()})


@dataclass(frozen=True)
class Chip:
    """One kind of ingredient chip: `Chip("R4", "red", 4)`."""

    code: str
    colour: str
    value: int

    @property
    def white(self) -> bool:
        return self.colour == "white"


CHIPS: Mapping[str, Chip] = MappingProxyType(
    {code: Chip(code, _LETTER_COLOUR[code[0]], int(code[1])) for code in CHIP_CODES})
VALUES: Mapping[str, tuple[int, ...]] = MappingProxyType({
    colour: tuple(c.value for c in CHIPS.values() if c.colour == colour) for colour in COLOURS})


def chip(code: Any) -> Chip:
    """The chip of a protocol code such as "W3"; an unknown code is a `BadRequest`."""
    if isinstance(code, str) and code in CHIPS:
        return CHIPS[code]
    raise BadRequest("quacks.unknown_chip", code=str(code), codes=" ".join(CHIP_CODES))


def chip_code(colour: str, value: int) -> str:
    """The code of the chip of `colour` and `value` ("red", 4 -> "R4")."""
    code = f"{COLOUR_LETTER.get(colour, '?')}{value}"
    chip(code)
    return code


# --- bags -------------------------------------------------------------------------------


class Bag(Mapping[str, int]):
    """An immutable multiset of chips: chip code -> count (codes with 0 chips are left out).

    Iterates in `CHIP_CODES` order, so two equal bags print and serialise alike.
    """

    __slots__ = ("_counts",)
    _counts: tuple[tuple[str, int], ...]

    def __init__(self, counts: Mapping[str, int] | None = None) -> None:
        clean: dict[str, int] = {}
        for code, count in (counts or {}).items():
            chip(code)
            if not isinstance(count, int) or isinstance(count, bool) or count < 0:
                raise BadRequest("quacks.bag_count", code=str(code), count=str(count))
            if count:
                clean[code] = count
        object.__setattr__(self, "_counts", tuple((c, clean[c]) for c in CHIP_CODES if c in clean))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Bag is immutable")

    def __getitem__(self, code: str) -> int:
        for known, count in self._counts:
            if known == code:
                return count
        return 0

    def __contains__(self, code: object) -> bool:
        return any(known == code for known, _ in self._counts)

    def __iter__(self) -> Iterator[str]:
        return (code for code, _ in self._counts)

    def __len__(self) -> int:
        return len(self._counts)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Bag):
            return self._counts == other._counts
        if isinstance(other, Mapping):
            return dict(self._counts) == {k: v for k, v in other.items() if v}
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._counts)

    def __repr__(self) -> str:
        return f"Bag({dict(self._counts)!r})"

    @property
    def size(self) -> int:
        """How many chips the bag holds."""
        return sum(count for _, count in self._counts)

    @classmethod
    def _checked(cls, counts: Mapping[str, int]) -> Bag:
        """A bag of counts already known good (known codes, whole numbers): no second check."""
        bag = object.__new__(cls)
        object.__setattr__(bag, "_counts", tuple((c, counts[c]) for c in CHIP_CODES if counts.get(c)))
        return bag

    def add(self, code: str, count: int = 1) -> Bag:
        if code not in CHIPS or not isinstance(count, int) or count < 0:
            return Bag({**dict(self._counts), code: self[code] + count})  # refused with the reason
        counts = dict(self._counts)
        counts[code] = counts.get(code, 0) + count
        return Bag._checked(counts)

    def remove(self, code: str, count: int = 1, rule: str = "QK-6") -> Bag:
        """The bag without `count` chips `code`; taking a chip the bag does not hold is illegal."""
        chip(code)
        held = self[code]
        if held < count:
            raise IllegalMove("quacks.not_in_bag", rule=rule, code=code, held=held)
        counts = dict(self._counts)
        counts[code] = held - count
        return Bag._checked(counts)

    def to_json(self) -> dict[str, int]:
        return dict(self._counts)


# --- the pot track (QK-6, QK-10) --------------------------------------------------------


@dataclass(frozen=True)
class PotSpace:
    """A space of the pot: its index 0..53, coins, victory points and whether it shows a ruby."""

    index: int
    coins: int
    vp: int
    ruby: bool

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "coins": self.coins, "vp": self.vp, "ruby": self.ruby}


# Printed coin values 1..14, then 15..33 each on two spaces, then the spoon's 35.
_COINS = (0, *range(1, 15), *(c for c in range(15, 34) for _ in (0, 1)), 35)
_VP = (0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6,
       7, 7, 7, 8, 8, 8, 9, 9, 9, 10, 10, 10, 11, 11, 11, 12, 12, 12, 12, 13, 13, 13, 14, 14, 15)
RUBY_SPACES = frozenset({5, 9, 13, 16, 20, 24, 28, 30, 34, 36, 40, 42, 46, 50, 52})
POT_TRACK: tuple[PotSpace, ...] = tuple(
    PotSpace(i, _COINS[i], _VP[i], i in RUBY_SPACES) for i in range(len(_COINS)))
POT_TRACK_STATUS: Status = "confirmed"
DROPLET_START = 0
LAST_SPACE = 52  # the last space a chip can lie on (printed 33, ruby)
SPOON = 53  # reward only: 35 coins, 15 VP; reached by a chip on the last space (QK-6)

# --- score track and rat tails (QK-5) ---------------------------------------------------

RAT_TAILS: tuple[int, ...] = (1, 4, 7, 10, *range(12, 49, 2))  # a tail between t and t + 1
RAT_TAILS_STATUS: Status = "likely"
SCORE_LAP = 50  # the score track loops; its tails repeat 50 higher on every lap


def rat_tails_below(vp: int) -> int:
    """How many tails t (all laps) satisfy t < vp."""
    laps, rest = divmod(max(vp, 0), SCORE_LAP)
    return laps * len(RAT_TAILS) + sum(1 for t in RAT_TAILS if t < rest)


def rats_for(my_vp: int, leader_vp: int) -> int:
    """QK-5: the tails t with my_vp <= t < leader_vp; 0 for the leader and the tied."""
    if my_vp >= leader_vp:
        return 0
    return rat_tails_below(leader_vp) - rat_tails_below(my_vp)


# --- rounds, books, setup (QK-1, QK-2, QK-3) --------------------------------------------

ROUNDS = 9
RATS_FROM_ROUND = 2
EXTRA_WHITE_ROUND = 6  # QK-3: before this round every bag gets one more W1
EXTRA_WHITE_CODE = "W1"
WHITE_LIMIT = 7  # QK-7
BOOK_COLOURS = ("green", "blue", "red", "yellow", "purple")  # a set 1..4 is chosen for each
BOOK_SETS = (1, 2, 3, 4)
BOOK_ROUND_OUT: Mapping[str, int] = MappingProxyType(
    {"green": 1, "blue": 1, "red": 1, "yellow": 2, "purple": 3, "orange": 1, "black": 1})
ON_DRAW_COLOURS = ("blue", "red", "yellow")  # QK-18; green, purple, black act in step B


def book_out(colour: str, round_: int) -> bool:
    """QK-1: whether the book of `colour` is out in round `round_` (white is never sold)."""
    return colour in BOOK_ROUND_OUT and round_ >= BOOK_ROUND_OUT[colour]


@dataclass(frozen=True)
class Books(Mapping[str, int]):
    """The chosen set (1..4) of each choosable book; a colour not named is set 1 (QK-1).

    Reads like a mapping over every colour: orange, black and white answer 1.
    """

    green: int = 1
    blue: int = 1
    red: int = 1
    yellow: int = 1
    purple: int = 1

    def __post_init__(self) -> None:
        for colour in BOOK_COLOURS:
            value = getattr(self, colour)
            if not isinstance(value, int) or isinstance(value, bool) or value not in BOOK_SETS:
                raise BadRequest("quacks.book_set", rule="QK-1", colour=colour, value=str(value))

    def __getitem__(self, colour: str) -> int:
        if colour in BOOK_COLOURS:
            value: int = getattr(self, colour)
            return value
        if colour in COLOURS:
            return 1
        raise KeyError(colour)

    def __iter__(self) -> Iterator[str]:
        return iter(BOOK_COLOURS)

    def __len__(self) -> int:
        return len(BOOK_COLOURS)

    @classmethod
    def of(cls, sets: Mapping[str, Any] | None = None) -> Books:
        """Books from `{"red": 3, ...}`; an unknown colour or a set outside 1..4 is a `BadRequest`."""
        sets = sets or {}
        for colour in sets:
            if colour not in BOOK_COLOURS:
                raise BadRequest("quacks.book_colour", rule="QK-1", colour=str(colour),
                                 colours=", ".join(BOOK_COLOURS))
        return cls(**{str(c): v for c, v in sets.items()})

    def to_json(self) -> dict[str, int]:
        return {colour: self[colour] for colour in BOOK_COLOURS}


STARTING_BAG = Bag({"W1": 4, "W2": 2, "W3": 1, "O1": 1, "G1": 1})  # QK-2
STARTING_BAG_STATUS: Status = "confirmed"
STARTING_RUBIES = 1  # QK-2
STARTING_RUBIES_STATUS: Status = "likely"
BOX_SUPPLY: Mapping[str, int] = MappingProxyType({
    "W1": 20, "W2": 8, "W3": 4, "O1": 20, "G1": 15, "G2": 10, "G4": 13, "B1": 14, "B2": 10,
    "B4": 10, "R1": 12, "R2": 8, "R4": 10, "Y1": 13, "Y2": 6, "Y4": 10, "P1": 15, "K1": 18})
BOX_SUPPLY_STATUS: Status = "likely"
RUBIES_IN_BOX = 20
BONUS_DIE_FACES = ("1vp", "1vp", "2vp", "ruby", "droplet", "orange")
BONUS_DIE_STATUS: Status = "likely"  # five outcomes confirmed; the second "1vp" face likely
RUBIES_PER_DROPLET = 2  # QK-15
RUBIES_PER_FLASK = 2  # QK-15
COINS_PER_VP_ROUND_9 = 5  # QK-16
RUBIES_PER_VP_ROUND_9 = 2  # QK-16


When = Literal["draw", "evaluation", "passive", "beside"]


@dataclass(frozen=True)
class BookText:
    """When a book's effect acts and how sure its text is. The texts are i18n ids
    `quacks.book.<colour>.<set>`; `on_draw` effects are QK-18's."""

    colour: str
    book_set: int
    when: When
    status: Status


_WHENS: dict[str, tuple[When, When, When, When]] = {
        "green": ("evaluation",) * 4,
        "blue": ("draw",) * 4,
        "red": ("draw", "beside", "draw", "passive"),
        "yellow": ("draw", "draw", "passive", "draw"),
        "purple": ("evaluation", "evaluation", "evaluation", "evaluation"),
}
BOOK_TEXTS: Mapping[tuple[str, int], BookText] = MappingProxyType({
    (colour, s): BookText(colour, s, when, "confirmed" if s == 1 else "likely")
    for colour, whens in _WHENS.items()
    for s, when in zip(BOOK_SETS, whens, strict=True)
})
# Purple set 3's "space" read as the printed coin number (QK-17): the reading is ours.
PURPLE_SET3_STATUS: Status = "unconfirmed"
BLACK_TWO_PLAYER_ZERO_STATUS: Status = "unconfirmed"  # QK-17 decides: 0 vs 0 is "the same"


# --- prices (QK-14) ---------------------------------------------------------------------


@dataclass(frozen=True)
class Price:
    """The coins for one chip of a book set. `book_set` is 0 for orange and black, whose one
    price holds for every set. `alternatives` lists the other values seen in print."""

    colour: str
    book_set: int
    value: int
    coins: int
    status: Status
    alternatives: tuple[int, ...] = ()

    @property
    def code(self) -> str:
        return f"{COLOUR_LETTER[self.colour]}{self.value}"


FIXED_PRICE_COLOURS = ("orange", "black")  # one book each, same price whatever the sets
_SET_PRICES: dict[int, dict[str, tuple[int, ...]]] = {
    1: {"green": (4, 8, 14), "blue": (5, 10, 19), "red": (6, 10, 16), "yellow": (8, 12, 18), "purple": (9,)},
    2: {"green": (6, 11, 18), "blue": (5, 10, 19), "red": (4, 8, 14), "yellow": (9, 13, 19), "purple": (12,)},
    3: {"green": (6, 11, 21), "blue": (4, 8, 14), "red": (5, 9, 15), "yellow": (8, 12, 18), "purple": (10,)},
    4: {"green": (4, 8, 14), "blue": (5, 10, 19), "red": (7, 11, 17), "yellow": (8, 12, 18), "purple": (11,)},
}
# The two prices printings disagree on (the tables above hold the value used): the other one.
_UNCONFIRMED_PRICES = {("green", 3, 4): 18, ("blue", 4, 4): 20}


def _default_prices() -> tuple[Price, ...]:
    prices = [Price("orange", 0, 1, 3, "confirmed"), Price("black", 0, 1, 10, "confirmed")]
    for book_set, colours in _SET_PRICES.items():
        for colour, coins in colours.items():
            for value, amount in zip(VALUES[colour], coins, strict=True):
                key = (colour, book_set, value)
                if key in _UNCONFIRMED_PRICES:
                    other = _UNCONFIRMED_PRICES[key]
                    prices.append(Price(colour, book_set, value, amount, "unconfirmed", (other,)))
                else:
                    status: Status = "confirmed" if book_set == 1 else "likely"
                    prices.append(Price(colour, book_set, value, amount, status))
    return tuple(prices)


# --- fortune cards (QK-4) ---------------------------------------------------------------

CardType = Literal["purple", "blue"]


@dataclass(frozen=True)
class FortuneCard:
    """A fortune teller card. `effect` is the id a match engine dispatches on ("reminder" when
    the app only shows the card); the names and texts are ours, written from the card's rule.
    `number` is the one figure on the card that the engine reads (Living in Luxury's white
    limit 9, the 5 chips Less Is More draws ...; None for a card without one), allowed from
    `low` to `high`; the texts show it where they say `{n}`, so a table that corrects the
    number (its printing differs) sees the card say what it now does. `status` is for the
    wording and the number, `type_status` for its colour."""

    id: str
    name_en: str
    name_ko: str
    type: CardType
    text_en: str
    text_ko: str
    effect: str
    status: Status = "likely"
    type_status: Status = "likely"
    number: int | None = None
    low: int = 0
    high: int = 0

    def name(self, lang: str) -> str:
        return self.name_ko if lang == "ko" else self.name_en

    def text(self, lang: str) -> str:
        """The card's text in `lang` with its number where it says `{n}` (or `{n:ruby|rubies}`:
        the number and the word that fits it, as every message writes counts)."""
        template = self.text_ko if lang == "ko" else self.text_en
        return template if self.number is None else render(template, n=self.number)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name_en": self.name_en, "name_ko": self.name_ko, "type": self.type,
                "text_en": self.text("en"), "text_ko": self.text("ko"), "effect": self.effect,
                "status": self.status, "type_status": self.type_status, "number": self.number}


def _card(id_: str, name_en: str, name_ko: str, type_: CardType, effect: str,
          text_en: str, text_ko: str, type_status: Status = "likely",
          number: tuple[int, int, int] | None = None) -> FortuneCard:
    """`number`: (the printed figure, the lowest and highest a correction may make it)."""
    figure, low, high = number if number is not None else (None, 0, 0)
    return FortuneCard(id_, name_en, name_ko, type_, text_en, text_ko, effect, "likely", type_status,
                       figure, low, high)


FORTUNE_CARDS: tuple[FortuneCard, ...] = (
    _card("choose_wisely", "Choose Wisely", "현명한 선택", "purple", "choose_droplet2_or_purple",
          "Each player picks one: move the droplet {n:space|spaces} on, or take a purple chip.",
          "각자 하나를 고릅니다: 물방울을 {n}칸 전진하거나, 보라색 재료 1개를 받습니다.", number=(2, 1, 5)),
    _card("pot_filling_up", "The Pot Is Filling Up", "차오르는 솥", "purple", "droplet_1",
          "Every player moves the droplet {n:space|spaces} on.",
          "모든 플레이어가 물방울을 {n}칸 전진합니다.", number=(1, 1, 5)),
    _card("charity", "Charity", "자선", "purple", "fewest_rubies_ruby",
          "Whoever has the fewest rubies (all tied players) gets {n:ruby|rubies}.",
          "루비가 가장 적은 플레이어(동률이면 모두)가 루비 {n}개를 받습니다.", number=(1, 1, 5)),
    _card("less_is_more", "Less Is More", "적을수록 좋다", "purple", "draw5_lowest_blue2_else_ruby",
          "Everyone draws {n:chip|chips}. The lowest total (all tied) takes a blue 2; everyone else "
          "gets 1 ruby. The chips go back into the bags.",
          "모두 재료 {n}개를 꺼냅니다. 합이 가장 낮은 플레이어(동률이면 모두)는 파란색 2를 받고, "
          "나머지는 루비 1개를 받습니다. 꺼낸 재료는 주머니에 되돌립니다.", number=(5, 1, 9)),
    _card("choose_one", "You Only Get to Choose One", "딱 하나만", "purple",
          "choose_black_or_2chip_or_3rubies",
          "Each player picks one: a black chip, any one 2-chip, or {n:ruby|rubies}.",
          "각자 하나를 고릅니다: 검은색 재료 1개, 값이 2인 재료 아무거나 1개, 또는 루비 {n}개.",
          number=(3, 1, 6)),
    _card("wheel_and_deal", "Wheel and Deal", "물물교환", "purple", "trade_ruby_for_1chip",
          "Each player may pay 1 ruby for any 1-chip except purple or black.",
          "각자 루비 1개를 내고 값이 1인 재료 하나(보라색·검은색 제외)를 가져올 수 있습니다."),
    _card("good_start", "A Good Start", "순조로운 출발", "purple", "rats_for_rubies",
          "Each player either uses the rat stone as usual, or gives up 1 to {n} rat tails and "
          "takes as many rubies.",
          "각자 쥐 돌을 평소처럼 쓰거나, 쥐꼬리 1~{n}개를 포기하고 그만큼 루비를 받습니다.",
          number=(3, 1, 9)),
    _card("roll_the_die", "Roll the Die", "주사위 인심", "purple", "everyone_rolls_die",
          "Every player rolls the bonus die once and takes what it shows.",
          "모든 플레이어가 보너스 주사위를 한 번 굴려 나온 보상을 받습니다."),
    _card("opportunistic_moment", "An Opportunistic Moment", "절호의 기회", "purple",
          "draw4_upgrade_one_else_green1",
          "Each player draws {n:chip|chips} and may swap one of them (not a white one) for the same "
          "colour's next higher value; whoever cannot swap takes a green 1. The chips go back into "
          "the bag.",
          "각자 재료 {n}개를 꺼내, 그중 하나(흰색 제외)를 같은 색의 한 단계 높은 재료로 바꿀 수 "
          "있습니다. 바꿀 수 없으면 초록색 1을 받습니다. 꺼낸 재료는 주머니에 되돌립니다.",
          number=(4, 1, 9)),
    _card("beginners_bonus", "Beginner's Bonus", "초보자 보너스", "purple", "fewest_vp_green1",
          "Whoever has the fewest victory points (all tied players) gets a green 1.",
          "승점이 가장 적은 플레이어(동률이면 모두)가 초록색 1을 받습니다."),
    _card("rat_infestation", "Rat Infestation", "쥐 떼 소동", "purple", "double_rats",
          "This round every player gets twice as many rat tails.",
          "이번 라운드에는 모든 플레이어의 쥐꼬리 수가 두 배가 됩니다.", type_status="unconfirmed"),
    _card("just_in_time", "Just in Time", "때마침", "purple", "choose_4vp_or_remove_white1",
          "Each player picks one: {n:victory point|victory points}, or take a white 1 out of the bag.",
          "각자 하나를 고릅니다: 승점 {n}점, 또는 주머니에서 흰색 1 하나를 빼기.", number=(4, 1, 9)),
    _card("rats_friends", "Rats Are Your Friends", "쥐는 친구", "purple", "choose_4chip_or_vp_per_rat",
          "Each player picks one: any one 4-chip, or 1 victory point per rat tail they get "
          "this round.",
          "각자 하나를 고릅니다: 값이 4인 재료 아무거나 1개, 또는 이번 라운드에 받는 쥐꼬리 "
          "하나당 승점 1점."),
    _card("living_in_luxury", "Living in Luxury", "넉넉한 살림", "blue", "white_limit_9",
          "This round the pot only explodes when the white chips total more than {n}.",
          "이번 라운드에는 흰색 재료의 합이 {n}보다 커야 솥이 터집니다.", number=(9, 8, 15)),
    _card("seasoned_perfectly", "Seasoned Perfectly", "간이 딱 맞다", "blue", "whites_exactly_7_droplet",
          "Whoever ends the round with white chips totalling exactly {n} moves the droplet 1 space on.",
          "라운드가 끝날 때 흰색 재료의 합이 정확히 {n}이면 물방울을 1칸 전진합니다.", number=(7, 1, 15)),
    _card("lucky_devil", "Lucky Devil", "행운아", "blue", "ruby_space_2vp",
          "Whoever scores on a space showing a ruby this round gets {n:more victory point|more victory points}, "
          "exploded or not.",
          "이번 라운드에 루비가 그려진 칸에서 점수를 내면, 솥이 터졌더라도 승점 {n}점을 더 받습니다.",
          number=(2, 1, 9)),
    _card("shining_bright", "It's Shining Extra Bright", "유난히 반짝반짝", "blue", "ruby_space_extra_ruby",
          "Whoever scores on a space showing a ruby this round gets {n:more ruby|more rubies}.",
          "이번 라운드에 루비가 그려진 칸에서 점수를 내면 루비를 {n}개 더 받습니다.", number=(1, 1, 5)),
    _card("schadenfreude", "Schadenfreude", "남의 불행은 나의 행복", "blue", "explosion_gives_left_2chip",
          "When a pot explodes this round, the player to that player's left takes any one 2-chip.",
          "이번 라운드에 누군가의 솥이 터지면, 그 플레이어의 왼쪽 사람이 값이 2인 재료 "
          "아무거나 1개를 받습니다."),
    _card("well_stirred", "Well Stirred", "잘 저은 솥", "blue", "first_white_back",
          "This round each player may put the first white chip they draw back into the bag.",
          "이번 라운드에는 처음 꺼낸 흰색 재료를 주머니에 되돌릴 수 있습니다."),
    _card("pot_is_full", "The Pot Is Full", "넘치는 행운", "blue", "die_rolls_twice",
          "This round whoever rolls the bonus die rolls it {n:time|times}.",
          "이번 라운드에 보너스 주사위를 굴리는 사람은 {n}번 굴립니다.", number=(2, 1, 4)),
    _card("second_chance", "A Second Chance", "두 번째 기회", "blue", "restart_after_5",
          "After placing their first {n:chip|chips}, each player may once either go on or start the "
          "round's brewing over.",
          "재료 {n}개를 놓은 뒤, 한 번에 한해 계속하거나 이번 라운드의 끓이기를 처음부터 다시 할 수 있습니다.",
          number=(5, 1, 9)),
    _card("strong_ingredient", "Strong Ingredient", "강력한 재료", "blue", "draw5_place_one",
          "Starting with the start player, whoever stopped without an explosion draws up to {n:chip|chips} "
          "and may place one of them in the pot.",
          "시작 플레이어부터, 솥이 터지지 않고 멈춘 사람은 재료를 {n}개까지 꺼내 그중 하나를 "
          "솥에 놓을 수 있습니다.", number=(5, 1, 9)),
    _card("pumpkin_patch", "Pumpkin Patch Party", "호박 축제", "blue", "orange_moves_1_more",
          "This round every orange chip moves {n:space|spaces} further.",
          "이번 라운드에는 주황색 재료가 모두 {n}칸 더 나아갑니다.", number=(1, 1, 5)),
    _card("magic_potion", "Magic Potion", "마법의 물약", "blue", "refill_flasks_end",
          "At the end of the round every flask is refilled for free.",
          "라운드가 끝나면 모든 플라스크를 무료로 다시 채웁니다."),
)
CARD_EFFECTS = frozenset(card.effect for card in FORTUNE_CARDS) | {"reminder"}
_CARD_NAME_FIELDS = ("name_en", "name_ko")
CARD_NAME_MOST = 60  # a corrected card name, in characters


# --- the catalogue: prices and cards, overridable ---------------------------------------


@dataclass(frozen=True)
class Catalogue:
    """The tables a table may correct for its own printing: prices and fortune cards."""

    prices: Mapping[tuple[str, int, int], Price] = field(hash=False)
    cards: tuple[FortuneCard, ...]

    def card(self, card_id: str) -> FortuneCard:
        for card in self.cards:
            if card.id == card_id:
                return card
        raise BadRequest("quacks.unknown_card", card=str(card_id))

    def price_entry(self, colour: str, book_set: int, value: int) -> Price:
        key = (colour, 0 if colour in FIXED_PRICE_COLOURS else book_set, value)
        if key not in self.prices:
            raise BadRequest("quacks.not_for_sale", rule="QK-14", colour=colour, value=value)
        return self.prices[key]


@cache
def default_catalogue() -> Catalogue:
    """The printed tables (immutable, so one is shared)."""
    return Catalogue(MappingProxyType({(p.colour, p.book_set, p.value): p for p in _default_prices()}),
                     FORTUNE_CARDS)


def price(catalogue: Catalogue, colour: str, book_set: int, value: int) -> int:
    """QK-14: the coins for a chip (orange 3 and black 10 in every set; white is not sold)."""
    return catalogue.price_entry(colour, book_set, value).coins


def catalogue_with(overrides: Mapping[str, Any], base: Catalogue | None = None) -> Catalogue:
    """`base` (the default catalogue) with a table's corrections applied; each corrected item
    gets status "user". `overrides` = `{"prices": [{"colour": "green", "set": 3, "value": 4,
    "coins": 18}, ...], "cards": [{"id": "living_in_luxury", "number": 10, "name_en": "..."}]}`;
    orange and black prices take no "set". Anything malformed is a `BadRequest` and nothing
    is applied."""
    base = base or default_catalogue()
    if not isinstance(overrides, Mapping) or set(overrides) - {"prices", "cards"}:
        raise BadRequest("quacks.override_shape")
    prices = dict(base.prices)
    for item in _list(overrides.get("prices", [])):
        entry = _price_override(base, item)
        prices[(entry.colour, entry.book_set, entry.value)] = entry
    cards = {card.id: card for card in base.cards}
    for item in _list(overrides.get("cards", [])):
        if not isinstance(item, Mapping) or item.get("id") not in cards:
            raise BadRequest("quacks.unknown_card", card=str(item.get("id") if isinstance(item, Mapping) else item))
        cards[item["id"]] = _card_override(cards[item["id"]], item)
    return Catalogue(MappingProxyType(prices), tuple(cards[card.id] for card in base.cards))


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise BadRequest("quacks.override_shape")
    return value


def _price_override(base: Catalogue, item: Any) -> Price:
    if not isinstance(item, Mapping):
        raise BadRequest("quacks.override_shape")
    colour, value, coins = item.get("colour"), item.get("value"), item.get("coins")
    if not isinstance(colour, str) or colour not in COLOURS or colour == "white":
        raise BadRequest("quacks.override_price_colour", rule="QK-14", colour=str(colour))
    fixed = colour in FIXED_PRICE_COLOURS
    book_set = 0 if fixed else item.get("set")
    if not _is_int(book_set) or (not fixed and book_set not in BOOK_SETS):
        raise BadRequest("quacks.book_set", rule="QK-1", colour=str(colour), value=str(book_set))
    if not _is_int(value) or value not in VALUES[colour]:
        raise BadRequest("quacks.override_price_value", colour=str(colour), value=str(value))
    if not _is_int(coins) or not 1 <= coins <= 99:
        raise BadRequest("quacks.override_price_coins", coins=str(coins))
    old = base.prices[(colour, book_set, value)]
    return replace(old, coins=coins, status="user")


def _card_override(card: FortuneCard, item: Mapping[str, Any]) -> FortuneCard:
    """A card's correction: its `number` (what the engine reads, and what the texts show) and
    its names (how the app calls it; they change nothing else). The texts and the colour are
    not corrected: the texts say what the engine does, and the colour changes nothing the
    app does with the card."""
    changes: dict[str, Any] = {}
    for key, value in item.items():
        if key == "id":
            continue
        if key in _CARD_NAME_FIELDS:
            if not isinstance(value, str) or not value.strip() or len(value) > CARD_NAME_MOST:
                raise BadRequest("quacks.override_card_text", card=card.id, field=key, most=CARD_NAME_MOST)
            changes[key] = value.strip()
        elif key == "number":
            if card.number is None:
                raise BadRequest("quacks.override_card_no_number", card=card.id)
            if not _is_int(value) or not card.low <= value <= card.high:
                raise BadRequest("quacks.override_card_number", card=card.id, value=str(value)[:20],
                                 low=card.low, high=card.high)
            changes["number"] = value
        else:
            raise BadRequest("quacks.override_card_field", card=card.id, field=str(key)[:40])
    if changes:
        changes["status"] = "user"
    return replace(card, **changes)


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)

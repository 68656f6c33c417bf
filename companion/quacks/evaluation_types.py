"""The records of a round's evaluation A–F (rules QK-11 … QK-17).

What each player brings (`PlayerIn`), what the table brings (`Setup`, with `Extras` for the
fortune cards that act during the evaluation), the box (`Supply`), the running per-player
record (`Tally`), the questions the evaluation asks (`Ask`) and the answers it takes (the
`Choice` types). All frozen and JSON-able; the state machine is in `evaluation.py`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, TypeAlias

from companion.errors import BadRequest
from companion.quacks.data import (
    CHIP_CODES,
    POT_TRACK,
    SPOON,
    Books,
    Catalogue,
    PotSpace,
    catalogue_with,
    chip,
    default_catalogue,
)
from companion.quacks.pot import Placed

Event: TypeAlias = dict[str, Any]
Step = Literal["A", "B", "C", "D", "E", "F", "end"]
STEPS: tuple[Step, ...] = ("A", "B", "C", "D", "E", "F", "end")
Face = Literal["1vp", "2vp", "ruby", "droplet", "orange"]
FACES: tuple[Face, ...] = ("1vp", "2vp", "ruby", "droplet", "orange")  # QK-11 (1vp twice on the die)
ScoringChoice = Literal["vp", "buy"]


def scoring_index(chips: Sequence[Placed]) -> int:
    """QK-10: the space right after the last chip (the spoon, 53, after the last space)."""
    return min(chips[-1].space + 1, SPOON)


# --- the table ------------------------------------------------------------------------


@dataclass(frozen=True)
class Extras:
    """Fortune cards of the round that act during the evaluation (the match engine sets them).

    `die_rolls` 2: The Pot Is Full (rollers roll twice). `ruby_space_vp` 2: Lucky Devil.
    `ruby_space_rubies` 1: It's Shining Extra Bright (both in step C, exploded or not).
    `whites_seven_droplet` 1: Seasoned Perfectly (start of F), when the whites total exactly
    `whites_exact`. `free_refill`: Magic Potion
    (start of F, before rubies are spent).
    """

    die_rolls: int = 1
    ruby_space_vp: int = 0
    ruby_space_rubies: int = 0
    whites_seven_droplet: int = 0
    free_refill: bool = False
    whites_exact: int = 7  # Seasoned Perfectly's white total (the card's number)

    def to_json(self) -> dict[str, Any]:
        return {"die_rolls": self.die_rolls, "ruby_space_vp": self.ruby_space_vp,
                "ruby_space_rubies": self.ruby_space_rubies,
                "whites_seven_droplet": self.whites_seven_droplet, "free_refill": self.free_refill,
                "whites_exact": self.whites_exact}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Extras:
        return cls(int(data.get("die_rolls", 1)), int(data.get("ruby_space_vp", 0)),
                   int(data.get("ruby_space_rubies", 0)), int(data.get("whites_seven_droplet", 0)),
                   bool(data.get("free_refill", False)), int(data.get("whites_exact", 7)))


class Supply(Mapping[str, int]):
    """The chips left in the box, by code. A code not tracked is unlimited (the protocol's
    `supply` names only some codes); a tracked code at 0 is sold out."""

    __slots__ = ("_counts",)
    _counts: tuple[tuple[str, int], ...]

    def __init__(self, counts: Mapping[str, int] | None = None) -> None:
        clean = {str(code): int(count) for code, count in (counts or {}).items()}
        for code in clean:
            chip(code)
        object.__setattr__(self, "_counts", tuple((c, clean[c]) for c in CHIP_CODES if c in clean))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Supply is immutable")

    def __getitem__(self, code: str) -> int:
        for known, count in self._counts:
            if known == code:
                return count
        raise KeyError(code)

    def __iter__(self) -> Iterator[str]:
        return (code for code, _ in self._counts)

    def __len__(self) -> int:
        return len(self._counts)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Mapping):
            return dict(self._counts) == dict(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._counts)

    def __repr__(self) -> str:
        return f"Supply({dict(self._counts)!r})"

    def has(self, code: str) -> bool:
        """Whether the box can still give one `code`."""
        return code not in self or self[code] > 0

    def take(self, code: str) -> Supply:
        if code not in self:
            return self
        return Supply({**dict(self._counts), code: self[code] - 1})

    def give_back(self, code: str, count: int = 1) -> Supply:
        if code not in self or count == 0:
            return self
        return Supply({**dict(self._counts), code: self[code] + count})

    def to_json(self) -> dict[str, int]:
        return dict(self._counts)


@dataclass(frozen=True)
class Setup:
    """The table's side of the evaluation: round 1–9, the start seat, the books, the prices
    (`catalogue`), the box (`supply`, empty = unlimited) and the round's `extras`."""

    round: int
    start: int = 0
    books: Books = field(default_factory=Books)
    catalogue: Catalogue = field(default_factory=default_catalogue, compare=False)
    supply: Supply = field(default_factory=Supply)
    extras: Extras = field(default_factory=Extras)

    def to_json(self) -> dict[str, Any]:
        corrected = [{"colour": p.colour, "value": p.value, "coins": p.coins,
                      **({"set": p.book_set} if p.book_set else {})}
                     for p in self.catalogue.prices.values() if p.status == "user"]
        return {"round": self.round, "start": self.start, "books": self.books.to_json(),
                "prices": corrected, "supply": self.supply.to_json(), "extras": self.extras.to_json()}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Setup:
        prices = list(data.get("prices", []))
        catalogue = catalogue_with({"prices": prices}) if prices else default_catalogue()
        return cls(int(data["round"]), int(data.get("start", 0)), Books.of(data.get("books", {})),
                   catalogue, Supply(data.get("supply", {})), Extras.from_json(data.get("extras", {})))


@dataclass(frozen=True)
class PlayerIn:
    """What one player brings to the evaluation: the pot as brewing left it and what they hold.

    `protected`: blue set 2 covered the explosion (QK-18 note): the player takes both VP
    and coins (no D-or-E choice) but still does not roll the bonus die.
    `scoring_space`: given only for a pot left empty (the player stopped at once, or sent
    the only chip back): the space right after the rat stone or the droplet (QK-10).
    """

    chips: tuple[Placed, ...]
    exploded: bool
    droplet: int = 0
    vp: int = 0
    rubies: int = 0
    flask: bool = True
    protected: bool = False
    scoring_space: int | None = None

    def scoring(self) -> int:
        """QK-10: the scoring space (the given one for an empty pot)."""
        return scoring_index(self.chips) if self.scoring_space is None else self.scoring_space


# --- the running record of one player ---------------------------------------------------


@dataclass(frozen=True)
class Tally:
    """One player during and after the evaluation.

    `chips` is the pot (green set 3 may move its last chip); `scoring_space` the index used
    from step C on; `gained` the chips that go into the bag (die's orange, book gifts,
    purchases, in that order); `removed` the pot chips that leave the player for good
    (purple set 2's discards, purple set 4's swapped chips); `choice` an exploded player's
    "vp" or "buy" (QK-14); `coins` the coin value used in E (0 for "vp" and before E).
    """

    seat: int
    chips: tuple[Placed, ...]
    exploded: bool
    protected: bool
    scoring_space: int
    droplet: int
    vp: int
    rubies: int
    flask: bool
    rolled: bool = False
    choice: ScoringChoice | None = None
    coins: int = 0
    gained: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()

    @classmethod
    def start(cls, seat: int, player: PlayerIn) -> Tally:
        return cls(seat, player.chips, player.exploded, player.protected, player.scoring(),
                   player.droplet, player.vp, player.rubies, player.flask)

    @property
    def space(self) -> PotSpace:
        """The scoring space's `PotSpace` (coins, vp, ruby)."""
        return POT_TRACK[self.scoring_space]

    @property
    def takes_both(self) -> bool:
        """D and E both (not exploded, or protected by blue set 2)."""
        return not self.exploded or self.protected

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "chips": [c.to_json() for c in self.chips], "exploded": self.exploded,
                "protected": self.protected, "scoring_space": self.scoring_space,
                "droplet": self.droplet, "vp": self.vp, "rubies": self.rubies, "flask": self.flask,
                "rolled": self.rolled, "choice": self.choice, "coins": self.coins,
                "gained": list(self.gained), "removed": list(self.removed)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Tally:
        choice = data.get("choice")
        return cls(int(data["seat"]), tuple(Placed.from_json(c) for c in data["chips"]),
                   bool(data["exploded"]), bool(data.get("protected", False)),
                   int(data["scoring_space"]), int(data["droplet"]), int(data["vp"]),
                   int(data["rubies"]), bool(data["flask"]), bool(data.get("rolled", False)),
                   "vp" if choice == "vp" else "buy" if choice == "buy" else None,
                   int(data.get("coins", 0)), tuple(data.get("gained", ())),
                   tuple(data.get("removed", ())))


# --- questions and answers --------------------------------------------------------------

AskKind = Literal["die", "choice", "buy", "spend", "green_take", "green_pay", "purple_trade",
                  "purple_swap"]


@dataclass(frozen=True)
class RollDie:
    """A: the face `seat` rolled (QK-11)."""

    seat: int
    face: Face
    kind: Literal["die"] = field(default="die", init=False)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "face": self.face}


@dataclass(frozen=True)
class TakeGreenChips:
    """B, green set 2: for each green among the last two chips (pot order), the chip taken
    into the bag or None (G1: O1; G2: B1 or R1; G4: Y1 or P1)."""

    seat: int
    picks: tuple[str | None, ...]
    kind: Literal["green_take"] = field(default="green_take", init=False)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "picks": list(self.picks)}


@dataclass(frozen=True)
class PayGreenRubies:
    """B, green set 4: rubies paid (at most one per green among the last two), each a droplet step."""

    seat: int
    rubies: int
    kind: Literal["green_pay"] = field(default="green_pay", init=False)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "rubies": self.rubies}


@dataclass(frozen=True)
class TradePurples:
    """B, purple set 2: discard `tier` (0–3) purple chips for that tier's reward; 0 keeps them."""

    seat: int
    tier: int
    kind: Literal["purple_trade"] = field(default="purple_trade", init=False)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "tier": self.tier}


@dataclass(frozen=True)
class SwapChip:
    """B, purple set 4: `tier` 1 swaps a 1-chip for a 2-chip, 2 a 2-chip for a 4-chip, 3 a
    1-chip for a 4-chip; `chip` is the index in the pot of the chip given up. Tier 0: no swap."""

    seat: int
    tier: int
    chip: int | None = None
    kind: Literal["purple_swap"] = field(default="purple_swap", init=False)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "tier": self.tier, "chip": self.chip}


@dataclass(frozen=True)
class ChooseScoring:
    """D: an exploded player takes the victory points ("vp") or goes shopping ("buy") (QK-14)."""

    seat: int
    choice: ScoringChoice
    kind: Literal["choice"] = field(default="choice", init=False)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "choice": self.choice}


@dataclass(frozen=True)
class Buy:
    """E: the chips bought (0–2, different colours, QK-14)."""

    seat: int
    chips: tuple[str, ...] = ()
    kind: Literal["buy"] = field(default="buy", init=False)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "chips": list(self.chips)}


@dataclass(frozen=True)
class SpendRubies:
    """F: droplet steps bought and whether the flask is refilled, 2 rubies each (QK-15)."""

    seat: int
    droplet: int = 0
    flask: bool = False
    kind: Literal["spend"] = field(default="spend", init=False)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "droplet": self.droplet, "flask": self.flask}


Choice: TypeAlias = (RollDie | TakeGreenChips | PayGreenRubies | TradePurples | SwapChip
                     | ChooseScoring | Buy | SpendRubies)


def choice_from_json(data: Mapping[str, Any]) -> Choice:
    """A choice from its JSON form (`{"kind": "buy", "seat": 0, "chips": ["G1"]}` ...);
    anything malformed is a `BadRequest`."""
    try:
        kind, seat = data["kind"], data["seat"]
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise TypeError
        if kind == "die" and data["face"] in FACES:
            return RollDie(seat, data["face"])
        if kind == "choice" and data["choice"] in ("vp", "buy"):
            return ChooseScoring(seat, data["choice"])
        if kind == "buy":
            return Buy(seat, tuple(_code(c) for c in data.get("chips", ())))
        if kind == "spend":
            return SpendRubies(seat, _count(data.get("droplet", 0)), _flag(data.get("flask", False)))
        if kind == "green_take":
            return TakeGreenChips(seat, tuple(None if c is None else _code(c) for c in data["picks"]))
        if kind == "green_pay":
            return PayGreenRubies(seat, _count(data["rubies"]))
        if kind == "purple_trade":
            return TradePurples(seat, _count(data["tier"]))
        if kind == "purple_swap":
            index = data.get("chip")
            return SwapChip(seat, _count(data["tier"]), None if index is None else _count(index))
    except (KeyError, TypeError, ValueError):
        pass
    raise BadRequest("quacks.eval.bad_choice", choice=str(dict(data))[:200])


def _code(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError
    return chip(value).code


def _count(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise TypeError
    return value


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise TypeError
    return value


@dataclass(frozen=True)
class Ask:
    """A question the evaluation waits on: `kind` of answer, from `seat`, in `step`, under
    `rule`. `default` is the answer "skip" stands for (None: an answer is required).
    `info` holds what a screen shows with the question (coins and prices, rubies, greens...)."""

    kind: AskKind
    seat: int
    step: Step
    rule: str
    default: Choice | None
    info: Mapping[str, Any] = field(default_factory=dict, compare=False)

    @property
    def required(self) -> bool:
        return self.default is None

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "step": self.step, "rule": self.rule,
                "required": self.required,
                "default": None if self.default is None else self.default.to_json(),
                "info": dict(self.info)}


@dataclass(frozen=True)
class Answers:
    """One player's answers given all at once (the protocol's `die`, `choice`, `buy`, `spend`,
    plus the book-set answers). None = not given: a required answer then is an error, an
    optional one takes its default; an answer given where none is asked is an error."""

    die: tuple[Face, ...] | None = None
    choice: ScoringChoice | None = None
    buy: tuple[str, ...] | None = None
    spend: tuple[int, bool] | None = None  # (droplet steps, refill the flask)
    green_take: tuple[str | None, ...] | None = None
    green_pay: int | None = None
    purple_trade: int | None = None
    purple_swap: tuple[int, int | None] | None = None

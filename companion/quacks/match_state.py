"""The records of a whole Quacks match (rules QK-1 … QK-18): immutable and JSON-able.

`MatchState` is the table (round, phase, start player, books, the table's price and card
corrections, the fortune card in force, the box) and a `Player` per seat (bag, pot, droplet,
flask, rubies, VP, rats). During the evaluation it also holds the `Evaluation` of
`evaluation.py`. The rules that move a state on are in `match.py` and `match_fortune.py`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Literal

from companion.errors import BadPosition
from companion.quacks.data import (
    BOX_SUPPLY,
    STARTING_BAG,
    STARTING_RUBIES,
    Bag,
    Books,
    Catalogue,
    FortuneCard,
    catalogue_with,
    default_catalogue,
)
from companion.quacks.evaluation import Evaluation
from companion.quacks.evaluation_types import Supply
from companion.quacks.pot import Pot
from companion.quacks.records import evolve

Phase = Literal["fortune", "rats", "brewing", "evaluation", "over"]
PHASES: tuple[Phase, ...] = ("fortune", "rats", "brewing", "evaluation", "over")
Chance = Literal["open", "used", "passed"]  # A Second Chance: whether a restart is still possible
AskKind = Literal["take", "give_up", "die", "draw"]
ASK_KINDS: tuple[AskKind, ...] = ("take", "give_up", "die", "draw")


@dataclass(frozen=True)
class Player:
    """One seat. `droplet`, `flask`, `rubies` and `vp` are the values between rounds; while a
    pot is brewed the pot carries the live droplet, rats and flask (and the VP and rubies that
    blue sets 3 and 4 give while brewing). `kept`: red set 2 chips kept for a later round."""

    bag: Bag = STARTING_BAG
    droplet: int = 0
    flask: bool = True
    rubies: int = STARTING_RUBIES
    vp: int = 0
    rats: int = 0
    pot: Pot | None = None
    kept: tuple[str, ...] = ()
    chance: Chance = "open"

    @property
    def exploded(self) -> bool:
        return self.pot is not None and self.pot.exploded

    @property
    def stopped(self) -> bool:
        return self.pot is not None and self.pot.stopped

    def to_json(self) -> dict[str, Any]:
        return {"bag": self.bag.to_json(), "droplet": self.droplet, "flask": self.flask,
                "rubies": self.rubies, "vp": self.vp, "rats": self.rats,
                "pot": None if self.pot is None else self.pot.to_json(), "kept": list(self.kept),
                "chance": self.chance}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Player:
        pot = data.get("pot")
        chance = data.get("chance", "open")
        return cls(Bag(data["bag"]), int(data["droplet"]), bool(data["flask"]), int(data["rubies"]),
                   int(data["vp"]), int(data.get("rats", 0)), None if pot is None else Pot.from_json(pot),
                   tuple(str(c) for c in data.get("kept", ())),
                   "used" if chance == "used" else "passed" if chance == "passed" else "open")


@dataclass(frozen=True)
class CardAsk:
    """A question a fortune card asks one seat (QK-4): `effect` is the card's effect id, `kind`
    how it is answered ("take" one of a list, "give_up" rat tails, the "die" face rolled, the
    chips "draw"n from the bag). The options are worked out when the question comes up
    (`match_fortune.options`), since an earlier answer may empty the box."""

    effect: str
    seat: int
    kind: AskKind

    def to_json(self) -> dict[str, Any]:
        return {"effect": self.effect, "seat": self.seat, "kind": self.kind}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> CardAsk:
        kind = data["kind"]
        if kind not in ASK_KINDS:
            raise BadPosition("quacks.match.bad_state", field="asks")
        return cls(str(data["effect"]), int(data["seat"]), kind)


@dataclass(frozen=True)
class SeatRound:
    """What one round did for one seat, for the statistics (db/stats.py reads `vp` and
    `exploded`): VP gained over the whole round (card, die, steps B–F, round 9's purchases),
    whether the pot exploded, and the scoring space it scored on."""

    vp: int
    exploded: bool
    scoring_space: int

    def to_json(self) -> dict[str, Any]:
        return {"vp": self.vp, "exploded": self.exploded, "scoring_space": self.scoring_space}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SeatRound:
        return cls(int(data["vp"]), bool(data["exploded"]), int(data["scoring_space"]))


@cache
def _catalogue(overrides: str) -> Catalogue:
    return catalogue_with(json.loads(overrides)) if overrides else default_catalogue()


def canonical(overrides: Mapping[str, Any]) -> str:
    """The table's corrections as one canonical JSON text ("" for none)."""
    return json.dumps(overrides, sort_keys=True, ensure_ascii=False) if overrides else ""


def starting_supply(players: int) -> Supply:
    """The box once every player has taken the starting bag (QK-2): the box counts include
    the starting chips, so 4 players leave exactly the 4 white 1s that QK-3 adds later."""
    return Supply({code: count - players * STARTING_BAG[code] for code, count in BOX_SUPPLY.items()})


@dataclass(frozen=True)
class MatchState:
    """The whole table. `card`: the fortune card in force this round (its id) and `used`
    the cards drawn so far; `asks`: the card questions waiting, the first one asked now;
    `drawn`: Less Is More's chip totals entered so far (seat, total); `closing`: every pot of
    the round is finished (the end-of-brewing cards are resolved, then the evaluation runs);
    `round_vp`: every seat's VP when the round began; `rounds`: what each finished round did per seat; `overrides`: the
    table's price and card corrections as canonical JSON."""

    players: tuple[Player, ...]
    books: Books = field(default_factory=Books)
    round: int = 1
    phase: Phase = "fortune"
    start: int = 0
    card: str | None = None
    used: tuple[str, ...] = ()
    supply: Supply = field(default_factory=Supply)
    asks: tuple[CardAsk, ...] = ()
    drawn: tuple[tuple[int, int], ...] = ()
    closing: bool = False
    evaluation: Evaluation | None = None
    round_vp: tuple[int, ...] = ()
    rounds: tuple[tuple[SeatRound, ...], ...] = ()
    overrides: str = ""

    @property
    def catalogue(self) -> Catalogue:
        return _catalogue(self.overrides)

    @property
    def fortune(self) -> FortuneCard | None:
        """The fortune card in force, with the table's wording."""
        return None if self.card is None else self.catalogue.card(self.card)

    @property
    def effect(self) -> str | None:
        """The machine-readable effect of the card in force."""
        card = self.fortune
        return None if card is None else card.effect

    @property
    def seats(self) -> int:
        return len(self.players)

    @property
    def order(self) -> tuple[int, ...]:
        """Seats from the start player on, clockwise (QK-12, QK-14)."""
        n = len(self.players)
        return tuple((self.start + i) % n for i in range(n))

    def with_player(self, seat: int, **changes: Any) -> MatchState:
        players = list(self.players)
        players[seat] = evolve(players[seat], **changes)
        return evolve(self, players=tuple(players))

    def to_json(self) -> dict[str, Any]:
        return {
            "players": [p.to_json() for p in self.players], "books": self.books.to_json(),
            "round": self.round, "phase": self.phase, "start": self.start, "card": self.card,
            "used": list(self.used), "supply": self.supply.to_json(),
            "asks": [a.to_json() for a in self.asks], "drawn": [list(d) for d in self.drawn],
            "closing": self.closing,
            "evaluation": None if self.evaluation is None else self.evaluation.to_json(),
            "round_vp": list(self.round_vp),
            "rounds": [[s.to_json() for s in seats] for seats in self.rounds],
            "overrides": json.loads(self.overrides) if self.overrides else {},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MatchState:
        phase = data["phase"]
        if phase not in PHASES:
            raise BadPosition("quacks.match.bad_state", field="phase")
        ev = data.get("evaluation")
        try:
            return cls(
                players=tuple(Player.from_json(p) for p in data["players"]),
                books=Books.of(data.get("books", {})), round=int(data["round"]), phase=phase,
                start=int(data.get("start", 0)), card=data.get("card"),
                used=tuple(str(c) for c in data.get("used", ())), supply=Supply(data.get("supply", {})),
                asks=tuple(CardAsk.from_json(a) for a in data.get("asks", ())),
                drawn=tuple((int(s), int(t)) for s, t in data.get("drawn", ())),
                closing=bool(data.get("closing", False)),
                evaluation=None if ev is None else Evaluation.from_json(ev),
                round_vp=tuple(int(v) for v in data.get("round_vp", ())),
                rounds=tuple(tuple(SeatRound.from_json(s) for s in seats) for seats in data.get("rounds", ())),
                overrides=canonical(data.get("overrides", {})),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise BadPosition("quacks.match.bad_state", field=str(error)[:60]) from error

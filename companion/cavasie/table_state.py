"""The state of a Çävasie table: a session of hands, each dealt, bet and shown down (CV-4, CV-5).

Everything is immutable. A card on the table is a `Slot`: its code when someone has entered it
(face-up cards always have one; a face-down card may wait for its code until the showdown) and
whether it lies face up. Seats are 0-based in seat order; play goes counter-clockwise, which is
rising seat order here, from the seat that holds the button (the dealer's seat when there is a
dealer).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from companion.cavasie.deck import Deck, default_deck, load_deck
from companion.errors import BadPosition

# The phases of one hand, in order (CV-4, CV-5).
DEAL, DRAW, BET1, INTERACT, BET2, SHOWDOWN, SETTLED = (
    "deal", "draw", "bet1", "interact", "bet2", "showdown", "settled")
PHASES = (DEAL, DRAW, BET1, INTERACT, BET2, SHOWDOWN, SETTLED)
BETTING = (BET1, BET2)


@dataclass(frozen=True)
class Slot:
    code: str | None
    face_up: bool

    def to_json(self) -> dict[str, Any]:
        return {"card": self.code, "up": self.face_up}

    @classmethod
    def from_json(cls, data: Any) -> Slot:
        return cls(data["card"], bool(data["up"]))


@dataclass(frozen=True)
class Seat:
    """One player's part of the current hand."""

    in_hand: bool = True  # dealt in (a seat with no chips sits the hand out)
    floor: tuple[Slot, ...] = ()
    hand: tuple[Slot, ...] = ()
    drawn: int = 0  # extra floor cards drawn (CV-4: at most 2)
    chose: bool = False  # the after-draw choice of CV-4 is made
    drew_done: bool = False  # finished the draw step
    interacted: bool = False  # the one interaction of CV-5 is used (or passed)
    folded: bool = False
    stake: int = 0  # chips this seat has put in the pot this hand
    bet: int = 0  # chips put in during the current betting round
    acted: bool = False  # has acted since the last bet or raise of this round

    def to_json(self) -> dict[str, Any]:
        return {
            "in_hand": self.in_hand,
            "floor": [slot.to_json() for slot in self.floor],
            "hand": [slot.to_json() for slot in self.hand],
            "drawn": self.drawn, "chose": self.chose, "drew_done": self.drew_done,
            "interacted": self.interacted, "folded": self.folded,
            "stake": self.stake, "bet": self.bet, "acted": self.acted,
        }

    @classmethod
    def from_json(cls, data: Any) -> Seat:
        return cls(
            in_hand=bool(data["in_hand"]),
            floor=tuple(Slot.from_json(s) for s in data["floor"]),
            hand=tuple(Slot.from_json(s) for s in data["hand"]),
            drawn=int(data["drawn"]), chose=bool(data["chose"]), drew_done=bool(data["drew_done"]),
            interacted=bool(data["interacted"]), folded=bool(data["folded"]),
            stake=int(data["stake"]), bet=int(data["bet"]), acted=bool(data["acted"]),
        )


@dataclass(frozen=True)
class Hand:
    """One deal: who deals, where play stands, the cards on the table and the bets."""

    number: int  # 1, 2, ...
    button: int  # the seat play goes round from (CV-4)
    dealer: int | None  # the dealer's seat, None when there is none (two players, or none chosen)
    phase: str
    seats: tuple[Seat, ...]
    center: tuple[Slot, ...] = ()
    current: int | None = None  # the seat to act in the draw, betting and interaction steps
    current_bet: int = 0  # the highest bet of the current betting round
    result: Mapping[str, Any] | None = None  # the settlement once the hand is settled

    @property
    def pot(self) -> int:
        return sum(seat.stake for seat in self.seats)

    def seat(self, index: int) -> Seat:
        return self.seats[index]

    def with_seat(self, index: int, **changes: Any) -> Hand:
        seats = list(self.seats)
        seats[index] = replace(seats[index], **changes)
        return replace(self, seats=tuple(seats))

    def slots(self) -> int:
        """How many cards lie on the table, known or not (CV-6: at most the deck)."""
        return len(self.center) + sum(len(seat.floor) + len(seat.hand) for seat in self.seats)

    def cards(self) -> list[str]:
        """Every card code entered in this hand (CV-6)."""
        codes = [slot.code for slot in self.center]
        for seat in self.seats:
            codes += [slot.code for slot in (*seat.floor, *seat.hand)]
        return [code for code in codes if code is not None]

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number, "button": self.button, "dealer": self.dealer, "phase": self.phase,
            "seats": [seat.to_json() for seat in self.seats],
            "center": [slot.to_json() for slot in self.center],
            "current": self.current, "current_bet": self.current_bet,
            "result": dict(self.result) if self.result is not None else None,
        }

    @classmethod
    def from_json(cls, data: Any) -> Hand:
        return cls(
            number=int(data["number"]), button=int(data["button"]), dealer=data["dealer"],
            phase=str(data["phase"]), seats=tuple(Seat.from_json(s) for s in data["seats"]),
            center=tuple(Slot.from_json(s) for s in data["center"]),
            current=data["current"], current_bet=int(data["current_bet"]), result=data.get("result"),
        )


@dataclass(frozen=True)
class BestHand:
    """A seat's best scored hand of the session so far: its CV-10 key (rank first, the place
    on the CV-8 ladder after CV-9's specials) and the pattern's id."""

    key: tuple[int, ...]
    pattern: str

    @property
    def rank(self) -> int:
        return self.key[0]

    def to_json(self) -> dict[str, Any]:
        return {"key": list(self.key), "pattern": self.pattern}

    @classmethod
    def from_json(cls, data: Any) -> BestHand | None:
        if data is None:
            return None
        return cls(tuple(int(k) for k in data["key"]), str(data["pattern"]))


@dataclass(frozen=True)
class TableState:
    """A session of hands (CV-4 … CV-10): chip stacks carry from hand to hand.

    `best_hands[s]` is seat s's best hand scored at a showdown so far (None before its first);
    an empty tuple means no showdown yet. `busted[s]` is (hand number, chips it started that
    hand with) for a seat that lost its last chip, None for the others; empty: nobody has.
    `ended`: ended by hand, or by itself when one player holds every chip."""

    players: int
    dealer_mode: bool  # the table plays with a dealer (CV-4; never with two players)
    ante: int
    chips: tuple[int, ...]  # chips behind each seat, not counting what is in the pot
    hand: Hand
    ended: bool = False
    deck: Deck = field(default_factory=default_deck)
    best_hands: tuple[BestHand | None, ...] = ()
    busted: tuple[tuple[int, int] | None, ...] = ()

    def best_hand(self, seat: int) -> BestHand | None:
        return self.best_hands[seat] if seat < len(self.best_hands) else None

    def bust(self, seat: int) -> tuple[int, int] | None:
        return self.busted[seat] if seat < len(self.busted) else None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "players": self.players, "dealer": self.dealer_mode, "ante": self.ante,
            "chips": list(self.chips), "hand": self.hand.to_json(), "ended": self.ended,
        }
        if self.deck != default_deck():
            data["deck"] = self.deck.to_json()
        if self.best_hands:
            data["best_hands"] = [None if best is None else best.to_json() for best in self.best_hands]
        if self.busted:
            data["busted"] = [None if bust is None else list(bust) for bust in self.busted]
        return data

    @classmethod
    def from_json(cls, data: Any) -> TableState:
        if not isinstance(data, Mapping):
            raise BadPosition("cavasie.state_malformed")
        try:
            deck = load_deck(data["deck"]) if "deck" in data else default_deck()
            return cls(
                players=int(data["players"]), dealer_mode=bool(data["dealer"]), ante=int(data["ante"]),
                chips=tuple(int(c) for c in data["chips"]), hand=Hand.from_json(data["hand"]),
                ended=bool(data.get("ended", False)), deck=deck,
                best_hands=tuple(BestHand.from_json(best) for best in data.get("best_hands", ())),
                busted=tuple(None if bust is None else (int(bust[0]), int(bust[1]))
                             for bust in data.get("busted", ())),
            )
        except (KeyError, TypeError, ValueError, IndexError) as error:
            raise BadPosition("cavasie.state_malformed") from error

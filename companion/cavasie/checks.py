"""Reading and checking what players hold, shared by the protocol ops and the table engine.

Field problems (a missing or mistyped field, an unknown card code) are `BadRequest`; problems
of the cards themselves (wrong counts, a card in two places, the number of players, the dealer
rules) are `BadPosition`, each with its rule id. `read_*` raise the first kind, `check_*` the
second, so a caller runs every `read_*` before any `check_*` (the protocol's order).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from companion.cavasie.deck import Deck
from companion.cavasie.scorer import SeatCards
from companion.errors import BadPosition, BadRequest

HAND_CARDS = (2, 4)  # CV-7
FLOOR_CARDS = (1, 5)  # CV-7
CENTER_CARDS = (1, 6)  # CV-7: a dealer's centre, two of which are its hand
PLAYERS = (2, 5)  # CV-4


def shown(value: Any) -> str:
    """A value from a request, as it reads in a message."""
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)


def read_code(deck: Deck, value: Any) -> str:
    """One card code of the deck (CV-1, CV-2); anything else is a `BadRequest`."""
    if not isinstance(value, str):
        raise BadRequest("cavasie.card_not_code", value=shown(value))
    if not deck.has(value):
        raise BadRequest("cavasie.unknown_card", rule="CV-1", card=value)
    return value


def read_cards(deck: Deck, value: Any, field: str, player: str | None = None) -> tuple[str, ...]:
    """A list of card codes."""
    if not isinstance(value, list):
        if player is None:
            raise BadRequest("protocol.wrong_type", field=field, expected="a list")
        raise BadRequest("cavasie.player_field_type", player=player, field=field)
    codes = tuple(value)
    try:
        if deck.known_codes.issuperset(codes):  # every item one of the deck's codes: the common case
            return codes
    except TypeError:  # an item that is a list or an object: read_code names it
        pass
    return tuple(read_code(deck, item) for item in value)  # raises for the first item that is not


def read_seat(deck: Deck, data: Mapping[str, Any], player: str | None = None) -> SeatCards:
    """`{"hand": [...], "floor": [...]}`, or a dealer's `{"dealer": true, "center": [...],
    "floor": [...]}` (`"center"` alone marks a dealer too). `player` names the player in
    messages (None: the fields are the request's own)."""
    dealer = data.get("dealer", "center" in data)
    if not isinstance(dealer, bool):
        _field_error("dealer", "true or false", player, missing=False)
    hand_field = "center" if dealer else "hand"
    other = "hand" if dealer else "center"
    if other in data:
        if player is None:
            raise BadRequest("cavasie.hand_and_center")
        raise BadRequest("cavasie.player_hand_and_center", player=player)
    for field in (hand_field, "floor"):
        if field not in data:
            _field_error(field, "a list", player, missing=True)
    hand = read_cards(deck, data[hand_field], hand_field, player)
    floor = read_cards(deck, data["floor"], "floor", player)
    return SeatCards(hand, floor, dealer)


def _field_error(field: str, expected: str, player: str | None, missing: bool) -> None:
    if player is None:
        if missing:
            raise BadRequest("protocol.missing_field", field=field)
        raise BadRequest("protocol.wrong_type", field=field, expected=expected)
    if missing:
        raise BadRequest("cavasie.player_field_missing", player=player, field=field)
    if field == "dealer":
        raise BadRequest("cavasie.player_dealer_type", player=player)
    raise BadRequest("cavasie.player_field_type", player=player, field=field)


def check_counts(seat: SeatCards, player: str | None = None) -> None:
    """CV-7: two to four hand cards, one to five floor cards, a dealer's centre one to six.
    `player` names the player in the message (None: the request's own cards)."""
    prefix = "cavasie.player_" if player is not None else "cavasie."
    named = {"player": player} if player is not None else {}
    if seat.dealer:
        (low, high), what = CENTER_CARDS, "center_count"
    else:
        (low, high), what = HAND_CARDS, "hand_count"
    if not low <= len(seat.hand) <= high:
        raise BadPosition(prefix + what, rule="CV-7", count=len(seat.hand), low=low, high=high, **named)
    low, high = FLOOR_CARDS
    if not low <= len(seat.floor) <= high:
        raise BadPosition(prefix + "floor_count", rule="CV-7", count=len(seat.floor), low=low, high=high, **named)


def check_once(cards: Iterable[str]) -> None:
    """CV-6: one deck, so a card is in one place only."""
    seen: set[str] = set()
    for code in cards:
        if code in seen:
            raise BadPosition("cavasie.card_twice", rule="CV-6", card=code)
        seen.add(code)


def check_table(seats: Sequence[SeatCards]) -> None:
    """CV-4: two to five players at a showdown, at most one dealer. Two may be the dealer and
    one other player: a table of three or more where everyone else folded (CV-5)."""
    low, high = PLAYERS
    if not low <= len(seats) <= high:
        raise BadPosition("cavasie.players_count", rule="CV-4", count=len(seats), low=low, high=high)
    dealers = sum(1 for seat in seats if seat.dealer)
    if dealers > 1:
        raise BadPosition("cavasie.dealers_many", rule="CV-4", count=dealers)


def all_cards(seats: Iterable[SeatCards]) -> list[str]:
    return [code for seat in seats for code in (*seat.hand, *seat.floor)]

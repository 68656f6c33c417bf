"""The deal at the table (CV-4, CV-5, CV-6), the showdown (CV-7 … CV-10) and the session.

Actions are small dicts, one kind each; `seat` may be given to name the acting player, and
must be the seat whose turn it is in the draw, betting and interaction steps:

- deal (CV-4): `{"place": "A3", "seat": 1, "to": "floor"}` (`"to"`: `floor`, `hand`; or
  `{"place": "G5", "to": "center"}`). Each slot's face follows CV-4: the dealer's four floor
  cards face up; the first centre card face up, the second down; each other player's first
  floor card up, the second down, then two hand cards. A face-down card may be placed unknown
  (`"place": null`) and revealed later.
- draw step (CV-4), each player in turn: `{"draw": "S2"}` (or null: unseen), at most two;
  then after one draw `{"to_hand": 2}` (a floor card, by its index, into the hand), after
  two `{"to_hand": i}` or `{"turn_up": i, "card": "S2"}`; `{"done": true}` ends the step.
- betting (CV-5): `{"check": true}`, `{"bet": 5}`, `{"call": true}`, `{"raise": 5}` (by
  five), `{"fold": true}`.
- interaction (CV-5), each player once: `{"interact": "swap", "hand": 0, "floor": 1}`
  (discard a hand card face down to the centre, take a floor card into the hand),
  `{"interact": "choice", "to_hand": 2}` / `{"interact": "choice", "turn_up": 2, "card": ...}`
  (CV-4's choice again, with two hand cards and two face-down floor cards), `{"interact":
  "take_center", "center": 0}` (a centre card to one's floor, face kept), `{"interact": "none"}`.
- `{"reveal": "P0", "seat": 2, "pile": "floor", "index": 1}` (or `"pile": "center"`): the code
  of a card placed unknown; `{"showdown": true}`; `{"next_hand": true}`; `{"end_session": true}`.

CV-5's "the step of CV-4 again" is read as CV-4's choice after drawing, not two new draws: a
player with two hand cards has made no choice yet, and new draws could bring a floor past the
five cards CV-7 allows.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from companion.cavasie.betting import award, bettors, next_to_act, play_order, round_over, start_round
from companion.cavasie.checks import read_code, shown
from companion.cavasie.deck import Deck, deal_size, default_deck, load_deck
from companion.cavasie.scorer import Scorer, SeatCards
from companion.cavasie.showdown import report
from companion.cavasie.table_state import (
    BET1,
    BET2,
    BETTING,
    DEAL,
    DRAW,
    INTERACT,
    SETTLED,
    SHOWDOWN,
    BestHand,
    Hand,
    Seat,
    Slot,
    TableState,
)
from companion.errors import BadRequest, GameOver, IllegalMove
from companion.game import Outcome
from companion.referee.fields import is_int

Event = dict[str, Any]
MAX_DRAWS = 2  # CV-4
MAX_HAND, MAX_FLOOR = 4, 5  # CV-7
DEALER_FLOOR, CENTER_DEALT, FLOOR_DEALT, HAND_DEALT = 4, 2, 2, 2  # CV-4
# In the order an action's kind is looked for: "interact" first, since its own fields reuse
# the names "to_hand" and "turn_up".
KINDS = ("interact", "place", "draw", "to_hand", "turn_up", "done", "check", "bet", "call", "raise", "fold",
         "reveal", "showdown", "next_hand", "end_session")


@cache
def scorer_for(deck: Deck) -> Scorer:
    return Scorer(deck)


# -- starting ---------------------------------------------------------------------------------------
def new_table(players: int, dealer: bool = True, chips: int = 100, ante: int = 1,
              deck: Deck | None = None) -> TableState:
    """A session's first hand, antes paid. CV-4: 2–5 players, with a dealer whenever three or
    more are dealt in (`dealer`; playing without one is a house rule); never with two."""
    if not 2 <= players <= 5:
        raise BadRequest("cavasie.players_count", rule="CV-4", count=players, low=2, high=5)
    if chips < 1 or ante < 0:
        raise BadRequest("cavasie.setup_chips", chips=chips, ante=ante)
    if deck is not None and len(deck.cards) < deal_size(players):
        raise BadRequest("cavasie.deck_too_small", rule="CV-4", cards=len(deck.cards), players=players,
                         needed=deal_size(players))
    stacks = (chips,) * players
    stacks, hand = _begin_hand(stacks, dealer, ante, number=1, button=0)
    return TableState(players, dealer, ante, stacks, hand, deck=deck or default_deck())


def _begin_hand(chips: Sequence[int], dealer_mode: bool, ante: int, number: int,
                button: int) -> tuple[tuple[int, ...], Hand]:
    players = len(chips)
    dealt = [stack > 0 for stack in chips]
    while not dealt[button]:
        button = (button + 1) % players
    dealer = button if dealer_mode and sum(dealt) >= 3 else None  # CV-4: no dealer with two
    stacks = list(chips)
    seats = []
    for seat in range(players):
        paid = min(ante, stacks[seat]) if dealt[seat] else 0
        stacks[seat] -= paid
        seats.append(Seat(in_hand=dealt[seat], stake=paid))
    return tuple(stacks), Hand(number=number, button=button, dealer=dealer, phase=DEAL, seats=tuple(seats))


# -- reading actions --------------------------------------------------------------------------------
def _kind(action: Mapping[str, Any]) -> str:
    if not isinstance(action, Mapping):
        raise BadRequest("cavasie.bad_action", kinds=", ".join(KINDS))
    for kind in KINDS:
        if kind in action:
            return kind
    raise BadRequest("cavasie.bad_action", kinds=", ".join(KINDS))


def _seat_field(state: TableState, action: Mapping[str, Any], required: bool) -> int | None:
    if "seat" not in action:
        if required:
            raise BadRequest("protocol.missing_field", field="seat")
        return None
    seat = action["seat"]
    if not is_int(seat) or not 0 <= seat < state.players:
        raise BadRequest("cavasie.bad_seat", value=shown(seat), high=state.players - 1)
    return int(seat)


def _index(action: Mapping[str, Any], field: str, size: int) -> int:
    value: Any = action.get(field)
    if not is_int(value) or not 0 <= value < size:
        raise BadRequest("cavasie.bad_index", field=field, value=shown(value), count=size)
    return int(value)


def _card_or_unknown(state: TableState, value: Any) -> str | None:
    return None if value is None else read_code(state.deck, value)


def _check_new_card(hand: Hand, code: str | None) -> None:
    if code is not None and code in hand.cards():
        raise IllegalMove("cavasie.card_twice", rule="CV-6", card=code)


def _check_deck_left(state: TableState) -> None:
    """CV-6: one deck. A card can come onto the table only while one is left."""
    if state.hand.slots() >= len(state.deck.cards):
        raise IllegalMove("cavasie.deck_empty", rule="CV-6", cards=len(state.deck.cards))


# -- the engine's entry point -------------------------------------------------------------------------
def apply_action(state: TableState, action: Mapping[str, Any]) -> tuple[TableState, list[Event]]:
    kind = _kind(action)
    if state.ended:
        if kind == "end_session" and state.hand.phase == SETTLED and _one_holds_every_chip(state.chips):
            # The session ended by itself at that showdown; a log from before it did so
            # ends it by hand here, and still replays.
            return state, []
        raise GameOver("cavasie.session_over")
    handler = _HANDLERS[kind]
    return handler(state, action)


_PHASE_RULES = {DEAL: "CV-4", DRAW: "CV-4", BET1: "CV-5", INTERACT: "CV-5", BET2: "CV-5", SHOWDOWN: "CV-7",
                SETTLED: "CV-10"}


def _phase_error(hand: Hand, kind: str) -> IllegalMove:
    """`kind` does not fit the step the hand is at; the message says what that step is."""
    return IllegalMove(f"cavasie.phase_{hand.phase}", rule=_PHASE_RULES[hand.phase], action=kind)


def _acting(state: TableState, action: Mapping[str, Any], kind: str, phases: tuple[str, ...]) -> int:
    """The seat acting now in a turn-based step; refuses another seat or another phase."""
    hand = state.hand
    if hand.phase not in phases:
        raise _phase_error(hand, kind)
    named = _seat_field(state, action, required=False)
    current = hand.current
    assert current is not None
    if named is not None and named != current:
        if hand.phase == INTERACT and hand.seats[named].interacted:
            raise IllegalMove("cavasie.interaction_used", rule="CV-5", seat=named)
        if named == hand.dealer:
            raise IllegalMove("cavasie.dealer_does_not_act", rule="CV-5", seat=named)
        raise IllegalMove("cavasie.not_your_turn", rule="CV-5" if hand.phase != DRAW else "CV-4",
                          seat=named, current=current)
    return current


# -- the deal (CV-4) ------------------------------------------------------------------------------------
def deal_targets(state: TableState) -> dict[str, int]:
    """How many cards each pile takes in the deal: `center`, `<seat>.floor`, `<seat>.hand`."""
    hand = state.hand
    targets = {"center": CENTER_DEALT}
    for seat in range(state.players):
        if not hand.seats[seat].in_hand:
            continue
        if seat == hand.dealer:
            targets[f"{seat}.floor"] = DEALER_FLOOR
        else:
            targets[f"{seat}.floor"] = FLOOR_DEALT
            targets[f"{seat}.hand"] = HAND_DEALT
    return targets


def deal_face_up(hand: Hand, pile: str, seat: int | None, position: int) -> bool:
    """CV-4's faces: the dealer's floor all up, the first centre card and each player's first
    floor card up, the rest down (hand cards are seen by their owner only)."""
    if pile == "center" or (pile == "floor" and seat != hand.dealer):
        return position == 0
    return pile == "floor"


def deal_complete(state: TableState) -> bool:
    hand = state.hand
    for pile, count in deal_targets(state).items():
        if pile == "center":
            have = len(hand.center)
        else:
            seat, part = pile.split(".")
            have = len(getattr(hand.seats[int(seat)], part))
        if have < count:
            return False
    return True


def _place(state: TableState, action: Mapping[str, Any]) -> tuple[TableState, list[Event]]:
    hand = state.hand
    if hand.phase != DEAL:
        raise _phase_error(hand, "place")
    pile = action.get("to")
    if pile not in ("floor", "hand", "center"):
        raise BadRequest("cavasie.bad_pile", value=shown(pile))
    seat = None if pile == "center" else _seat_field(state, action, required=True)
    code = _card_or_unknown(state, action["place"])
    if seat is not None and not hand.seats[seat].in_hand:
        raise IllegalMove("cavasie.seat_out", rule="CV-4", seat=seat)
    if pile == "hand" and seat == hand.dealer:
        raise IllegalMove("cavasie.dealer_no_hand", rule="CV-4", seat=seat)
    key = "center" if seat is None else f"{seat}.{pile}"
    target = deal_targets(state)[key]
    current = hand.center if seat is None else getattr(hand.seats[seat], str(pile))
    if len(current) >= target:
        if seat is None:
            raise IllegalMove("cavasie.deal_full_center", rule="CV-4", count=target)
        raise IllegalMove(f"cavasie.deal_full_{pile}", rule="CV-4", seat=seat, count=target)
    face_up = deal_face_up(hand, str(pile), seat, len(current))
    if face_up and code is None:
        raise IllegalMove("cavasie.face_up_unknown", rule="CV-4")
    _check_new_card(hand, code)
    _check_deck_left(state)
    slot = Slot(code, face_up)
    if seat is None:
        hand = replace(hand, center=(*hand.center, slot))
    else:
        hand = hand.with_seat(seat, **{str(pile): (*current, slot)})
    events: list[Event] = [{"type": "placed", "card": code, "to": pile, "seat": seat, "up": face_up}]
    state = replace(state, hand=hand)
    if deal_complete(state):
        state, more = _enter_draw(state)
        events += more
    return state, events


# -- the draw step (CV-4) ----------------------------------------------------------------------------------
def _drawers(hand: Hand) -> list[int]:
    return bettors(hand)  # the players other than the dealer, in play order, not folded


def _enter_draw(state: TableState) -> tuple[TableState, list[Event]]:
    hand = state.hand
    order = _drawers(hand)
    hand = replace(hand, phase=DRAW, current=order[0] if order else None)
    events: list[Event] = [{"type": "phase", "phase": DRAW, "seat": hand.current}]
    state = replace(state, hand=hand)
    if hand.current is None:
        return _enter_betting(state, BET1, events)
    return state, events


def _after_draw(state: TableState, seat: int, events: list[Event]) -> tuple[TableState, list[Event]]:
    """`seat` has finished its draw step: the next player, or the first betting round."""
    hand = state.hand.with_seat(seat, drew_done=True)
    later = [s for s in _drawers(hand) if not hand.seats[s].drew_done]
    if later:
        nxt = next(s for s in play_order(seat, state.players) if s in later)
        return replace(state, hand=replace(hand, current=nxt)), [*events, {"type": "turn", "seat": nxt}]
    return _enter_betting(replace(state, hand=hand), BET1, events)


def _draw(state: TableState, action: Mapping[str, Any]) -> tuple[TableState, list[Event]]:
    seat = _acting(state, action, "draw", (DRAW,))
    code = _card_or_unknown(state, action["draw"])
    hand = state.hand
    me = hand.seats[seat]
    if me.drawn >= MAX_DRAWS:
        raise IllegalMove("cavasie.draw_limit", rule="CV-4", seat=seat, limit=MAX_DRAWS)
    if me.chose:
        raise IllegalMove("cavasie.draw_after_choice", rule="CV-4", seat=seat)
    _check_new_card(hand, code)
    _check_deck_left(state)
    hand = hand.with_seat(seat, floor=(*me.floor, Slot(code, False)), drawn=me.drawn + 1)
    return replace(state, hand=hand), [{"type": "drew", "seat": seat, "card": code}]


def _choice_refusal(me: Seat, seat: int, kind: str, rule: str) -> None:
    if me.drawn == 0:
        raise IllegalMove("cavasie.choice_needs_draw", rule=rule, seat=seat)
    if kind == "turn_up" and me.drawn < 2:
        raise IllegalMove("cavasie.turn_up_needs_two", rule=rule, seat=seat)


def _take_into_hand(state: TableState, seat: int, index: int, rule: str) -> tuple[Hand, Event]:
    hand = state.hand
    me = hand.seats[seat]
    if len(me.hand) >= MAX_HAND:
        raise IllegalMove("cavasie.hand_full", rule="CV-7", seat=seat, limit=MAX_HAND)
    if len(me.floor) <= 1:
        raise IllegalMove("cavasie.floor_last_card", rule="CV-7", seat=seat)
    slot = me.floor[index]
    floor = me.floor[:index] + me.floor[index + 1:]
    hand = hand.with_seat(seat, floor=floor, hand=(*me.hand, Slot(slot.code, False)))
    return hand, {"type": "to_hand", "seat": seat, "index": index, "card": slot.code}


def _turn_face_up(state: TableState, seat: int, action: Mapping[str, Any], rule: str) -> tuple[Hand, Event]:
    hand = state.hand
    me = hand.seats[seat]
    index = _index(action, "turn_up", len(me.floor))
    slot = me.floor[index]
    if slot.face_up:
        raise IllegalMove("cavasie.not_face_down", rule=rule, seat=seat, index=index)
    given = _card_or_unknown(state, action.get("card"))
    if slot.code is not None and given is not None and given != slot.code:
        raise IllegalMove("cavasie.turn_up_mismatch", rule=rule, card=given, entered=slot.code)
    code = slot.code or given
    if code is None:
        raise IllegalMove("cavasie.face_up_unknown", rule=rule)
    if slot.code is None:
        _check_new_card(hand, code)
    floor = list(me.floor)
    floor[index] = Slot(code, True)
    hand = hand.with_seat(seat, floor=tuple(floor))
    return hand, {"type": "turned_up", "seat": seat, "index": index, "card": code}


def _to_hand(state: TableState, action: Mapping[str, Any]) -> tuple[TableState, list[Event]]:
    seat = _acting(state, action, "to_hand", (DRAW,))
    me = state.hand.seats[seat]
    index = _index(action, "to_hand", len(me.floor))
    _choice_refusal(me, seat, "to_hand", "CV-4")
    if me.chose:
        raise IllegalMove("cavasie.choice_used", rule="CV-4", seat=seat)
    hand, event = _take_into_hand(state, seat, index, "CV-4")
    state = replace(state, hand=hand.with_seat(seat, chose=True))
    return _after_draw(state, seat, [event])


def _turn_up(state: TableState, action: Mapping[str, Any]) -> tuple[TableState, list[Event]]:
    seat = _acting(state, action, "turn_up", (DRAW,))
    me = state.hand.seats[seat]
    _choice_refusal(me, seat, "turn_up", "CV-4")
    if me.chose:
        raise IllegalMove("cavasie.choice_used", rule="CV-4", seat=seat)
    hand, event = _turn_face_up(state, seat, action, "CV-4")
    state = replace(state, hand=hand.with_seat(seat, chose=True))
    return _after_draw(state, seat, [event])


def _done(state: TableState, action: Mapping[str, Any]) -> tuple[TableState, list[Event]]:
    seat = _acting(state, action, "done", (DRAW,))
    return _after_draw(state, seat, [{"type": "stood", "seat": seat}])


# -- betting (CV-5) -------------------------------------------------------------------------------------------
def _enter_betting(state: TableState, phase: str, events: list[Event]) -> tuple[TableState, list[Event]]:
    hand = start_round(replace(state.hand, phase=phase), state.chips)
    events = [*events, {"type": "phase", "phase": phase, "seat": hand.current}]
    state = replace(state, hand=hand)
    if hand.current is None:  # fewer than two players can bet: nothing to bet on
        return _after_betting(state, events)
    return state, events


def _after_betting(state: TableState, events: list[Event]) -> tuple[TableState, list[Event]]:
    if state.hand.phase == BET1:
        return _enter_interaction(state, events)
    hand = replace(state.hand, phase=SHOWDOWN, current=None)
    return replace(state, hand=hand), [*events, {"type": "phase", "phase": SHOWDOWN, "seat": None}]


def _pay(state: TableState, seat: int, amount: int) -> TableState:
    chips = list(state.chips)
    chips[seat] -= amount
    me = state.hand.seats[seat]
    hand = state.hand.with_seat(seat, stake=me.stake + amount, bet=me.bet + amount, acted=True)
    return replace(state, chips=tuple(chips), hand=hand)


def _amount(action: Mapping[str, Any], kind: str) -> int:
    value = action[kind]
    if not is_int(value) or value < 1:
        raise BadRequest("cavasie.bad_amount", action=kind, value=shown(value))
    return int(value)


def _betting(state: TableState, action: Mapping[str, Any], kind: str) -> tuple[TableState, list[Event]]:
    hand = state.hand
    if hand.phase in BETTING and hand.current is not None:
        named = _seat_field(state, action, required=False)
        if named is not None and named == hand.dealer:
            raise IllegalMove("cavasie.dealer_does_not_bet", rule="CV-5", seat=named)
    seat = _acting(state, action, kind, BETTING)
    me = hand.seats[seat]
    to_call = hand.current_bet - me.bet
    stack = state.chips[seat]
    event: Event = {"type": kind, "seat": seat}
    if kind == "check":
        if to_call > 0:
            raise IllegalMove("cavasie.check_facing_bet", rule="CV-5", seat=seat, to_call=to_call)
        state = replace(state, hand=hand.with_seat(seat, acted=True))
    elif kind == "fold":
        state = replace(state, hand=hand.with_seat(seat, folded=True, acted=True))
    elif kind == "call":
        if to_call == 0:
            raise IllegalMove("cavasie.nothing_to_call", rule="CV-5", seat=seat)
        paid = min(to_call, stack)  # short of chips: all in
        state = _pay(state, seat, paid)
        event.update(amount=paid, all_in=paid == stack)
    elif kind == "bet":
        amount = _amount(action, "bet")
        if hand.current_bet > 0:
            raise IllegalMove("cavasie.bet_after_bet", rule="CV-5", seat=seat, current=hand.current_bet)
        if amount > stack:
            raise IllegalMove("cavasie.chips_short", rule="CV-5", seat=seat, amount=amount, chips=stack)
        state = _pay(state, seat, amount)
        state = replace(state, hand=replace(state.hand, current_bet=amount))
        event.update(amount=amount, all_in=amount == stack)
    else:  # raise
        amount = _amount(action, "raise")
        if hand.current_bet == 0:
            raise IllegalMove("cavasie.raise_without_bet", rule="CV-5", seat=seat)
        if to_call + amount > stack:
            raise IllegalMove("cavasie.chips_short", rule="CV-5", seat=seat, amount=to_call + amount, chips=stack)
        state = _pay(state, seat, to_call + amount)
        state = replace(state, hand=replace(state.hand, current_bet=hand.current_bet + amount))
        event.update(amount=to_call + amount, to=hand.current_bet + amount, all_in=to_call + amount == stack)
    if kind in ("bet", "raise"):  # everyone else must answer the new bet
        seats = tuple(replace(s, acted=False) if i != seat else s for i, s in enumerate(state.hand.seats))
        state = replace(state, hand=replace(state.hand, seats=seats))
    events: list[Event] = [event]
    alive = [s for s in range(state.players) if state.hand.seats[s].in_hand and not state.hand.seats[s].folded]
    if len(alive) == 1:
        return _settle_uncontested(state, alive[0], events)
    nxt = next_to_act(state.hand, state.chips, after=seat)
    if nxt is None or round_over(state.hand, state.chips):
        state = replace(state, hand=replace(state.hand, current=None))
        return _after_betting(state, events)
    return replace(state, hand=replace(state.hand, current=nxt)), [*events, {"type": "turn", "seat": nxt}]


# -- interaction (CV-5) ---------------------------------------------------------------------------------------
def _enter_interaction(state: TableState, events: list[Event]) -> tuple[TableState, list[Event]]:
    order = bettors(state.hand)
    hand = replace(state.hand, phase=INTERACT, current=order[0] if order else None)
    state = replace(state, hand=hand)
    events = [*events, {"type": "phase", "phase": INTERACT, "seat": hand.current}]
    if hand.current is None:
        return _enter_betting(state, BET2, events)
    return state, events


def _interact(state: TableState, action: Mapping[str, Any]) -> tuple[TableState, list[Event]]:
    hand = state.hand
    named = _seat_field(state, action, required=False)
    if hand.phase == INTERACT and named is not None and hand.seats[named].interacted:
        raise IllegalMove("cavasie.interaction_used", rule="CV-5", seat=named)
    seat = _acting(state, action, "interact", (INTERACT,))
    me = hand.seats[seat]
    how = action["interact"]
    if how == "none":
        event: Event = {"type": "interaction", "seat": seat, "how": "none"}
    elif how == "swap":
        hand_index = _index(action, "hand", len(me.hand))
        floor_index = _index(action, "floor", len(me.floor))
        if len(me.floor) <= 1:
            raise IllegalMove("cavasie.floor_last_card", rule="CV-7", seat=seat)
        discarded = me.hand[hand_index]
        taken = me.floor[floor_index]
        kept = me.hand[:hand_index] + me.hand[hand_index + 1:]
        floor = me.floor[:floor_index] + me.floor[floor_index + 1:]
        hand = hand.with_seat(seat, hand=(*kept, Slot(taken.code, False)), floor=floor)
        hand = replace(hand, center=(*hand.center, Slot(discarded.code, False)))
        event = {"type": "interaction", "seat": seat, "how": "swap", "discarded": discarded.code, "taken": taken.code}
    elif how == "choice":
        face_down = sum(1 for slot in me.floor if not slot.face_up)
        if len(me.hand) != 2 or face_down < 2:
            raise IllegalMove("cavasie.choice_needs", rule="CV-5", seat=seat, hand=len(me.hand), face_down=face_down)
        if "turn_up" in action:
            _choice_refusal(me, seat, "turn_up", "CV-5")
            hand, event = _turn_face_up(state, seat, action, "CV-5")
        else:
            _choice_refusal(me, seat, "to_hand", "CV-5")
            hand, event = _take_into_hand(state, seat, _index(action, "to_hand", len(me.floor)), "CV-5")
        event = {**event, "type": "interaction", "how": "choice", "did": event["type"]}
    elif how == "take_center":
        index = _index(action, "center", len(hand.center))
        if len(me.floor) >= MAX_FLOOR:
            raise IllegalMove("cavasie.floor_full", rule="CV-7", seat=seat, limit=MAX_FLOOR)
        if hand.dealer is not None and len(hand.center) <= 1:
            raise IllegalMove("cavasie.center_last_card", rule="CV-7", seat=seat)
        slot = hand.center[index]
        hand = hand.with_seat(seat, floor=(*me.floor, slot))
        hand = replace(hand, center=hand.center[:index] + hand.center[index + 1:])
        event = {"type": "interaction", "seat": seat, "how": "take_center", "card": slot.code, "up": slot.face_up}
    else:
        raise BadRequest("cavasie.bad_interaction", value=shown(how))
    hand = hand.with_seat(seat, interacted=True)
    later = [s for s in bettors(hand) if not hand.seats[s].interacted]
    state = replace(state, hand=hand)
    if later:
        nxt = next(s for s in play_order(seat, state.players) if s in later)
        return replace(state, hand=replace(hand, current=nxt)), [event, {"type": "turn", "seat": nxt}]
    return _enter_betting(state, BET2, [event])


# -- revealing and the showdown (CV-7 … CV-10) -------------------------------------------------------------
def _reveal(state: TableState, action: Mapping[str, Any]) -> tuple[TableState, list[Event]]:
    hand = state.hand
    if hand.phase == SETTLED:
        raise _phase_error(hand, "reveal")
    code = read_code(state.deck, action["reveal"])
    pile = action.get("pile")
    if pile not in ("floor", "hand", "center"):
        raise BadRequest("cavasie.bad_pile", value=shown(pile))
    if pile == "center":
        index = _index(action, "index", len(hand.center))
        slot = hand.center[index]
    else:
        seat = _seat_field(state, action, required=True)
        assert seat is not None
        cards: tuple[Slot, ...] = getattr(hand.seats[seat], str(pile))
        index = _index(action, "index", len(cards))
        slot = cards[index]
    if slot.code is not None:
        if slot.code == code:
            return state, []
        raise IllegalMove("cavasie.already_known", rule="CV-6", card=slot.code)
    _check_new_card(hand, code)
    new = Slot(code, slot.face_up)
    if pile == "center":
        hand = replace(hand, center=(*hand.center[:index], new, *hand.center[index + 1:]))
    else:
        assert seat is not None
        cards = getattr(hand.seats[seat], str(pile))
        hand = hand.with_seat(seat, **{str(pile): (*cards[:index], new, *cards[index + 1:])})
    event = {"type": "revealed", "card": code, "pile": pile, "index": index,
             "seat": None if pile == "center" else seat}
    return replace(state, hand=hand), [event]


def unknown_cards(state: TableState) -> list[tuple[int | None, str, int]]:
    """(seat or None for the centre, pile, index) of every card the showdown still needs."""
    hand = state.hand
    missing: list[tuple[int | None, str, int]] = []
    for seat in showdown_seats(state):
        for pile in ("hand", "floor"):
            for index, slot in enumerate(getattr(hand.seats[seat], pile)):
                if slot.code is None:
                    missing.append((seat, pile, index))
    if hand.dealer is not None and hand.dealer in showdown_seats(state):
        missing += [(None, "center", i) for i, slot in enumerate(hand.center) if slot.code is None]
    return missing


def showdown_seats(state: TableState) -> list[int]:
    hand = state.hand
    return [s for s in range(state.players) if hand.seats[s].in_hand and not hand.seats[s].folded]


def seat_cards(state: TableState, seat: int) -> SeatCards:
    hand = state.hand
    me = hand.seats[seat]
    floor = tuple(slot.code for slot in me.floor if slot.code is not None)
    if seat == hand.dealer:
        return SeatCards(tuple(slot.code for slot in hand.center if slot.code is not None), floor, dealer=True)
    return SeatCards(tuple(slot.code for slot in me.hand if slot.code is not None), floor)


def _showdown(state: TableState, action: Mapping[str, Any]) -> tuple[TableState, list[Event]]:
    hand = state.hand
    if hand.phase != SHOWDOWN:
        raise _phase_error(hand, "showdown")
    missing = unknown_cards(state)
    if missing:
        raise IllegalMove("cavasie.showdown_unknown", rule="CV-7", count=len(missing))
    seats = showdown_seats(state)
    shown = report(scorer_for(state.deck), [seat_cards(state, s) for s in seats], seats)
    rank_of = {seat: place for place, group in enumerate(shown["places"]) for seat in group}

    def best_of(candidates: list[int]) -> list[int]:
        top = min(rank_of[s] for s in candidates)
        return [s for s in candidates if rank_of[s] == top]

    folded = [seat.folded or not seat.in_hand for seat in hand.seats]
    order = play_order(hand.button, state.players)
    won = award([seat.stake for seat in hand.seats], folded, order, best_of)
    settlement = {"kind": "showdown", "pot": hand.pot, **shown,
                  "awards": {str(seat): chips for seat, chips in sorted(won.items())}}
    state = replace(state, best_hands=_best_hands(state, shown["hands"]))
    return _settle(state, settlement, [{"type": "showdown", **settlement}])


def _best_hands(state: TableState, hands: Mapping[str, Mapping[str, Any]]) -> tuple[BestHand | None, ...]:
    """Each seat's best hand after a showdown's scored `hands` (as scored there, CV-9's voiding
    applied): the higher CV-10 key of the one before and this one."""
    best = [state.best_hand(seat) for seat in range(state.players)]
    for seat, scored in hands.items():
        now = BestHand(tuple(scored["key"]), str(scored["pattern"]).lower())
        before = best[int(seat)]
        if before is None or now.key > before.key:
            best[int(seat)] = now
    return tuple(best)


def _settle_uncontested(state: TableState, seat: int, events: list[Event]) -> tuple[TableState, list[Event]]:
    pot = state.hand.pot
    settlement = {"kind": "uncontested", "pot": pot, "places": [[seat]], "hands": {}, "voided": False,
                  "decisions": [], "awards": {str(seat): pot}}
    return _settle(state, settlement, [*events, {"type": "won_uncontested", "seat": seat, "pot": pot}])


def _settle(state: TableState, settlement: dict[str, Any], events: list[Event]) -> tuple[TableState, list[Event]]:
    """Pay the awards. A seat left without chips is out from this hand on (`busted`: the hand's
    number and the chips it started the hand with, for the places); when one player holds
    every chip, the session is over by itself."""
    hand = state.hand
    chips = list(state.chips)
    for seat, won in settlement["awards"].items():
        chips[int(seat)] += won
    busted = list(state.busted) or [None] * state.players
    for seat, part in enumerate(hand.seats):
        if part.in_hand and chips[seat] == 0 and busted[seat] is None:
            busted[seat] = (hand.number, state.chips[seat] + part.stake)
    seats = tuple(replace(seat, stake=0, bet=0) for seat in hand.seats)
    hand = replace(hand, phase=SETTLED, current=None, seats=seats, result=settlement)
    over = _one_holds_every_chip(chips)
    state = replace(state, chips=tuple(chips), hand=hand, ended=over,
                    busted=tuple(busted) if any(b is not None for b in busted) else ())
    events = [*events, {"type": "hand_over", "chips": chips}]
    if over:
        events.append({"type": "session_over", "chips": chips})
    return state, events


def _one_holds_every_chip(chips: Sequence[int]) -> bool:
    return sum(1 for stack in chips if stack > 0) < 2


# -- between hands -----------------------------------------------------------------------------------------------
def _next_hand(state: TableState, action: Mapping[str, Any]) -> tuple[TableState, list[Event]]:
    hand = state.hand
    if hand.phase != SETTLED:
        raise IllegalMove("cavasie.hand_running", rule="CV-5")
    if sum(1 for stack in state.chips if stack > 0) < 2:
        raise IllegalMove("cavasie.too_few_with_chips", rule="CV-4")
    chips, new = _begin_hand(state.chips, state.dealer_mode, state.ante, hand.number + 1,
                             (hand.button + 1) % state.players)
    return replace(state, chips=chips, hand=new), [
        {"type": "new_hand", "number": new.number, "button": new.button, "dealer": new.dealer}]


def _end_session(state: TableState, action: Mapping[str, Any]) -> tuple[TableState, list[Event]]:
    hand = state.hand
    untouched = hand.phase == DEAL and not hand.center and all(not s.floor and not s.hand for s in hand.seats)
    if hand.phase != SETTLED and not untouched:
        raise IllegalMove("cavasie.end_mid_hand", rule="CV-5")
    chips = list(state.chips)
    if untouched:  # nothing dealt yet: the antes go back
        for seat, part in enumerate(hand.seats):
            chips[seat] += part.stake
        hand = replace(hand, seats=tuple(replace(s, stake=0) for s in hand.seats))
    state = replace(state, chips=tuple(chips), hand=hand, ended=True)
    return state, [{"type": "session_over", "chips": chips}]


_HANDLERS = {
    "place": _place, "draw": _draw, "to_hand": _to_hand, "turn_up": _turn_up, "done": _done,
    "check": lambda s, a: _betting(s, a, "check"), "bet": lambda s, a: _betting(s, a, "bet"),
    "call": lambda s, a: _betting(s, a, "call"), "raise": lambda s, a: _betting(s, a, "raise"),
    "fold": lambda s, a: _betting(s, a, "fold"), "interact": _interact, "reveal": _reveal,
    "showdown": _showdown, "next_hand": _next_hand, "end_session": _end_session,
}


# -- reading the state ---------------------------------------------------------------------------------------------
def outcome(state: TableState) -> Outcome:
    """Chips per seat; places once the session is ended: by chips, busted players by when they
    went out (`_standing`; ties share a place).

    `detail` (the statistics contract of db/stats.py): the hand's number, phase and pot, and
    `seats`: `{"0": {"best_hand": {"rank": 14, "pattern": "hugenie"}}, "1": {}, ...}`, each
    seat's best hand scored at a showdown of the session: its rank on the CV-8 ladder after
    CV-9's specials (1 migutin … 18 vanzie, higher is stronger) and the pattern's id. A seat
    that never showed down (it folded, or every hand was won uncontested) has none."""
    scores = dict(enumerate(state.chips))
    seats: dict[str, dict[str, Any]] = {}
    for seat in range(state.players):
        best = state.best_hand(seat)
        seats[str(seat)] = {} if best is None else {"best_hand": {"rank": best.rank, "pattern": best.pattern}}
    detail = {"hand": state.hand.number, "phase": state.hand.phase, "pot": state.hand.pot, "seats": seats}
    if not state.ended:
        return Outcome(False, (), scores, detail)
    places: list[list[int]] = []
    standing = {seat: _standing(state, seat) for seat in range(state.players)}
    for seat in sorted(range(state.players), key=lambda s: standing[s], reverse=True):
        if places and standing[places[-1][0]] == standing[seat]:
            places[-1].append(seat)
        else:
            places.append([seat])
    return Outcome(True, tuple(tuple(group) for group in places), scores, detail)


def _standing(state: TableState, seat: int) -> tuple[int, int, int]:
    """What places a seat at the end: its chips; among players who lost every chip, the later
    bust first, and of two out in the same hand, the one who started it with more chips."""
    bust = state.bust(seat)
    if bust is None:
        return (state.chips[seat], 1 << 62, 0)
    number, stack = bust
    return (state.chips[seat], number, stack)


def acting_seat(state: TableState) -> int | None:
    """The seat whose turn it is in the draw, betting or interaction step, else None."""
    return None if state.ended else state.hand.current


@dataclass(frozen=True)
class BetOptions:
    """What the seat to act may do in a betting round (CV-5)."""

    seat: int
    to_call: int  # chips to match the current bet (0: may check)
    chips: int  # chips behind
    can_bet: bool  # no bet yet this round
    can_raise: bool

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "to_call": self.to_call, "chips": self.chips, "can_bet": self.can_bet,
                "can_raise": self.can_raise}


def bet_options(state: TableState) -> BetOptions | None:
    hand = state.hand
    if state.ended or hand.phase not in BETTING or hand.current is None:
        return None
    seat = hand.current
    to_call = hand.current_bet - hand.seats[seat].bet
    stack = state.chips[seat]
    return BetOptions(seat, to_call, stack, hand.current_bet == 0 and stack > 0,
                      hand.current_bet > 0 and stack > to_call)


def next_deal_slot(state: TableState) -> tuple[int | None, str, bool] | None:
    """The next card of the deal in CV-4's order, as (seat or None for the centre, pile, face up):
    the dealer's four floor cards, the two centre cards, two floor cards for each other player in
    play order, then two hand cards each. None once the deal is complete."""
    hand = state.hand
    if hand.phase != DEAL:
        return None
    order = [s for s in play_order(hand.button, state.players) if hand.seats[s].in_hand and s != hand.dealer]
    wanted: list[tuple[int | None, str, int]] = []
    if hand.dealer is not None:
        wanted.append((hand.dealer, "floor", DEALER_FLOOR))
    wanted.append((None, "center", CENTER_DEALT))
    wanted += [(seat, "floor", FLOOR_DEALT) for seat in order]
    wanted += [(seat, "hand", HAND_DEALT) for seat in order]
    for seat, pile, count in wanted:
        have = len(hand.center) if seat is None else len(getattr(hand.seats[seat], pile))
        if have < count:
            return seat, pile, deal_face_up(hand, pile, seat, have)
    return None


def _spare_code(state: TableState) -> str | None:
    """Some card code not on the table (None when every card is)."""
    used = set(state.hand.cards())
    return next((code for code in state.deck.codes if code not in used), None)


def _candidates(state: TableState) -> list[dict[str, Any]]:
    hand = state.hand
    phase, seat = hand.phase, hand.current
    if phase == SETTLED:
        return [{"next_hand": True}, {"end_session": True}]
    if phase == SHOWDOWN:
        return [{"showdown": True}]
    if seat is None:
        return []
    me = hand.seats[seat]
    spare = _spare_code(state)

    def turn_up(index: int) -> dict[str, Any]:
        return {"turn_up": index} if me.floor[index].code else {"turn_up": index, "card": spare}

    # an unknown card turned up takes a code not on the table: with none left there is no such card
    turnable = [i for i in range(len(me.floor)) if me.floor[i].code or spare is not None]
    if phase == DRAW:
        return [{"draw": None}, *({"to_hand": i} for i in range(len(me.floor))),
                *(turn_up(i) for i in turnable), {"done": True}]
    if phase in BETTING:
        return [{"check": True}, {"call": True}, {"bet": 1}, {"raise": 1}, {"fold": True}]
    if phase == INTERACT:
        return [{"interact": "none"},
                *({"interact": "swap", "hand": h, "floor": f}
                  for h in range(len(me.hand)) for f in range(len(me.floor))),
                *({"interact": "choice", "to_hand": i} for i in range(len(me.floor))),
                *({"interact": "choice", **turn_up(i)} for i in turnable),
                *({"interact": "take_center", "center": i} for i in range(len(hand.center)))]
    return []


def legal_actions(state: TableState) -> list[dict[str, Any]]:
    """The actions the rules allow now in the draw, betting and interaction steps, at the
    showdown and between hands (not the deal or reveals, which take any unused card). Each
    is tried on the engine itself, so this list never disagrees with `apply_action`. Bets and
    raises are listed with 1 chip; a turned-up unknown card with some unused card code."""
    if state.ended:
        return []
    legal = []
    for action in _candidates(state):
        try:
            apply_action(state, action)
        except (IllegalMove, BadRequest, GameOver):
            continue
        legal.append(action)
    return legal


class CavasieEngine:
    """The session's view of a Çävasie table: states are `TableState`s, actions protocol-style dicts."""

    name = "cavasie"

    def new_state(self, setup: Mapping[str, Any]) -> TableState:
        """`setup`: {"players": 2–5, "dealer": bool, "chips": int, "ante": int, "deck"?: deck data}."""
        deck = load_deck(setup["deck"]) if setup.get("deck") is not None else None
        return new_table(int(setup["players"]), bool(setup.get("dealer", True)), int(setup.get("chips", 100)),
                         int(setup.get("ante", 1)), deck)

    def apply(self, state: TableState, action: Mapping[str, Any]) -> tuple[TableState, list[Event]]:
        return apply_action(state, action)

    def outcome(self, state: TableState) -> Outcome:
        return outcome(state)

    def to_move(self, state: TableState) -> int | None:
        """The seat to act in a betting round; None otherwise (any seat's cards may be entered)."""
        hand = state.hand
        return hand.current if not state.ended and hand.phase in BETTING else None

    def roll(self, state: TableState, rng: random.Random) -> dict[str, Any] | None:
        return None  # no dice: the cards are dealt at the table and entered

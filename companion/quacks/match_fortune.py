"""The fortune teller cards in a match (QK-4): what each card does, and the questions it asks.

Every one of the 24 cards is applied by the engine; the card's `effect` id (data.py) says how.
A card acts at one of four moments of the round:

- at once, when the start player has drawn it (purple cards, rulebook order: before the rats):
  `droplet_1`, `fewest_rubies_ruby`, `fewest_vp_green1` act alone; `choose_droplet2_or_purple`,
  `choose_black_or_2chip_or_3rubies`, `trade_ruby_for_1chip`, `choose_4vp_or_remove_white1`
  ask each player to "take" one option; `everyone_rolls_die` asks each player's "die" face;
  `draw5_lowest_blue2_else_ruby` and `draw4_upgrade_one_else_green1` ask the chips each
  player "draw"s from the bag (they go straight back);
- with the rats (they need the round's rat tails, computed after the card's other effects):
  `double_rats`, `rats_for_rubies` ("give_up" 0–3 tails for as many rubies) and
  `choose_4chip_or_vp_per_rat` ("take" a 4-chip or "vp": one VP per rat tail);
- while brewing (blue cards): `white_limit_9`, `orange_moves_1_more`, `first_white_back` are
  pot settings (pot.py), `restart_after_5` is the match's restart action;
- when brewing is over: `explosion_gives_left_2chip` asks the left neighbour (the next seat
  clockwise) of every exploded player for a 2-chip, `draw5_place_one` asks every player who
  stopped without exploding for the chips drawn and the one placed, start player first;
- in the evaluation (`Extras`): `die_rolls_twice`, `ruby_space_2vp`, `ruby_space_extra_ruby`,
  `whites_exactly_7_droplet`, `refill_flasks_end`.

Questions are asked one seat at a time, start player first, then clockwise, so a chip the box
runs short of goes to the earlier player (as in QK-14). A chip a card gives comes from the box,
and a yellow or purple chip only once its book is out (QK-4); "any one 2-chip" / "4-chip" /
"1-chip" are read as the coloured chips (white chips are never handed out). A question with a
single possible answer is answered at once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.errors import BadRequest, IllegalMove
from companion.quacks.data import (
    BONUS_DIE_FACES,
    CHIPS,
    LAST_SPACE,
    VALUES,
    WHITE_LIMIT,
    Bag,
    FortuneCard,
    book_out,
    chip,
)
from companion.quacks.evaluation_types import Extras
from companion.quacks.match_state import AskKind, CardAsk, MatchState
from companion.quacks.pot import Beside, Draw, parse_item
from companion.quacks.pot import draw as pot_draw
from companion.quacks.pot import stop as pot_stop
from companion.quacks.rats import rats_for_round
from companion.quacks.records import evolve

RULE = "QK-4"
Event = dict[str, Any]
Option = str | int | None

# When each asking card asks, and how it is answered.
AT_ONCE: Mapping[str, AskKind] = {
    "choose_droplet2_or_purple": "take",
    "choose_black_or_2chip_or_3rubies": "take",
    "trade_ruby_for_1chip": "take",
    "choose_4vp_or_remove_white1": "take",
    "everyone_rolls_die": "die",
    "draw5_lowest_blue2_else_ruby": "draw",
    "draw4_upgrade_one_else_green1": "draw",
}
WITH_RATS: Mapping[str, AskKind] = {"rats_for_rubies": "give_up", "choose_4chip_or_vp_per_rat": "take"}
AT_CLOSE: Mapping[str, AskKind] = {"explosion_gives_left_2chip": "take", "draw5_place_one": "draw"}
# The "draw" cards that let a player draw fewer chips than the card's number ("up to").
UP_TO = frozenset({"draw5_place_one"})
TWO_CHIPS = ("G2", "B2", "R2", "Y2")
FOUR_CHIPS = ("G4", "B4", "R4", "Y4")
ONE_CHIPS_FOR_RUBY = ("O1", "G1", "B1", "R1", "Y1")  # Wheel and Deal: not purple or black
REMOVE_WHITE = "remove_W1"


# --- the card's settings for the pots and the evaluation ----------------------------------


def figure(card: FortuneCard | None, effect: str, otherwise: int = 0) -> int:
    """The number printed on `card` (the table may have corrected it) when `card` is the one
    with `effect`, else `otherwise`: every figure the engine reads of a card comes from here."""
    if card is None or card.effect != effect:
        return otherwise
    assert card.number is not None, f"the card {card.id} has a number"
    return card.number


def white_limit(card: FortuneCard | None) -> int:
    """The round's base white limit (QK-7; Living in Luxury 9)."""
    return figure(card, "white_limit_9", WHITE_LIMIT)


def extras(card: FortuneCard | None) -> Extras:
    """The evaluation's share of the blue cards."""
    effect = card.effect if card is not None else None
    seasoned = figure(card, "whites_exactly_7_droplet")
    return Extras(
        die_rolls=figure(card, "die_rolls_twice", 1),
        ruby_space_vp=figure(card, "ruby_space_2vp"),
        ruby_space_rubies=figure(card, "ruby_space_extra_ruby"),
        whites_seven_droplet=1 if seasoned else 0,
        free_refill=effect == "refill_flasks_end",
        whites_exact=seasoned or Extras.whites_exact,
    )


# --- small helpers ----------------------------------------------------------------------


def _gift(state: MatchState, seat: int, code: str, events: list[Event], why: str) -> MatchState:
    """One chip from the box into `seat`'s bag (nothing if the box has none left)."""
    if not state.supply.has(code):
        events.append({"type": "card_box_empty", "seat": seat, "chip": code, "effect": why, "rule": RULE})
        return state
    state = evolve(state, supply=state.supply.take(code))
    state = state.with_player(seat, bag=state.players[seat].bag.add(code))
    events.append({"type": "card_chip", "seat": seat, "chip": code, "effect": why, "rule": RULE})
    return state


def _gain(state: MatchState, seat: int, events: list[Event], why: str, *, vp: int = 0, rubies: int = 0,
          droplet: int = 0) -> MatchState:
    player = state.players[seat]
    state = state.with_player(seat, vp=player.vp + vp, rubies=player.rubies + rubies,
                              droplet=min(LAST_SPACE, player.droplet + droplet))
    gain = {k: v for k, v in (("vp", vp), ("rubies", rubies), ("droplet", droplet)) if v}
    events.append({"type": "card_gain", "seat": seat, "effect": why, "gain": gain, "rule": RULE})
    return state


def _lowest(values: Sequence[int]) -> tuple[int, ...]:
    low = min(values)
    return tuple(seat for seat, value in enumerate(values) if value == low)


def _available(state: MatchState, codes: Sequence[str]) -> list[str]:
    """The chips a card may hand out now: their book is out (QK-4) and the box has one."""
    return [c for c in codes if book_out(CHIPS[c].colour, state.round) and state.supply.has(c)]


def higher(code: str) -> str | None:
    """The same colour's next higher chip (An Opportunistic Moment), or None. White chips are
    never traded: a card hands out no white chip (a player who drew only whites and chips
    with no higher value takes the green 1)."""
    kind = CHIPS[code]
    if kind.white:
        return None
    values = VALUES[kind.colour]
    index = values.index(kind.value)
    return f"{code[0]}{values[index + 1]}" if index + 1 < len(values) else None


# --- the moments of the round -----------------------------------------------------------


def on_pick(state: MatchState) -> tuple[MatchState, list[Event]]:
    """The card's effects at once (purple cards that need no answer), and its questions."""
    effect = state.effect or ""
    events: list[Event] = []
    card = state.fortune
    if effect == "droplet_1":
        for seat in state.order:
            state = _gain(state, seat, events, effect, droplet=figure(card, effect))
    elif effect == "fewest_rubies_ruby":
        poorest = _lowest([p.rubies for p in state.players])
        for seat in state.order:
            if seat in poorest:
                state = _gain(state, seat, events, effect, rubies=figure(card, effect))
    elif effect == "fewest_vp_green1":
        last = _lowest([p.vp for p in state.players])
        for seat in state.order:
            if seat in last:
                state = _gift(state, seat, "G1", events, effect)
    elif effect in AT_ONCE:
        state = evolve(state, asks=tuple(CardAsk(effect, seat, AT_ONCE[effect]) for seat in state.order))
    return state, events


def on_rats(state: MatchState) -> tuple[MatchState, list[Event]]:
    """QK-5: every seat's rats from the scores as they stand after the card (Rat Infestation
    doubles them), then the card questions that depend on them."""
    effect = state.effect or ""
    rats = rats_for_round([p.vp for p in state.players], state.round, doubled=effect == "double_rats")
    players = tuple(evolve(p, rats=r) for p, r in zip(state.players, rats, strict=True))
    state = evolve(state, players=players)
    events: list[Event] = [{"type": "rats", "rats": list(rats), "doubled": effect == "double_rats",
                            "rule": "QK-5"}]
    if effect in WITH_RATS:
        state = evolve(state, asks=tuple(CardAsk(effect, seat, WITH_RATS[effect]) for seat in state.order))
    return state, events


def on_close(state: MatchState) -> MatchState:
    """The questions of the cards that act when brewing is over."""
    effect = state.effect
    if effect == "explosion_gives_left_2chip":
        n = state.seats
        asks = tuple(CardAsk(effect, (seat + 1) % n, "take") for seat in state.order
                     if state.players[seat].exploded)
        return evolve(state, asks=asks)
    if effect == "draw5_place_one":
        asks = tuple(CardAsk(effect, seat, "draw") for seat in state.order
                     if state.players[seat].stopped and not state.players[seat].exploded)
        return evolve(state, asks=asks)
    return state


# --- questions and answers --------------------------------------------------------------


def options(state: MatchState, ask: CardAsk) -> tuple[Option, ...]:
    """What `ask` accepts now: the "take" options, the number of tails one may "give_up", the
    die faces; for "draw", the chips to draw: (how many, 1 if that many exactly else 0)."""
    player = state.players[ask.seat]
    card = ask.effect
    if card == "choose_droplet2_or_purple":
        return ("droplet", *_available(state, ("P1",)))
    if card == "choose_black_or_2chip_or_3rubies":
        return ("rubies", *_available(state, ("K1", *TWO_CHIPS)))
    if card == "trade_ruby_for_1chip":
        return (None, *(_available(state, ONE_CHIPS_FOR_RUBY) if player.rubies >= 1 else ()))
    if card == "choose_4vp_or_remove_white1":
        return ("vp", *((REMOVE_WHITE,) if player.bag["W1"] else ()))
    if card == "choose_4chip_or_vp_per_rat":
        return ("vp", *_available(state, FOUR_CHIPS))
    if card == "explosion_gives_left_2chip":
        return tuple(_available(state, TWO_CHIPS))
    if card == "rats_for_rubies":
        return tuple(range(min(figure(state.fortune, card), player.rats) + 1))
    if card == "everyone_rolls_die":
        return tuple(dict.fromkeys(BONUS_DIE_FACES))
    count = figure(state.fortune, card)
    return (min(count, player.bag.size), 0 if card in UP_TO else 1)


def automatic(state: MatchState, ask: CardAsk) -> dict[str, Any] | None:
    """The answer given at once when there is no real choice (one option; no tail to give
    up; nothing to draw), else None."""
    seat = ask.seat
    if ask.kind == "take":
        found = options(state, ask)
        if len(found) <= 1:
            return {"seat": seat, "take": found[0] if found else None}
    if ask.kind == "give_up" and options(state, ask) == (0,):
        return {"seat": seat, "give_up": 0}
    if ask.kind == "draw" and options(state, ask)[0] == 0:
        return {"seat": seat, "drawn": []}
    return None


def answer(state: MatchState, ask: CardAsk, action: Mapping[str, Any]) -> tuple[MatchState, list[Event]]:
    """Carry out `ask`'s answer (the action of its seat); the ask is still the first in
    `state.asks` and is removed here."""
    state = evolve(state, asks=state.asks[1:])
    if ask.kind == "take":
        return _take(state, ask, action.get("take"))
    if ask.kind == "give_up":
        return _give_up(state, ask, action.get("give_up"))
    if ask.kind == "die":
        return _die(state, ask, action.get("die"))
    return _draw(state, ask, action)


def _check_option(state: MatchState, ask: CardAsk, value: Any, key: str) -> None:
    allowed = options(state, ask) or (None,)  # nothing to offer (an empty box): nothing taken
    if isinstance(value, bool) or value not in allowed:
        shown = ", ".join("-" if o is None else str(o) for o in allowed) or "-"
        raise IllegalMove("quacks.match.card_option", rule=RULE, seat=ask.seat, card=str(state.card),
                          value=str(value), options=shown, key=key)


def _take(state: MatchState, ask: CardAsk, value: Any) -> tuple[MatchState, list[Event]]:
    seat, card = ask.seat, ask.effect
    events: list[Event] = []
    _check_option(state, ask, value, "take")
    events.append({"type": "card_answer", "seat": seat, "effect": card, "take": value, "rule": RULE})
    printed = state.fortune
    if value == "droplet":
        state = _gain(state, seat, events, card, droplet=figure(printed, card))
    elif value == "rubies":
        state = _gain(state, seat, events, card, rubies=figure(printed, card))
    elif value == "vp":
        vp = figure(printed, card) if card == "choose_4vp_or_remove_white1" else state.players[seat].rats
        state = _gain(state, seat, events, card, vp=vp)
    elif value == REMOVE_WHITE:
        state = state.with_player(seat, bag=state.players[seat].bag.remove("W1", rule=RULE))
        state = evolve(state, supply=state.supply.give_back("W1"))
        events.append({"type": "card_removed", "seat": seat, "chip": "W1", "effect": card, "rule": RULE})
    elif isinstance(value, str):
        if card == "trade_ruby_for_1chip":
            state = _gain(state, seat, events, card, rubies=-1)
        state = _gift(state, seat, value, events, card)
    return state, events


def _give_up(state: MatchState, ask: CardAsk, value: Any) -> tuple[MatchState, list[Event]]:
    _check_option(state, ask, value, "give_up")
    player = state.players[ask.seat]
    events: list[Event] = [{"type": "card_answer", "seat": ask.seat, "effect": ask.effect, "give_up": value,
                            "rule": RULE}]
    if value:
        state = state.with_player(ask.seat, rats=player.rats - value)
        state = _gain(state, ask.seat, events, ask.effect, rubies=value)
    return state, events


def _die(state: MatchState, ask: CardAsk, face: Any) -> tuple[MatchState, list[Event]]:
    if face not in BONUS_DIE_FACES:
        raise BadRequest("quacks.eval.unknown_face", face=str(face), faces=", ".join(dict.fromkeys(BONUS_DIE_FACES)))
    seat, events = ask.seat, [{"type": "card_die", "seat": ask.seat, "face": face, "rule": RULE}]
    if face == "orange":
        return _gift(state, seat, "O1", events, ask.effect), events
    gains = {"1vp": {"vp": 1}, "2vp": {"vp": 2}, "ruby": {"rubies": 1}, "droplet": {"droplet": 1}}[face]
    return _gain(state, seat, events, ask.effect, **gains), events


def _drawn(state: MatchState, ask: CardAsk, action: Mapping[str, Any]) -> tuple[str, ...]:
    """The chips `ask`'s seat drew: codes its bag holds, as many as the card draws."""
    raw = action.get("drawn")
    if not isinstance(raw, list):
        raise BadRequest("quacks.match.drawn_list", seat=ask.seat)
    codes = tuple(chip(code).code for code in raw)
    bag: Bag = state.players[ask.seat].bag
    for code in codes:
        bag = bag.remove(code, rule=RULE)
    count, exact = options(state, ask)
    assert isinstance(count, int)
    if exact and len(codes) != count:
        raise IllegalMove("quacks.match.card_draw_count", rule=RULE, seat=ask.seat, count=len(codes),
                          expected=count)
    if len(codes) > count:
        raise IllegalMove("quacks.match.card_draw_most", rule=RULE, seat=ask.seat, count=len(codes),
                          most=count)
    return codes


def _draw(state: MatchState, ask: CardAsk, action: Mapping[str, Any]) -> tuple[MatchState, list[Event]]:
    codes = _drawn(state, ask, action)
    seat, card = ask.seat, ask.effect
    events: list[Event] = [{"type": "card_drawn", "seat": seat, "effect": card, "chips": list(codes), "rule": RULE}]
    if card == "draw5_lowest_blue2_else_ruby":
        if "upgrade" in action or "place" in action:
            raise BadRequest("quacks.match.card_extra", seat=seat, card=str(state.card))
        state = evolve(state, drawn=(*state.drawn, (seat, sum(CHIPS[c].value for c in codes))))
        if not any(a.effect == card for a in state.asks):
            state, more = _less_is_more(state)
            events += more
        return state, events
    if card == "draw4_upgrade_one_else_green1":
        if "place" in action:
            raise BadRequest("quacks.match.card_extra", seat=seat, card=str(state.card))
        return _opportunity(state, seat, codes, action.get("upgrade"), events)
    if "upgrade" in action:
        raise BadRequest("quacks.match.card_extra", seat=seat, card=str(state.card))
    return _strong_ingredient(state, seat, codes, action.get("place"), events)


def _less_is_more(state: MatchState) -> tuple[MatchState, list[Event]]:
    """Less Is More, once every player has drawn: the lowest total(s) take a blue 2, the others
    a ruby."""
    totals = dict(state.drawn)
    lowest = _lowest([totals[seat] for seat in range(state.seats)])
    events: list[Event] = [{"type": "card_lowest", "seats": list(lowest),
                            "totals": [totals[s] for s in range(state.seats)], "rule": RULE}]
    card = "draw5_lowest_blue2_else_ruby"
    for seat in state.order:  # the blue 2s go in turn order while the box lasts
        state = _gift(state, seat, "B2", events, card) if seat in lowest else _gain(state, seat, events, card, rubies=1)
    return evolve(state, drawn=()), events


def upgrades(state: MatchState, codes: Sequence[str]) -> tuple[str, ...]:
    """An Opportunistic Moment: the drawn chips that can be traded for the next higher one."""
    return tuple(c for c in dict.fromkeys(codes) if (up := higher(c)) is not None and state.supply.has(up))


def _opportunity(state: MatchState, seat: int, codes: Sequence[str], upgrade: Any,
                 events: list[Event]) -> tuple[MatchState, list[Event]]:
    card = "draw4_upgrade_one_else_green1"
    possible = upgrades(state, codes)
    if upgrade is None:
        if not possible:
            state = _gift(state, seat, "G1", events, card)
        return state, events
    if upgrade not in possible:
        raise IllegalMove("quacks.match.card_upgrade", rule=RULE, seat=seat, code=str(upgrade),
                          options=", ".join(possible) or "-")
    up = higher(upgrade)
    assert up is not None
    bag = state.players[seat].bag.remove(upgrade).add(up)
    state = evolve(state.with_player(seat, bag=bag), supply=state.supply.take(up).give_back(upgrade))
    events.append({"type": "card_upgrade", "seat": seat, "chip": upgrade, "to": up, "rule": RULE})
    return state, events


def _strong_ingredient(state: MatchState, seat: int, codes: Sequence[str], place: Any,
                       events: list[Event]) -> tuple[MatchState, list[Event]]:
    """Strong Ingredient: one of the chips drawn is placed in the stopped pot, with its on-draw
    effects (QK-18: a yellow 1 may send back the white before it, a blue 1 may place one of the
    chips it draws, itself a draw item); a red of set 2 is placed, not set aside: placing is
    the card's point."""
    if place is None:
        return state, events
    item = parse_item(place, state.books, app=False)
    if not isinstance(item, Draw):
        raise BadRequest("quacks.bad_item", item=str(place)[:80])
    if item.chip not in codes:
        raise IllegalMove("quacks.match.card_place", rule=RULE, seat=seat, code=item.chip,
                          drawn=", ".join(codes) or "-")
    player = state.players[seat]
    assert player.pot is not None
    pot = evolve(player.pot, stopped=False)
    pot, bag, more = pot_draw(pot, player.bag, item, state.books)
    if not pot.exploded:
        pot = pot_stop(pot)
    while len(pot.beside) > len(player.pot.beside):  # red set 2: placed now, not set aside
        pot, bag, also = pot_draw(pot, bag, Beside("place"), state.books)
        more += also
    events += [{**event, "seat": seat} for event in more]
    return state.with_player(seat, pot=pot, bag=bag), events

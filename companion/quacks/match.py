"""A whole Quacks match, nine rounds (rules QK-1 … QK-18), as the session's engine.

A round runs through these phases (`MatchState.phase`):

    fortune     the start player enters the fortune card drawn (QK-4); purple cards act at
                once and ask each player's choice where they offer one (match_fortune.py).
                Before round 6 every bag gets a white 1 from the box (QK-3).
    rats        every seat's rat tails from the scores (QK-5); cards that depend on them ask.
    brewing     every player draws at the same time (QK-6 … QK-10, QK-18): each entry names its
                seat, in any order. When every pot is finished (stopped, exploded, empty bag,
                red set 2 decided) the cards that act after brewing ask their questions.
    evaluation  steps A–F, one question at a time (evaluation.py, QK-11 … QK-16). At its end the
                pots and the chips gained go into the bags, the next player clockwise starts,
                and the next round begins with its fortune card; after round 9: over.

Set-up (`new_state`): `{"players": 2–4, "green": 1–4, "blue": …, "red": …, "yellow": …,
"purple": …, "start": seat}` — a book set per colour (QK-1, set 1 the default), the first start
player (default 0).

Actions (JSON dicts; `seat` is 0-based; the brewing draw items are the protocol's `brew` items):

    {"catalogue": {"prices": [...], "cards": [...]}}   the table's corrections of prices and
                                                 card texts (data.catalogue_with), before a
                                                 round's card is drawn
    {"seat": s, "card": "living_in_luxury"}      the start player's fortune card (QK-4)
    {"seat": s, "take": "P1" | "droplet" | "rubies" | "vp" | "remove_W1" | null}
    {"seat": s, "give_up": 2}                    A Good Start: rat tails given up for rubies
    {"seat": s, "drawn": ["W1", ...], "upgrade": "G1" | null, "place": <draw item> | null}
                                                 the chips a card made the player draw
    {"seat": s, "die": "2vp"}                    a bonus die face (card, or evaluation step A)
    {"seat": s, "draw": "W1" | {"chip": "Y1", "return_white": true} | {"chip": "B2", "place": ...}}
    {"seat": s, "flask": true}  {"seat": s, "stop": true}  {"seat": s, "stir": true}
    {"seat": s, "beside": "place" | "keep" | "bag"}     red set 2's decision (QK-18)
    {"seat": s, "restart": true | false}         A Second Chance: begin brewing again, or go on
                                                 (asked after the 5th chip; the round waits)
    {"seat": s, "choice": "vp" | "buy"}          D: an exploded player's choice (QK-14)
    {"seat": s, "buy": ["B1", "R1"]}             E: purchases (QK-14)
    {"seat": s, "spend": {"droplet": 1, "flask": false}}   F: rubies (QK-15)
    {"seat": s, "green_take": ["O1", null]}  {"seat": s, "green_pay": 1}
    {"seat": s, "purple_trade": 2}  {"seat": s, "purple_swap": {"tier": 1, "chip": 3}}
                                                 step B answers of green/purple sets 2 and 4

An entry out of its phase or turn is refused with the rule of the phase it came in (QK-4 a
card's turn, QK-9 brewing, the evaluation step's rule), a finished match with `GameOver`.

Outcome: `scores` = VP by seat; once over, `places` by VP, then the furthest round-9 scoring
space, still tied shared (QK-16). `detail` (the statistics contract of db/stats.py):

    {"seats": {"0": {"rounds": [{"vp": 3, "exploded": false, "scoring_space": 14}, ...]}, ...},
     "round": 9, "phase": "over"}

one entry per finished round, round 1 first: `vp` is the VP the seat gained over the whole
round (fortune card, brewing's blue set 4, bonus die, steps B–F, round 9's purchases),
`exploded` whether its pot exploded, `scoring_space` the space it scored on (0–53).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from companion.errors import BadRequest, GameOver, IllegalMove, RefereeError
from companion.game import Outcome
from companion.quacks import match_fortune as fortune
from companion.quacks.data import (
    BONUS_DIE_FACES,
    BOOK_COLOURS,
    EXTRA_WHITE_CODE,
    EXTRA_WHITE_ROUND,
    ROUNDS,
    Bag,
    Books,
    catalogue_with,
)
from companion.quacks.evaluation import STEP_RULES, Evaluation, answered_already, apply, begin, open_asks, pending
from companion.quacks.evaluation_types import Ask, PlayerIn, RollDie, Setup, choice_from_json
from companion.quacks.match_state import (
    MatchState,
    Player,
    SeatRound,
    canonical,
    starting_supply,
)
from companion.quacks.pot import Pot, new_pot, parse_item, scoring_space
from companion.quacks.pot import draw as pot_draw
from companion.quacks.pot import stop as pot_stop
from companion.quacks.records import evolve
from companion.seats import table_form

Event = dict[str, Any]
MIN_PLAYERS, MAX_PLAYERS = 2, 4
BREW_KEYS = ("draw", "flask", "stir", "stop", "beside", "restart")
EVAL_KEYS = ("choice", "buy", "spend", "green_take", "green_pay", "purple_trade", "purple_swap")
CARD_KEYS = ("take", "give_up", "drawn")
MAIN_KEYS = ("catalogue", "card", "die", *CARD_KEYS, *BREW_KEYS, *EVAL_KEYS)
SECOND_CHANCE = "restart_after_5"  # the choice comes once the card's number of chips (5) is placed
BREWING_RULE = "QK-9"


# --- set-up -----------------------------------------------------------------------------


def new_match(players: int, books: Mapping[str, int] | None = None, start: int = 0) -> MatchState:
    """QK-1/QK-2: every player with the starting bag, droplet on 0, a full flask, 1 ruby, 0 VP;
    the box without the starting bags; round 1 waiting for its fortune card."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise BadRequest("quacks.match.players", rule="QK-1", count=players)
    if not 0 <= start < players:
        raise BadRequest("quacks.match.start_seat", rule="QK-1", start=start, players=players)
    return MatchState(players=tuple(Player() for _ in range(players)), books=Books.of(books or {}),
                      start=start, supply=starting_supply(players), round_vp=(0,) * players)


# --- the flow of a round ----------------------------------------------------------------


def _start_round(state: MatchState, round_: int, start: int) -> tuple[MatchState, list[Event]]:
    players = tuple(evolve(p, chance="open") for p in state.players)
    # the finished evaluation stays until the card is drawn: an answer it gave itself, entered
    # anyway (a log written when such questions were still asked), changes nothing
    state = evolve(state, players=players, round=round_, start=start, phase="fortune", card=None,
                    asks=(), drawn=(), closing=False,
                    round_vp=tuple(p.vp for p in players))
    events: list[Event] = [{"type": "round", "round": round_, "start": start, "rule": "QK-4"}]
    if round_ == EXTRA_WHITE_ROUND:  # QK-3
        supply = state.supply
        for seat in state.order:
            state = state.with_player(seat, bag=state.players[seat].bag.add(EXTRA_WHITE_CODE))
            supply = supply.take(EXTRA_WHITE_CODE) if supply.has(EXTRA_WHITE_CODE) else supply
        state = evolve(state, supply=supply)
        events.append({"type": "extra_white", "chip": EXTRA_WHITE_CODE, "rule": "QK-3"})
    return state, events


def _settle(state: MatchState, events: list[Event]) -> MatchState:
    """Run the round on until an entry is needed: answers with no real choice, the rats,
    the pots, the end of brewing, the evaluation's start and end, the next round."""
    while True:
        if state.asks:
            auto = fortune.automatic(state, state.asks[0])
            if auto is None:
                return state
            state, more = fortune.answer(state, state.asks[0], auto)
            events += [{**e, "automatic": True} if e["type"] == "card_answer" else e for e in more]
        elif state.phase == "fortune" and state.card is not None:
            state, more = fortune.on_rats(evolve(state, phase="rats"))
            events += more
        elif state.phase == "rats":
            state = _begin_brewing(state)
            events.append({"type": "brewing", "round": state.round, "rule": "QK-6"})
        elif state.phase == "brewing" and not state.closing and all(_done(state, s) for s in range(state.seats)):
            state = fortune.on_close(evolve(state, closing=True))
            events.append({"type": "brewed", "round": state.round, "rule": BREWING_RULE})
        elif state.phase == "brewing" and state.closing:
            state, more = _begin_evaluation(state)
            events += more
        elif state.phase == "evaluation" and state.evaluation is not None and state.evaluation.finished:
            state, more = _end_round(state, state.evaluation)
            events += more
        else:
            return state


def _done(state: MatchState, seat: int) -> bool:
    """A pot whose brewing is over: stopped or exploded, with no red set 2 chip waiting and no
    A Second Chance question open."""
    pot = state.players[seat].pot
    return (pot is not None and (pot.stopped or pot.exploded) and not pot.beside
            and not can_restart(state, seat))


def _fresh_pot(state: MatchState, player: Player, kept: tuple[str, ...]) -> Pot:
    """The pot a round's brewing begins with (also A Second Chance's new start): the droplet,
    the rats, the flask as the round began, red set 2 chips `kept` from earlier rounds beside it."""
    card = state.fortune
    return new_pot(player.droplet, player.rats, fortune.white_limit(card), flask_full=player.flask,
                   beside=kept, orange_extra=fortune.figure(card, "orange_moves_1_more"),
                   well_stirred=state.effect == "first_white_back")


def _begin_brewing(state: MatchState) -> MatchState:
    players = tuple(evolve(p, kept=(), pot=_fresh_pot(state, p, p.kept)) for p in state.players)
    return evolve(state, players=players, phase="brewing")


def _begin_evaluation(state: MatchState) -> tuple[MatchState, list[Event]]:
    setup = Setup(state.round, state.start, state.books, state.catalogue, state.supply,
                  fortune.extras(state.fortune))
    players: list[PlayerIn] = []
    for p in state.players:
        pot = p.pot
        assert pot is not None
        # an empty pot (stopped at once, or its only white sent back) scores after the rat stone
        empty = None if pot.chips else scoring_space(pot).index
        players.append(PlayerIn(pot.chips, pot.exploded, pot.droplet, p.vp + pot.vp, p.rubies + pot.rubies,
                                pot.flask_full, pot.protected, scoring_space=empty))
    ev, events = begin(setup, players)
    return evolve(state, phase="evaluation", evaluation=ev), events


def _end_round(state: MatchState, ev: Evaluation) -> tuple[MatchState, list[Event]]:
    """QK-15: pots and gained chips into the bags, rat stones off; the round's record; then the
    next round with the next start player, or the end of the game after round 9 (QK-16)."""
    players: list[Player] = []
    record: list[SeatRound] = []
    for seat, (player, tally) in enumerate(zip(state.players, ev.tallies, strict=True)):
        pot = player.pot
        assert pot is not None
        back = Counter(player.bag)
        back.update((*(p.chip for p in pot.chips), *pot.beside, *tally.gained))
        back.subtract(tally.removed)  # chips that left the pot for good (purple sets 2, 4)
        bag = Bag(back)
        players.append(evolve(player, bag=bag, vp=tally.vp, rubies=tally.rubies, droplet=tally.droplet,
                               flask=tally.flask, kept=pot.kept, rats=0, pot=None))
        record.append(SeatRound(tally.vp - state.round_vp[seat], tally.exploded, tally.scoring_space))
    state = evolve(state, players=tuple(players), supply=ev.supply, rounds=(*state.rounds, tuple(record)))
    events: list[Event] = [{"type": "round_over", "round": state.round, "rule": "QK-15"}]
    if state.round == ROUNDS:
        places = _places(state)
        events.append({"type": "game_over", "places": [list(g) for g in places], "rule": "QK-16"})
        return evolve(state, phase="over"), events
    state, more = _start_round(state, state.round + 1, ev.next_start)
    return state, events + more


# --- entries ----------------------------------------------------------------------------


def play(state: MatchState, action: Mapping[str, Any]) -> tuple[MatchState, list[Event]]:
    """Apply one entry (see the module's vocabulary); refused entries raise with a rule id."""
    if not isinstance(action, Mapping):
        raise BadRequest("quacks.match.bad_action", action=_shown(action))
    key = _main_key(action)
    if key == "catalogue":
        return _catalogue(state, action["catalogue"])
    seat = _seat(state, action)
    if state.phase == "over":
        raise GameOver("quacks.match.over", rule="QK-16")
    events: list[Event] = []
    if key == "card":
        state, events = _pick(state, seat, action["card"])
    elif key in CARD_KEYS or (key == "die" and state.asks):
        state, events = _card_answer(state, seat, key, action)
    elif key in BREW_KEYS:
        state, events = _brew(state, seat, key, action)
    else:
        state, events = _evaluate(state, seat, key, action)
    return _settle(state, events), events


def _main_key(action: Mapping[str, Any]) -> str:
    keys = [key for key in MAIN_KEYS if key in action]
    if len(keys) != 1:
        raise BadRequest("quacks.match.bad_action", action=_shown(action))
    return keys[0]


def _seat(state: MatchState, action: Mapping[str, Any]) -> int:
    seat = action.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.seats:
        raise BadRequest("quacks.match.bad_seat", seat=_shown(seat), players=state.seats)
    return seat


def _shown(value: Any) -> str:
    return repr(value)[:80]


def not_now(state: MatchState, seat: int) -> IllegalMove:
    """Why an entry does not fit the match's moment: the rule of the phase it came in."""
    if state.asks:
        return IllegalMove("quacks.match.wait_card_answer", rule=fortune.RULE, seat=seat,
                           waiting_seat=state.asks[0].seat)
    if state.phase == "fortune":
        return IllegalMove("quacks.match.wait_fortune", rule="QK-4", seat=seat, round=state.round,
                           start_seat=state.start)
    if state.phase == "brewing":
        return IllegalMove("quacks.match.wait_brewing", rule=BREWING_RULE, seat=seat)
    ask = _evaluation_ask(state)
    return IllegalMove("quacks.match.wait_evaluation", rule=STEP_RULES[ask.step], seat=seat, step=ask.step,
                       waiting_seat=ask.seat)


def _evaluation_ask(state: MatchState) -> Ask:
    """The evaluation's question: there is one as long as the phase lasts (a finished
    evaluation has already moved the match on)."""
    assert state.evaluation is not None
    ask = pending(state.evaluation)
    assert ask is not None
    return ask


def _catalogue(state: MatchState, overrides: Any) -> tuple[MatchState, list[Event]]:
    if state.phase != "fortune" or state.card is not None:
        raise IllegalMove("quacks.match.catalogue_late", rule="QK-14")
    if not isinstance(overrides, Mapping):
        raise BadRequest("quacks.override_shape")
    catalogue_with(overrides)  # refuses anything malformed
    return evolve(state, overrides=canonical(overrides)), [{"type": "catalogue"}]


def _pick(state: MatchState, seat: int, card_id: Any) -> tuple[MatchState, list[Event]]:
    if state.phase != "fortune" or state.card is not None:
        raise not_now(state, seat)
    if seat != state.start:
        raise IllegalMove("quacks.match.not_start_player", rule="QK-4", seat=seat, start_seat=state.start)
    if not isinstance(card_id, str):
        raise BadRequest("quacks.unknown_card", card=_shown(card_id))
    card = state.catalogue.card(card_id)
    if card_id in state.used:
        raise IllegalMove("quacks.match.card_used", rule="QK-4", seat=seat, card=card_id)
    state = evolve(state, card=card_id, used=(*state.used, card_id), evaluation=None)
    events: list[Event] = [{"type": "card", "seat": seat, "card": card_id, "effect": card.effect,
                            "card_type": card.type, "rule": "QK-4"}]
    state, more = fortune.on_pick(state)
    return state, events + more


def _card_answer(state: MatchState, seat: int, key: str, action: Mapping[str, Any]) -> tuple[MatchState, list[Event]]:
    if not state.asks:
        raise not_now(state, seat)
    ask = state.asks[0]
    wanted = {"take": "take", "give_up": "give_up", "drawn": "draw", "die": "die"}[key]
    if seat != ask.seat or wanted != ask.kind:
        raise not_now(state, seat)
    return fortune.answer(state, ask, action)


def _brew(state: MatchState, seat: int, key: str, action: Mapping[str, Any]) -> tuple[MatchState, list[Event]]:
    if state.phase != "brewing" or state.closing:
        raise not_now(state, seat)
    value = action[key]
    flag = value is True or (key == "restart" and value is False)  # only a restart may be declined
    if key in ("flask", "stir", "stop", "restart") and not flag:
        raise BadRequest("quacks.match.bad_action", action=_shown(dict(action)))
    player = state.players[seat]
    pot = player.pot
    assert pot is not None
    if key == "restart":
        return _restart(state, seat) if value else _go_on(state, seat)
    item = value if key == "draw" else {key: value}
    parsed = parse_item(item, state.books)
    if key == "draw" and isinstance(item, Mapping) and "chip" not in item:
        raise BadRequest("quacks.bad_item", item=_shown(item))
    pot, bag, events = pot_draw(pot, player.bag, parsed, state.books)
    if bag.size == 0 and not pot.stopped and not pot.exploded:  # QK-9: an empty bag stops
        pot = pot_stop(pot)
        events.append({"type": "stopped", "rule": "QK-9", "reason": "bag_empty"})
    # A Second Chance is offered right after the 5th chip; a 6th chip, or stopping by choice,
    # means going on (a bag emptied by the 5th chip stops the pot and still asks)
    going_on = len(pot.chips) > fortune.figure(state.fortune, SECOND_CHANCE, 0) or key == "stop"
    chance = "passed" if player.chance == "open" and going_on else player.chance
    state = state.with_player(seat, pot=pot, bag=bag, chance=chance)
    return state, [{**event, "seat": seat} for event in events]


def can_restart(state: MatchState, seat: int) -> bool:
    """A Second Chance: the choice is open right after the 5th chip (or once the pot exploded
    before), once a round, until the player goes on (a 6th chip, stopping, or `restart: false`).
    While it is open for a finished pot the round waits for it."""
    player = state.players[seat]
    pot = player.pot
    if state.phase != "brewing" or state.closing or state.effect != SECOND_CHANCE or player.chance != "open" \
            or pot is None:
        return False
    after = fortune.figure(state.fortune, SECOND_CHANCE)
    return len(pot.chips) <= after if pot.exploded else len(pot.chips) == after


def _restart(state: MatchState, seat: int) -> tuple[MatchState, list[Event]]:
    player = state.players[seat]
    pot = player.pot
    assert pot is not None
    if state.effect != SECOND_CHANCE:
        raise IllegalMove("quacks.match.no_second_chance", rule="QK-4", seat=seat)
    if not can_restart(state, seat):
        raise IllegalMove("quacks.match.restart_when", rule="QK-4", seat=seat, chips=len(pot.chips))
    # Everything drawn this round goes back into the bag; the red set 2 chips kept from an
    # earlier round stay beside the pot (wherever this attempt put them), and the flask is as
    # the round began: the whole brewing starts over.
    back = Counter(player.bag)
    back.update((*(p.chip for p in pot.chips), *pot.beside, *pot.kept))
    back.subtract(pot.carried)
    state = state.with_player(seat, pot=_fresh_pot(state, player, pot.carried), bag=Bag(back), chance="used")
    return state, [{"type": "restart", "seat": seat, "chips": [p.chip for p in pot.chips],
                    "flask": player.flask, "kept": list(pot.carried), "rule": "QK-4"}]


def _go_on(state: MatchState, seat: int) -> tuple[MatchState, list[Event]]:
    """A Second Chance declined: the pot stays as it is."""
    pot = state.players[seat].pot
    assert pot is not None
    if state.effect != SECOND_CHANCE:
        raise IllegalMove("quacks.match.no_second_chance", rule="QK-4", seat=seat)
    if not can_restart(state, seat):
        raise IllegalMove("quacks.match.restart_when", rule="QK-4", seat=seat, chips=len(pot.chips))
    return state.with_player(seat, chance="passed"), [{"type": "go_on", "seat": seat, "rule": "QK-4"}]


def _evaluate(state: MatchState, seat: int, key: str, action: Mapping[str, Any]) -> tuple[MatchState, list[Event]]:
    ev = state.evaluation
    if state.phase != "evaluation":
        if ev is not None and key in ("buy", "spend"):
            choice = choice_from_json(_choice_json(seat, key, action[key]))
            if answered_already(ev, choice):
                return state, []
        raise not_now(state, seat)
    assert ev is not None
    choice = choice_from_json(_choice_json(seat, key, action[key]))
    if isinstance(choice, RollDie) and choice.face == "orange" and ev.supply.has("O1"):
        # the die's orange comes from the box (a refused roll leaves `ev` unused)
        ev = evolve(ev, supply=ev.supply.take("O1"))
    ev, events = apply(ev, choice)
    return evolve(state, evaluation=ev), events


def _choice_json(seat: int, key: str, value: Any) -> dict[str, Any]:
    """The evaluation's Choice JSON for an action's key and value."""
    if key in ("spend", "purple_swap"):
        if not isinstance(value, Mapping):
            raise BadRequest("quacks.eval.bad_choice", choice=_shown(value))
        return {**value, "kind": key, "seat": seat}
    field = {"die": "face", "choice": "choice", "buy": "chips", "green_take": "picks", "green_pay": "rubies",
             "purple_trade": "tier"}[key]
    return {"kind": key, "seat": seat, field: value}


# --- results ----------------------------------------------------------------------------


def _places(state: MatchState) -> tuple[tuple[int, ...], ...]:
    """QK-16: by VP, then the furthest round-9 scoring space; still tied, a shared place."""
    last = state.rounds[-1]
    keys = {seat: (p.vp, last[seat].scoring_space) for seat, p in enumerate(state.players)}
    groups: list[tuple[int, ...]] = []
    for key in sorted(set(keys.values()), reverse=True):
        groups.append(tuple(seat for seat in range(state.seats) if keys[seat] == key))
    return tuple(groups)


def outcome(state: MatchState) -> Outcome:
    scores = {seat: p.vp for seat, p in enumerate(state.players)}
    detail: dict[str, Any] = {
        "seats": {str(seat): {"rounds": [r[seat].to_json() for r in state.rounds]} for seat in range(state.seats)},
        "round": state.round, "phase": state.phase,
    }
    if state.phase != "over":
        return Outcome(False, (), scores, detail)
    return Outcome(True, _places(state), scores, detail)


def to_move(state: MatchState) -> int | None:
    """The seat asked now; None while brewing and in the evaluation's steps D–F when several
    seats are asked (any of them), and once the match is over."""
    if state.phase == "over":
        return None
    if state.asks:
        return state.asks[0].seat
    if state.phase == "fortune":
        return state.start
    if state.phase == "evaluation":
        assert state.evaluation is not None
        asks = open_asks(state.evaluation)
        return asks[0].seat if len(asks) == 1 else None  # D–F: everyone at once
    return None


def die_to_roll(state: MatchState) -> int | None:
    """The seat asked for a bonus die face now (a card, or step A), or None."""
    if state.asks:
        return state.asks[0].seat if state.asks[0].kind == "die" else None
    if state.phase == "evaluation":
        ask = _evaluation_ask(state)
        return ask.seat if ask.kind == "die" else None
    return None


# Refusals that name seats: the engine's own words say "seat 2"; at the table the screen puts
# the players' names in (views/live.py maps a `seat` parameter to `name`, `waiting_seat` to
# `waiting_name` ...), so the session's engine raises their `_named` forms, as Senet's does.
_NAMED = {
    "quacks.match.wait_card_answer": "quacks.match.wait_card_answer_named",
    "quacks.match.wait_fortune": "quacks.match.wait_fortune_named",
    "quacks.match.wait_brewing": "quacks.match.wait_brewing_named",
    "quacks.match.wait_evaluation": "quacks.match.wait_evaluation_named",
    "quacks.match.not_start_player": "quacks.match.not_start_player_named",
    "quacks.match.no_second_chance": "quacks.match.no_second_chance_named",
    "quacks.match.restart_when": "quacks.match.restart_when_named",
    "quacks.match.card_option": "quacks.match.card_option_named",
    "quacks.match.drawn_list": "quacks.match.drawn_list_named",
    "quacks.match.card_draw_count": "quacks.match.card_draw_count_named",
    "quacks.match.card_draw_most": "quacks.match.card_draw_most_named",
    "quacks.match.card_extra": "quacks.match.card_extra_named",
    "quacks.match.card_upgrade": "quacks.match.card_upgrade_named",
    "quacks.match.card_place": "quacks.match.card_place_named",
}
_SEAT_PARAMS: dict[str, str] = {}  # every seat parameter already ends in `seat` (companion.seats)


def with_names(refused: RefereeError) -> RefereeError:
    """`refused` in the words of the table: its `_named` form, every seat parameter ending in
    `seat`, so that the screen can name the players."""
    return table_form(refused, _NAMED, _SEAT_PARAMS)


class QuacksEngine:
    """The session's view of a Quacks match (see the module's docstring)."""

    name = "quacks"

    def new_state(self, setup: Mapping[str, Any]) -> MatchState:
        players = setup.get("players")
        if not isinstance(players, int) or isinstance(players, bool):
            raise BadRequest("quacks.match.players", rule="QK-1", count=_shown(players))
        books = {colour: setup[colour] for colour in BOOK_COLOURS if colour in setup}
        start = setup.get("start", 0)
        if not isinstance(start, int) or isinstance(start, bool):
            raise BadRequest("quacks.match.start_seat", rule="QK-1", start=_shown(start), players=players)
        return new_match(players, books, start)

    def apply(self, state: MatchState, action: Mapping[str, Any]) -> tuple[MatchState, list[Event]]:
        try:
            return play(state, action)
        except RefereeError as refused:
            raise with_names(refused) from None

    def outcome(self, state: MatchState) -> Outcome:
        return outcome(state)

    def to_move(self, state: MatchState) -> int | None:
        return to_move(state)

    def roll(self, state: MatchState, rng: random.Random) -> dict[str, Any] | None:
        """The bonus die (six faces, 1 VP twice) for the seat asked to roll, else None."""
        seat = die_to_roll(state)
        return None if seat is None else {"seat": seat, "die": rng.choice(BONUS_DIE_FACES)}


def replay(state: MatchState, actions: Sequence[Mapping[str, Any]]) -> MatchState:
    """The state after `actions` in order (tests and tools)."""
    for action in actions:
        state, _ = play(state, action)
    return state

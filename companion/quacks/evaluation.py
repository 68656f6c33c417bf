"""A round's evaluation A–F (rules QK-11 … QK-17).

The evaluation walks a list of *stations*: A (each roller's die, start player first),
B (per player: black, green, purple), C (per player). Everything a station does without a
question happens at once; where the rules leave a player a choice the evaluation stops and
`pending` names it.

Steps D, E and F concern each player alone, except for the box: at the table every player
answers them at once on their own device (`begin`, the app's walk). Each seat goes D (an
exploded player's choice), E (the purchase chosen), F (rubies spent) in its own time; a
question with a single answer (one ruby: keep it; coins for nothing: buy nothing) is
answered at once. When every seat is through, the purchases are taken from the box in
buying order, start player first (QK-14): a chip the box ran out of goes to the earlier
buyer and the later one is asked again.

    ev, events = begin(setup, players)          # runs up to the first questions
    while (asks := open_asks(ev)):
        ev, more = apply(ev, <a Choice for one of asks>)  # `legal_choices(ev, seat)` lists them
    ev.tallies, ev.winners, ev.next_start

`evaluate_round` walks A–F one player after another with every answer given up front (the
protocol's `evaluate`): a missing required answer, or an answer where none is asked, is
refused at the station where it would be used, so errors come in step order. With legal
answers both walks end alike.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Any

from companion.errors import BadPosition, BadRequest, IllegalMove
from companion.quacks import evaluation_effects as effects
from companion.quacks.data import CHIP_CODES, CHIPS, LAST_SPACE, ROUNDS, RUBIES_PER_DROPLET, SPOON, book_out
from companion.quacks.evaluation_types import (
    FACES,
    Answers,
    Ask,
    Buy,
    Choice,
    ChooseScoring,
    Event,
    PayGreenRubies,
    PlayerIn,
    RollDie,
    Setup,
    SpendRubies,
    Step,
    Supply,
    SwapChip,
    TakeGreenChips,
    Tally,
    TradePurples,
)
from companion.quacks.records import evolve

MIN_PLAYERS, MAX_PLAYERS = 2, 4  # QK-1
B_PARTS = ("black", "green", "purple")  # QK-12: in this order for each player
F_PARTS = ("cards", "spend")
# The book-set questions of step B: answer kind -> (book, set).
BOOK_ASKS: Mapping[str, tuple[str, int]] = {"green_take": ("green", 2), "green_pay": ("green", 4),
                                            "purple_trade": ("purple", 2), "purple_swap": ("purple", 4)}
STEP_RULES: Mapping[Step, str] = {"A": "QK-11", "B": "QK-12", "C": "QK-13", "D": "QK-14",
                                  "E": "QK-14", "F": "QK-15", "end": "QK-15"}


@dataclass(frozen=True)
class Station:
    """One stop of the walk: `step`, the `seat` it is for and the `part` of the step
    (the roll number in A, black/green/purple in B, cards/spend in F)."""

    step: Step
    seat: int
    part: str = ""


# Steps D–F walked by every player at once (`Evaluation.together`): the parts each seat goes
# through, in this order, as letters of its `progress`: "f" is F's fortune cards (always
# without a question), "S" the purchase settled from the box.
TOGETHER_PARTS = ("D", "E", "f", "F")
SETTLED = "S"


@dataclass(frozen=True)
class Evaluation:
    """The evaluation's state: the table, every player's tally, the box, who rolls the die,
    and how far the walk has come (`cursor` into `stations`). `together`: steps D–F are
    answered by every seat at once (the app); `progress` then holds each seat's parts done
    (TOGETHER_PARTS, SETTLED) and `baskets` each seat's purchase chosen and not yet taken
    from the box (None: none to take)."""

    setup: Setup
    tallies: tuple[Tally, ...]
    supply: Supply
    rollers: tuple[int, ...]
    cursor: int = 0
    winners: tuple[int, ...] = ()
    together: bool = False
    progress: tuple[str, ...] = ()
    baskets: tuple[tuple[str, ...] | None, ...] = ()

    @property
    def order(self) -> tuple[int, ...]:
        """Seats from the start player on, round the table (QK-12, QK-14)."""
        n = len(self.tallies)
        return tuple((self.setup.start + i) % n for i in range(n))

    @cached_property
    def stations(self) -> tuple[Station, ...]:
        """The walk (the same for the whole evaluation: kept once computed, copies keep it)."""
        return _stations(len(self.tallies), self.setup.start, self.setup.extras.die_rolls, self.together)

    @property
    def station(self) -> Station | None:
        stations = self.stations
        return stations[self.cursor] if self.cursor < len(stations) else None

    @property
    def step(self) -> Step:
        """The step now: the station's, or together the earliest step a seat still has open."""
        station = self.station
        if station is not None:
            return station.step
        if self.together:
            steps: tuple[tuple[str, Step], ...] = (("D", "D"), ("E", "E"), ("F", "F"), (SETTLED, "E"))
            for part, step in steps:
                if any(part not in done for done in self.progress):
                    return step
        return "end"

    @property
    def finished(self) -> bool:
        if self.cursor < len(self.stations):
            return False
        return not self.together or all(SETTLED in done and "F" in done for done in self.progress)

    @property
    def final_round(self) -> bool:
        return self.setup.round == ROUNDS

    @property
    def next_start(self) -> int:
        """QK-15: the next player clockwise starts the next round."""
        return (self.setup.start + 1) % len(self.tallies)

    def to_json(self) -> dict[str, Any]:
        return {"setup": self.setup.to_json(), "tallies": [t.to_json() for t in self.tallies],
                "supply": self.supply.to_json(), "rollers": list(self.rollers),
                "cursor": self.cursor, "winners": list(self.winners), "together": self.together,
                "progress": list(self.progress),
                "baskets": [None if b is None else list(b) for b in self.baskets]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Evaluation:
        return cls(Setup.from_json(data["setup"]), tuple(Tally.from_json(t) for t in data["tallies"]),
                   Supply(data.get("supply", {})), tuple(int(s) for s in data.get("rollers", ())),
                   int(data.get("cursor", 0)), tuple(int(s) for s in data.get("winners", ())),
                   bool(data.get("together", False)), tuple(str(p) for p in data.get("progress", ())),
                   tuple(None if b is None else tuple(str(c) for c in b) for b in data.get("baskets", ())))


@cache
def _stations(players: int, start: int, rolls: int, together: bool = False) -> tuple[Station, ...]:
    order = [(start + i) % players for i in range(players)]
    walk = [Station("A", seat, str(k)) for seat in order for k in range(rolls)]
    walk += [Station("B", seat, part) for seat in order for part in B_PARTS]
    walk += [Station("C", seat) for seat in order]
    if together:  # D–F: every seat at once (TOGETHER_PARTS)
        return tuple(walk)
    walk += [Station(step, seat) for step in ("D", "E") for seat in order]
    walk += [Station("F", seat, part) for seat in order for part in F_PARTS]
    return tuple(walk)


# --- the public walk --------------------------------------------------------------------


def begin(setup: Setup, players: Sequence[PlayerIn]) -> tuple[Evaluation, list[Event]]:
    """Start the app's evaluation (D–F answered by everyone at once) and run it up to its
    first questions (QK-11: who rolls)."""
    ev = start(setup, players, together=True)
    events: list[Event] = [_event(ev, "rollers", "A", None, seats=list(ev.rollers))]
    ev, more = _advance(ev, None)
    return ev, events + more


def open_asks(ev: Evaluation) -> tuple[Ask, ...]:
    """Every question the evaluation waits on now: one during A–C, one per seat that still
    has a question in D–F (start player first), none once it is finished."""
    if ev.finished:
        return ()
    if ev.cursor < len(ev.stations):
        ask = _ask(ev)
        return () if ask is None else (ask,)
    found = (_seat_ask(ev, seat) for seat in ev.order)
    return tuple(ask for ask in found if ask is not None)


def pending(ev: Evaluation) -> Ask | None:
    """The first question the evaluation waits on, or None when it is finished."""
    asks = open_asks(ev)
    return asks[0] if asks else None


def ask_of(ev: Evaluation, seat: int) -> Ask | None:
    """The question `seat` is asked now, if any."""
    return next((ask for ask in open_asks(ev) if ask.seat == seat), None)


def apply(ev: Evaluation, choice: Choice) -> tuple[Evaluation, list[Event]]:
    """Answer an open question and run on to the next ones. A choice that is not one asked
    is refused with the rule that forbids it (a die for a non-roller QK-11, a choice from a
    player who did not explode QK-14, buying in round 9 QK-16 ...)."""
    if ev.finished:
        raise IllegalMove("quacks.eval.finished", rule="QK-15")
    if ev.cursor < len(ev.stations):
        ask = _ask(ev)
        if ask is None or (choice.kind, choice.seat) != (ask.kind, ask.seat):
            raise _unwanted(ev, choice, ask)
        ev, events = _run(ev, choice)
        ev, more = _advance(ev, None)
        return ev, events + more
    mine = ask_of(ev, choice.seat) if 0 <= choice.seat < len(ev.tallies) else None
    if mine is None or mine.kind != choice.kind:
        if answered_already(ev, choice):
            return ev, []
        raise _unwanted(ev, choice, mine or pending(ev))
    ev, events = _answer_together(ev, mine, choice)
    ev, more = _advance_together(ev)
    return ev, events + more


def answered_already(ev: Evaluation, choice: Choice) -> bool:
    """Whether `choice` is the answer the evaluation gave itself to a question with a single
    answer (keeping the rubies, buying nothing), entered anyway: it changes nothing. A log
    written when those questions were still asked replays."""
    if not ev.together or ev.cursor < len(ev.stations) or not 0 <= choice.seat < len(ev.tallies):
        return False
    done, tally = ev.progress[choice.seat], ev.tallies[choice.seat]
    if isinstance(choice, SpendRubies):
        return not choice.droplet and not choice.flask and "F" in done and not ev.final_round
    if isinstance(choice, Buy):
        return (not choice.chips and "E" in done and ev.baskets[choice.seat] == () and tally.choice != "vp"
                and not ev.final_round)
    return False


def legal_choices(ev: Evaluation, seat: int | None = None) -> tuple[Choice, ...]:
    """Every answer the question of `seat` (default: the first open question) accepts (one
    ordering per purchase pair)."""
    ask = pending(ev) if seat is None else ask_of(ev, seat)
    if ask is None:
        return ()
    tally = ev.tallies[ask.seat]
    station = ev.station
    legal: list[Choice] = []
    for choice in _candidates(ev, ask):
        try:
            if isinstance(choice, Buy):  # the checks alone: a hundred candidates
                effects.check_purchase(tally, ev.setup, ev.supply, choice.chips)
            elif station is not None:
                _RUNS[station.step](ev, station, tally, choice)
            else:
                _answer_together(ev, ask, choice)
        except IllegalMove:
            continue
        legal.append(choice)
    return tuple(legal)


def evaluate_round(setup: Setup, players: Sequence[PlayerIn],
                   answers: Sequence[Answers]) -> tuple[Evaluation, list[Event]]:
    """All of A–F with every answer given up front; the finished evaluation and its events."""
    ev = start(setup, players)
    if len(answers) != len(players):
        raise BadRequest("quacks.eval.answers", players=len(players), answers=len(answers))
    events: list[Event] = [_event(ev, "rollers", "A", None, seats=list(ev.rollers))]
    ev, more = _advance(ev, answers)
    return ev, events + more


# --- checking the input -----------------------------------------------------------------


def check_table(setup: Setup, players: Sequence[PlayerIn]) -> None:
    """The evaluation's input as the protocol orders its `bad_position` checks: 2–4 players,
    a start seat that exists, then per player a pot of at least one chip on spaces 0–52 that
    never decrease (an empty pot only with its `scoring_space` given, 1–53), and a droplet
    on 0–52."""
    if not 1 <= setup.round <= ROUNDS:
        raise BadRequest("protocol.out_of_range", field="round", value=setup.round, low=1, high=ROUNDS)
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise BadPosition("quacks.eval.players", rule="QK-1", count=len(players))
    if not 0 <= setup.start < len(players):
        raise BadPosition("quacks.eval.start", start=setup.start, players=len(players))
    for seat, player in enumerate(players):
        if not player.chips and player.scoring_space is None:
            raise BadPosition("quacks.eval.empty_pot", seat=seat)
        if player.scoring_space is not None and not 1 <= player.scoring_space <= SPOON:
            raise BadPosition("quacks.eval.scoring_space", seat=seat, space=player.scoring_space)
        lowest = 0  # spaces on 0–52, never decreasing
        for placed in player.chips:
            if not lowest <= placed.space <= LAST_SPACE:
                spaces = ", ".join(str(p.space) for p in player.chips)
                raise BadPosition("quacks.eval.spaces", seat=seat, spaces=spaces)
            lowest = placed.space
        if not 0 <= player.droplet <= LAST_SPACE:
            raise BadPosition("quacks.eval.droplet", seat=seat, droplet=player.droplet)
        if player.vp < 0 or player.rubies < 0:
            raise BadPosition("quacks.eval.negative", seat=seat)
        for placed in player.chips:
            if placed.chip not in CHIPS:
                raise BadPosition("quacks.eval.chip", seat=seat, code=placed.chip)


def start(setup: Setup, players: Sequence[PlayerIn], together: bool = False, checked: bool = False) -> Evaluation:
    """The checked table (`check_table`, unless the caller has just `checked` it), every
    player's tally and who rolls; nothing run yet."""
    if not checked:
        check_table(setup, players)
    tallies = tuple(Tally.start(seat, player) for seat, player in enumerate(players))
    if not together:
        return Evaluation(setup, tallies, setup.supply, effects.rollers(tallies))
    return Evaluation(setup, tallies, setup.supply, effects.rollers(tallies), together=True,
                      progress=("",) * len(tallies), baskets=(None,) * len(tallies))


# --- the walk itself --------------------------------------------------------------------


def _advance(ev: Evaluation, answers: Sequence[Answers] | None) -> tuple[Evaluation, list[Event]]:
    """Run stations until a question has no answer (interactive: `answers` None) or the end;
    then, together, every seat's D–F parts that ask nothing."""
    events: list[Event] = []
    while ev.cursor < len(ev.stations):
        ask = _ask(ev)
        if answers is None:
            if ask is not None:
                return ev, events
            choice = None
        else:
            choice = _given(ev, ask, answers)
        ev, more = _run(ev, choice)
        events += more
    if ev.together:
        ev, more = _advance_together(ev)
        events += more
    return ev, events


def _ask(ev: Evaluation) -> Ask | None:
    """The question of the current station, or None when it needs no answer."""
    station = ev.station
    assert station is not None
    return _ASKS[station.step](ev, station, ev.tallies[station.seat])


def _run(ev: Evaluation, choice: Choice | None) -> tuple[Evaluation, list[Event]]:
    """Carry out the current station (with its answer) and move the cursor on."""
    station = ev.station
    assert station is not None
    ev, events = _RUNS[station.step](ev, station, ev.tallies[station.seat], choice)
    ev = evolve(ev, cursor=ev.cursor + 1)
    if not ev.together and ev.finished:
        ev, more = _finish(ev)
        events += more
    return ev, events


# --- D–F together (the app) ---------------------------------------------------------------


def _next_part(ev: Evaluation, seat: int) -> str | None:
    done = ev.progress[seat]
    return next((part for part in TOGETHER_PARTS if part not in done), None)


def _seat_ask(ev: Evaluation, seat: int) -> Ask | None:
    """The question of `seat`'s next D–F part (None: done, or waiting for the box)."""
    part = _next_part(ev, seat)
    return None if part is None else _part_ask(ev, seat, part)


def _part_ask(ev: Evaluation, seat: int, part: str) -> Ask | None:
    tally = ev.tallies[seat]
    if part == "D":
        return _ask_d(ev, Station("D", seat), tally)
    if part == "E":
        ask = _ask_e(ev, Station("E", seat), tally)
        return ask if ask is not None and _can_buy_something(ev, ask) else None
    if part == "F":
        ask = _ask_f(ev, Station("F", seat, "spend"), tally)
        return ask if ask is not None and _can_spend_something(tally) else None
    return None


def _can_buy_something(ev: Evaluation, ask: Ask) -> bool:
    """Whether a purchase other than nothing is possible (else nothing is asked)."""
    coins, sold_out = ask.info["coins"], set(ask.info["sold_out"])
    return any(price <= coins and code not in sold_out for code, price in ask.info["prices"].items())


def _can_spend_something(tally: Tally) -> bool:
    """Whether rubies can buy anything now: a droplet step or an empty flask's refill."""
    return tally.rubies >= RUBIES_PER_DROPLET and (tally.droplet < LAST_SPACE or not tally.flask)


def _mark(ev: Evaluation, seat: int, part: str, basket: tuple[str, ...] | None = None,
          keep_basket: bool = True) -> Evaluation:
    progress = list(ev.progress)
    progress[seat] += part
    baskets = list(ev.baskets)
    if not keep_basket:
        baskets[seat] = basket
    return evolve(ev, progress=tuple(progress), baskets=tuple(baskets))


def _answer_together(ev: Evaluation, ask: Ask, choice: Choice | None) -> tuple[Evaluation, list[Event]]:
    """Carry out one seat's D–F part with its answer (None: the part asks nothing)."""
    seat = ask.seat
    part = "D" if ask.step == "D" else "E" if ask.step == "E" else "F"
    return _run_part(ev, seat, part, choice)


def _run_part(ev: Evaluation, seat: int, part: str, choice: Choice | None) -> tuple[Evaluation, list[Event]]:
    tally = ev.tallies[seat]
    if part == "D":
        ev, events = _run_d(ev, Station("D", seat), tally, choice)
        return _mark(ev, seat, "D"), events
    if part == "E":
        if tally.choice == "vp":
            return _mark(ev, seat, "E"), []
        if ev.final_round:
            ev, events = _run_e(ev, Station("E", seat), tally, None)
            return _mark(ev, seat, "E"), events
        chips = choice.chips if isinstance(choice, Buy) else ()
        effects.check_purchase(tally, ev.setup, ev.supply, chips)  # now; the box is taken at the end
        events = [_event(ev, "basket", "E", tally, chips=list(chips))] if choice is not None else []
        return _mark(ev, seat, "E", chips, keep_basket=False), events
    if part == "f":
        ev, events = _run_f_cards(ev, tally)
        return _mark(ev, seat, "f"), events
    ev, events = _run_f(ev, Station("F", seat, "spend"), tally, choice)
    return _mark(ev, seat, "F"), events


def _advance_together(ev: Evaluation) -> tuple[Evaluation, list[Event]]:
    """Every seat's parts that ask nothing, start player first; once every seat is through
    D–F, the purchases from the box in buying order, then the end."""
    events: list[Event] = []
    for seat in ev.order:
        while (part := _next_part(ev, seat)) is not None and _part_ask(ev, seat, part) is None:
            ev, more = _run_part(ev, seat, part, None)
            events += more
    if any(_next_part(ev, seat) is not None for seat in ev.order):
        return ev, events
    for seat in ev.order:
        if SETTLED in ev.progress[seat]:
            continue
        basket, tally = ev.baskets[seat], ev.tallies[seat]
        if basket is None:
            ev = _mark(ev, seat, SETTLED)
            continue
        try:
            after, supply, cost = effects.buy(tally, ev.setup, ev.supply, basket)
        except IllegalMove:  # an earlier buyer took the box's last one: this seat chooses again
            progress = list(ev.progress)
            progress[seat] = progress[seat].replace("E", "")
            ev = evolve(ev, progress=tuple(progress))
            events.append(_event(ev, "sold_out", "E", tally, chips=list(basket)))
            return ev, events
        events.append(_event(ev, "buy", "E", after, before=tally, coins=after.coins, spent=cost,
                             chips=list(basket)))
        ev = _mark(_with(ev, after, supply), seat, SETTLED)
    ev, more = _finish(ev)
    return ev, events + more


def _finish(ev: Evaluation) -> tuple[Evaluation, list[Event]]:
    events: list[Event] = []
    if ev.final_round:
        ev = evolve(ev, winners=effects.winners(ev.tallies))
        events.append(_event(ev, "winners", "end", None, rule="QK-16", seats=list(ev.winners)))
    events.append(_event(ev, "next_start", "end", None, start=ev.next_start))
    return ev, events


def _event(ev: Evaluation, kind: str, step: Step, tally: Tally | None, *, rule: str | None = None,
           before: Tally | None = None, **fields: Any) -> Event:
    """An event for the screens: its type, step, rule, the seat (if one player's) and, given
    `before`, what the step gave that player (`gain`)."""
    event: Event = {"type": kind, "step": step, "rule": rule or STEP_RULES[step]}
    if tally is not None:
        event["seat"] = tally.seat
    event.update(fields)
    if before is not None and tally is not None:
        event["gain"] = effects.gain(before, tally)
    return event


def _with(ev: Evaluation, tally: Tally, supply: Supply | None = None) -> Evaluation:
    tallies = tuple(tally if t.seat == tally.seat else t for t in ev.tallies)
    return evolve(ev, tallies=tallies, supply=ev.supply if supply is None else supply)


Runs = tuple[Evaluation, list[Event]]


# A: the bonus die (QK-11)


def _ask_a(ev: Evaluation, station: Station, tally: Tally) -> Ask | None:
    if tally.seat not in ev.rollers:
        return None
    return Ask("die", tally.seat, "A", "QK-11", None,
               {"faces": list(FACES), "roll": int(station.part) + 1, "rolls": ev.setup.extras.die_rolls})


def _run_a(ev: Evaluation, station: Station, tally: Tally, choice: Choice | None) -> Runs:
    if not isinstance(choice, RollDie):
        return ev, []
    if choice.face not in FACES:
        raise BadRequest("quacks.eval.unknown_face", face=str(choice.face), faces=", ".join(FACES))
    after = effects.roll(tally, choice.face)
    return _with(ev, after), [_event(ev, "die", "A", after, before=tally, face=choice.face,
                                     roll=int(station.part) + 1)]


# B: black, green, purple (QK-12, QK-17)


def _ask_b(ev: Evaluation, station: Station, tally: Tally) -> Ask | None:
    books = ev.setup.books
    if station.part == "green" and books["green"] == 2:
        options = effects.green_gift_options(tally)
        if any(ev.supply.has(code) for codes in options for code in codes):
            return Ask("green_take", tally.seat, "B", "QK-12", TakeGreenChips(tally.seat, (None,) * len(options)),
                       {"greens": list(effects.last_two_greens(tally)), "options": [list(o) for o in options]})
    if station.part == "green" and books["green"] == 4 and effects.most_green_rubies(tally) > 0:
        return Ask("green_pay", tally.seat, "B", "QK-12", PayGreenRubies(tally.seat, 0),
                   {"greens": list(effects.last_two_greens(tally)), "most": effects.most_green_rubies(tally),
                    "rubies": tally.rubies})
    if station.part == "purple" and books["purple"] == 2:
        tiers = _purple_trade_tiers(ev, tally)
        if tiers:
            return Ask("purple_trade", tally.seat, "B", "QK-12", TradePurples(tally.seat, 0),
                       {"purples": effects.colour_count(tally.chips, "purple"), "tiers": tiers})
    if station.part == "purple" and books["purple"] == 4:
        swaps = _purple_swaps(ev, tally)
        if swaps:
            return Ask("purple_swap", tally.seat, "B", "QK-12", SwapChip(tally.seat, 0, None),
                       {"purples": effects.colour_count(tally.chips, "purple"), "swaps": swaps})
    return None


def _purple_trade_tiers(ev: Evaluation, tally: Tally) -> list[int]:
    purples = effects.colour_count(tally.chips, "purple")
    return [tier for tier, (codes, *_) in effects.PURPLE_TRADES.items()
            if tier <= purples and _box_gives(ev.supply, codes)]


def _box_gives(supply: Supply, codes: Sequence[str]) -> bool:
    for code in codes:
        if not supply.has(code):
            return False
        supply = supply.take(code)
    return True


def _purple_swaps(ev: Evaluation, tally: Tally) -> list[dict[str, Any]]:
    purples = effects.colour_count(tally.chips, "purple")
    swaps = []
    for tier in effects.PURPLE_SWAPS:
        if tier > purples:
            continue
        for index, placed in enumerate(tally.chips):
            target = effects.swap_target(placed, tier)
            if target is not None and ev.supply.has(target):
                swaps.append({"tier": tier, "chip": index, "from": placed.chip, "to": target})
    return swaps


def _run_b(ev: Evaluation, station: Station, tally: Tally, choice: Choice | None) -> Runs:
    if station.part == "black":
        after = effects.black(ev.tallies, tally.seat)
        rivals = [{"seat": s, "black": effects.count(ev.tallies[s].chips, "K1")}
                  for s in effects.black_rivals(len(ev.tallies), tally.seat)]
        return _with(ev, after), [_event(ev, "black", "B", after, before=tally,
                                         black=effects.count(tally.chips, "K1"), rivals=rivals)]
    colour = station.part
    book_set = ev.setup.books[colour]
    supply = ev.supply
    fields: dict[str, Any] = {"set": book_set}
    if colour == "green":
        fields["greens"] = effects.colour_count(tally.chips, "green")
        if book_set == 1:
            after = effects.green_1(tally)
        elif book_set == 3:
            after = effects.green_3(tally)
            fields["whites"] = effects.white_total(tally.chips)
            if tally.chips:
                fields["moved"] = {"from": tally.chips[-1].space, "to": after.chips[-1].space}
        elif book_set == 2:
            greens = len(effects.last_two_greens(tally))
            picks = choice.picks if isinstance(choice, TakeGreenChips) else (None,) * greens
            after, supply = effects.take_green_chips(tally, supply, picks)
        else:
            paid = choice.rubies if isinstance(choice, PayGreenRubies) else 0
            after = effects.pay_green_rubies(tally, paid)
            fields["paid"] = paid
    else:
        fields["purples"] = effects.colour_count(tally.chips, "purple")
        if book_set == 1:
            after = effects.purple_1(tally)
        elif book_set == 3:
            after = effects.purple_3(tally)
        elif book_set == 2:
            tier = choice.tier if isinstance(choice, TradePurples) else 0
            after, supply = effects.trade_purples(tally, supply, tier)
            fields["tier"] = tier
        else:
            swap = choice if isinstance(choice, SwapChip) else SwapChip(tally.seat, 0)
            after, supply = effects.swap_chip(tally, supply, swap.tier, swap.chip)
            fields.update(tier=swap.tier, chip=swap.chip)
    if fields.get("greens") == 0 or fields.get("purples") == 0:
        return _with(ev, after, supply), []  # no chip of the colour: nothing to tell
    return _with(ev, after, supply), [_event(ev, colour, "B", after, before=tally, **fields)]


# C: the ruby of the scoring space (QK-13)


def _no_ask(ev: Evaluation, station: Station, tally: Tally) -> Ask | None:
    return None


def _run_c(ev: Evaluation, station: Station, tally: Tally, choice: Choice | None) -> Runs:
    extras = ev.setup.extras
    after = effects.ruby_space(tally, extras.ruby_space_vp, extras.ruby_space_rubies)
    return _with(ev, after), [_event(ev, "ruby_space", "C", after, before=tally,
                                     space=tally.scoring_space, ruby=tally.space.ruby)]


# D: victory points, or an exploded player's choice (QK-14)


def _ask_d(ev: Evaluation, station: Station, tally: Tally) -> Ask | None:
    if tally.takes_both:
        return None
    return Ask("choice", tally.seat, "D", "QK-14", None,
               {"vp": tally.space.vp, "coins": tally.space.coins, "final_round": ev.final_round})


def _run_d(ev: Evaluation, station: Station, tally: Tally, choice: Choice | None) -> Runs:
    events: list[Event] = []
    if isinstance(choice, ChooseScoring):
        if choice.choice not in ("vp", "buy"):
            raise BadRequest("quacks.eval.unknown_choice", choice=str(choice.choice))
        tally = evolve(tally, choice=choice.choice)
        events.append(_event(ev, "choice", "D", tally, choice=choice.choice))
        if choice.choice == "buy":
            return _with(ev, tally), events
    after = effects.score_vp(tally)
    events.append(_event(ev, "vp", "D", after, before=tally, space=tally.scoring_space))
    return _with(ev, after), events


# E: buying, or round 9's coins into VP (QK-14, QK-1, QK-16)


def _ask_e(ev: Evaluation, station: Station, tally: Tally) -> Ask | None:
    if tally.choice == "vp" or ev.final_round:
        return None
    prices = {code: effects.chip_price(ev.setup, code) for code in CHIP_CODES
              if CHIPS[code].colour != "white" and book_out(CHIPS[code].colour, ev.setup.round)}
    return Ask("buy", tally.seat, "E", "QK-14", Buy(tally.seat, ()),
               {"coins": tally.space.coins, "prices": prices,
                "sold_out": [code for code in prices if not ev.supply.has(code)]})


def _run_e(ev: Evaluation, station: Station, tally: Tally, choice: Choice | None) -> Runs:
    if tally.choice == "vp":
        return ev, []
    if ev.final_round:
        after = effects.coins_to_vp(tally)
        return _with(ev, after), [_event(ev, "coins_to_vp", "E", after, rule="QK-16", before=tally,
                                         coins=after.coins)]
    chips = choice.chips if isinstance(choice, Buy) else ()
    for code in chips:
        if code not in CHIPS:
            raise BadRequest("quacks.unknown_chip", code=str(code), codes=" ".join(CHIP_CODES))
    after, supply, cost = effects.buy(tally, ev.setup, ev.supply, chips)
    return _with(ev, after, supply), [_event(ev, "buy", "E", after, before=tally, coins=after.coins,
                                             spent=cost, chips=list(chips))]


# F: rubies (QK-15), or round 9's rubies into VP (QK-16)


def _ask_f(ev: Evaluation, station: Station, tally: Tally) -> Ask | None:
    if station.part != "spend" or ev.final_round:
        return None
    return Ask("spend", tally.seat, "F", "QK-15", SpendRubies(tally.seat),
               {"rubies": tally.rubies, "droplet": tally.droplet, "flask": tally.flask})


def _run_f(ev: Evaluation, station: Station, tally: Tally, choice: Choice | None) -> Runs:
    if station.part == "cards":
        return _run_f_cards(ev, tally)
    if ev.final_round:
        after = effects.rubies_to_vp(tally)
        return _with(ev, after), [_event(ev, "rubies_to_vp", "F", after, rule="QK-16", before=tally)]
    spend = choice if isinstance(choice, SpendRubies) else SpendRubies(tally.seat)
    if spend.droplet == 0 and not spend.flask:
        return ev, []
    after = effects.spend_rubies(tally, spend.droplet, spend.flask)
    return _with(ev, after), [_event(ev, "spend", "F", after, before=tally, droplet=spend.droplet,
                                     flask=spend.flask)]


def _run_f_cards(ev: Evaluation, tally: Tally) -> Runs:
    """The round's fortune cards that act at its end (Extras): before any ruby is spent."""
    extras, events, before = ev.setup.extras, [], tally
    if extras.whites_seven_droplet and effects.white_total(tally.chips) == extras.whites_exact:
        tally = effects.move_droplet(tally, extras.whites_seven_droplet)
        events.append(_event(ev, "whites_seven", "F", tally, rule="QK-4", before=before))
    if extras.free_refill and not tally.flask:
        before, tally = tally, evolve(tally, flask=True)
        events.append(_event(ev, "free_refill", "F", tally, rule="QK-4", before=before))
    return _with(ev, tally), events


_ASKS: Mapping[Step, Callable[[Evaluation, Station, Tally], Ask | None]] = {
    "A": _ask_a, "B": _ask_b, "C": _no_ask, "D": _ask_d, "E": _ask_e, "F": _ask_f}
_RUNS: Mapping[Step, Callable[[Evaluation, Station, Tally, Choice | None], Runs]] = {
    "A": _run_a, "B": _run_b, "C": _run_c, "D": _run_d, "E": _run_e, "F": _run_f}


# --- answers given up front (evaluate_round) and answers out of turn ---------------------


def _given(ev: Evaluation, ask: Ask | None, answers: Sequence[Answers]) -> Choice | None:
    """The current station's answer from `answers`: a required one must be there, an optional
    one falls back to its default, one given where nothing is asked is refused."""
    station = ev.station
    assert station is not None
    seat, given = station.seat, answers[station.seat]
    choice: Choice | None = None
    if station.step == "A":
        k = int(station.part)
        if given.die is not None and k < len(given.die):
            choice = RollDie(seat, given.die[k])
        if ask is not None and choice is None:
            raise IllegalMove("quacks.eval.die_missing", rule="QK-11", seat=seat)
        last_roll = k == ev.setup.extras.die_rolls - 1
        if ask is not None and last_roll and given.die is not None and len(given.die) > k + 1:
            raise IllegalMove("quacks.eval.die_extra", rule="QK-11", seat=seat, rolls=k + 1)
    elif station.step == "B" and station.part == "green":
        if given.green_take is not None:
            choice = TakeGreenChips(seat, given.green_take)
        elif given.green_pay is not None:
            choice = PayGreenRubies(seat, given.green_pay)
    elif station.step == "B" and station.part == "purple":
        if given.purple_trade is not None:
            choice = TradePurples(seat, given.purple_trade)
        elif given.purple_swap is not None:
            choice = SwapChip(seat, *given.purple_swap)
    elif station.step == "D":
        if given.choice is not None:
            choice = ChooseScoring(seat, given.choice)
        if ask is not None and choice is None:
            raise IllegalMove("quacks.eval.choice_missing", rule="QK-14", seat=seat)
        if ask is not None and given.choice == "vp" and given.buy is not None:
            raise IllegalMove("quacks.eval.buy_after_vp", rule="QK-14", seat=seat)
    elif station.step == "E" and given.buy is not None:
        choice = Buy(seat, given.buy)
    elif station.step == "F" and station.part == "spend" and given.spend is not None:
        choice = SpendRubies(seat, *given.spend)
    if ask is None:
        if choice is not None and not (station.step == "E" and ev.tallies[seat].choice == "vp"):
            raise _unwanted(ev, choice, None)
        return None
    if choice is None or choice.kind != ask.kind:
        if choice is not None:
            raise _unwanted(ev, choice, ask)
        return ask.default
    return choice


def _unwanted(ev: Evaluation, choice: Choice, ask: Ask | None) -> IllegalMove:
    """Why `choice` is not taken now: the rule that forbids it, or the turn order."""
    seat = choice.seat
    if not 0 <= seat < len(ev.tallies):
        return IllegalMove("quacks.eval.no_seat", rule="QK-1", seat=seat, players=len(ev.tallies))
    tally, books = ev.tallies[seat], ev.setup.books
    if isinstance(choice, RollDie) and seat not in ev.rollers:
        return IllegalMove("quacks.eval.die_not_roller", rule="QK-11", seat=seat)
    if isinstance(choice, ChooseScoring) and tally.takes_both:
        return IllegalMove("quacks.eval.choice_not_exploded", rule="QK-14", seat=seat)
    if isinstance(choice, Buy) and tally.choice == "vp":
        return IllegalMove("quacks.eval.buy_after_vp", rule="QK-14", seat=seat)
    if isinstance(choice, Buy) and ev.final_round:
        return IllegalMove("quacks.eval.buy_round9", rule="QK-16", seat=seat)
    if isinstance(choice, SpendRubies) and ev.final_round:
        return IllegalMove("quacks.eval.spend_round9", rule="QK-16", seat=seat)
    book = BOOK_ASKS.get(choice.kind)
    if book is not None:
        colour, book_set = book
        if books[colour] != book_set or _ask_b(ev, Station("B", seat, colour), tally) is None:
            return IllegalMove(f"quacks.eval.not_asked_{colour}", rule="QK-12", seat=seat, set=book_set)
    waiting = ask.seat if ask is not None else seat
    return IllegalMove("quacks.eval.out_of_order", rule=STEP_RULES[ev.step], seat=seat,
                       step=ev.step, waiting_seat=waiting)


def _candidates(ev: Evaluation, ask: Ask) -> list[Choice]:
    """Every answer of the asked kind worth trying (legal_choices filters them by running)."""
    seat, tally = ask.seat, ev.tallies[ask.seat]
    if ask.kind == "die":
        return [RollDie(seat, face) for face in FACES]
    if ask.kind == "choice":
        return [ChooseScoring(seat, "vp"), ChooseScoring(seat, "buy")]
    if ask.kind == "buy":
        codes = [code for code in CHIP_CODES if CHIPS[code].colour != "white"]
        pairs = [pair for pair in itertools.combinations(codes, 2) if CHIPS[pair[0]].colour != CHIPS[pair[1]].colour]
        return [Buy(seat, ()), *(Buy(seat, (code,)) for code in codes), *(Buy(seat, pair) for pair in pairs)]
    if ask.kind == "spend":
        most = tally.rubies // 2
        return [SpendRubies(seat, steps, flask) for steps in range(most + 1) for flask in (False, True)]
    if ask.kind == "green_take":
        options = [(None, *codes) for codes in effects.green_gift_options(tally)]
        return [TakeGreenChips(seat, picks) for picks in itertools.product(*options)]
    if ask.kind == "green_pay":
        return [PayGreenRubies(seat, n) for n in range(len(effects.last_two_greens(tally)) + 1)]
    if ask.kind == "purple_trade":
        return [TradePurples(seat, tier) for tier in range(4)]
    swaps: list[Choice] = [SwapChip(seat, 0)]
    swaps += [SwapChip(seat, tier, index) for tier in effects.PURPLE_SWAPS for index in range(len(tally.chips))]
    return swaps

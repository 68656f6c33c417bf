"""What the Quacks screens show, computed by the engine (no rule logic lives in views/).

- `seat_view(state, seat)`: one player's bag, pot (chips with their spaces), scoring space,
  white total against the limit, explosion odds (next draw, within 2, within 3), droplet, rat
  stone, flask, rubies, VP, and the brewing entries that seat may make now.
- `draw_questions(state, seat, code)`: what to ask before a drawn chip is entered (yellow set
  1's "return_white", blue set 1's "place"); `draw_step(state, seat, chain)` the same for each
  chip of a chain of placements (a blue placing a blue ...), `draw_item(chain)` its entry.
- `questions(state)`: the questions the match waits on (the fortune card, a card's question,
  the evaluation's question; in steps D–F one per seat at once), each with its legal answers
  as ready-made actions; none while brewing. `question(state, seat)` the first, or a seat's.
- `legal_actions(state)`: every entry the engine accepts now, all seats (card draws are open
  questions and are not listed: `question(...).info` says how many chips).
- `card_view(state)`: the fortune card in force with its texts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.errors import RefereeError
from companion.quacks import match_fortune as fortune
from companion.quacks.data import BONUS_DIE_FACES, Bag, FortuneCard, PotSpace
from companion.quacks.evaluation import legal_choices, open_asks
from companion.quacks.evaluation_types import Choice
from companion.quacks.match import can_restart
from companion.quacks.match_state import MatchState
from companion.quacks.odds import Odds, pot_odds
from companion.quacks.pot import Draw, Placed, choices_for, legal_items, scoring_space
from companion.quacks.pot import draw as pot_draw
from companion.quacks.records import evolve


@dataclass(frozen=True)
class SeatView:
    """One player as the screens show them. `scoring` is None before the pot exists; `odds`
    is None when that seat is not drawing (not brewing, stopped or exploded). `legal` holds the
    brewing actions of this seat that the engine accepts now."""

    seat: int
    bag: Bag
    chips: tuple[Placed, ...]
    start: int
    droplet: int
    rats: int
    scoring: PotSpace | None
    white_total: int
    white_limit: int
    odds: Odds | None
    flask: bool
    rubies: int
    vp: int
    exploded: bool
    stopped: bool
    finished: bool
    beside: tuple[str, ...] = ()
    kept: tuple[str, ...] = ()
    legal: tuple[dict[str, Any], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat, "bag": self.bag.to_json(), "chips": [p.to_json() for p in self.chips],
            "start": self.start, "droplet": self.droplet, "rats": self.rats,
            "scoring": None if self.scoring is None else self.scoring.to_json(),
            "white_total": self.white_total, "white_limit": self.white_limit,
            "odds": None if self.odds is None else
            {"next": self.odds.next, "within_2": self.odds.within_2, "within_3": self.odds.within_3,
             "draws_left": self.odds.draws_left, "next_chips": self.odds.next_chips},
            "flask": self.flask, "rubies": self.rubies, "vp": self.vp, "exploded": self.exploded,
            "stopped": self.stopped, "finished": self.finished, "beside": list(self.beside),
            "kept": list(self.kept), "legal": list(self.legal),
        }


def seat_view(state: MatchState, seat: int) -> SeatView:
    player = state.players[seat]
    pot = player.pot
    if pot is None:
        return SeatView(seat, player.bag, (), player.droplet, player.droplet, player.rats, None, 0,
                        fortune.white_limit(state.fortune), None, player.flask, player.rubies, player.vp,
                        False, False, state.phase != "brewing", (), player.kept, ())
    drawing = state.phase == "brewing" and not state.closing and not (pot.stopped or pot.exploded)
    return SeatView(
        seat, player.bag, pot.chips, pot.start, pot.droplet, pot.rats, scoring_space(pot), pot.white_total,
        pot.white_limit, pot_odds(pot, player.bag, state.books) if drawing else None, pot.flask_full,
        player.rubies + pot.rubies, player.vp + pot.vp, pot.exploded, pot.stopped,
        not brewing_open(state, seat), pot.beside, pot.kept, tuple(brewing_actions(state, seat)))


def brewing_open(state: MatchState, seat: int) -> bool:
    """Whether `seat` may still make a brewing entry (draw, flask, stop, red set 2 …)."""
    return bool(brewing_actions(state, seat))


def brewing_actions(state: MatchState, seat: int) -> list[dict[str, Any]]:
    """The brewing entries of `seat` the engine accepts now (QK-6 … QK-9, QK-18, cards)."""
    player = state.players[seat]
    if state.phase != "brewing":
        return []
    assert player.pot is not None  # every seat brews (once brewing is over nothing is legal)
    actions: list[dict[str, Any]] = []
    for item in legal_items(player.pot, player.bag, state.books):
        if isinstance(item, str) or "chip" in item:
            actions.append({"seat": seat, "draw": item})
        else:
            actions.append({"seat": seat, **item})
    if can_restart(state, seat):
        actions += [{"seat": seat, "restart": True}, {"seat": seat, "restart": False}]
    return actions


def draw_questions(state: MatchState, seat: int, code: str) -> tuple[str, ...]:
    """Before entering a drawn `code`: "return_white" (yellow set 1 may send back the white
    before it) and/or "place" (blue set 1: which of the chips it draws is placed)."""
    pot = state.players[seat].pot
    return () if pot is None else choices_for(pot, state.books, code)


@dataclass(frozen=True)
class DrawStep:
    """What to ask about the last chip of a chain of placements (the chip drawn, the chip its
    blue placed, the chip that one placed ...): `return_white` whether yellow set 1 may send
    back the white chip right before it; `place` the chips a blue set 1 may place next (None:
    it is no blue of set 1, or nothing is left to place)."""

    return_white: bool
    place: tuple[str, ...] | None


def draw_step(state: MatchState, seat: int, chain: Sequence[str]) -> DrawStep:
    """The question of `chain`'s last chip, the chips before it placed one after the other as
    the engine places them (QK-18: a placed chip acts at once, a placed blue may place again).
    A stopped pot is read as Strong Ingredient reads it: the chain goes on after its last chip.
    An impossible chain (a chip the bag no longer holds, a draw after the pot exploded) asks
    nothing."""
    player = state.players[seat]
    pot, bag = player.pot, player.bag
    if pot is None or not chain:
        return DrawStep(False, None)
    pot = evolve(pot, stopped=False)
    try:
        for code in chain[:-1]:
            pot, bag, _ = pot_draw(pot, bag, Draw(code), state.books)
        asks = choices_for(pot, state.books, chain[-1])
        rest = bag.remove(chain[-1])
    except RefereeError:
        return DrawStep(False, None)
    place = tuple(rest) if "place" in asks and rest.size else None
    return DrawStep("return_white" in asks, place)


def draw_item(chain: Sequence[str], returns: Sequence[bool] = ()) -> str | dict[str, Any]:
    """The draw item of a chain of placements (`draw_step`): the first chip, with its yellow's
    return where `returns` says so, placing the next chip, and so on."""
    item: str | dict[str, Any] | None = None
    for index in range(len(chain) - 1, -1, -1):
        back = index < len(returns) and returns[index]
        if item is None and not back:
            item = chain[index]
            continue
        out: dict[str, Any] = {"chip": chain[index]}
        if back:
            out["return_white"] = True
        if item is not None:
            out["place"] = item
        item = out
    assert item is not None, "a chain holds at least the chip drawn"
    return item


def card_view(state: MatchState) -> FortuneCard | None:
    """The fortune card in force this round, with the table's wording (names, texts, type)."""
    return state.fortune


@dataclass(frozen=True)
class Question:
    """The question the match waits on. `source`: "fortune" (the start player enters the card
    drawn), "card" (a card's question: `kind` take / give_up / die / draw) or "evaluation"
    (`kind` as evaluation.Ask: die, choice, buy, spend, green_take, green_pay, purple_trade,
    purple_swap). `card` is the card's id, `effect` its effect id. `answers` are the legal
    answers as actions (empty for a card's "draw", whose `info` gives `count`, `exact` and
    `then`: "upgrade" or "place", the extra field the answer may carry)."""

    source: str
    kind: str
    seat: int
    rule: str
    card: str | None = None
    effect: str | None = None
    step: str | None = None
    required: bool = True
    info: Mapping[str, Any] = field(default_factory=dict)
    answers: tuple[dict[str, Any], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"source": self.source, "kind": self.kind, "seat": self.seat, "rule": self.rule,
                "card": self.card, "effect": self.effect, "step": self.step, "required": self.required,
                "info": dict(self.info), "answers": list(self.answers)}


def questions(state: MatchState) -> tuple[Question, ...]:
    """Every question the match waits on now: one at a time, except in the evaluation's steps
    D–F, where every seat that has a question is asked at once (start player first)."""
    if state.phase == "over":
        return ()
    if state.asks:
        return (_card_question(state),)
    if state.phase == "fortune":
        unused = [c.id for c in state.catalogue.cards if c.id not in state.used]
        return (Question("fortune", "card", state.start, "QK-4", info={"round": state.round},
                         answers=tuple({"seat": state.start, "card": card} for card in unused)),)
    ev = state.evaluation
    if state.phase == "evaluation" and ev is not None:
        return tuple(
            Question("evaluation", ask.kind, ask.seat, ask.rule, step=ask.step, required=ask.required,
                     info=ask.info, answers=tuple(choice_action(c) for c in legal_choices(ev, ask.seat)))
            for ask in open_asks(ev))
    return ()


def question(state: MatchState, seat: int | None = None) -> Question | None:
    """The first question the match waits on, or the one `seat` is asked (None: none)."""
    found = questions(state)
    if seat is not None:
        found = tuple(asked for asked in found if asked.seat == seat)
    return found[0] if found else None


def _card_question(state: MatchState) -> Question:
    ask = state.asks[0]
    options = fortune.options(state, ask)
    info: dict[str, Any] = {}
    answers: tuple[dict[str, Any], ...] = ()
    if ask.kind == "draw":
        count, exact = options
        info = {"count": count, "exact": bool(exact),
                "then": {"draw4_upgrade_one_else_green1": "upgrade", "draw5_place_one": "place"}.get(ask.effect)}
    elif ask.kind == "die":
        answers = tuple({"seat": ask.seat, "die": face} for face in dict.fromkeys(BONUS_DIE_FACES))
    else:
        answers = tuple({"seat": ask.seat, ask.kind: option} for option in options)
        if ask.kind == "give_up":
            info = {"rats": state.players[ask.seat].rats}
    return Question("card", ask.kind, ask.seat, fortune.RULE, card=state.card, effect=ask.effect, info=info,
                    answers=answers)


def choice_action(choice: Choice) -> dict[str, Any]:
    """An evaluation Choice as the match action that enters it."""
    data = choice.to_json()
    kind, seat = data.pop("kind"), data.pop("seat")
    if kind in ("spend", "purple_swap"):
        return {"seat": seat, kind: data}
    (value,) = data.values()
    return {"seat": seat, kind: list(value) if isinstance(value, tuple) else value}


def legal_actions(state: MatchState) -> list[dict[str, Any]]:
    """Every entry the engine accepts now (the fortune card's draws excepted, see above)."""
    if state.phase == "brewing" and not state.closing:
        return [action for seat in range(state.seats) for action in brewing_actions(state, seat)]
    return [answer for asked in questions(state) for answer in asked.answers]


def upgrades(state: MatchState, drawn: tuple[str, ...]) -> tuple[str, ...]:
    """An Opportunistic Moment: which of the chips drawn may be traded up (the screen's list)."""
    return fortune.upgrades(state, drawn)

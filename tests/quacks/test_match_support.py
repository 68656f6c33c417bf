"""Small builders shared by the match tests (no tests here).

Values in the tests are worked out by hand from the rules (QK-1 … QK-18) and the pot track
(index: coins/VP, R = ruby):
  1: 1/0   2: 2/0   3: 3/0   4: 4/0   5: 5/0 R   6: 6/1   7: 7/1   8: 8/1   9: 9/1 R
  10: 10/2   11: 11/2   12: 12/2   13: 13/2 R   14: 14/3   15: 15/3   16: 15/3 R   17: 16/3
  18: 16/4   19: 17/4   20: 17/4 R   21: 18/4   22: 18/5   23: 19/5   24: 19/5 R   25: 20/5
Set 1 prices: orange 3, black 10, green 4/8/14, blue 5/10/19, red 6/10/16, yellow 8/12/18,
purple 9. The starting bag: W1 ×4, W2 ×2, W3, O1, G1.

`NEUTRAL` cards change nothing in a round where nobody uses them: Well Stirred (a white may be
sent back, never used here), Seasoned Perfectly (only a white total of exactly 7 acts) and A
Second Chance (a restart, never used here).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from companion.quacks import GAME
from companion.quacks.data import Bag
from companion.quacks.match import play
from companion.quacks.match_state import MatchState
from companion.quacks.match_view import question

NEUTRAL = ("well_stirred", "seasoned_perfectly", "second_chance")


def new(players: int = 3, start: int = 0, **books: int) -> MatchState:
    """A match as the app starts it: the set-up checked by the game record, then the engine."""
    return GAME.new_state({"players": players, "start": start, **books})


def go(state: MatchState, *actions: Mapping[str, Any]) -> MatchState:
    for action in actions:
        state, _ = play(state, action)
    return state


def events_of(state: MatchState, *actions: Mapping[str, Any]) -> tuple[MatchState, list[dict[str, Any]]]:
    """The state after `actions` and every event they raised."""
    seen: list[dict[str, Any]] = []
    for action in actions:
        state, events = play(state, action)
        seen += events
    return state, seen


def card(state: MatchState, card_id: str) -> MatchState:
    """The start player enters the fortune card drawn."""
    return go(state, {"seat": state.start, "card": card_id})


def draws(state: MatchState, seat: int, chips: str) -> MatchState:
    """`draws(s, 0, "O1 W2")`: seat 0 draws those chips in order."""
    return go(state, *({"seat": seat, "draw": code} for code in chips.split()))


def stop_all(state: MatchState) -> MatchState:
    """Every seat still drawing stops."""
    for seat, player in enumerate(state.players):
        if player.pot is not None and not (player.pot.stopped or player.pot.exploded):
            state = go(state, {"seat": seat, "stop": True})
    return state


def answer_evaluation(state: MatchState) -> MatchState:
    """Every evaluation question answered with its first legal answer: the die's 1 VP, VP for
    an exploded player, no purchase, no ruby spent."""
    while state.phase == "evaluation":
        asked = question(state)
        assert asked is not None
        state = go(state, asked.answers[0])
    return state


def quiet_round(state: MatchState) -> MatchState:
    """A round where a neutral card comes up, everyone stops at once and answers as above."""
    unused = next(c for c in NEUTRAL if c not in state.used)
    return answer_evaluation(stop_all(card(state, unused)))


def with_seats(state: MatchState, **fields: Iterable[Any]) -> MatchState:
    """Set one field of every seat: `with_seats(s, vp=(10, 3, 0))` (tests of later rounds)."""
    players = list(state.players)
    for name, values in fields.items():
        players = [replace(p, **{name: v}) for p, v in zip(players, values, strict=True)]
    return replace(state, players=tuple(players))


def bag(text: str) -> Bag:
    """`bag("W1 W1 O1")` -> Bag({"W1": 2, "O1": 1})."""
    counts: dict[str, int] = {}
    for code in text.split():
        counts[code] = counts.get(code, 0) + 1
    return Bag(counts)


START_BAG = bag("W1 W1 W1 W1 W2 W2 W3 O1 G1")

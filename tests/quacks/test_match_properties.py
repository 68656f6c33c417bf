"""Seeded random whole games (a table of plausible players) checked for invariants that
no single hand-made test covers: every chip is somewhere (bags, pots, set aside, the box),
every action the screens are offered is accepted, the state survives JSON at every step,
whose turn it is agrees with the question asked, VP never go down, and a log replays to
the same state. `bot_game` is also the benchmarks' realistic log."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from companion.errors import RefereeError
from companion.quacks import GAME
from companion.quacks import match_fortune as fortune
from companion.quacks.data import BOX_SUPPLY, CHIP_CODES
from companion.quacks.match import play, to_move
from companion.quacks.match_state import MatchState
from companion.quacks.match_view import brewing_actions, question, questions, seat_view
from companion.session import MatchSession


def _answer(state: MatchState, rng: random.Random) -> dict[str, Any]:
    """A plausible entry for whatever the match waits on (brewing: one seat's draw or stop;
    the evaluation's D–F: one of the seats asked at once)."""
    open_now = questions(state)
    asked = rng.choice(open_now) if open_now else None
    if asked is None:  # brewing: a seat still drawing
        seats = [s for s in range(state.seats) if brewing_actions(state, s)]
        seat = rng.choice(seats)
        pot = state.players[seat].pot
        assert pot is not None
        actions = brewing_actions(state, seat)
        if pot.beside and (pot.stopped or pot.exploded):
            return rng.choice(actions)
        view = seat_view(state, seat)
        if {"seat": seat, "flask": True} in actions and rng.random() < 0.5:
            return {"seat": seat, "flask": True}
        if view.odds is not None and view.odds.next > rng.uniform(0.15, 0.45):
            return {"seat": seat, "stop": True}
        draws = [a for a in actions if "draw" in a and isinstance(a["draw"], str)]
        weights = [state.players[seat].bag[a["draw"]] for a in draws]
        return rng.choices(draws, weights)[0]
    if asked.kind == "draw":
        chips = [c for c, n in state.players[asked.seat].bag.items() for _ in range(n)]
        rng.shuffle(chips)
        action: dict[str, Any] = {"seat": asked.seat, "drawn": chips[:asked.info["count"]]}
        if asked.info["then"] == "upgrade":
            ups = fortune.upgrades(state, tuple(action["drawn"]))
            action["upgrade"] = rng.choice([None, *ups])
        elif asked.info["then"] == "place" and action["drawn"]:
            action["place"] = rng.choice([None, *action["drawn"]])
        return action
    if asked.kind == "buy":  # the dearest purchase, as most tables would
        return max(asked.answers, key=lambda a: sum(len(c) for c in a["buy"]) * 10 + len(a["buy"]))
    return rng.choice(asked.answers)


def bot_game(players: int, seed: int, books: dict[str, int] | None = None,
             check: bool = False) -> tuple[MatchState, list[dict[str, Any]]]:
    """A whole game played by the bot; with `check`, every step's invariants are asserted."""
    rng = random.Random(seed)
    state = GAME.new_state({"players": players, **(books or {})})
    log: list[dict[str, Any]] = []
    while state.phase != "over":
        action = _answer(state, rng)
        if check:
            _check_step(state, action)
        before = [p.vp for p in state.players]
        state, _ = play(state, action)
        log.append(action)
        if check:
            assert all(p.vp >= v for p, v in zip(state.players, before, strict=True))
            _check_chips(state)
        assert len(log) < 5000
    return state, log


def _check_step(state: MatchState, action: dict[str, Any]) -> None:
    open_now = questions(state)
    assert to_move(state) == (open_now[0].seat if len(open_now) == 1 else None)
    asked = question(state, action.get("seat")) if open_now else None
    if asked is not None and asked.answers:
        assert action in asked.answers
    assert MatchState.from_json(json.loads(json.dumps(state.to_json()))) == state


def _check_chips(state: MatchState) -> None:
    """Every chip of the box is in a bag, a pot, beside a pot, kept, or still in the box
    (a bonus die's orange with the box empty is the one chip from outside)."""
    held: Counter[str] = Counter()
    for player in state.players:
        held.update(player.bag)
        for code in player.kept:
            held[code] += 1
        if player.pot is not None:
            held.update(p.chip for p in player.pot.chips)
            held.update(player.pot.beside)
            held.update(player.pot.kept)
    if state.evaluation is not None and state.phase == "evaluation":
        for tally in state.evaluation.tallies:
            held.update(tally.gained)
            held.subtract(tally.removed)
        supply = state.evaluation.supply
    else:
        supply = state.supply
    for code in CHIP_CODES:
        assert held[code] + supply[code] == BOX_SUPPLY[code] or (code == "O1" and supply[code] == 0), code


@pytest.mark.parametrize(("players", "seed", "books"), [
    (2, 1, {}), (3, 2, {"red": 4, "yellow": 3, "blue": 3}), (4, 3, {"green": 3, "purple": 3}),
    (2, 4, {"blue": 1, "yellow": 1, "red": 3}), (4, 5, {"yellow": 2, "blue": 4, "red": 1}),
    (3, 6, {"red": 2, "green": 2, "purple": 2}), (4, 7, {"green": 4, "purple": 4, "blue": 2}),
])
def test_random_games_keep_every_invariant(players: int, seed: int, books: dict[str, int]):
    state, log = bot_game(players, seed, books, check=True)
    result = GAME.engine.outcome(state)
    assert result.over and sorted(s for group in result.places for s in group) == list(range(players))
    assert all(len(result.detail["seats"][str(s)]["rounds"]) == 9 for s in range(players))
    replayed = MatchSession.resume(GAME, {"players": players, **books},
                                   [{"kind": "action", "action": a} for a in log])
    assert replayed.state == state


def test_every_refused_entry_leaves_nothing_half_done():
    """Random junk between the bot's entries is refused with a RefereeError, never a crash."""
    rng = random.Random(11)
    state = GAME.new_state({"players": 3})
    junk = [{"seat": 0, "draw": "K1"}, {"seat": 1, "buy": ["Y4", "Y1"]}, {"seat": 2, "die": "6"},
            {"seat": 0, "take": "P1"}, {"seat": 1, "give_up": 2}, {"seat": 2, "drawn": ["W1"]},
            {"seat": 0, "spend": {"droplet": 9}}, {"seat": 1, "choice": "vp"}, {"seat": 2, "restart": True},
            {"seat": 0, "beside": "keep"}, {"seat": 1, "stir": True}, {"seat": 2, "purple_swap": {"tier": 1}},
            {"seat": 0, "green_take": ["O1"]}, {"seat": 1, "card": "charity"}, {"seat": 0, "flask": True}]
    steps = 0
    while state.phase != "over":
        for action in rng.sample(junk, 3):
            try:
                after, _ = play(state, action)
            except RefereeError as error:
                assert error.rule is None or error.rule.startswith("QK-")
            else:
                state = after  # some junk is legal at some moment
        if state.phase == "over":
            break
        state, _ = play(state, _answer(state, rng))
        steps += 1
    assert steps > 100

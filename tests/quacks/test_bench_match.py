"""Speed of the match engine (run with `--benchmark-only -n 0`; skipped in the normal suite).

Targets (issue 7): resuming a whole 9-round 4-player match from its log ≤ 150 ms; one draw
applied and its odds refreshed ≤ 5 ms.
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.quacks import GAME
from companion.quacks.match import play
from companion.quacks.match_state import MatchState
from companion.quacks.match_view import seat_view
from companion.session import MatchSession
from tests.quacks.test_match_properties import bot_game

BOOKS = {"green": 2, "blue": 1, "red": 3, "yellow": 3, "purple": 2}


def _long_log() -> tuple[list[dict[str, Any]], MatchState]:
    """A whole 4-player game as the store keeps it, with a slip undone and redone every
    40 entries."""
    state, actions = bot_game(4, 42, BOOKS)
    log: list[dict[str, Any]] = []
    for index, action in enumerate(actions):
        log.append({"kind": "action", "action": action})
        if index % 40 == 39:
            log += [{"kind": "undo"}, {"kind": "redo"}]
    return log, state


@pytest.mark.benchmark(group="quacks-match")
def test_bench_resume_a_whole_4_player_match(benchmark):
    log, final = _long_log()
    assert len(log) > 450  # a realistic table: about a dozen draws per player and round
    session = benchmark(MatchSession.resume, GAME, {"players": 4, **BOOKS}, log)
    assert session.state == final and session.outcome().over


def _late_brewing() -> MatchState:
    """Round 8 of a bot game, every seat brewing with a bag of some 25 chips."""
    _, actions = bot_game(4, 42, BOOKS)
    replayed = GAME.new_state({"players": 4, **BOOKS})
    for action in actions:
        replayed, _ = play(replayed, action)
        if replayed.round == 8 and replayed.phase == "brewing" and all(not p.pot.chips for p in replayed.players):
            return replayed
    raise AssertionError("the game never reached round 8's brewing")


@pytest.mark.benchmark(group="quacks-match")
def test_bench_one_draw_and_its_odds(benchmark):
    state = _late_brewing()
    code = next(c for c in ("O1", "G1", "B1", "W1") if state.players[0].bag[c])
    assert state.players[0].bag.size >= 20

    def draw_and_refresh() -> Any:
        after, _ = play(state, {"seat": 0, "draw": code})
        return seat_view(after, 0)

    view = benchmark(draw_and_refresh)
    assert view.odds is not None and 0.0 <= view.odds.next <= view.odds.within_3 <= 1.0

"""Pig: the small game that shows the seam. One test or more per rule (PG-1..PG-5), the
protocol ops, and a match played through the app's glue on a real store."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.errors import BadPosition, BadRequest, GameOver, IllegalMove
from companion.games import game, games
from companion.pig import GAME, PigState, hold, outcome, roll, start
from companion.referee import handle_line
from db import SeatSpec, Store


def test_pg1_players_target_and_first_seat():
    """PG-1: 2–4 players on 0, seat 1 first, target 100 unless set (20–200)."""
    assert start(3) == PigState(scores=(0, 0, 0), target=100, turn=0)
    for players in (1, 5):
        with pytest.raises(BadRequest) as refused:
            GAME.new_state({"players": players})
        assert refused.value.rule == "PG-1"
    assert GAME.new_state({"players": 2, "target": 20}).target == 20
    with pytest.raises(BadRequest) as refused:
        GAME.new_state({"players": 2, "target": 10})
    assert refused.value.rule == "PG-1"


def test_pg2_rolls_of_2_to_6_add_to_the_turn_total():
    state = start(2)
    for face, total in ((4, 4), (6, 10), (2, 12)):
        state, events = roll(state, face)
        assert state.turn_total == total and state.turn == 0
        assert events == [{"type": "roll", "seat": 0, "face": face}]
    for bad in (0, 7, True, "3"):
        with pytest.raises(BadRequest) as refused:
            roll(state, bad)
        assert refused.value.rule == "PG-2"


def test_pg3_a_one_loses_the_turn_total_and_passes_the_die():
    state, _ = roll(start(3), 5)
    state, events = roll(state, 1)
    assert (state.turn, state.turn_total, state.scores) == (1, 0, (0, 0, 0))
    assert events[-1] == {"type": "bust", "seat": 0, "lost": 5}


def test_pg4_hold_banks_the_total_and_holding_nothing_is_refused():
    state, _ = roll(start(2), 3)
    state, events = hold(state)
    assert (state.scores, state.turn, state.turn_total) == ((3, 0), 1, 0)
    assert events == [{"type": "hold", "seat": 0, "banked": 3, "score": 3}]
    with pytest.raises(IllegalMove) as refused:
        hold(state)
    assert refused.value.rule == "PG-4" and refused.value.params["seat"] == 1


def test_pg5_reaching_the_target_when_holding_wins_at_once():
    state = PigState(scores=(95, 98), target=100, turn=1, turn_total=0)
    state, _ = roll(state, 2)
    state, events = hold(state)
    assert state.winner == 1 and events[-1] == {"type": "game_over", "seat": 1}
    result = outcome(state)
    assert result.over and result.places == ((1,), (0,)) and result.scores == {0: 95, 1: 100}
    assert result.placing(0) == 2
    with pytest.raises(GameOver) as refused:
        roll(state, 3)
    assert refused.value.rule == "PG-5"
    almost = PigState(scores=(95, 0), target=100, turn=0, turn_total=4)
    assert hold(almost)[0].winner is None  # 99 is not 100


def test_the_game_is_registered_like_every_other():
    assert game("pig") is GAME and "pig" in games()
    assert GAME.engine.to_move(start(2)) == 0
    assert GAME.engine.roll(start(2), random.Random(1))["roll"] in range(1, 7)


def test_protocol_new_and_play():
    new = handle_line('{"game": "pig", "op": "new", "players": 2}')
    assert new == {"ok": True, "position": {"scores": [0, 0], "target": 100, "turn": 0, "turn_total": 0,
                                            "winner": None}}
    played = handle_line('{"game": "pig", "op": "play", "position": {"scores": [0, 0], "turn_total": 7}, "hold": true}')
    assert played["ok"] and played["position"]["scores"] == [7, 0] and played["position"]["turn"] == 1
    assert played["result"]["over"] is False
    refused = handle_line('{"game": "pig", "op": "play", "position": {"scores": [0, 0]}, "hold": true}')
    assert refused["error"]["code"] == "illegal_move" and refused["error"]["rule"] == "PG-4"
    bad = handle_line('{"game": "pig", "op": "play", "position": {"scores": [0]}, "roll": 3}')
    assert bad["error"]["code"] == "bad_position"
    no_action = handle_line('{"game": "pig", "op": "play", "position": {"scores": [0, 0]}}')
    assert no_action["error"]["code"] == "bad_request"
    assert handle_line('{"game": "pig", "op": "new", "players": 9}')["error"]["rule"] == "PG-1"
    with pytest.raises(BadPosition):
        PigState.from_json({"scores": [0, 0], "turn": 5})


def test_a_match_through_the_app_glue_on_a_real_store(tmp_path: Path):
    from views.live import LiveMatch

    store = Store(f"sqlite:///{tmp_path / 'pig.db'}")
    ana, bo = store.add_player("Ana", "#d32f2f"), store.add_player("Bo", "#1976d2")
    match_id = store.create_match("pig", {"target": 20}, [SeatSpec(ana.id, 0), SeatSpec(bo.id, 1)])
    live = LiveMatch.load(store, match_id)
    assert not live.apply({"hold": True})  # nothing rolled yet: refused, named, nothing stored
    assert live.describe(live.error, "en").startswith("Ana has rolled nothing") and store.last_seq(match_id) == 0
    for face in (6, 6, 6):
        assert live.apply({"roll": face})
    assert live.apply({"hold": True})
    assert live.apply({"roll": 1}) and live.apply({"roll": 2}) and live.apply({"hold": True})  # Ana 18 wins
    info = store.match(match_id)
    assert info.status == "finished" and [p.placing for p in info.participants] == [1, 2]
    assert [p.final_score for p in info.participants] == [20, 0]
    assert live.undo() and store.match(match_id).status == "active"  # reopened in the same write
    store.close()

"""SenetEngine as the match session sees it: setup, protocol-shaped actions, results, replay."""

from __future__ import annotations

import dataclasses

import pytest

from companion.errors import BadRequest, GameOver, IllegalMove, UnknownOp
from companion.games import engine_for
from companion.senet import HouseRules, Move, Position, SenetEngine
from companion.session import MatchSession

ENGINE = SenetEngine()


def test_games_registry_gives_the_senet_engine():
    engine = engine_for("senet")
    assert isinstance(engine, SenetEngine) and engine.name == "senet"


def test_new_state_is_the_start_position():
    state = ENGINE.new_state({})
    assert state == Position.start()
    assert state.house_rules == HouseRules(gate_exact_26=False)


def test_new_state_with_the_gate_house_rule():
    state = ENGINE.new_state({"players": ["Ana", "Bo"], "house_rules": {"gate_exact_26": True}})
    assert state.house_rules.gate_exact_26 is True
    with pytest.raises(BadRequest):
        ENGINE.new_state({"house_rules": {"gate_exact_26": "on"}})
    with pytest.raises(BadRequest):
        ENGINE.new_state({"house_rules": [True]})


def test_apply_a_move_and_a_pass():
    state = ENGINE.new_state({})
    state, events = ENGINE.apply(state, {"op": "play", "throw": 4, "move": {"from": 19}})
    assert events == [] and state.turn == 2 and 23 in state.pieces(1)
    blocked = Position.from_pieces({1: [26], 2: [27, 28, 29, 30]})
    after, events = ENGINE.apply(blocked, {"op": "play", "throw": 2, "move": None})
    assert events == [{"type": "pass"}] and after.turn == 2


def test_apply_refuses_what_the_referee_refuses():
    state = ENGINE.new_state({})
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, {"op": "play", "throw": 2, "move": {"from": 17}})
    with pytest.raises(BadRequest):
        ENGINE.apply(state, {"op": "play", "throw": 5, "move": {"from": 19}})
    with pytest.raises(BadRequest):
        ENGINE.apply(state, {"op": "play", "throw": 2})
    with pytest.raises(BadRequest):
        ENGINE.apply(state, {"op": "play", "move": {"from": 19}})
    with pytest.raises(UnknownOp):
        ENGINE.apply(state, {"op": "legal", "throw": 2, "move": None})
    finished = Position.from_pieces({1: [5], 2: [8]}, off=(5, 0), turn=2)
    with pytest.raises(GameOver):
        ENGINE.apply(finished, {"op": "play", "throw": 3, "move": {"from": 8}})


def test_result_dict():
    assert ENGINE.result(ENGINE.new_state({})) == {
        "over": False, "winner": None, "draw": False, "score": {"1": 0, "2": 0},
    }
    won = Position.from_pieces({1: [5], 2: [8]}, off=(5, 2))
    assert ENGINE.result(won) == {"over": True, "winner": 1, "draw": False, "score": {"1": 5, "2": 2}}


def test_legal_convenience():
    assert ENGINE.legal(Position.from_pieces({1: [24], 2: [3]}), 3) == [Move(24, 27, False)]


def test_positions_are_immutable_and_play_leaves_them_alone():
    start = ENGINE.new_state({})
    with pytest.raises(dataclasses.FrozenInstanceError):
        start.turn = 2  # type: ignore[misc]
    ENGINE.apply(start, {"op": "play", "throw": 4, "move": {"from": 19}})
    assert start == Position.start()


def test_json_round_trip():
    position = Position.from_pieces({1: [30, 4, 22], 2: [26, 9]}, off=(3, 2), turn=2, house_rules=HouseRules(True))
    data = position.to_json()
    assert data["board"] == {"1": [4, 22, 30], "2": [9, 26]}
    assert Position.from_json(data) == position


def test_session_undo_redo_and_resume():
    log: list[dict] = []
    session = MatchSession(ENGINE, {"house_rules": {"gate_exact_26": False}}, record=log.append)
    session.apply({"op": "play", "throw": 4, "move": {"from": 19}})
    session.apply({"op": "play", "throw": 3, "move": {"from": 20}})
    after_two = session.state
    session.undo()
    assert session.state.turn == 2 and 23 in session.state.pieces(1)
    session.redo()
    assert session.state == after_two
    with pytest.raises(IllegalMove):
        session.apply({"op": "play", "throw": 1, "move": None})
    assert len(log) == 4  # the refused pass was not recorded
    resumed = MatchSession.resume(ENGINE, {"house_rules": {"gate_exact_26": False}}, log)
    assert resumed.state == after_two

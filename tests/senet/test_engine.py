"""SenetEngine as the match session sees it: setup, throws then moves, outcome, replay."""

from __future__ import annotations

import dataclasses
import random

import pytest

from companion.errors import BadRequest, GameOver, IllegalMove, UnknownOp
from companion.game import Outcome
from companion.games import game
from companion.senet import GAME, HouseRules, Position, SenetEngine, SenetState
from companion.session import MatchSession, NothingToRoll

ENGINE = SenetEngine()


def test_games_registry_gives_the_senet_record():
    record = game("senet")
    assert record is GAME and isinstance(record.engine, SenetEngine) and record.engine.name == "senet"
    assert record.player_counts == range(2, 3)


def test_new_state_is_the_start_position():
    state = ENGINE.new_state({})
    assert state == SenetState(Position.start())
    assert state.position.house_rules == HouseRules(gate_exact_26=False)


def test_new_state_with_the_gate_house_rule():
    state = ENGINE.new_state({"players": 2, "gate_exact_26": True})
    assert state.position.house_rules.gate_exact_26 is True
    assert GAME.new_state({"players": 2, "gate_exact_26": True}).position.house_rules.gate_exact_26
    with pytest.raises(BadRequest):  # the set-up is checked once, by the game's record
        GAME.new_state({"players": 2, "house_rules": {"gate_exact_26": True}})
    with pytest.raises(BadRequest) as refused:  # SN-2: two players, checked by the record
        GAME.new_state({"players": 3})
    assert refused.value.rule == "SN-2"
    with pytest.raises(BadRequest) as refused:
        GAME.new_state({"players": 2, "gate_exact_26": "yes"})
    assert refused.value.rule == "SN-8"


def test_apply_a_move_and_a_pass():
    state = ENGINE.new_state({})
    state, events = ENGINE.apply(state, {"op": "play", "throw": 4, "move": {"from": 19}})
    assert events == [{"type": "move", "seat": 0, "from": 19, "to": 23, "throw": 4}]
    assert state.position.turn == 2 and 23 in state.position.pieces(1)
    blocked = SenetState(Position.from_pieces({1: [26], 2: [27, 28, 29, 30]}))
    after, events = ENGINE.apply(blocked, {"op": "play", "throw": 2, "move": None})
    assert events == [{"type": "pass", "seat": 0}] and after.position.turn == 2


def test_a_throw_waits_for_its_move_and_a_blocked_throw_passes_at_once():
    """SN-4: one throw, then its move; SN-11: with no legal move the app records the pass itself."""
    state, events = ENGINE.apply(ENGINE.new_state({}), {"throw": 3})
    assert state.throw == 3 and events == [{"type": "throw", "seat": 0, "throw": 3}]
    with pytest.raises(IllegalMove) as refused:
        ENGINE.apply(state, {"throw": 2})
    assert refused.value.rule == "SN-4"
    after, events = ENGINE.apply(state, {"move": {"from": 19}})
    assert after.throw is None and 22 in after.position.pieces(1) and after.position.turn == 2
    with pytest.raises(IllegalMove) as refused:
        ENGINE.apply(after, {"move": {"from": 20}})
    assert refused.value.rule == "SN-4"
    blocked = SenetState(Position.from_pieces({1: [26], 2: [27, 28, 29, 30]}))
    passed, events = ENGINE.apply(blocked, {"throw": 2})
    assert passed.throw is None and passed.position.turn == 2
    assert events == [{"type": "throw", "seat": 0, "throw": 2}, {"type": "pass", "seat": 0}]


def test_roll_for_me_is_the_engines_die_and_is_logged():
    rng = random.Random(7)
    state = ENGINE.new_state({})
    rolls = {ENGINE.roll(state, rng)["throw"] for _ in range(200)}  # type: ignore[index]
    assert rolls == {1, 2, 3, 4}
    log: list[dict] = []

    def record(entry, *, seen, outcome):
        log.append(entry)
        return seen + 1

    session = MatchSession(GAME, {"players": 2}, record=record)
    session.roll(random.Random(1))
    assert log[0]["kind"] == "action" and set(log[0]["action"]) == {"throw"}
    assert session.state.throw == log[0]["action"]["throw"]
    with pytest.raises(NothingToRoll):  # the throw waits for its move: no re-roll
        session.roll(random.Random(2))
    session.undo()
    assert session.state.throw is None


def test_apply_refuses_what_the_referee_refuses():
    state = ENGINE.new_state({})
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, {"op": "play", "throw": 2, "move": {"from": 17}})
    with pytest.raises(BadRequest):
        ENGINE.apply(state, {"op": "play", "throw": 5, "move": {"from": 19}})
    assert ENGINE.apply(state, {"op": "play", "throw": 2})[0].throw == 2  # a throw on its own
    with pytest.raises(IllegalMove):  # a move with no throw entered (SN-4)
        ENGINE.apply(state, {"op": "play", "move": {"from": 19}})
    with pytest.raises(UnknownOp):
        ENGINE.apply(state, {"op": "legal", "throw": 2, "move": None})
    finished = SenetState(Position.from_pieces({1: [5], 2: [8]}, off=(5, 0), turn=2))
    with pytest.raises(GameOver):
        ENGINE.apply(finished, {"op": "play", "throw": 3, "move": {"from": 8}})


def test_outcome_places_and_scores():
    """SN-13/SN-14: the winner first, the loser second; a draw shares first place."""
    none_taken = {"seats": {"0": {"captures": 0}, "1": {"captures": 0}}}
    assert ENGINE.outcome(ENGINE.new_state({})) == Outcome(False, (), {0: 0, 1: 0}, none_taken)
    won = SenetState(Position.from_pieces({1: [5], 2: [8]}, off=(5, 2)))
    assert ENGINE.outcome(won) == Outcome(True, ((0,), (1,)), {0: 5, 1: 2}, {**none_taken, "draw": False})
    lost = SenetState(Position.from_pieces({1: [5], 2: [8]}, off=(2, 5)))
    assert ENGINE.outcome(lost).places == ((1,), (0,))
    drawn = SenetState(Position.from_pieces({1: [], 2: []}, off=(4, 4)))
    assert ENGINE.outcome(drawn).places == ((0, 1),) and ENGINE.outcome(drawn).placing(1) == 1
    assert ENGINE.to_move(won) is None and ENGINE.to_move(ENGINE.new_state({})) == 0


def test_positions_are_immutable_and_play_leaves_them_alone():
    start = ENGINE.new_state({})
    with pytest.raises(dataclasses.FrozenInstanceError):
        start.position.turn = 2  # type: ignore[misc]
    ENGINE.apply(start, {"op": "play", "throw": 4, "move": {"from": 19}})
    assert start == SenetState(Position.start())


def test_json_round_trip():
    position = Position.from_pieces({1: [30, 4, 22], 2: [26, 9]}, off=(3, 2), turn=2, house_rules=HouseRules(True))
    data = position.to_json()
    assert data["board"] == {"1": [4, 22, 30], "2": [9, 26]}
    assert Position.from_json(data) == position


def test_session_undo_redo_and_resume():
    log: list[dict] = []

    def record(entry, *, seen, outcome):
        log.append(entry)
        return seen + 1

    session = MatchSession(GAME, {"players": 2}, record=record)
    session.apply({"op": "play", "throw": 4, "move": {"from": 19}})
    session.apply({"throw": 3})
    session.apply({"move": {"from": 20}})
    after_two = session.state
    session.undo()
    assert session.state.throw == 3 and session.state.position.turn == 2
    session.redo()
    assert session.state == after_two
    with pytest.raises(IllegalMove):
        session.apply({"op": "play", "throw": 1, "move": None})
    assert len(log) == 5 and session.seq == 5  # the refused pass was not recorded
    resumed = MatchSession.resume(GAME, {"players": 2}, log)
    assert resumed.state == after_two and resumed.seq == 5

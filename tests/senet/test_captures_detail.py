"""The statistics' `detail` of a Senet match (db/stats.py's contract): the opponent pieces each
seat captured (SN-6), counted by hand over short scripted games."""

from __future__ import annotations

import json

from companion.senet import GAME, Position, SenetState
from companion.session import MatchSession

ENGINE = GAME.engine


def captures(state: SenetState) -> dict[str, int]:
    seats = ENGINE.outcome(state).detail["seats"]
    return {seat: facts["captures"] for seat, facts in seats.items()}


def test_sn6_sn13_captures_counted_by_seat_to_the_end() -> None:
    """SN-6: player 1 (seat 0) on 5 and 12, player 2 (seat 1) on 8 and 9, player 1 has borne
    one piece off. 5→8 takes a piece (seat 0: 1); 9→12 takes one back (seat 1: 1); 8→12 takes
    player 2's last piece (seat 0: 2), and 1 borne off against 0 + 0 on the board ends it (SN-13)."""
    state = SenetState(Position.from_pieces({1: [5, 12], 2: [8, 9]}, off=(1, 0)))
    assert captures(state) == {"0": 0, "1": 0}
    state, events = ENGINE.apply(state, {"throw": 3})  # the throw first, then the move
    state, events = ENGINE.apply(state, {"move": {"from": 5}})
    assert {"type": "capture", "square": 8, "seat": 0} in events
    assert captures(state) == {"0": 1, "1": 0}
    state, _ = ENGINE.apply(state, {"throw": 3, "move": {"from": 9}})  # both at once (the protocol's play)
    assert captures(state) == {"0": 1, "1": 1}
    assert not ENGINE.outcome(state).over
    state, events = ENGINE.apply(state, {"throw": 4, "move": {"from": 8}})
    outcome = ENGINE.outcome(state)
    assert outcome.over and outcome.places == ((0,), (1,))
    assert outcome.detail == {"seats": {"0": {"captures": 2}, "1": {"captures": 1}}, "draw": False}
    json.dumps(outcome.to_json())


def test_sn6_moves_that_take_nothing_and_passes_count_nothing() -> None:
    """SN-9, SN-11: a bear-off, a pass and a move to an empty square leave the counts alone.
    Player 1 (seat 0) on 26; player 2 on 27, 28, 29, 30 and 10, to move."""
    state = SenetState(Position.from_pieces({1: [26], 2: [27, 28, 29, 30, 10]}, turn=2), captures=(2, 1))
    state, events = ENGINE.apply(state, {"throw": 1, "move": {"from": 30}})  # borne off (SN-9)
    assert [e["type"] for e in events] == ["move", "bear_off"]
    assert captures(state) == {"0": 2, "1": 1}
    state, events = ENGINE.apply(state, {"throw": 3})  # 26→29 is an occupied safe square: a pass
    assert [e["type"] for e in events] == ["throw", "pass"]
    assert captures(state) == {"0": 2, "1": 1}
    state, _ = ENGINE.apply(state, {"throw": 2, "move": {"from": 28}})  # 28→30, empty
    assert captures(state) == {"0": 2, "1": 1}


def test_sn6_each_capture_counts_for_the_mover_only() -> None:
    """SN-6: player 2 (seat 1) takes on 14 while player 1 (seat 0) had taken nothing; then, with
    5 and 2 taken before, player 1 takes on 9 and only its own count grows."""
    state = SenetState(Position.from_pieces({1: [14, 2], 2: [11]}, turn=2))
    state, events = ENGINE.apply(state, {"throw": 3, "move": {"from": 11}})
    assert [e["type"] for e in events] == ["move", "capture"]
    assert captures(state) == {"0": 0, "1": 1}
    state = SenetState(Position.from_pieces({1: [6, 2], 2: [9, 20]}), captures=(5, 2))
    state, _ = ENGINE.apply(state, {"throw": 3, "move": {"from": 6}})
    assert captures(state) == {"0": 6, "1": 2}


def test_sn14_a_drawn_game_carries_the_captures_too() -> None:
    """SN-14: the board empty and 4 borne off each: a draw, both seats first."""
    state = SenetState(Position.from_pieces({1: [], 2: []}, off=(4, 4)), captures=(3, 1))
    outcome = ENGINE.outcome(state)
    assert outcome.over and outcome.places == ((0, 1),)
    assert outcome.detail == {"seats": {"0": {"captures": 3}, "1": {"captures": 1}}, "draw": True}


def test_sn6_captures_live_in_the_state_undo_takes_them_back_and_replay_restores_them() -> None:
    """From the opening (SN-2): 19→20 with a 1 takes player 2's piece on 20."""
    session = MatchSession(GAME, {"players": 2})
    session.apply({"throw": 1, "move": {"from": 19}})
    assert captures(session.state) == {"0": 1, "1": 0}
    replayed = MatchSession.resume(GAME, {"players": 2}, [{"kind": "action", "action": a} for a in session.actions])
    assert replayed.state == session.state
    session.undo()
    assert captures(session.state) == {"0": 0, "1": 0}
    assert session.outcome().detail == {"seats": {"0": {"captures": 0}, "1": {"captures": 0}}}


def test_captures_survive_the_state_json() -> None:
    state = SenetState(Position.start(), 3, (4, 2))
    data = json.loads(json.dumps(state.to_json()))
    assert data["captures"] == [4, 2]
    assert SenetState.from_json(data) == state
    del data["captures"]
    assert SenetState.from_json(data) == SenetState(Position.start(), 3)

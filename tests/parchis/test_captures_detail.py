"""The statistics' `detail` of a Parchís match (db/stats.py's contract): the captures each seat
made (PA-17, PA-12's exit capture included), counted by hand over a short scripted game."""

from __future__ import annotations

import dataclasses
import json

import pytest

from companion.parchis import GAME, ParchisState
from companion.session import MatchSession
from tests.parchis.helpers import P

ENGINE = GAME.engine


def captures(state: ParchisState) -> dict[str, int]:
    seats = ENGINE.outcome(state).detail["seats"]
    return {seat: facts["captures"] for seat, facts in seats.items()}


def move(name: str) -> dict[str, object]:
    return {"move": {"piece": name}}


# Quick game (PA-8: two pieces home win), yellow (seat 0) against red (seat 1).
# yellow: 0 on t10, 1 in the nest, 2 on lane 6, 3 home.  red: 0 and 1 on t5 (yellow's exit;
# red.1 came last), 2 on t30, 3 on t21.
START = P({"yellow": ["t10", "nest", "l6", "goal"], "red": ["t5", "t5", "t30", "t21"]},
          colours=["yellow", "red"], mode="quick", last_arrival={"t5": "red.1"})


def test_pa12_pa17_pa19_captures_counted_by_seat_to_the_end() -> None:
    """Yellow rolls 5 and must leave the nest (PA-11): red.1 on the full exit is captured (PA-12,
    yellow 1). Its 20 (PA-17) takes yellow.0 from t10 to t30 onto red.2 (yellow 2), and that 20
    (PA-19) takes yellow.1 from t5 to t25. Red rolls 4: red.3 from t21 to t25 captures yellow.1
    (red 1), and its 20 takes red.0 from t5 to t25. Yellow rolls 2: lane 6 to the goal, two
    pieces home, yellow wins (PA-8). Yellow captured 2, red 1."""
    state = ParchisState(START)
    assert captures(state) == {"0": 0, "1": 0}
    state, events = ENGINE.apply(state, {"roll": 5})
    state, events = ENGINE.apply(state, move("yellow.1"))
    assert [e["type"] for e in events] == ["move", "capture", "bonus"]
    assert captures(state) == {"0": 1, "1": 0}
    state, events = ENGINE.apply(state, move("yellow.0"))  # the 20 (no roll: a bonus)
    assert {"type": "capture", "piece": "red.2", "by": "yellow.0", "square": "t30", "seat": 0} in events
    assert captures(state) == {"0": 2, "1": 0}
    state, events = ENGINE.apply(state, move("yellow.1"))
    assert "capture" not in [e["type"] for e in events]
    state, events = ENGINE.apply(state, {"roll": 4, "move": {"piece": "red.3"}})  # both at once
    assert [e["type"] for e in events] == ["move", "capture", "bonus"]
    assert captures(state) == {"0": 2, "1": 1}
    state, _ = ENGINE.apply(state, move("red.0"))
    assert not ENGINE.outcome(state).over
    state, events = ENGINE.apply(state, {"roll": 2, "move": {"piece": "yellow.2"}})
    outcome = ENGINE.outcome(state)
    assert outcome.over and outcome.places == ((0,), (1,))
    assert outcome.detail == {"colours": ["yellow", "red"], "seats": {"0": {"captures": 2}, "1": {"captures": 1}},
                              "winner": "yellow"}
    json.dumps(outcome.to_json())


def test_pa14_a_piece_sent_home_by_three_sixes_is_no_capture() -> None:
    """PA-14: the third six sends yellow's own piece home; nobody captured anything."""
    state = ParchisState(P({"yellow": ["t10"]}, colours=["yellow", "red"], sixes=2, last_moved="yellow.0"))
    state, events = ENGINE.apply(state, {"roll": 6})
    assert [e["type"] for e in events] == ["roll", "penalty"]
    assert captures(state) == {"0": 0, "1": 0}


def test_pa7_a_finished_player_moving_its_partners_piece_makes_the_capture_itself() -> None:
    """PA-7: yellow (seat 0) is home and plays red's pieces; red.0 from t20 to t23 takes blue's
    lone piece: the capture is seat 0's, whose turn it is."""
    position = P({"yellow": ["goal"] * 4, "red": ["t20"], "blue": ["t23"]}, teams=True)
    state, events = ENGINE.apply(ParchisState(position), {"roll": 3, "move": {"piece": "red.0"}})
    assert "capture" in [e["type"] for e in events]
    assert captures(state) == {"0": 1, "1": 0, "2": 0, "3": 0}


def test_captures_live_in_the_state_undo_takes_them_back_and_replay_restores_them() -> None:
    """PA-8, PA-13, PA-17 from the opening of a four-player quick game (each colour one piece on
    its exit): yellow 5→9, blue 22→25, red 39→40, green 56→57; yellow 6, 6 (rolls again) and 4:
    9→15→21→25 takes blue's lone piece (yellow 1), whose 20 goes 25→45."""
    setup = {"players": 4, "mode": "quick"}
    session = MatchSession(GAME, setup)
    log = [{"roll": 4}, move("yellow.0"), {"roll": 3}, move("blue.0"), {"roll": 1}, move("red.0"),
           {"roll": 1}, move("green.0"), {"roll": 6}, move("yellow.0"), {"roll": 6}, move("yellow.0"),
           {"roll": 4}]
    for action in log:
        session.apply(action)
    assert captures(session.state) == {"0": 0, "1": 0, "2": 0, "3": 0}
    events = session.apply(move("yellow.0"))
    assert {"type": "capture", "piece": "blue.0", "by": "yellow.0", "square": "t25", "seat": 0} in events
    session.apply(move("yellow.0"))  # the 20
    assert captures(session.state) == {"0": 1, "1": 0, "2": 0, "3": 0}
    replayed = MatchSession.resume(GAME, setup, [{"kind": "action", "action": a} for a in session.actions])
    assert replayed.state == session.state
    session.undo()
    assert captures(session.state) == {"0": 1, "1": 0, "2": 0, "3": 0}
    session.undo()
    assert captures(session.state) == {"0": 0, "1": 0, "2": 0, "3": 0}
    assert session.state.roll == 4


def test_captures_survive_the_state_json() -> None:
    state = ParchisState(START, None, (3, 1))
    data = json.loads(json.dumps(state.to_json()))
    assert data["captures"] == [3, 1]
    assert ParchisState.from_json(data) == state
    del data["captures"]
    assert ParchisState.from_json(data) == ParchisState(START)
    assert captures(ParchisState.from_json(data)) == {"0": 0, "1": 0}
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.captures = (0, 0)  # type: ignore[misc]

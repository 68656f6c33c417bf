"""The referee's Parchís answers stay byte for byte what they were before the speed work: every 7th
line of the recorded benchmark stream (legal play, mid-game positions and bad lines), answered
in-process, is compared with the answer recorded from the engine before it was made faster
(tests/parchis/data). When a message is reworded, the recording is made again only after every
other field of every answer was found unchanged."""

from __future__ import annotations

import json

import pytest

from companion.referee import handle_line
from tests.recorded_answers import check_recorded_answers, stream_lines


def test_every_7th_answer_of_the_recorded_stream_is_unchanged(monkeypatch: pytest.MonkeyPatch) -> None:
    kinds = check_recorded_answers("parchis", monkeypatch)
    assert {"ok", "bad_json", "bad_request", "illegal_move", "bad_position"} <= kinds


def test_the_whole_stream_answers_alike_with_and_without_the_recent_positions(monkeypatch) -> None:
    """The protocol keeps the last request's and answer's positions (companion/parchis/protocol.py):
    every answer of the whole stream is what reading each position afresh gives."""
    from companion.parchis import protocol
    from companion.parchis.position import Position

    lines = stream_lines("parchis")
    remembered = [json.dumps(handle_line(line), ensure_ascii=False) for line in lines]
    monkeypatch.setattr(protocol._RECENT, "read", Position.from_json)
    monkeypatch.setattr(protocol._RECENT, "keep", lambda position, snapshot: None)
    afresh = [json.dumps(handle_line(line), ensure_ascii=False) for line in lines]
    assert remembered == afresh


def test_a_remembered_position_is_not_taken_for_one_of_other_json_types() -> None:
    """`true` equals 1 in Python, not in the protocol: 0, 1.0 and 20.0 stay refused."""
    start = handle_line('{"game": "parchis", "op": "new", "colours": ["yellow", "red"]}')["position"]
    for _ in range(2):
        assert handle_line(json.dumps({"game": "parchis", "op": "legal", "position": start, "roll": 3}))["ok"]
    for field, value in (("teams", 0), ("sixes", 0.0), ("sixes", False), ("bonus", [20.0])):
        answer = handle_line(json.dumps({"game": "parchis", "op": "legal", "position": {**start, field: value},
                                         "roll": 3}))
        assert answer["error"]["code"] == "bad_position", (field, value)


def test_an_answer_changed_by_its_reader_is_read_again() -> None:
    """The positions kept are the protocol's own copies: changing an answer does not change them."""
    from companion.parchis.protocol import op_legal, op_play

    start = handle_line('{"game": "parchis", "op": "new", "colours": ["yellow", "red"]}')["position"]
    after = op_play({"position": start, "roll": 5, "move": {"piece": "yellow.0"}})["position"]
    after["pieces"]["red"][0] = "t60"  # the reader's own change, then sent back
    moves = op_legal({"position": after, "roll": 5})["moves"]
    assert moves == [{"piece": "red.1", "from": "nest", "to": "t39", "capture": None, "goal": False}]

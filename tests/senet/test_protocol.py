"""The Senet section of docs/protocol.md, through the referee's line handler (JSON in, dict out)."""

from __future__ import annotations

import io
import json

import pytest

from companion.referee import handle_line, serve

START = {
    "turn": 1,
    "board": {"1": [1, 3, 5, 7, 9, 11, 13, 15, 17, 19], "2": [2, 4, 6, 8, 10, 12, 14, 16, 18, 20]},
    "off": {"1": 0, "2": 0},
    "house_rules": {"gate_exact_26": False},
}


def ask(**request) -> dict:
    return handle_line(json.dumps({"game": "senet", **request}))


def P(p1, p2, turn=1, off=None, gate=None) -> dict:
    position = {"turn": turn, "board": {"1": list(p1), "2": list(p2)}}
    if off is not None:
        position["off"] = {"1": off[0], "2": off[1]}
    if gate is not None:
        position["house_rules"] = {"gate_exact_26": gate}
    return position


def error_of(response: dict) -> dict:
    assert response["ok"] is False, response
    return response["error"]


def code_of(response: dict) -> str:
    error = error_of(response)
    assert not error["message"].startswith("internal error"), error  # refused on purpose, not by a crash
    return error["code"]


FINISHED = P([5], [8], turn=2, off=(5, 0))  # 5 > 0 + 1: player 1 has won (SN-13)
DRAWN = P([], [], off=(2, 2))


# -- the worked requests ------------------------------------------------------------------------
def test_new_gives_the_start_position():
    assert ask(op="new") == {"ok": True, "position": START}


def test_legal_example_from_24_with_3():
    position = P([24, 5], [2], off=(0, 0), gate=False)
    response = ask(op="legal", position=position, throw=3)
    assert response == {
        "ok": True,
        "moves": [{"from": 5, "to": 8, "capture": False}, {"from": 24, "to": 27, "capture": False}],
    }


def test_legal_bearing_off_is_to_off():
    response = ask(op="legal", position=P([28, 10], [3]), throw=3)
    assert response["moves"] == [{"from": 28, "to": "off", "capture": False}]


def test_legal_no_move_gives_an_empty_list():
    response = ask(op="legal", position=P([30], [3]), throw=4)
    assert response == {"ok": True, "moves": []}


def test_legal_capture_is_marked():
    response = ask(op="legal", position=P([21], [25]), throw=4)
    assert response["moves"] == [{"from": 21, "to": 25, "capture": True}]


def test_play_example_from_24_with_3():
    response = ask(op="play", position=START | {"board": {"1": [24], "2": [2]}}, throw=3, move={"from": 24})
    assert response == {
        "ok": True,
        "position": {
            "turn": 2,
            "board": {"1": [27], "2": [2]},
            "off": {"1": 0, "2": 0},
            "house_rules": {"gate_exact_26": False},
        },
        "events": [],
        "result": {"over": False, "winner": None, "draw": False, "score": {"1": 0, "2": 0}},
    }


def test_play_pass_with_null_move():
    response = ask(op="play", position=P([30, 29], [3]), throw=3, move=None)
    assert response["ok"] is True
    assert response["events"] == [{"type": "pass"}]
    assert response["position"]["turn"] == 2
    assert response["position"]["board"] == {"1": [29, 30], "2": [3]}


def test_play_capture_event():
    response = ask(op="play", position=P([22], [25, 4]), throw=3, move={"from": 22})
    assert response["events"] == [{"type": "capture", "square": 25}]
    assert response["position"]["board"] == {"1": [25], "2": [4]}


def test_play_bear_off_and_game_over_events():
    response = ask(op="play", position=P([28], [4], off=(1, 0)), throw=3, move={"from": 28})
    assert response["events"] == [{"type": "bear_off", "from": 28}, {"type": "game_over"}]
    assert response["result"] == {"over": True, "winner": 1, "draw": False, "score": {"1": 2, "2": 0}}
    assert response["position"]["turn"] == 2  # the turn passes after the game-ending play too
    assert isinstance(response["result"]["winner"], int)


def test_play_ending_in_a_draw():
    response = ask(op="play", position=P([], [30], turn=2, off=(2, 1)), throw=1, move={"from": 30})
    assert response["result"] == {"over": True, "winner": None, "draw": True, "score": {"1": 2, "2": 2}}
    assert response["position"]["turn"] == 1


def test_play_accepts_the_legal_moves_own_objects():
    position = P([24, 5], [2])
    for move in ask(op="legal", position=position, throw=3)["moves"]:
        assert ask(op="play", position=position, throw=3, move=move)["ok"] is True


# -- omitted fields, ordering, extras -------------------------------------------------------------
def test_off_and_house_rules_may_be_omitted_and_are_always_answered():
    response = ask(op="play", position={"turn": 1, "board": {"1": [10], "2": [3]}}, throw=1, move={"from": 10})
    assert response["position"]["off"] == {"1": 0, "2": 0}
    assert response["position"]["house_rules"] == {"gate_exact_26": False}


def test_empty_house_rules_means_the_default():
    response = ask(op="legal", position=P([24], [3]) | {"house_rules": {}}, throw=4)
    assert response["moves"] == [{"from": 24, "to": 28, "capture": False}]


def test_board_in_any_order_is_answered_ascending():
    position = P([19, 3, 11, 1], [20, 2, 14], off=(1, 0))
    response = ask(op="play", position=position, throw=2, move={"from": 3})
    assert response["position"]["board"] == {"1": [1, 5, 11, 19], "2": [2, 14, 20]}
    assert response["position"]["off"] == {"1": 1, "2": 0}


def test_legal_moves_sorted_by_from():
    position = P([17, 3, 9, 1, 13], [2])
    froms = [move["from"] for move in ask(op="legal", position=position, throw=1)["moves"]]
    assert froms == [1, 3, 9, 13, 17]


def test_unknown_extra_fields_are_ignored():
    position = P([10], [3]) | {"comment": "x", "house_rules": {"gate_exact_26": False, "other": 1}}
    response = ask(op="play", position=position, throw=1, move={"from": 10, "note": "y"}, extra=[1, 2])
    assert response["ok"] is True
    assert response["position"]["board"]["1"] == [11]


def test_gate_house_rule_travels_through_the_protocol():
    position = P([24], [3], gate=True)
    assert ask(op="legal", position=position, throw=3)["moves"] == []
    response = ask(op="play", position=position, throw=2, move={"from": 24})
    assert response["position"]["house_rules"] == {"gate_exact_26": True}
    assert response["position"]["board"]["1"] == [26]


def test_new_with_house_rules():
    response = ask(op="new", house_rules={"gate_exact_26": True})
    assert response["position"] == START | {"house_rules": {"gate_exact_26": True}}
    assert code_of(ask(op="new", house_rules={"gate_exact_26": "yes"})) == "bad_request"


# -- error codes ------------------------------------------------------------------------------------
def test_blank_and_broken_lines_are_bad_json():
    assert code_of(handle_line("")) == "bad_json"
    assert code_of(handle_line('{"game": "senet", "op": "new"')) == "bad_json"


def test_unknown_op():
    assert code_of(ask(op="undo")) == "unknown_op"


@pytest.mark.parametrize("op", ["legal", "play"])
def test_missing_position_is_bad_request(op):
    assert code_of(ask(op=op, throw=3, move=None)) == "bad_request"
    assert code_of(ask(op=op, position=[1, 2], throw=3, move=None)) == "bad_request"


@pytest.mark.parametrize("op", ["legal", "play"])
@pytest.mark.parametrize("throw", ["3", 3.0, True, None, [3]])
def test_mistyped_throw_is_bad_request(op, throw):
    assert code_of(ask(op=op, position=START, throw=throw, move={"from": 19})) == "bad_request"


@pytest.mark.parametrize("op", ["legal", "play"])
def test_missing_throw_is_bad_request(op):
    assert code_of(ask(op=op, position=START, move={"from": 19})) == "bad_request"


@pytest.mark.parametrize("op", ["legal", "play"])
@pytest.mark.parametrize("throw", [0, 5, -1, 100])
def test_throw_out_of_range_is_bad_request_naming_sn4(op, throw):
    error = error_of(ask(op=op, position=START, throw=throw, move={"from": 19}))
    assert error["code"] == "bad_request" and error["rule"] == "SN-4"
    assert str(throw) in error["message"]


def test_missing_move_is_bad_request():
    assert code_of(ask(op="play", position=START, throw=3)) == "bad_request"


@pytest.mark.parametrize(
    "move",
    [5, "19", [19], True, {}, {"from": "x"}, {"from": 19.0}, {"from": True}, {"from": None},
     {"square": 19}, {"from": 0}, {"from": 31}, {"from": 19, "to": "x"}, {"from": 19, "to": 31}],
)
def test_malformed_move_is_bad_request(move):
    assert code_of(ask(op="play", position=START, throw=3, move=move)) == "bad_request"


BAD_POSITIONS = [
    {"board": START["board"]},  # no turn
    {"turn": 1},  # no board
    START | {"turn": 3},
    START | {"turn": 0},
    START | {"turn": "1"},
    START | {"turn": True},
    START | {"board": [[1], [2]]},
    START | {"board": {"1": [1]}},
    START | {"board": {"1": [1], "2": [2], "3": [4]}},
    START | {"board": {"1": 1, "2": [2]}},
    START | {"board": {"1": [31], "2": [2]}},
    START | {"board": {"1": [0], "2": [2]}},
    START | {"board": {"1": [-3], "2": [2]}},
    START | {"board": {"1": ["5"], "2": [2]}},
    START | {"board": {"1": [5.0], "2": [2]}},
    START | {"board": {"1": [True], "2": [2]}},
    START | {"board": {"1": [5, 5], "2": [2]}},  # two pieces on one square
    START | {"board": {"1": [5], "2": [5]}},
    START | {"board": {"1": [27], "2": [27]}},
    START | {"board": {"1": list(range(1, 12)), "2": [20]}},  # eleven pieces
    START | {"board": {"1": list(range(1, 10)), "2": [20]}, "off": {"1": 2, "2": 0}},  # 9 + 2
    START | {"off": {"1": -1, "2": 0}},
    START | {"off": {"1": 11, "2": 0}},
    START | {"off": {"1": "0", "2": 0}},
    START | {"off": {"1": 0}},
    START | {"off": [0, 0]},
    START | {"house_rules": True},
    START | {"house_rules": {"gate_exact_26": 1}},
    START | {"house_rules": {"gate_exact_26": None}},
]


@pytest.mark.parametrize("position", BAD_POSITIONS)
@pytest.mark.parametrize("op", ["legal", "play"])
def test_anything_wrong_inside_the_position_is_bad_position(op, position):
    error = error_of(ask(op=op, position=position, throw=3, move={"from": 19}))
    assert error["code"] == "bad_position"
    assert isinstance(error["message"], str) and error["message"]


def test_bad_position_names_the_rule_where_one_applies():
    error = error_of(ask(op="legal", position=START | {"board": {"1": [31], "2": [2]}}, throw=3))
    assert error["rule"] == "SN-1"
    error = error_of(ask(op="legal", position=START | {"board": {"1": list(range(1, 12)), "2": []}}, throw=3))
    assert error["rule"] == "SN-2"


@pytest.mark.parametrize("op", ["legal", "play"])
def test_game_over(op):
    for position in (FINISHED, DRAWN):
        error = error_of(ask(op=op, position=position, throw=3, move=None))
        assert error["code"] == "game_over"
        assert error["rule"] in ("SN-13", "SN-14")


ILLEGAL = [
    # (position, throw, move, rule)
    (START, 3, {"from": 21}, "SN-4"),  # no piece there
    (START, 3, {"from": 20}, "SN-4"),  # the opponent's piece
    (START, 2, {"from": 17}, "SN-5"),  # 19 holds one of player 1's own pieces
    (P([25], [27]), 2, {"from": 25}, "SN-7"),
    (P([28], [3]), 4, {"from": 28}, "SN-9"),  # overshoot
    (P([24], [3], gate=True), 3, {"from": 24}, "SN-8"),
    (P([10, 27], [3]), 4, {"from": 10}, "SN-10"),
    (START, 3, None, "SN-11"),
    (START, 3, {"from": 19, "to": 21}, "SN-4"),  # wrong distance
    (P([24], [3]), 4, {"from": 24, "to": "off"}, "SN-9"),  # bearing off from the wrong square
]


@pytest.mark.parametrize("position,throw,move,rule", ILLEGAL)
def test_illegal_moves_name_their_rule(position, throw, move, rule):
    error = error_of(ask(op="play", position=position, throw=throw, move=move))
    assert error["code"] == "illegal_move"
    assert error["rule"] == rule
    assert error["message"].endswith(f"({rule})")


# -- check order: required fields, position, throw, game over, move ----------------------------------
BROKEN = START | {"turn": 7}


def test_order_required_fields_before_position():
    assert code_of(ask(op="play", position=BROKEN, move={"from": 19})) == "bad_request"  # no throw
    assert code_of(ask(op="play", position=BROKEN, throw="x", move={"from": 19})) == "bad_request"
    assert code_of(ask(op="play", position=BROKEN, throw=3)) == "bad_request"  # no move
    assert code_of(ask(op="play", position=BROKEN, throw=3, move=7)) == "bad_request"
    assert code_of(ask(op="legal", position=BROKEN, throw=2.5)) == "bad_request"


def test_order_position_before_throw_range():
    assert code_of(ask(op="play", position=BROKEN, throw=9, move={"from": 19})) == "bad_position"
    assert code_of(ask(op="legal", position=BROKEN, throw=0)) == "bad_position"


def test_order_throw_range_before_game_over():
    assert code_of(ask(op="play", position=FINISHED, throw=9, move={"from": 5})) == "bad_request"
    assert code_of(ask(op="legal", position=FINISHED, throw=0)) == "bad_request"


def test_order_game_over_before_move():
    assert code_of(ask(op="play", position=FINISHED, throw=3, move={"from": "x"})) == "game_over"
    assert code_of(ask(op="play", position=FINISHED, throw=3, move={"from": 99})) == "game_over"
    assert code_of(ask(op="play", position=FINISHED, throw=3, move={"from": 8})) == "game_over"


def test_order_position_before_move():
    assert code_of(ask(op="play", position=BROKEN, throw=3, move={"from": "x"})) == "bad_position"


# -- the line loop ----------------------------------------------------------------------------------
def test_serve_answers_every_line_in_order():
    lines = [
        '{"game": "senet", "op": "new"}',
        "not json",
        json.dumps({"game": "senet", "op": "legal", "position": START, "throw": 5}),
        json.dumps({"game": "senet", "op": "play", "position": START, "throw": 4, "move": {"from": 19}}),
    ]
    out = io.StringIO()
    assert serve(io.StringIO("\n".join(lines) + "\n"), out) == 0
    responses = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [r["ok"] for r in responses] == [True, False, False, True]
    assert responses[1]["error"]["code"] == "bad_json"
    assert responses[2]["error"]["code"] == "bad_request"
    assert responses[3]["position"]["board"]["1"][-1] == 23

"""The Parchís section of the referee protocol, through the line handler (JSON in, dict out):
the worked example, every op, every error code and the order of the checks."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from companion.referee import handle_line, serve

from .helpers import pos_json


def ask(**request: Any) -> dict[str, Any]:
    return handle_line(json.dumps({"game": "parchis", **request}))


def error_of(response: dict[str, Any]) -> dict[str, Any]:
    assert response["ok"] is False, response
    return response["error"]


def code_of(response: dict[str, Any]) -> str:
    error = error_of(response)
    assert "internal error" not in error["message"], error  # refused on purpose, not by a crash
    return error["code"]


EXAMPLE = {
    "colours": ["yellow", "red"], "mode": "standard", "teams": False,
    "pieces": {"yellow": ["nest", "t12", "l3", "goal"], "red": ["t5", "t40", "t5", "nest"]},
    "last_arrival": {"t5": "red.2"}, "turn": "yellow", "sixes": 0, "last_moved": None, "bonus": [],
    "winner": None,
}
FINISHED = pos_json({"yellow": ["goal"] * 4, "red": ["t40"]}, colours=["yellow", "red"], turn="yellow",
                    winner="yellow")


# -- the worked example ---------------------------------------------------------------------------
def test_legal_worked_example_leaving_is_forced_and_takes_the_last_arrival():
    """PA-11, PA-12: t5 holds two red pieces; red.2 arrived last."""
    assert ask(op="legal", position=EXAMPLE, roll=5) == {
        "ok": True,
        "steps": 5,
        "moves": [{"piece": "yellow.0", "from": "nest", "to": "t5", "capture": "red.2", "goal": False}],
        "penalty": False,
    }


def test_play_worked_example():
    response = ask(op="play", position=EXAMPLE, roll=5, move={"piece": "yellow.0"})
    assert response["ok"] is True
    assert response["next"] == "bonus"
    assert response["events"] == [{"type": "capture", "piece": "red.2", "by": "yellow.0", "square": "t5"}]
    assert response["position"] == {
        **EXAMPLE,
        "pieces": {"yellow": ["t5", "t12", "l3", "goal"], "red": ["t5", "t40", "nest", "nest"]},
        "last_arrival": {"t5": "yellow.0"},
        "last_moved": "yellow.0",
        "bonus": [20],
    }


# -- new --------------------------------------------------------------------------------------------
def test_new_two_players_in_any_order():
    """PA-2, PA-6: responses use PA-2's order; the first colour starts."""
    response = ask(op="new", colours=["red", "yellow"])
    assert response == {"ok": True, "position": {
        "colours": ["yellow", "red"], "mode": "standard", "teams": False,
        "pieces": {"yellow": ["nest"] * 4, "red": ["nest"] * 4}, "last_arrival": {}, "turn": "yellow",
        "sixes": 0, "last_moved": None, "bonus": [], "winner": None}}


def test_new_blue_and_green_start_with_blue():
    position = ask(op="new", colours=["green", "blue"], mode="standard", teams=False)["position"]
    assert position["colours"] == ["blue", "green"] and position["turn"] == "blue"


def test_new_three_players_start_with_the_first_in_order():
    position = ask(op="new", colours=["green", "red", "blue"])["position"]
    assert position["colours"] == ["blue", "red", "green"] and position["turn"] == "blue"


def test_new_quick_teams():
    """PA-7, PA-8."""
    position = ask(op="new", colours=["yellow", "blue", "red", "green"], mode="quick", teams=True)["position"]
    assert position["mode"] == "quick" and position["teams"] is True
    assert position["pieces"]["red"] == ["t39", "nest", "nest", "nest"]


@pytest.mark.parametrize(("request_fields", "code", "rule"), [
    ({}, "bad_request", None),
    ({"colours": "yellow"}, "bad_request", None),
    ({"colours": ["yellow", "purple"]}, "bad_request", "PA-2"),
    ({"colours": ["yellow", 3]}, "bad_request", None),
    ({"colours": ["yellow"]}, "bad_position", "PA-6"),
    ({"colours": []}, "bad_position", "PA-6"),
    ({"colours": ["yellow", "blue"]}, "bad_position", "PA-6"),
    ({"colours": ["yellow", "yellow"]}, "bad_position", "PA-6"),
    ({"colours": ["yellow", "blue", "red"], "teams": True}, "bad_position", "PA-7"),
    ({"colours": ["yellow", "red"], "mode": "fast"}, "bad_request", "PA-8"),
    ({"colours": ["yellow", "red"], "teams": "yes"}, "bad_request", "PA-7"),  # the record's option check
])
def test_new_refusals(request_fields, code, rule):
    error = error_of(ask(op="new", **request_fields))
    assert error["code"] == code
    assert error.get("rule") == rule
    assert error["message"]


# -- legal ------------------------------------------------------------------------------------------
def test_legal_moves_are_sorted_by_piece_name():
    position = pos_json({"yellow": ["t30", "t10", "l1", "t20"]})
    names = [move["piece"] for move in ask(op="legal", position=position, roll=3)["moves"]]
    assert names == ["yellow.0", "yellow.1", "yellow.2", "yellow.3"]


def test_legal_steps_is_seven_for_a_six_that_counts_seven():
    """PA-13."""
    response = ask(op="legal", position=pos_json({"yellow": ["t10", "goal", "goal", "goal"]}), roll=6)
    assert response["steps"] == 7
    assert response["moves"] == [{"piece": "yellow.0", "from": "t10", "to": "t17", "capture": None, "goal": False}]


def test_legal_third_six_is_the_penalty():
    """PA-14."""
    response = ask(op="legal", position=pos_json({"yellow": ["t10"]}, sixes=2, last_moved="yellow.0"), roll=6)
    assert response == {"ok": True, "steps": 6, "moves": [], "penalty": True}


def test_legal_bonus_without_a_roll():
    """PA-17, PA-19."""
    response = ask(op="legal", position=pos_json({"yellow": ["t10"]}, bonus=[20, 10]))
    assert response == {"ok": True, "steps": 20, "penalty": False, "moves": [
        {"piece": "yellow.0", "from": "t10", "to": "t30", "capture": None, "goal": False}]}


def test_legal_goal_is_flagged():
    response = ask(op="legal", position=pos_json({"yellow": ["l5"]}), roll=3)
    assert response["moves"] == [{"piece": "yellow.0", "from": "l5", "to": "goal", "capture": None, "goal": True}]


def test_legal_no_move_gives_an_empty_list():
    """PA-20."""
    assert ask(op="legal", position=pos_json({}), roll=3) == {"ok": True, "steps": 3, "moves": [], "penalty": False}


@pytest.mark.parametrize("roll", [0, 7, -3, "5", 2.5, True, [5]])
def test_legal_roll_outside_the_die_is_a_bad_request(roll):
    """PA-10."""
    assert code_of(ask(op="legal", position=pos_json({}), roll=roll)) == "bad_request"


def test_legal_roll_while_a_bonus_is_pending_is_a_bad_request():
    assert code_of(ask(op="legal", position=pos_json({"yellow": ["t10"]}, bonus=[10]), roll=4)) == "bad_request"


def test_legal_no_roll_and_no_bonus_is_a_bad_request():
    assert code_of(ask(op="legal", position=pos_json({"yellow": ["t10"]}))) == "bad_request"


def test_legal_on_a_finished_game_is_game_over():
    """PA-9."""
    error = error_of(ask(op="legal", position=FINISHED, roll=3))
    assert (error["code"], error["rule"]) == ("game_over", "PA-9")


def test_legal_on_a_position_whose_pieces_show_a_winner_is_game_over():
    """PA-9: four yellow pieces home, even with `winner` left null."""
    position = {**FINISHED, "winner": None, "turn": "red"}
    assert code_of(ask(op="legal", position=position, roll=3)) == "game_over"


def test_legal_without_position_or_with_a_non_object_position():
    assert code_of(ask(op="legal", roll=3)) == "bad_request"
    assert code_of(ask(op="legal", position=[1], roll=3)) == "bad_request"


# -- play -------------------------------------------------------------------------------------------
def test_play_passes_the_turn_after_an_ordinary_roll():
    response = ask(op="play", position=pos_json({"yellow": ["t10"]}), roll=3, move={"piece": "yellow.0"})
    assert response["next"] == "roll" and response["events"] == []
    assert response["position"]["turn"] == "blue" and response["position"]["pieces"]["yellow"][0] == "t13"


def test_play_after_a_six_the_same_colour_rolls_again():
    response = ask(op="play", position=pos_json({"yellow": ["t10"]}), roll=6, move={"piece": "yellow.0"})
    assert (response["position"]["turn"], response["position"]["sixes"], response["next"]) == ("yellow", 1, "roll")


def test_play_null_when_nothing_can_move():
    """PA-20."""
    response = ask(op="play", position=pos_json({}), roll=2, move=None)
    assert response["ok"] is True and response["position"]["turn"] == "blue" and response["events"] == []


def test_play_null_with_a_legal_move_is_illegal():
    """PA-10."""
    error = error_of(ask(op="play", position=pos_json({"yellow": ["t10"]}), roll=2, move=None))
    assert (error["code"], error["rule"]) == ("illegal_move", "PA-10")


def test_play_penalty_event():
    """PA-14."""
    position = pos_json({"yellow": ["t10"]}, sixes=2, last_moved="yellow.0")
    response = ask(op="play", position=position, roll=6, move=None)
    assert response["events"][0]["type"] == "penalty" and response["events"][0]["piece"] == "yellow.0"
    assert response["position"]["pieces"]["yellow"][0] == "nest" and response["position"]["turn"] == "blue"


def test_play_bonus_without_roll_and_lost_bonus():
    """PA-19."""
    position = pos_json({"yellow": ["l2"]}, bonus=[20, 10])
    response = ask(op="play", position=position, move=None)
    assert response["events"] == [{"type": "bonus_lost", "colour": "yellow", "steps": 20}]
    assert response["position"]["bonus"] == [10] and response["next"] == "bonus"


def test_play_goal_and_game_over():
    """PA-9, PA-18: winner set, bonus emptied, the turn stays, next is roll."""
    position = pos_json({"yellow": ["goal", "goal", "goal", "l6"], "red": ["t40"]}, colours=["yellow", "red"])
    response = ask(op="play", position=position, roll=2, move={"piece": "yellow.3"})
    assert [event["type"] for event in response["events"]] == ["goal", "game_over"]
    assert response["events"][-1] == {"type": "game_over", "winner": "yellow"}
    after = response["position"]
    assert (after["winner"], after["bonus"], after["turn"], response["next"]) == ("yellow", [], "yellow", "roll")


def test_play_team_win_names_both_colours():
    """PA-7."""
    position = pos_json({"yellow": ["goal"] * 4, "red": ["goal", "goal", "goal", "l7"]}, teams=True)
    response = ask(op="play", position=position, roll=1, move={"piece": "red.3"})
    assert response["position"]["winner"] == ["yellow", "red"]


def test_play_accepts_any_nest_piece_for_leaving():
    response = ask(op="play", position=pos_json({}), roll=5, move={"piece": "yellow.2"})
    assert response["position"]["pieces"]["yellow"] == ["nest", "nest", "t5", "nest"]


def test_play_a_move_with_the_wrong_destination_is_illegal():
    """PA-10: an optional `to` must match the roll."""
    response = ask(op="play", position=pos_json({"yellow": ["t10"]}), roll=3, move={"piece": "yellow.0", "to": "t14"})
    assert error_of(response)["code"] == "illegal_move"
    ok = ask(op="play", position=pos_json({"yellow": ["t10"]}), roll=3, move={"piece": "yellow.0", "to": "t13"})
    assert ok["ok"] is True


@pytest.mark.parametrize(("move", "code"), [
    ("yellow.0", "bad_request"),
    ({}, "bad_request"),
    ({"piece": 3}, "bad_request"),
    ({"piece": "yellow"}, "bad_request"),
    ({"piece": "yellow.9"}, "bad_request"),
    ({"piece": "purple.1"}, "bad_request"),
    ({"piece": "green.1"}, "bad_request"),  # green is not in play
    ({"piece": "yellow.0", "to": "t99"}, "bad_request"),
    ({"piece": "red.0"}, "illegal_move"),  # another player's piece
])
def test_play_move_refusals(move, code):
    position = pos_json({"yellow": ["t10"], "red": ["t40"]}, colours=["yellow", "red"])
    error = error_of(ask(op="play", position=position, roll=3, move=move))
    assert error["code"] == code
    assert "internal error" not in error["message"]  # refused on purpose, not by a crash


def test_play_without_move_is_a_bad_request():
    assert code_of(ask(op="play", position=pos_json({"yellow": ["t10"]}), roll=3)) == "bad_request"


def test_play_roll_with_a_pending_bonus_is_a_bad_request():
    position = pos_json({"yellow": ["t10"]}, bonus=[10])
    assert code_of(ask(op="play", position=position, roll=3, move={"piece": "yellow.0"})) == "bad_request"


def test_play_on_a_finished_game_is_game_over():
    assert code_of(ask(op="play", position=FINISHED, roll=3, move={"piece": "red.0"})) == "game_over"


def test_play_positions_round_trip():
    """A `play` answer's position is a valid request position."""
    position = ask(op="new", colours=["yellow", "blue", "red", "green"])["position"]
    for roll, move in [(5, {"piece": "yellow.0"}), (5, {"piece": "blue.0"}), (3, None), (6, None), (1, None)]:
        response = ask(op="play", position=position, roll=roll, move=move)
        assert response["ok"] is True, response
        position = response["position"]
    assert position["turn"] == "yellow"
    assert position["pieces"]["yellow"][0] == "t5" and position["pieces"]["blue"][0] == "t22"


def test_unknown_extra_fields_are_ignored():
    position = {**pos_json({"yellow": ["t10"]}), "comment": "hi"}
    response = ask(op="legal", position=position, roll=2, note=1)
    assert response["ok"] is True and len(response["moves"]) == 1


def test_unknown_op():
    assert code_of(ask(op="castle")) == "unknown_op"


# -- positions that cannot be -----------------------------------------------------------------------
def bad(**changes: Any) -> dict[str, Any]:
    return {**pos_json({"yellow": ["t10", "t10"], "red": ["t40"]}, last_arrival={"t10": "yellow.1"}), **changes}


BAD_POSITIONS = {
    "piece_in_two_places": bad(last_arrival={"t10": "red.0"}),
    "last_arrival_on_a_lone_piece": bad(last_arrival={"t40": "red.0"}),
    "last_arrival_not_a_square": bad(last_arrival={"x": "red.0"}),
    "last_arrival_unknown_piece": bad(last_arrival={"t10": "yellow.7"}),
    "last_arrival_not_object": bad(last_arrival=[]),
    "five_pieces": bad(pieces={**bad()["pieces"], "yellow": ["t10", "t10", "nest", "nest", "nest"]}),
    "three_pieces": bad(pieces={**bad()["pieces"], "yellow": ["t10", "t10", "nest"]}),
    "colour_not_in_play": {**pos_json({}, colours=["yellow", "red"]),
                           "pieces": {"yellow": ["nest"] * 4, "red": ["nest"] * 4, "blue": ["nest"] * 4}},
    "colour_missing": {**pos_json({}, colours=["yellow", "red"]), "pieces": {"yellow": ["nest"] * 4}},
    "square_yellow_never_visits": bad(pieces={**bad()["pieces"], "yellow": ["t2", "nest", "nest", "nest"]}),
    "square_green_never_visits": bad(pieces={**bad()["pieces"], "green": ["t53", "nest", "nest", "nest"]}),
    "no_square_69": bad(pieces={**bad()["pieces"], "blue": ["t69", "nest", "nest", "nest"]}),
    "no_square_0": bad(pieces={**bad()["pieces"], "blue": ["t0", "nest", "nest", "nest"]}),
    "no_lane_8": bad(pieces={**bad()["pieces"], "blue": ["l8", "nest", "nest", "nest"]}),
    "not_a_place": bad(pieces={**bad()["pieces"], "blue": [5, "nest", "nest", "nest"]}),
    "three_on_a_square": bad(pieces={**bad()["pieces"], "red": ["t10", "nest", "nest", "nest"]}),
    "turn_not_in_play": {**pos_json({}, colours=["yellow", "red"]), "turn": "blue"},
    "turn_unknown": bad(turn="purple"),
    "sixes_three": bad(sixes=3),
    "sixes_negative": bad(sixes=-1),
    "sixes_text": bad(sixes="1"),
    "bonus_fifteen": bad(bonus=[15]),
    "bonus_not_list": bad(bonus=20),
    "last_moved_unknown": bad(last_moved="yellow.4"),
    "winner_not_in_play": {**pos_json({}, colours=["yellow", "red"]), "winner": "blue"},
    "team_winner_not_partners": {**pos_json({}, teams=True), "winner": ["yellow", "blue"]},
    "team_winner_single": {**pos_json({}, teams=True), "winner": "yellow"},
    "mode_unknown": bad(mode="fast"),
    "teams_not_bool": bad(teams="no"),
    "teams_with_two": {**pos_json({}, colours=["yellow", "red"]), "teams": True},
    "two_not_opposite": pos_json({}, colours=["yellow", "blue"]),
    "pieces_not_object": bad(pieces=[]),
    "colours_not_list": bad(colours="yellow"),
}


@pytest.mark.parametrize("name", sorted(BAD_POSITIONS))
def test_bad_positions(name):
    assert code_of(ask(op="legal", position=BAD_POSITIONS[name], roll=3)) == "bad_position"


@pytest.mark.parametrize("field", ["colours", "mode", "teams", "pieces", "last_arrival", "turn", "sixes",
                                   "last_moved", "bonus", "winner"])
def test_a_position_missing_a_field_is_a_bad_position(field):
    position = pos_json({"yellow": ["t10"]})
    del position[field]
    assert code_of(ask(op="legal", position=position, roll=3)) == "bad_position"


def test_the_good_base_of_the_bad_positions_is_good():
    """So each bad position above is bad for its one change only."""
    assert ask(op="legal", position=bad(), roll=3)["ok"] is True


# -- the order of the checks: required fields, position, roll, game over, move -------------------------
def test_order_required_fields_before_position():
    assert code_of(ask(op="play", position={"nonsense": 1}, roll=3)) == "bad_request"  # no move
    assert code_of(ask(op="legal", position={"nonsense": 1}, roll="3")) == "bad_request"


def test_order_position_before_roll():
    assert code_of(ask(op="legal", position={"nonsense": 1}, roll=9)) == "bad_position"
    assert code_of(ask(op="play", position={"nonsense": 1}, roll=9, move=None)) == "bad_position"


def test_order_roll_before_game_over():
    assert code_of(ask(op="legal", position=FINISHED, roll=9)) == "bad_request"
    assert code_of(ask(op="play", position=FINISHED, roll=0, move={"piece": "red.0"})) == "bad_request"


def test_order_game_over_before_move():
    assert code_of(ask(op="play", position=FINISHED, roll=3, move={"piece": "nobody"})) == "game_over"
    assert code_of(ask(op="play", position=FINISHED, roll=3, move={"piece": "yellow.0"})) == "game_over"


def test_order_roll_with_bonus_before_move():
    position = pos_json({"yellow": ["t10"]}, bonus=[10])
    assert code_of(ask(op="play", position=position, roll=2, move={"piece": "green.9"})) == "bad_request"


def test_serve_answers_each_line():
    lines = "\n".join([
        json.dumps({"game": "parchis", "op": "new", "colours": ["yellow", "red"]}),
        "not json",
        json.dumps({"game": "parchis", "op": "legal", "position": EXAMPLE, "roll": 5}),
    ]) + "\n"
    out = io.StringIO()
    serve(io.StringIO(lines), out)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [answer["ok"] for answer in answers] == [True, False, True]
    assert answers[2]["moves"][0]["capture"] == "red.2"


def test_play_reads_the_announced_destination_on_the_movers_own_path():
    """A `to` is a place on the path of the piece named: t43 is 4 steps from red's exit, 21 from blue's."""
    position = pos_json({"red": ["nest", "t40"]}, turn="red")
    response = ask(op="play", position=position, roll=3, move={"piece": "red.1", "to": "t43"})
    assert response["ok"] is True and response["position"]["pieces"]["red"][1] == "t43"

"""Pig's protocol checks every field as the other games' do: integers are JSON integers, every
number within what a table can show (PG-1 … PG-5), and no line ends in an internal error or
stops the referee."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from companion.referee import handle_line, serve

FRESH: dict[str, Any] = {"scores": [0, 0], "target": 100, "turn": 0, "turn_total": 0, "winner": None}


def ask(**request: Any) -> dict[str, Any]:
    return handle_line(json.dumps({"game": "pig", **request}))


def error(answer: dict[str, Any]) -> tuple[str, str | None]:
    assert answer["ok"] is False, answer
    assert "internal error" not in answer["error"]["message"], answer
    return answer["error"]["code"], answer["error"].get("rule")


@pytest.mark.parametrize("face", ["3", 3.0, True, None, 1.5])
def test_pg2_a_roll_is_a_json_integer(face: Any) -> None:
    """PG-2: "3", 3.0 and true are not die faces."""
    assert error(ask(op="play", position=FRESH, roll=face)) == ("bad_request", "PG-2")


@pytest.mark.parametrize(("field", "value"), [
    ("scores", ["12", 0]), ("scores", [1.5, 0]), ("scores", [True, 0]), ("scores", [-1, 0]), ("scores", "0, 0"),
    ("target", "100"), ("target", 100.0), ("turn", True), ("turn", 0.0), ("turn_total", "6"), ("turn_total", None),
])
def test_a_mistyped_position_field_is_a_bad_position(field: str, value: Any) -> None:
    assert error(ask(op="play", position={**FRESH, field: value}, roll=3))[0] == "bad_position"


@pytest.mark.parametrize("target", [19, 201, 0, 10**30])
def test_pg1_a_position_target_outside_20_to_200_is_refused(target: int) -> None:
    assert error(ask(op="play", position={**FRESH, "target": target}, roll=3)) == ("bad_position", "PG-1")


@pytest.mark.parametrize("winner", ["banana", 2, -1, True, 0.0])
def test_pg5_the_winner_is_a_seat_or_null(winner: Any) -> None:
    assert error(ask(op="play", position={**FRESH, "winner": winner}, roll=3)) == ("bad_position", "PG-5")


@pytest.mark.parametrize("position", [
    {**FRESH, "scores": [100, 0]},  # reached the target without winning
    {**FRESH, "scores": [40, 0], "winner": 0},  # a winner short of the target
    {**FRESH, "scores": [0, 100], "winner": 1},  # the turn left the winner
    {**FRESH, "scores": [100, 0], "winner": 0, "turn_total": 6},  # a turn total after the win
])
def test_pg5_only_the_winner_reaches_the_target_and_play_stops_there(position: dict[str, Any]) -> None:
    assert error(ask(op="play", position=position, hold=True)) == ("bad_position", "PG-5")


@pytest.mark.parametrize("total", [1, -2, 6001])
def test_pg2_a_turn_total_is_a_sum_of_twos_to_sixes_a_table_can_roll(total: int) -> None:
    """PG-2, PG-3: a 1 never stays in a turn total; 6,000 is more than any table rolls."""
    assert error(ask(op="play", position={**FRESH, "turn_total": total}, roll=3)) == ("bad_position", "PG-2")


def test_huge_numbers_are_refused_and_the_referee_goes_on() -> None:
    """1e400 was an internal error; a 4,300-digit score held once more killed the process (the
    answer could not be written). Both are refused and the next line is answered."""
    huge = "9" * 4300
    lines = [
        '{"game": "pig", "op": "play", "position": {"scores": [1e400, 0]}, "roll": 3}',
        '{"game": "pig", "op": "play", "position": {"scores": [HUGE, 0], "turn_total": 6}, "hold": true}',
        '{"game": "pig", "op": "play", "position": {"scores": [0, 0], "turn_total": HUGE}, "roll": 6}',
        '{"game": "pig", "op": "new", "players": 2}',
    ]
    out = io.StringIO()
    serve(io.StringIO("\n".join(lines).replace("HUGE", huge) + "\n"), out)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [error(answer)[0] for answer in answers[:3]] == ["bad_position"] * 3
    assert answers[3]["ok"] is True


@pytest.mark.parametrize(("request_fields", "code"), [
    ({"players": "3"}, "bad_request"), ({"players": 3.0}, "bad_request"), ({"players": True}, "bad_request"),
    ({}, "bad_request"),
])
def test_new_needs_an_integer_player_count(request_fields: dict[str, Any], code: str) -> None:
    assert error(ask(op="new", **request_fields))[0] == code


@pytest.mark.parametrize("target", [19, 201, "100", 100.0, True, None])
def test_pg1_new_checks_the_target_as_the_set_up_screen_does(target: Any) -> None:
    """PG-1: the protocol's `new` goes through the game record's set-up check."""
    assert error(ask(op="new", players=2, target=target)) == ("bad_request", "PG-1")
    assert ask(op="new", players=4, target=20)["position"]["target"] == 20

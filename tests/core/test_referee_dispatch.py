"""The referee's dispatcher: envelope, error codes, one response per line, never a crash."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from companion.referee import handle_line, serve


def codes(lines: str) -> list[str | None]:
    out = io.BytesIO()
    assert serve(io.BytesIO(lines.encode()), out) == 0
    responses = [json.loads(line) for line in out.getvalue().splitlines()]
    return [r["error"]["code"] if not r["ok"] else None for r in responses]


def test_the_issue_example_gives_three_errors_in_order():
    assert codes('not json\n{"game":"chess","op":"new"}\n{"game":"senet"}\n') == [
        "bad_json", "unknown_game", "bad_request"]


@pytest.mark.parametrize("line", ["", "   ", "{", "[1,", "nul", '{"game": "senet"'])
def test_blank_or_broken_lines_are_bad_json(line):
    response = handle_line(line)
    assert response["ok"] is False and response["error"]["code"] == "bad_json"
    assert response["error"]["message"]


@pytest.mark.parametrize("line", ["[]", "3", '"senet"', "null", "true", '{"op":"new"}', '{"game":"senet"}'])
def test_non_objects_and_missing_fields_are_bad_request(line):
    assert handle_line(line)["error"]["code"] == "bad_request"


@pytest.mark.parametrize("game", ['"chess"', "3", "null", '["senet"]', '"SENET"'])
def test_unknown_game_whatever_its_type(game):
    response = handle_line(f'{{"game": {game}, "op": "new"}}')
    assert response["error"]["code"] == "unknown_game"


@pytest.mark.parametrize("op", ['"castle"', "1", "null", '{"x": 1}'])
def test_unknown_op_whatever_its_type(op):
    assert handle_line(f'{{"game": "senet", "op": {op}}}')["error"]["code"] == "unknown_op"


def test_message_names_the_problem():
    message = handle_line('{"game":"chess","op":"new"}')["error"]["message"]
    assert "chess" in message and "senet" in message


def test_an_internal_failure_is_reported_and_serving_goes_on(monkeypatch):
    import companion.referee as referee

    def broken(request):
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(referee, "_ops", lambda game: {"new": broken})
    out = io.BytesIO()
    serve(io.BytesIO(b'{"game":"senet","op":"new"}\nnot json\n'), out)
    first, second = (json.loads(line) for line in out.getvalue().splitlines())
    assert first["ok"] is False and "boom" in first["error"]["message"]
    assert second["error"]["code"] == "bad_json"


def test_console_script_serves_lines_and_exits_zero_at_end_of_input():
    proc = subprocess.run(
        [sys.executable, "-m", "companion", "referee"],
        input='not json\n{"game":"chess","op":"new"}\n{"game":"senet"}\n',
        capture_output=True, text=True, timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert [json.loads(line)["error"]["code"] for line in lines] == ["bad_json", "unknown_game", "bad_request"]


def test_responses_are_flushed_one_by_one():
    """A client that waits for each answer before sending the next line must not hang."""
    proc = subprocess.Popen([sys.executable, "-m", "companion", "referee"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    try:
        for _ in range(3):
            proc.stdin.write('{"game":"senet","op":"new"}\n')
            proc.stdin.flush()
            assert json.loads(proc.stdout.readline())["ok"] is True
    finally:
        proc.stdin.close()
        assert proc.wait(timeout=30) == 0

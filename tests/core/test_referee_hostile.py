"""The referee never dies and always answers one line of UTF-8 JSON, whatever a line holds.

Each hostile line here once stopped the process, stalled it or broke its answer: a lone
surrogate echoed in a message, a number too long to print, a byte that is not UTF-8, a reader
that goes away, a line far longer than any request. The process is real (`companion referee`
on pipes), since a death is a thing only a process can show."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from companion.referee import MAX_LINE_BYTES, answer, handle_bytes
from tests.core.referee_run import ROOT, check_answer, referee, strict_json

NEW_SENET = b'{"game":"senet","op":"new"}'


def code(line: bytes) -> str | None:
    response = strict_json(answer(handle_bytes(line)))
    return None if response["ok"] else str(response["error"]["code"])


@pytest.mark.parametrize("line", [
    rb'{"game":"\ud800","op":"new"}',
    rb'{"game":"senet","op":"\udfff"}',
    rb'{"game":"cavasie","op":"showdown","players":[{"name":"\ud83d","hand":["A1","A2"],"floor":["S1"]},'
    rb'{"name":"Bo","hand":["A3","A4"],"floor":["S2"]}]}',
    rb'{"game":"senet","op":"legal","position":{"turn":"\udc00x","board":{"1":[1],"2":[2]}},"throw":1}',
    rb'{"game":"senet","op":"new","\ud800":1}',
    rb'{"game":"senet","op":"new","unused":["\ud800"]}',
])
def test_a_lone_surrogate_anywhere_is_bad_json(line):
    assert code(line) == "bad_json"


def test_a_surrogate_pair_is_one_character_and_stays():
    line = '{"game":"cavasie","op":"showdown","players":[{"name":"\\ud83d\\ude00","hand":["A1","A2"],"floor":["S1"]},' \
           '{"name":"가","hand":["A3","A4"],"floor":["S2"]}]}'
    response = strict_json(answer(handle_bytes(line.encode())))
    assert response["ok"] is True and set(response["hands"]) == {"😀", "가"}


def test_a_lone_surrogate_no_longer_ends_the_process():
    run = referee([rb'{"game":"\ud800","op":"new"}', NEW_SENET])
    assert run.status == 0 and run.stderr == ""
    assert [check_answer(line)["ok"] for line in run.answers] == [False, True]
    assert strict_json(run.answers[0])["error"]["code"] == "bad_json"


def test_a_number_too_long_to_print_never_ends_the_process():
    """4,300 digits read (Python's limit for turning an int into text); one more made by the
    game's arithmetic could not be written back, and the process died writing it."""
    nines = b"9" * 4300
    run = referee([
        b'{"game":"pig","op":"play","position":{"scores":[0,0],"turn_total":' + nines + b'},"roll":4}',
        b'{"game":"pig","op":"play","position":{"scores":[' + nines + b',0],"turn_total":1},"hold":true}',
        b'{"game":"quacks","op":"odds","bag":{"W1":' + nines + b',"W2":' + nines + b'},"white_total":0}',
        b'{"game":"pig","op":"new","players":' + nines + b'9}',
        NEW_SENET,
    ])
    assert run.status == 0 and run.stderr == ""
    assert len(run.answers) == 5
    for line in run.answers:
        strict_json(line)
    assert strict_json(run.answers[3])["error"]["code"] == "bad_json"  # 4,301 digits cannot be read
    assert "4,300 digits" in strict_json(run.answers[3])["error"]["message"]
    assert strict_json(run.answers[4])["ok"] is True


@pytest.mark.parametrize("env", [{}, {"PYTHONIOENCODING": "utf-8:strict", "LC_ALL": "C.UTF-8"},
                                 {"LC_ALL": "C", "PYTHONUTF8": "0"}], ids=["default", "strict-utf8", "c-locale"])
def test_bytes_that_are_not_utf8_are_bad_json_in_any_locale(env):
    lines = [b'{"game":"\xff","op":"new"}', b"\xc3", b'{"game":"senet","op":"new","x":"\xed\xa0\x80"}',
             b'{"game":"senet","op":"n\xe9w"}', NEW_SENET]
    run = referee(lines, env=env)
    assert run.status == 0 and run.stderr == ""
    codes = [strict_json(line).get("error", {}).get("code") for line in run.answers]
    assert codes == ["bad_json", "bad_json", "bad_json", "bad_json", None]
    assert "0xff" in strict_json(run.answers[0])["error"]["message"]


def test_a_reader_that_goes_away_ends_the_referee_quietly(tmp_path):
    """`companion referee | head -1`: the first answer, then a quiet end (no traceback, status 0)."""
    err = tmp_path / "stderr"
    script = (f"cd {ROOT} && yes '{NEW_SENET.decode()}' | head -n 20000 | {sys.executable} -m companion referee"
              f" 2>{err} | head -1; echo \"status ${{PIPESTATUS[2]}}\"; cat {err}")
    done = subprocess.run(["bash", "-c", script],
                          capture_output=True, timeout=120, check=False)
    out = done.stdout.decode()
    first, status, *rest = out.splitlines()
    assert json.loads(first)["ok"] is True
    assert status == "status 0" and rest == [], out


def test_a_line_longer_than_any_request_is_skipped_without_being_held():
    """A 100 MiB line is answered `bad_json` and the next line is served; the process never
    holds the line: its peak memory is that of a short stream's, give or take a few read
    buffers (the peak of a child counts the parent's memory it is forked with, so the two are
    measured from the same parent, one after the other)."""
    size = 100 * MAX_LINE_BYTES

    def lines():
        yield b'{"game":"senet","op":"new","x":"' + b"a" * size + b'"}'
        yield NEW_SENET

    short = referee([b'{"game":"senet","op":"new","x":"' + b"a" * 1000 + b'"}', NEW_SENET])
    run = referee(lines())
    assert run.status == 0 and run.stderr == ""
    first, second = (strict_json(line) for line in run.answers)
    assert first["error"]["code"] == "bad_json" and "bytes" in first["error"]["message"]
    assert second["ok"] is True
    assert (run.peak_rss_kib - short.peak_rss_kib) * 1024 < 16 * MAX_LINE_BYTES


@pytest.mark.parametrize("line", [b"NaN", b"[Infinity]", b'{"game":"pig","op":"new","players":-Infinity}'])
def test_nan_and_infinity_are_not_json(line):
    assert code(line) == "bad_json"


def test_a_number_beyond_any_float_reads_as_a_number_and_is_refused_by_the_field():
    assert code(b'{"game":"senet","op":"legal","position":{"turn":1,"board":{"1":[1],"2":[2]}},"throw":1e400}') \
        == "bad_request"


@pytest.mark.parametrize("line", [b"[" * 100_000, b'{"a":' * 5000 + b"1" + b"}" * 5000])
def test_nesting_too_deep_to_read_is_bad_json(line):
    response = strict_json(answer(handle_bytes(line)))
    assert response["error"]["code"] == "bad_json" and "recursion" not in response["error"]["message"]


def test_every_answer_is_one_line_in_order_whatever_came_in():
    hostile = [b"", b"\r", b"  \t", b"{", b"\xff\xfe", b"\x00", NEW_SENET + b"\r", b'{"game":"\\ud800","op":"new"}',
               b"NaN", b"9" * 5000, b"[" * 50_000, "가나다".encode(), b'"\xe2\x80\xae"',
               b'{"game":"pig","op":"play","position":{"scores":[0,0],"turn_total":' + b"9" * 4300 + b'},"roll":4}']
    lines = [line for bad in hostile for line in (bad, NEW_SENET)]
    run = referee(lines)
    assert run.status == 0 and run.stderr == ""
    assert len(run.answers) == len(lines)
    answers = [strict_json(line) for line in run.answers]
    assert [response["ok"] for response in answers[1::2]] == [True] * len(hostile)  # in order
    assert answers[12]["ok"] is True  # NEW_SENET with a CR line ending is a request like any other
    assert all(not response["ok"] for index, response in enumerate(answers[::2]) if index != 6)

"""Fuzzing the referee: streams of hostile lines for every game and op (tests/core/hostile.py),
each answered in order by one well-formed answer, none of them an internal error.

An internal error is a check some op is missing: the fuzz found each one (see the tests of
the op that now refuses it). The stream's length is `COMPANION_FUZZ_LINES` (default a few
thousand, so the suite stays fast, and the same lines every run: hypothesis derandomized, the
process stream seeded); `COMPANION_FUZZ_LINES=100000 COMPANION_FUZZ_RANDOM=1` is the full run,
new lines each time.
"""

from __future__ import annotations

import io
import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.referee import answer, handle_bytes, serve
from tests.core.hostile import hostile_lines, random_lines
from tests.core.referee_run import check_answer, referee

LINES = int(os.environ.get("COMPANION_FUZZ_LINES", "3000"))
RANDOM = os.environ.get("COMPANION_FUZZ_RANDOM") == "1"
BATCH = 25  # lines per hypothesis example


@settings(max_examples=max(1, LINES // BATCH), deadline=None, database=None, derandomize=not RANDOM,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example])
@given(st.lists(hostile_lines(), min_size=1, max_size=2 * BATCH))
def test_every_hostile_line_gets_one_well_formed_answer_in_order(lines):
    out = io.BytesIO()
    assert serve(io.BytesIO(b"".join(line + b"\n" for line in lines)), out) == 0
    answers = out.getvalue().split(b"\n")
    assert answers.pop() == b""
    assert len(answers) == len(lines)
    for line, written in zip(lines, answers, strict=True):
        try:
            check_answer(written)
        except AssertionError as failed:
            raise AssertionError(f"line {line[:300]!r} -> {written[:300]!r}") from failed


def test_a_real_referee_answers_a_long_hostile_stream_and_lives():
    """The same kind of stream through a real process: it never dies, answers every line in
    order, writes nothing to stderr, and its memory does not grow with the stream."""
    lines = random_lines(LINES, seed=int.from_bytes(os.urandom(4)) if RANDOM else 14)
    short = referee(lines[:50])
    run = referee(lines)
    assert run.status == 0 and run.stderr == ""
    assert len(run.answers) == len(lines)
    for line, written in zip(lines, run.answers, strict=True):
        try:
            check_answer(written)
        except AssertionError as failed:
            raise AssertionError(f"line {line[:300]!r} -> {written[:300]!r}") from failed
    assert run.peak_rss_kib - short.peak_rss_kib < 64 * 1024  # KiB: a few read buffers, not the stream


def test_a_placing_chain_deeper_than_any_bag_is_refused_not_an_internal_error():
    chain = '"W1"'
    for _ in range(900):
        chain = '{"chip": "B1", "place": ' + chain + "}"
    line = '{"game": "quacks", "op": "brew", "books": {}, "droplet": 0, "rats": 0, "draws": [' + chain + "]}"
    check_answer(answer(handle_bytes(line.encode())))

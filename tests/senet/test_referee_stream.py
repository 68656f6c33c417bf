"""The referee's Senet answers stay byte for byte what they were before the speed work: every 7th
line of the recorded benchmark stream (legal play, mid-game positions and bad lines), answered
in-process, is compared with the answer recorded from the engine before it was made faster
(tests/senet/data)."""

from __future__ import annotations

import json

import pytest

from tests.recorded_answers import check_recorded_answers


def test_every_7th_answer_of_the_recorded_stream_is_unchanged(monkeypatch: pytest.MonkeyPatch) -> None:
    kinds = check_recorded_answers("senet", monkeypatch)
    assert {"ok", "bad_request", "illegal_move", "bad_position", "game_over"} <= kinds


def test_a_referee_serving_senet_loads_no_other_game() -> None:
    """Issue 18: each start of `companion referee` pays only for the games it is asked about
    (the help text, built at every start, names the games without importing them)."""
    import subprocess
    import sys

    games = "('senet', 'parchis', 'pig', 'quacks', 'cavasie')"
    probe = ("import sys, companion.cli\n"
             "companion.cli.main(['referee'])\n"
             f"print(sorted({{name.split('.')[1] for name in sys.modules if name.startswith('companion.')"
             f" and name.split('.')[1] in {games}}}), file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", probe], input=b'{"game":"senet","op":"new"}\n',
                          capture_output=True, check=True)
    assert json.loads(done.stdout)["ok"] is True
    assert done.stderr.decode().strip() == "['senet']"

"""The referee's Quacks answers stay byte for byte what they were before the speed work:
every 7th line of the recorded benchmark stream (brew, evaluate, rats, odds and bad lines),
answered in-process, is compared with the answer recorded from the engine before it was
made faster (tests/quacks/data). When a message is reworded, the recording is made again only
after every other field of every answer was found unchanged."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

import companion.games
from companion.referee import handle_line

STREAM = Path(__file__).parents[2] / "benchmarks" / "streams" / "quacks.jsonl.gz"
ANSWERS = Path(__file__).parent / "data" / "referee_answers_every_7th.jsonl.gz"
EVERY = 7


def test_every_7th_answer_of_the_recorded_stream_is_unchanged(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(companion.games, "_EXTRA", [])  # the app's own games (another test may add one)
    lines = gzip.decompress(STREAM.read_bytes()).decode("utf-8").splitlines()
    recorded = gzip.decompress(ANSWERS.read_bytes()).decode("utf-8").splitlines()
    picked = lines[::EVERY]
    assert len(picked) == len(recorded) > 1_000
    kinds = set()
    for index, (line, expected) in enumerate(zip(picked, recorded, strict=True)):
        answer = json.dumps(handle_line(line), ensure_ascii=False, separators=(",", ":"))
        assert answer == expected, f"line {index * EVERY + 1} of the stream"
        kinds.add(json.loads(expected).get("error", {}).get("code", "ok"))
    assert {"ok", "bad_json", "bad_request", "illegal_move", "bad_position"} <= kinds

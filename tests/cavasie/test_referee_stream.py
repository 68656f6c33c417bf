"""The referee's Çävasie answers stay byte for byte what they were before the speed work (issue
18): every 7th line of the recorded benchmark stream (scores, showdowns of two to five players
with and without a dealer, and bad lines), answered in-process, is compared with the answer the
engine gave before its scorer was made faster (recorded in tests/cavasie/data)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from companion.referee import handle_line

STREAM = Path(__file__).parents[2] / "benchmarks" / "streams" / "cavasie.jsonl.gz"
ANSWERS = Path(__file__).parent / "data" / "referee_answers_every_7th.jsonl.gz"
EVERY = 7


def test_every_7th_answer_of_the_recorded_stream_is_unchanged(monkeypatch) -> None:
    monkeypatch.setattr("companion.games._EXTRA", [])  # the app's own games, as the referee serves them
    lines = gzip.decompress(STREAM.read_bytes()).decode("utf-8").splitlines()
    recorded = gzip.decompress(ANSWERS.read_bytes()).decode("utf-8").splitlines()
    picked = lines[::EVERY]
    assert len(picked) == len(recorded) > 1_000
    kinds = set()
    for index, (line, expected) in enumerate(zip(picked, recorded, strict=True)):
        answer = json.dumps(handle_line(line), ensure_ascii=False, separators=(",", ":"))
        assert answer == expected, f"line {index * EVERY + 1} of the stream"
        kinds.add(json.loads(expected).get("error", {}).get("code", "ok"))
    assert {"ok", "bad_request", "bad_position"} <= kinds
    assert sum('"order"' in answer for answer in recorded) > 500  # showdowns, not only scores

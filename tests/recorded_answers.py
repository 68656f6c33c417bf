"""The referee's recorded answers: every 7th line of a game's benchmark stream
(benchmarks/streams), answered in-process, against the answers recorded from the engine before
its speed work (tests/<game>/data). Each game's test says which kinds of answer its stream holds."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from companion.referee import handle_line

STREAMS = Path(__file__).parents[1] / "benchmarks" / "streams"
EVERY = 7


def stream_lines(game: str) -> list[str]:
    return gzip.decompress((STREAMS / f"{game}.jsonl.gz").read_bytes()).decode("utf-8").splitlines()


def recorded_answers(game: str) -> list[str]:
    data = Path(__file__).parent / game / "data" / "referee_answers_every_7th.jsonl.gz"
    return gzip.decompress(data.read_bytes()).decode("utf-8").splitlines()


def check_recorded_answers(game: str, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """Answer every 7th line and compare each answer byte for byte; the kinds of answer met
    ("ok" or an error code) are returned."""
    monkeypatch.setattr("companion.games._EXTRA", [])  # the app's own games, as the referee serves them
    picked = stream_lines(game)[::EVERY]
    recorded = recorded_answers(game)
    assert len(picked) == len(recorded) > 1_000
    kinds = set()
    for index, (line, expected) in enumerate(zip(picked, recorded, strict=True)):
        answer = json.dumps(handle_line(line), ensure_ascii=False, separators=(",", ":"))
        assert answer == expected, f"line {index * EVERY + 1} of the {game} stream"
        kinds.add(json.loads(expected).get("error", {}).get("code", "ok"))
    return kinds

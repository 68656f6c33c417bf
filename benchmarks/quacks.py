"""The Quacks figures: the referee on the recorded Quacks stream (whole process), and a whole
9-round 4-player match reopened from its stored log.

The match (benchmarks/streams/quacks_match.json.gz) is a seeded bot game of four players with
book sets other than the beginners' ones, about a dozen draws per player and round, and a
slip undone and redone every 40 entries: 576 log entries, as the store keeps them. Reopening
it replays every entry through the engine (`MatchSession.resume`), as the match screen does.
"""

from __future__ import annotations

import gzip
import json
from functools import cache
from pathlib import Path
from typing import Any

from benchmarks import Figure, median_time
from benchmarks.referee import referee_figure

MATCH = Path(__file__).parent / "streams" / "quacks_match.json.gz"


@cache
def match_log() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(gzip.decompress(MATCH.read_bytes()))
    return data


def resume_ms(smoke: bool) -> float:
    from companion.quacks import GAME
    from companion.session import MatchSession

    data = match_log()

    def reopen() -> None:
        session = MatchSession.resume(GAME, data["setup"], data["log"])
        if not session.outcome().over:
            raise RuntimeError("the recorded match did not replay to its end")

    reopen()  # the first replay loads the modules and fills the caches: not the figure
    return median_time(reopen, repeat=1 if smoke else 5, scale=1000)


FIGURES = (
    referee_figure("quacks", 0.40),
    Figure("quacks: a 9-round 4-player match reopened", 150, "ms", resume_ms,
           "median of 5 replays of its 576-entry log (MatchSession.resume), in process"),
)

"""Çävasie's own figures: the scorer in a fresh process, and a showdown no table can have.

- The cold scorer: in a fresh Python process (the game's modules imported, the deck read and
  the scorer built, nothing scored yet), the first hand scored — a dealer's six centre cards
  with two quotos and a floor of four, the largest choice a hand can offer (90 choices of
  cards, each quoto read several ways). What a `companion referee` started for one `score`
  request pays beyond its imports. Deck and scorer building are timed apart, in the note.
- A `showdown` line of 64,000 players (each well-formed), handled in-process: read once and
  refused with CV-4's player count, no hand scored. (Through a real process such a line is
  longer than the protocol's line limit and is refused before it is parsed.)

The referee's throughput on the recorded Çävasie stream is in benchmarks/referee.py, and a
long Çävasie session reopened from the store in benchmarks/store.py.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from functools import cache

from benchmarks import Figure, median_time

COLD_RUNS = 15
SHOWDOWN_PLAYERS, SMOKE_PLAYERS = 64_000, 2_000

# The fresh process: it prints the milliseconds of its deck read, scorer build and first score.
_COLD = """
import time
from companion.cavasie import Scorer, SeatCards, default_deck
DEALER = SeatCards(("A0", "S3", "G4", "P5", "S8", "G0"), ("A2", "G7", "S1", "P3"), dealer=True)
start = time.perf_counter()
deck = default_deck()
read = time.perf_counter()
scorer = Scorer(deck)
built = time.perf_counter()
answer = scorer.score(DEALER)
scored = time.perf_counter()
assert answer.rank_index >= 1
print((read - start) * 1000, (built - read) * 1000, (scored - built) * 1000)
"""


def cold_runs(runs: int) -> list[tuple[float, float, float]]:
    """(deck read, scorer built, first hand scored) in ms, one fresh process each."""
    found = []
    for _ in range(runs):
        done = subprocess.run([sys.executable, "-c", _COLD], capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"the cold scorer process failed: {done.stderr}")
        read, built, scored = (float(part) for part in done.stdout.split())
        found.append((read, built, scored))
    return found


def measure_cold(smoke: bool) -> float:
    runs = cold_runs(1 if smoke else COLD_RUNS)
    if not smoke:
        read, built = (statistics.median(run[i] for run in runs) for i in (0, 1))
        print(f"  (cold scorer: deck read {read:.3f} ms, scorer built {built:.3f} ms, medians of {len(runs)})")
    return statistics.median(run[2] for run in runs)


@cache
def showdown_line(players: int) -> str:
    table = [{"name": f"P{i}", "hand": ["A1", "A2"], "floor": ["A3"]} for i in range(players)]
    return json.dumps({"game": "cavasie", "op": "showdown", "players": table})


def measure_showdown(smoke: bool) -> float:
    from companion.referee import handle_line

    line = showdown_line(SMOKE_PLAYERS if smoke else SHOWDOWN_PLAYERS)

    def refuse() -> None:
        answer = handle_line(line)
        if answer.get("error", {}).get("rule") != "CV-4":
            raise RuntimeError(f"the showdown was not refused by its player count: {answer}")

    return median_time(refuse, repeat=1 if smoke else 3)


FIGURES = (
    Figure("cavasie: cold scorer, first hand in a fresh process", 1.0, "ms", measure_cold,
           f"a dealer's 6 + 4 cards, two quotos (median of {COLD_RUNS} processes)"),
    Figure("cavasie: showdown of 64,000 players refused", 0.5, "s", measure_showdown,
           "handle_line in-process: read, refused by CV-4, nothing scored (median of 3)"),
)

"""Run by test_crash.py as a separate process, then killed with SIGKILL mid-way.

Usage: python crash_child.py <database url> <entries>

Opens the store, seats two players, creates a match and plays the counter game through
a MatchSession that records to the store, one entry at a time. After each entry is
stored it prints `seq <n> <entry as JSON>` and flushes, so every printed seq is one the
store promised was committed.
"""

from __future__ import annotations

import json
import sys
from itertools import islice
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the project root

from companion.games import register_extra
from companion.session import MatchSession
from db import SeatSpec, Store
from tests.db.counter_game import GAME, entries, play

register_extra("tests.db.counter_game")


def main() -> None:
    url, count = sys.argv[1], int(sys.argv[2])
    store = Store(url)
    anna = store.add_player("Anna", "#d32f2f")
    min_ = store.add_player("민수", "#1976d2")
    match_id = store.create_match("counter", {"start": 0}, [SeatSpec(anna.id, 0), SeatSpec(min_.id, 1)])
    setup = store.match(match_id).setup
    print(f"match {match_id}", flush=True)

    def record(entry: dict, *, seen: int, outcome: object) -> int:
        seq = store.append_event(match_id, entry, seen=seen)
        print(f"seq {seq} {json.dumps(entry)}", flush=True)
        return seq

    session = MatchSession(GAME, setup, record=record)
    for entry in islice(entries(), count):
        play(session, entry)
    print("done", flush=True)


if __name__ == "__main__":
    main()

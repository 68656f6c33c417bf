"""Run by test_concurrency.py: one of several processes racing to append to one match.

Usage: python race_child.py <database url> <match id> <iterations> <tag>

Opens its own store, prints `ready` and waits for a line on stdin (so that every racer
starts at once). Then, `iterations` times: reads the log's length with `last_seq`, and
appends an action naming that length as `seen`, as a screen does. It prints one JSON line:
{"stored": [[seq, i], ...], "stale": n, "other": ["ErrorType: message", ...]}.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the project root

from companion.game import Outcome
from companion.games import register_extra
from db import Store, errors

register_extra("tests.db.counter_game")


def main() -> None:
    url, match_id, iterations, tag = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    store = Store(url, migrate=False)  # the parent migrated it
    print("ready", flush=True)
    sys.stdin.readline()
    stored: list[list[int]] = []
    stale = 0
    other: list[str] = []
    for i in range(iterations):
        try:
            seen = store.last_seq(match_id)
            # The counter engine reads only "op" and "n": any interleaving of these replays.
            entry = {"kind": "action", "action": {"op": "add", "n": i % 6 + 1, "by": tag, "i": i}}
            seq = store.append_event(match_id, entry, seen=seen, outcome=Outcome(over=False))
            stored.append([seq, i])
        except errors.StaleWrite:
            stale += 1
        except Exception as error:  # any other failure is what the parent looks for
            other.append(f"{type(error).__name__}: {error}")
    store.close()
    print(json.dumps({"stored": stored, "stale": stale, "other": other}), flush=True)


if __name__ == "__main__":
    main()

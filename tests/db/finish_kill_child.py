"""Run by test_lifecycle.py: plays a match to its winning move and dies inside that write.

Usage: python finish_kill_child.py <database url> <match id> <n> [<n> ...]

Resumes the match and plays `add n` for each n. `Store._settle` is patched so that, for
the move that ends the game, the process prints `dying <seq>` (the highest seq its own
open transaction sees: the winning entry has been inserted) and SIGKILLs itself there,
between the event insert and the finish, before anything is committed. Before that,
every stored entry is printed as `seq <n>`.
"""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the project root

from sqlalchemy import func, select

from companion.game import Outcome
from companion.games import register_extra
from db import Store
from db.models import Event
from tests.db.counter_game import GAME

register_extra("tests.db.counter_game")

settle = Store._settle


def die_on_finish(session: Any, match: Any, outcome: Outcome) -> None:
    if outcome.over:
        inserted = session.scalar(select(func.max(Event.seq)).where(Event.match_id == match.id))
        print(f"dying {inserted}", flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
    settle(session, match, outcome)


def main() -> None:
    url, match_id, moves = sys.argv[1], int(sys.argv[2]), [int(n) for n in sys.argv[3:]]
    Store._settle = staticmethod(die_on_finish)  # type: ignore[method-assign]
    store = Store(url, migrate=False)
    session = store.resume(match_id, GAME)
    for n in moves:
        session.apply({"op": "add", "n": n})
        print(f"seq {session.seq}", flush=True)
    print("survived", flush=True)


if __name__ == "__main__":
    main()

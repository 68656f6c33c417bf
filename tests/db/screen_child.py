"""Run by test_concurrency.py: a second screen on a match, served by another process.

Usage: python screen_child.py <database url> <match id>

Opens its own store and answers one JSON command per stdin line with one JSON line:
    {"op": "resume"}            -> {"seq": n, "moves": [...]}  (the session is rebuilt)
    {"op": "last_seq"}          -> {"seq": n}
    {"op": "add", "n": k}       -> {"seq": n, "moves": [...]} or
                                   {"error": "StaleWrite", "match_id": ..., "seq": n, "moves": [...]}
`seq` and `moves` are always this process's session as it stands after the command.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the project root

from companion.games import register_extra
from db import Store, errors
from tests.db.counter_game import GAME

register_extra("tests.db.counter_game")


def main() -> None:
    url, match_id = sys.argv[1], int(sys.argv[2])
    store = Store(url, migrate=False)
    session = store.resume(match_id, GAME)
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        command = json.loads(line)
        reply: dict[str, Any] = {}
        if command["op"] == "resume":
            session = store.resume(match_id, GAME)
        elif command["op"] == "last_seq":
            print(json.dumps({"seq": store.last_seq(match_id)}), flush=True)
            continue
        elif command["op"] == "add":
            try:
                session.apply({"op": "add", "n": command["n"]})
            except errors.StaleWrite as error:
                reply = {"error": "StaleWrite", "match_id": error.params["match_id"]}
        reply.update(seq=session.seq, moves=list(session.state.moves))
        print(json.dumps(reply), flush=True)
    store.close()


if __name__ == "__main__":
    main()

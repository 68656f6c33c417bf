"""The app's own games are named by their packages, so the referee can say "no such game" (and
list the games) without importing any of them."""

from __future__ import annotations

import json
import subprocess
import sys

from companion.games import REGISTERED, games, ids, load, registry


def test_each_registered_package_holds_the_game_of_its_name() -> None:
    assert sorted(registry()) == sorted(REGISTERED)  # the app's own games, whatever a test added
    assert ids() == sorted(games())
    assert all(load(game_id) is games()[game_id] for game_id in REGISTERED)
    assert load("Senet") is None and load("companion.senet") is None and load("") is None


def test_a_wrong_game_name_imports_no_game() -> None:
    script = (
        "import sys, json\n"
        "from companion.referee import handle_line\n"
        "print(json.dumps([handle_line(line) for line in sys.argv[1:]]))\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[:2] in "
        + repr([["companion", game] for game in REGISTERED]) + ")))\n"
    )
    lines = ['{"game": "Senet", "op": "new"}', '{"game": "senet", "op": "new"}']
    done = subprocess.run([sys.executable, "-c", script, *lines], capture_output=True, text=True, check=True)
    answers, imported = (json.loads(line) for line in done.stdout.splitlines())
    assert answers[0]["error"]["code"] == "unknown_game" and "cavasie, parchis, pig, quacks, senet" in (
        answers[0]["error"]["message"])
    assert answers[1]["ok"] is True
    assert {name.split(".")[1] for name in imported} == {"senet"}

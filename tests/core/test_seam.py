"""A game is its own folders and one registration line: nothing central lists the games.

A game the app's code has never heard of (the counter game of tests/db/counter_game.py, with the
screens of tests/views/counter_views.py) is registered the way a new game's one line does, and
then shows on every screen that lists games, rendered by the real app (tests/views/headless.py).
And no shared module names a game: the ids, message ids and packages of the games appear only in
the games' own folders (and in the one registration line).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.games import REGISTERED, games, register_extra
from db import SeatSpec, Store
from tests.views.headless import Headless, run
from views.games import game_views, register_views
from views.live import LiveMatch

ROOT = Path(__file__).resolve().parents[2]
GAME = "counter"
# The modules every game shares: the seam, the session, the referee, the store, the shell.
SHARED = [*ROOT.glob("companion/*.py"), *ROOT.glob("companion/referee/*.py"), *ROOT.glob("db/*.py"),
          *ROOT.glob("views/*.py"), *ROOT.glob("views/screens/*.py")]
# Still naming games, to be moved into the games' records (issue 15). Once a file is clean it
# must leave this set.
PENDING: set[str] = set()


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    register_extra("tests.db.counter_game")
    register_views(GAME, "tests.views.counter_views")
    with Store(f"sqlite:///{tmp_path / 'seam.db'}") as opened:
        yield opened


def finished_counter_match(store: Store) -> int:
    ana, ben = store.add_player("Ana", "#d32f2f").id, store.add_player("Ben", "#1976d2").id
    match_id = store.create_match(GAME, {"start": 0, "target": 2}, [SeatSpec(ana, 0), SeatSpec(ben, 1)])
    live = LiveMatch.load(store, match_id)
    assert live.apply({"op": "add", "n": 2}) and live.outcome.over
    return match_id


def test_a_game_from_outside_shows_on_every_screen_that_lists_games(store: Store) -> None:
    assert GAME in games() and game_views(GAME) is not None
    assert list(games())[-1] == GAME  # its record says nothing of its place: after the app's own
    match_id = finished_counter_match(store)
    name = f"game.{GAME}"  # the game brings no catalogue: the shell shows its message id

    async def screens() -> None:
        home = await Headless.open(store, "/")
        assert home.find(f"new-{GAME}") is not None and home.find(f"rules-{GAME}") is not None
        assert name in home.texts()
        home.close()

        new = await Headless.open(store, f"/new/{GAME}")
        assert "Ana" in new.texts()  # the form, with the saved players: not "cannot be played"
        new.close()

        history = await Headless.open(store, "/history")
        await history.wait_for(lambda: history.find(f"history-row-{match_id}") is not None, "the match's row")
        assert history.find(f"chip-{GAME}") is not None
        history.close()

        stats = await Headless.open(store, "/stats")
        await stats.wait_for(lambda: stats.find(f"chip-{GAME}") is not None, "the game's chip")
        await stats.wait_for_text(name)  # the overview: the game's matches and leaders
        stats.close()

        exchange = await Headless.open(store, "/exchange")
        assert exchange.find(f"chip-{GAME}") is not None
        exchange.close()

        search = await Headless.open(store, "/rules?q=CT-2")
        assert search.find("hit-CT-2") is not None and name in search.texts()
        search.close()

    run(screens)


def game_words(tree: ast.AST, ids: set[str]) -> list[tuple[int, str]]:
    """(line, text) of every string in code that is a game's id or starts one of its message ids
    ("quacks", "quacks_ui.…", "quacks.…"), and every import of a game's package."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if node.value in ids or any(node.value.startswith((f"{game}_", f"{game}.")) for game in ids):
                found.append((node.lineno, node.value))
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            found += [(node.lineno, name) for name in names if name.split(".")[1:2] and name.split(".")[1] in ids]
    return found


def registration_lines() -> set[int]:
    """The lines of REGISTERED in companion/games.py: the one line each game adds."""
    tree = ast.parse((ROOT / "companion" / "games.py").read_text(encoding="utf-8"))
    return {element.lineno for node in ast.walk(tree) if isinstance(node, ast.Tuple)
            for element in node.elts if isinstance(element, ast.Constant) and element.value in REGISTERED}


def test_the_scan_finds_a_game_named_in_code() -> None:
    tree = ast.parse('import companion.senet.engine\nX = {"senet": 1}\nY = t("senet_ui.title")\nZ = "sent"\n')
    assert game_words(tree, {"senet"}) == [(1, "companion.senet.engine"), (2, "senet"), (3, "senet_ui.title")]


def test_no_shared_module_names_a_game() -> None:
    ids = set(REGISTERED)
    allowed = {("companion/games.py", line) for line in registration_lines()}
    named = [
        f"{path.relative_to(ROOT)}:{line}: {text}"
        for path in SHARED
        for line, text in game_words(ast.parse(path.read_text(encoding="utf-8")), ids)
        if (str(path.relative_to(ROOT)), line) not in allowed
    ]
    pending = {entry.split(":")[0] for entry in named} & PENDING
    assert pending == PENDING, f"{PENDING - pending} no longer names a game: take it out of PENDING"
    assert [entry for entry in named if entry.split(":")[0] not in PENDING] == []

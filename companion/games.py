"""The games the app knows.

Every game the app will hold is listed in `LINEUP` (home screen order, with its player
count shown while it is still being built). A game becomes playable by defining `GAME` in
its package and adding its id to `REGISTERED` — the one line a new game touches here.
"""

from __future__ import annotations

import importlib
from functools import cache

from companion.game import Game

# Games whose package defines GAME: one line each, the one line a new game adds here.
REGISTERED: tuple[str, ...] = (
    "senet",
    "parchis",
    "pig",
    "cavasie",
    "quacks",
)

# Every game of the app, in home-screen order, with its player counts (min, max).
LINEUP: dict[str, tuple[int, int]] = {
    "quacks": (2, 4),
    "senet": (2, 2),
    "parchis": (2, 4),
    "cavasie": (2, 5),
}


@cache
def registry(extra: tuple[str, ...] = ()) -> dict[str, Game]:
    """The playable games by id, each loaded from `companion.<id>` (or a dotted module path).

    `extra` names further modules (a test game); their games join the app's own.
    """
    games: dict[str, Game] = {}
    for name in (*REGISTERED, *extra):
        module = importlib.import_module(name if "." in name else f"companion.{name}")
        game: Game = module.GAME
        if game.id in games:
            raise ValueError(f"two games share the id {game.id!r}")
        games[game.id] = game
    return games


_EXTRA: list[str] = []


def register_extra(module: str) -> None:
    """Make one more game module playable in this process (tests, plug-ins)."""
    if module not in _EXTRA:
        _EXTRA.append(module)


def games() -> dict[str, Game]:
    return registry(tuple(_EXTRA))


def game(game_id: str) -> Game | None:
    """The playable game `game_id`, or None (not built yet, or unknown)."""
    return games().get(game_id)


@cache
def _own(game_id: str) -> Game:
    game: Game = importlib.import_module(f"companion.{game_id}").GAME
    return game


def load(game_id: str) -> Game | None:
    """Like `game`, but an app game of that id is imported alone, not with every other game
    (the referee serving one game's stream starts faster)."""
    if not _EXTRA:
        if game_id not in REGISTERED or "." in game_id:
            return None  # the app's own games are named by their packages: no import needed to say no
        found = _own(game_id)
        if found.id == game_id:
            return found
    return game(game_id)


def ids() -> list[str]:
    """The playable games' ids, sorted. The app's own games are named by their packages, so none
    is imported to name it (a referee serving one game answers a wrong game name quickly)."""
    return sorted(games()) if _EXTRA else sorted(REGISTERED)


def known(game_id: str) -> bool:
    return game_id in LINEUP or game_id in games()

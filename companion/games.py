"""The games the app knows, in the order the app lists them.

A game becomes playable by defining `GAME` in its package and adding its id to `REGISTERED`:
the one line a new game touches here. Its place in every list (home, filters, statistics) is
its record's `order`.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
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


@cache
def registry(extra: tuple[str, ...] = ()) -> dict[str, Game]:
    """The playable games by id, in the app's order, each loaded from `companion.<id>` (or a
    dotted module path).

    `extra` names further modules (a test game); their games join the app's own.
    """
    found: dict[str, Game] = {}
    for name in (*REGISTERED, *extra):
        module = importlib.import_module(name if "." in name else f"companion.{name}")
        game: Game = module.GAME
        if game.id in found:
            raise ValueError(f"two games share the id {game.id!r}")
        found[game.id] = game
    return {game.id: game for game in sorted(found.values(), key=lambda game: (game.order, game.id))}


_EXTRA: list[str] = []


def register_extra(module: str) -> None:
    """Make one more game module playable in this process (tests, plug-ins)."""
    if module not in _EXTRA:
        _EXTRA.append(module)


def games() -> dict[str, Game]:
    """Every playable game by id, in the order the app lists them: the one list of games."""
    return registry(tuple(_EXTRA))


def game(game_id: str) -> Game | None:
    """The playable game `game_id`, or None (unknown to this version)."""
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


def app_games(also: Iterable[str] = ()) -> list[str]:
    """The one list of games every screen shows: the playable games in their order, then any
    other game named in `also` (one stored by another version of the app), alphabetically."""
    listed = list(games())
    return listed + sorted(set(also) - set(listed))

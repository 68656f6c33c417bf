"""The games the app knows, and which of them have an engine yet."""

from __future__ import annotations

from dataclasses import dataclass

from companion.session import GameEngine


@dataclass(frozen=True)
class GameInfo:
    id: str  # also the protocol's "game" name
    min_players: int
    max_players: int
    teams: bool = False  # whether the game can be played in teams


GAMES: dict[str, GameInfo] = {
    "quacks": GameInfo("quacks", 2, 4),
    "senet": GameInfo("senet", 2, 2),
    "parchis": GameInfo("parchis", 2, 4, teams=True),
    "cavasie": GameInfo("cavasie", 2, 5),
}


def engine_for(game: str) -> GameEngine | None:
    """The engine of `game`, or None while the game is not built yet."""
    if game == "senet":
        from companion.senet.engine import SenetEngine

        return SenetEngine()
    return None

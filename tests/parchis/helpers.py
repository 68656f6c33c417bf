"""Building Parchís positions for tests from the protocol's own vocabulary."""

from __future__ import annotations

from typing import Any

from companion.parchis import Position, legal_moves, options, play
from companion.parchis.board import parse_piece_name

ALL = ["yellow", "blue", "red", "green"]


def pos_json(
    pieces: dict[str, list[str]],
    *,
    turn: str = "yellow",
    colours: list[str] | None = None,
    mode: str = "standard",
    teams: bool = False,
    last_arrival: dict[str, str] | None = None,
    sixes: int = 0,
    last_moved: str | None = None,
    bonus: list[int] | None = None,
    winner: Any = None,
) -> dict[str, Any]:
    """A protocol position; a colour's list may be short (the rest of its pieces are in the nest)."""
    colours = ALL if colours is None else colours
    full = {colour: (list(pieces.get(colour, [])) + ["nest"] * 4)[:4] for colour in colours}
    return {
        "colours": colours,
        "mode": mode,
        "teams": teams,
        "pieces": full,
        "last_arrival": last_arrival or {},
        "turn": turn,
        "sixes": sixes,
        "last_moved": last_moved,
        "bonus": list(bonus or []),
        "winner": winner,
    }


def P(pieces: dict[str, list[str]], **kwargs: Any) -> Position:
    return Position.from_json(pos_json(pieces, **kwargs))


def moves(position: Position, roll: int | None) -> list[tuple[str, str, str, str | None]]:
    """(piece, from, to, captured) of every legal move."""
    return [
        (m["piece"], m["from"], m["to"], m["capture"])
        for m in (move.to_json() for move in legal_moves(position, roll))
    ]


def movers(position: Position, roll: int | None) -> list[str]:
    return [move.name for move in legal_moves(position, roll)]


def piece(name: str) -> tuple[int, int]:
    found = parse_piece_name(name)
    assert found is not None, name
    return found


def go(position: Position, roll: int | None, name: str | None) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Play `name` (or nothing) and return the next position as JSON with the events."""
    after, events = play(position, roll, None if name is None else piece(name))
    return after.to_json(), events


def types(events: list[dict[str, Any]]) -> list[str]:
    return [event["type"] for event in events]


__all__ = ["ALL", "P", "go", "movers", "moves", "options", "piece", "pos_json", "types"]

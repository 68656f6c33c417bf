"""Bell's Senet (shared/rules/senet.md): a pure rule engine, no I/O, no randomness."""

from companion.senet.engine import (
    BEAR_OFF_SQUARE,
    OFF,
    Move,
    Result,
    SenetEngine,
    apply_action,
    check_throw,
    forced_move,
    legal_moves,
    parse_move,
    play,
    result,
)
from companion.senet.position import HOUSE_OF_BEAUTY, PIECES, SAFE_SQUARES, SQUARES, HouseRules, Position

__all__ = [
    "BEAR_OFF_SQUARE",
    "HOUSE_OF_BEAUTY",
    "OFF",
    "PIECES",
    "SAFE_SQUARES",
    "SQUARES",
    "HouseRules",
    "Move",
    "Position",
    "Result",
    "SenetEngine",
    "apply_action",
    "check_throw",
    "forced_move",
    "legal_moves",
    "parse_move",
    "play",
    "result",
]

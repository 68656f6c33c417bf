"""Bell's Senet: a pure rule engine (no I/O, no randomness) and its game record."""

from companion.game import Game, Option
from companion.senet import protocol
from companion.senet.engine import (
    BEAR_OFF_SQUARE,
    OFF,
    Move,
    Result,
    apply_action,
    check_throw,
    forced_move,
    legal_moves,
    parse_move,
    play,
    result,
)
from companion.senet.match import SenetEngine, SenetState
from companion.senet.position import HOUSE_OF_BEAUTY, PIECES, SAFE_SQUARES, SQUARES, HouseRules, Position

__all__ = [
    "BEAR_OFF_SQUARE",
    "GAME",
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
    "SenetState",
    "apply_action",
    "check_throw",
    "forced_move",
    "legal_moves",
    "parse_move",
    "play",
    "result",
]

GAME = Game(
    id="senet",
    order=20,
    min_players=2,
    max_players=2,
    players_rule="SN-2",
    stats_facts=("captures",),  # what db/stats.py reads from its outcome's detail
    engine=SenetEngine(),
    ops=protocol.OPS,
    options=(Option("gate_exact_26", kind="bool", default=False, rule="SN-8"),),
)

"""Parchís (68-square Spanish board): a pure rule engine (no I/O, no randomness) and its game record."""

from companion.game import Game, Option
from companion.parchis import protocol
from companion.parchis.board import COLOURS, GOAL, NEST, SAFE_SQUARES, Piece
from companion.parchis.engine import (
    Move,
    Options,
    apply_action,
    legal_moves,
    next_step,
    options,
    play,
    steps_for,
)
from companion.parchis.match import ParchisEngine, ParchisState, pending
from companion.parchis.position import MODES, STANDARD, Position
from companion.parchis.setup import AUTO, COLOUR_CHOICES, PLAYERS

__all__ = [
    "COLOURS",
    "COLOUR_CHOICES",
    "GAME",
    "GOAL",
    "NEST",
    "SAFE_SQUARES",
    "Move",
    "Options",
    "ParchisEngine",
    "ParchisState",
    "Piece",
    "Position",
    "apply_action",
    "legal_moves",
    "next_step",
    "options",
    "pending",
    "play",
    "steps_for",
]

GAME = Game(
    id="parchis",
    order=30,
    min_players=PLAYERS[0],
    max_players=PLAYERS[-1],
    players_rule="PA-6",
    stats_facts=("captures",),  # what db/stats.py reads from its outcome's detail
    teams=True,
    engine=ParchisEngine(),
    ops=protocol.OPS,
    options=(
        Option("mode", kind="choice", default=STANDARD, choices=MODES, rule="PA-8"),
        Option("teams", kind="bool", default=False, rule="PA-7"),
        Option("colours", kind="choice", default=AUTO, choices=COLOUR_CHOICES, rule="PA-6"),
    ),
)

"""Pig, a small dice game: the example of how a game plugs into the app."""

from companion.game import Game, Option
from companion.pig import protocol
from companion.pig.engine import (
    DEFAULT_TARGET,
    FACES,
    PLAYERS,
    TARGETS,
    PigEngine,
    PigState,
    apply_action,
    hold,
    outcome,
    roll,
    start,
)

GAME = Game(
    id="pig",
    order=50,
    min_players=PLAYERS[0],
    max_players=PLAYERS[-1],
    players_rule="PG-1",
    engine=PigEngine(),
    ops=protocol.OPS,
    options=(Option("target", kind="int", default=DEFAULT_TARGET, low=TARGETS[0], high=TARGETS[-1], rule="PG-1"),),
)

__all__ = ["FACES", "GAME", "PigEngine", "PigState", "apply_action", "hold", "outcome", "roll", "start"]

"""Pig, a small dice game: the example of how a game plugs into the app."""

from companion.game import Game, Option
from companion.pig import protocol
from companion.pig.engine import FACES, PigEngine, PigState, apply_action, hold, outcome, roll, start

GAME = Game(
    id="pig",
    min_players=2,
    max_players=4,
    players_rule="PG-1",
    engine=PigEngine(),
    ops=protocol.OPS,
    options=(Option("target", kind="int", default=100, low=20, high=200, rule="PG-1"),),
)

__all__ = ["FACES", "GAME", "PigEngine", "PigState", "apply_action", "hold", "outcome", "roll", "start"]

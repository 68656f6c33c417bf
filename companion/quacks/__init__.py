"""The Quacks of Quedlinburg (base game, rules QK-1 … QK-18): data tables, brewing, odds, rats,
the evaluation, and the whole match as the app's game record."""

from companion.game import Game, Option
from companion.quacks import protocol
from companion.quacks.data import BOOK_COLOURS, BOOK_SETS
from companion.quacks.match import QuacksEngine
from companion.quacks.match_state import MatchState

__all__ = ["GAME", "MatchState", "QuacksEngine"]

GAME = Game(
    id="quacks",
    order=10,
    min_players=2,
    max_players=4,
    players_rule="QK-1",
    stats_facts=("rounds",),  # what db/stats.py reads from its outcome's detail
    engine=QuacksEngine(),
    ops=protocol.OPS,
    options=(
        *(Option(colour, kind="int", default=1, low=BOOK_SETS[0], high=BOOK_SETS[-1], rule="QK-1")
          for colour in BOOK_COLOURS),
        Option("start", kind="int", default=0, low=0, high=3, rule="QK-1"),
    ),
)

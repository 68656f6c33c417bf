"""Çävasie (rules CV-1 … CV-10): the Didopoikas deck, the hand scorer, the showdown, and the
deal at the table. Pure functions and frozen data: no I/O, no clock, no randomness."""

from companion.cavasie import protocol
from companion.cavasie.deck import (
    Card,
    Deck,
    Ladder,
    Pattern,
    Sol,
    Vepleque,
    deck_problems,
    default_deck,
    default_deck_data,
    load_deck,
)
from companion.cavasie.scorer import HandScore, QuotoReading, Scorer, SeatCards
from companion.cavasie.showdown import Decision, Showdown, decide, report, showdown
from companion.cavasie.table import (
    BetOptions,
    CavasieEngine,
    acting_seat,
    apply_action,
    bet_options,
    deal_targets,
    legal_actions,
    new_table,
    next_deal_slot,
    outcome,
    unknown_cards,
)
from companion.cavasie.table_state import BestHand, Hand, Seat, Slot, TableState
from companion.game import Game, Option

GAME = Game(
    id="cavasie",
    order=40,
    min_players=2,
    max_players=5,
    players_rule="CV-4",
    stats_facts=("hands",),  # what db/stats.py reads from its outcome's detail
    engine=CavasieEngine(),
    ops=protocol.OPS,
    options=(
        # CV-4: with three to five players one of them deals (the seat turns each hand); off is
        # a house rule, everyone gets hand cards and bets. With two there is never a dealer.
        Option("dealer", kind="bool", default=True, rule="CV-4"),
        Option("chips", kind="int", default=100, low=1, high=1_000_000, rule="CV-5"),
        Option("ante", kind="int", default=1, low=0, high=10_000, rule="CV-5"),
        # An edited deck (the form of deck.json), stored with the match and replayed with it;
        # null: the Didopoikas of CV-1 … CV-3.
        Option("deck", kind="data", default=None, rule="CV-1"),
    ),
)

__all__ = [
    "GAME",
    "BestHand",
    "BetOptions",
    "Card",
    "CavasieEngine",
    "Decision",
    "Deck",
    "Hand",
    "HandScore",
    "Ladder",
    "Pattern",
    "QuotoReading",
    "Scorer",
    "Seat",
    "SeatCards",
    "Showdown",
    "Slot",
    "Sol",
    "TableState",
    "Vepleque",
    "acting_seat",
    "apply_action",
    "bet_options",
    "deal_targets",
    "decide",
    "deck_problems",
    "default_deck",
    "default_deck_data",
    "legal_actions",
    "load_deck",
    "new_table",
    "next_deal_slot",
    "outcome",
    "report",
    "showdown",
    "unknown_cards",
]

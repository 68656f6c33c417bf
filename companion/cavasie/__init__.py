"""Çävasie (rules CV-1 … CV-10): the Didopoikas deck, the hand scorer, the showdown, and the
deal at the table. Pure functions and frozen data: no I/O, no clock, no randomness."""

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
from companion.cavasie.showdown import Decision, Showdown, decide, showdown

__all__ = [
    "Card",
    "Decision",
    "Deck",
    "HandScore",
    "Ladder",
    "Pattern",
    "QuotoReading",
    "Scorer",
    "SeatCards",
    "Showdown",
    "Sol",
    "Vepleque",
    "decide",
    "deck_problems",
    "default_deck",
    "default_deck_data",
    "load_deck",
    "showdown",
]

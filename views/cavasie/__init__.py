"""Çävasie in the app: the match screen (deal, draws, betting, interactions, the explained
showdown), the set-up form (dealer, chips, deck), the rules page with the full ladder and the
referee's readings, its statistics, and two tools: the quick scorer and the deck editor."""

import flet as ft

from views.cavasie.deck_editor import DeckEditor
from views.cavasie.log import describe_step
from views.cavasie.rules import RULES, CavasieRules
from views.cavasie.scorer import QuickScorer
from views.cavasie.screen import CavasieScreen
from views.cavasie.setup import CavasieSetup
from views.cavasie.stats import stats_sections
from views.games import GameTool, GameViews

VIEWS = GameViews(
    colour="#1565c0",
    icon=ft.Icons.STYLE,
    match_screen=CavasieScreen,
    rules_page=CavasieRules,
    rules=RULES,
    setup_form=CavasieSetup,
    options_heading="cavasie_ui.setup.heading",  # the dealer, chips and deck: the table's, not house rules
    describe_step=describe_step,
    stats_sections=stats_sections,
    option_labels={"dealer": "cavasie_ui.option.dealer", "chips": "cavasie_ui.option.chips",
                   "ante": "cavasie_ui.option.ante", "deck": "cavasie_ui.option.deck"},
    tools={"scorer": GameTool("cavasie_ui.quick.title", QuickScorer),
           "deck": GameTool("cavasie_ui.deck.title", DeckEditor)},
    score_text="cavasie_ui.score",
    scores_text="cavasie_ui.scores",
)

__all__ = ["VIEWS", "CavasieRules", "CavasieScreen", "CavasieSetup", "DeckEditor", "QuickScorer"]

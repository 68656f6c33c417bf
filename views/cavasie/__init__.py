"""Çävasie in the app: the match screen (deal, draws, betting, interactions, the explained
showdown), the rules page with the full ladder and a quick scorer."""

from views.cavasie.log import describe_step
from views.cavasie.rules import RULES, CavasieRules, QuickScorer
from views.cavasie.screen import CavasieScreen
from views.games import GameViews

VIEWS = GameViews(
    match_screen=CavasieScreen,
    rules_page=CavasieRules,
    rules=RULES,
    describe_step=describe_step,
    option_labels={"dealer": "cavasie_ui.option.dealer", "chips": "cavasie_ui.option.chips",
                   "ante": "cavasie_ui.option.ante"},
)

__all__ = ["VIEWS", "CavasieRules", "CavasieScreen", "QuickScorer"]

"""Çävasie in the app: the match screen (deal, draws, betting, interactions, the explained
showdown), the rules page with the full ladder and a quick scorer."""

import flet as ft

from views.cavasie.log import describe_step
from views.cavasie.rules import RULES, CavasieRules, QuickScorer
from views.cavasie.screen import CavasieScreen
from views.cavasie.stats import stats_sections
from views.games import GameViews

VIEWS = GameViews(
    colour="#1565c0",
    icon=ft.Icons.STYLE,
    match_screen=CavasieScreen,
    rules_page=CavasieRules,
    rules=RULES,
    describe_step=describe_step,
    stats_sections=stats_sections,
    option_labels={"dealer": "cavasie_ui.option.dealer", "chips": "cavasie_ui.option.chips",
                   "ante": "cavasie_ui.option.ante"},
)

__all__ = ["VIEWS", "CavasieRules", "CavasieScreen", "QuickScorer"]

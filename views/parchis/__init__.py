"""Parchís in the app: the match screen, the rules page, the set-up form."""

import flet as ft

from views.games import GameViews
from views.parchis.log import describe_step
from views.parchis.rules import RULES, ParchisRules
from views.parchis.screen import ParchisScreen
from views.parchis.setup import ParchisSetup
from views.stats_charts import captures_sections

VIEWS = GameViews(
    colour="#c62828",
    icon=ft.Icons.CASINO,
    match_screen=ParchisScreen,
    rules_page=ParchisRules,
    rules=RULES,
    describe_step=describe_step,
    stats_sections=captures_sections,
    setup_form=ParchisSetup,
    option_labels={"mode": "parchis_ui.option.mode", "teams": "parchis_ui.option.teams",
                   "colours": "parchis_ui.option.colours"},
)

__all__ = ["VIEWS", "ParchisRules", "ParchisScreen", "ParchisSetup"]

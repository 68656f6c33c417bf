"""Bell's Senet in the app: the match screen, the rules page, the set-up option's label."""

import flet as ft

from views.games import GameViews
from views.senet.log import describe_step
from views.senet.rules import RULES, SenetRules
from views.senet.screen import SenetScreen
from views.stats_charts import captures_sections

VIEWS = GameViews(
    colour="#b8860b",
    icon=ft.Icons.GRID_ON,
    match_screen=SenetScreen,
    rules_page=SenetRules,
    rules=RULES,
    describe_step=describe_step,
    stats_sections=captures_sections,
    option_labels={"gate_exact_26": "senet.house.gate_exact_26"},
)

__all__ = ["VIEWS", "SenetRules", "SenetScreen"]

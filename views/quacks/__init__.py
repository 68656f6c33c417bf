"""The Quacks of Quedlinburg in the app: the round screen, the rules page, the set-up form."""

import flet as ft

from companion.quacks.data import BOOK_COLOURS
from views.games import GameViews
from views.quacks.log import describe_step
from views.quacks.rules import RULES, QuacksRules
from views.quacks.screen import QuacksScreen
from views.quacks.setup import QuacksSetup
from views.quacks.stats import stats_sections

VIEWS = GameViews(
    colour="#7b1fa2",
    icon=ft.Icons.SCIENCE,
    match_screen=QuacksScreen,
    rules_page=QuacksRules,
    rules=RULES,
    describe_step=describe_step,
    stats_sections=stats_sections,
    setup_form=QuacksSetup,
    options_heading="quacks_ui.setup.heading",  # the book sets are the game's own variants
    option_labels={**{colour: f"quacks_ui.option.{colour}" for colour in BOOK_COLOURS},
                   "start": "quacks_ui.option.start"},
)

__all__ = ["VIEWS", "QuacksRules", "QuacksScreen", "QuacksSetup"]

"""Pig in the app: the match screen and the rules page."""

import flet as ft

from views.games import GameViews
from views.pig.log import describe_step
from views.pig.rules import RULES, PigRules
from views.pig.screen import PigScreen

VIEWS = GameViews(match_screen=PigScreen, rules_page=PigRules, rules=RULES, describe_step=describe_step,
                  colour="#ad1457", icon=ft.Icons.PETS)

__all__ = ["VIEWS", "PigRules", "PigScreen"]

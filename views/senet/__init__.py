"""Bell's Senet in the app: the match screen, the rules page and the house-rule switch."""

from views.games import GameViews, HouseRule
from views.senet.rules import SenetRules
from views.senet.screen import SenetScreen

SENET_VIEWS = GameViews(
    match_screen=SenetScreen,
    rules_page=SenetRules,
    house_rules=[HouseRule(key="gate_exact_26", label="senet.house.gate_exact_26")],
)

__all__ = ["SENET_VIEWS", "SenetRules", "SenetScreen"]

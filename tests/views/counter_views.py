"""The counter game's screens (tests/db/counter_game.py): the smallest `GameViews` a plug-in
game brings, so that a test can check the shell lists a game it has never heard of."""

from __future__ import annotations

import flet as ft

from views.games import GameViews, RuleText
from views.live import LiveMatch
from views.model import AppModel
from views.rules_page import opened_rule, rule_sections
from views.ui import body

RULES = (
    RuleText("CT-1", "counter_ui.rules.CT-1", heading="counter_ui.rules.heading"),
    RuleText("CT-2", "counter_ui.rules.CT-2"),
)


@ft.component
def CounterScreen(model: AppModel, live: LiveMatch) -> ft.Control:
    return body(ft.Text(f"total {live.state.total}", key="counter-total"),
                ft.FilledButton(content="+1", key="counter-add", on_click=lambda: live.apply({"op": "add", "n": 1})))


@ft.component
def CounterRules(model: AppModel, rule: str | None = None) -> ft.Control:
    return body(*opened_rule(model.tr, RULES, rule), *rule_sections(model.tr, RULES))


VIEWS = GameViews(match_screen=CounterScreen, rules_page=CounterRules, rules=RULES, colour="#00897b",
                  icon=ft.Icons.EXPOSURE_PLUS_1)

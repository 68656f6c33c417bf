"""The Pig rules page: every rule with its id; the one a refusal cited comes first."""

from __future__ import annotations

import flet as ft

from views.model import AppModel
from views.rules_page import opened_rule, rule_sections, sectioned
from views.ui import body

RULES = sectioned("pig_ui.rules.{}", [("pig_ui.rules.heading", ("PG-1", "PG-2", "PG-3", "PG-4", "PG-5"))])


@ft.component
def PigRules(model: AppModel, rule: str | None = None) -> ft.Control:
    controls = opened_rule(model.tr, RULES, rule)
    controls.append(ft.Text(model.tr("pig_ui.rules.intro"), size=15))
    controls += rule_sections(model.tr, RULES)
    return body(*controls)

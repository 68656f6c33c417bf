"""The Pig rules page: every rule with its id; the one a refusal cited comes first."""

from __future__ import annotations

import flet as ft

from views.games import RuleText
from views.model import AppModel
from views.ui import body, heading

RULES = tuple(
    RuleText(rule_id, f"pig_ui.rules.{rule_id}", heading="pig_ui.rules.heading" if rule_id == "PG-1" else None)
    for rule_id in ("PG-1", "PG-2", "PG-3", "PG-4", "PG-5")
)


def rule_row(model: AppModel, rule: RuleText, lit: bool = False) -> ft.Control:
    return ft.Container(
        key=f"rule-{rule.id}" if lit else None, padding=10 if lit else 0, border_radius=12,
        bgcolor=ft.Colors.TERTIARY_CONTAINER if lit else None,
        content=ft.Row(vertical_alignment=ft.CrossAxisAlignment.START, spacing=12, controls=[
            ft.Text(rule.id, size=14, weight=ft.FontWeight.BOLD, width=52),
            ft.Text(model.tr(rule.text), size=15, expand=True),
        ]),
    )


@ft.component
def PigRules(model: AppModel, rule: str | None = None) -> ft.Control:
    controls: list[ft.Control] = [rule_row(model, entry, lit=True) for entry in RULES if entry.id == rule]
    controls.append(ft.Text(model.tr("pig_ui.rules.intro"), size=15))
    for entry in RULES:
        if entry.heading:
            controls.append(heading(model.tr(entry.heading)))
        controls.append(rule_row(model, entry))
    return body(*controls)

"""The Parchís rules look-up page: every rule with its id, the referee's choices, a board picture."""

from __future__ import annotations

import flet as ft

from companion.parchis import Position
from views.model import AppModel
from views.parchis.board import board_control
from views.rules_page import note, opened_rule, readings, rule_sections, sectioned
from views.ui import body

SECTIONS = (
    ("parchis_ui.rules.board_heading", ("PA-1", "PA-2", "PA-3", "PA-4", "PA-5")),
    ("parchis_ui.rules.players_heading", ("PA-6", "PA-7", "PA-8", "PA-9")),
    ("parchis_ui.rules.roll_heading", ("PA-10", "PA-11", "PA-12", "PA-13", "PA-14", "PA-15", "PA-16", "PA-17",
                                        "PA-18", "PA-19", "PA-20")),
)
CHOICES = ("seats", "exit", "partner", "last_arrival", "seven", "penalty", "bonus", "finished", "out_of_play", "end")

RULES = sectioned("parchis_ui.rules.{}", SECTIONS)


@ft.component
def ParchisRules(model: AppModel, rule: str | None = None) -> ft.Control:
    tr = model.tr
    page_width = model.width or 400
    size = max(12.0, min(22.0, float(int((min(page_width, 640) - 48) / 19))))
    controls = opened_rule(tr, RULES, rule)
    controls += [
        ft.Text(tr("parchis_ui.rules.intro"), size=15),
        ft.Row(alignment=ft.MainAxisAlignment.CENTER, controls=[
            board_control(tr, Position.start((0, 1, 2, 3), "quick"), size)]),
        ft.Text(tr("parchis_ui.rules.picture"), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
    ]
    controls += rule_sections(tr, RULES)
    controls += readings(tr("parchis_ui.rules.choices_heading"),
                         (tr(f"parchis_ui.rules.choice_{name}") for name in CHOICES))
    controls += note(tr("parchis_ui.rules.using_heading"), tr("parchis_ui.rules.using_text"))
    return body(*controls)

"""The Bell's Senet rules look-up page: every rule with its id, the referee's choices, the house rule."""

from __future__ import annotations

import flet as ft

from companion.senet import Position
from views.model import AppModel
from views.rules_page import note, opened_rule, readings, rule_sections, sectioned
from views.senet.board import board_control
from views.ui import body

SECTIONS = (
    ("senet_ui.rules.board_heading", ("SN-1", "SN-2", "SN-3")),
    ("senet_ui.rules.turn_heading", ("SN-4", "SN-5", "SN-6", "SN-7", "SN-8", "SN-9", "SN-10", "SN-11")),
    ("senet_ui.rules.end_heading", ("SN-12", "SN-13", "SN-14")),
)
CHOICES = ("start", "odd", "end", "26", "forced", "inside", "pass")

RULES = sectioned("senet_ui.rules.{}", SECTIONS)


@ft.component
def SenetRules(model: AppModel, rule: str | None = None) -> ft.Control:
    tr = model.tr
    start = Position.start()
    names = {1: tr("senet_ui.player_n", seat=1), 2: tr("senet_ui.player_n", seat=2)}
    colours = {1: "#f5f5f5", 2: "#3e2723"}
    page_width = model.width or 400
    picture_size = max(28.0, min(60.0, (page_width - 40) / 10))

    controls = opened_rule(tr, RULES, rule)
    controls += [
        ft.Text(tr("senet_ui.rules.intro"), size=15),
        board_control(tr, start, colours, names, square_size=picture_size),
        ft.Text(tr("senet_ui.rules.start_picture"), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Text(tr("senet_ui.rules.upright"), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
    ]
    controls += rule_sections(tr, RULES)
    controls += readings(tr("senet_ui.rules.choices_heading"),
                         (tr(f"senet_ui.rules.choice_{name}") for name in CHOICES))
    controls += note(tr("senet_ui.rules.house_heading"), tr("senet_ui.rules.house_text"))
    controls += note(tr("senet_ui.rules.using_heading"), tr("senet_ui.rules.using_text"))
    return body(*controls)

"""The Parchís rules look-up page: every rule with its id, the referee's choices, a board picture."""

from __future__ import annotations

import flet as ft

from companion.parchis import Position
from views.games import RuleText
from views.model import AppModel
from views.parchis.board import board_control
from views.ui import body, heading

SECTIONS = (
    ("parchis_ui.rules.board_heading", ("PA-1", "PA-2", "PA-3", "PA-4", "PA-5")),
    ("parchis_ui.rules.players_heading", ("PA-6", "PA-7", "PA-8", "PA-9")),
    ("parchis_ui.rules.roll_heading", ("PA-10", "PA-11", "PA-12", "PA-13", "PA-14", "PA-15", "PA-16", "PA-17",
                                        "PA-18", "PA-19", "PA-20")),
)
CHOICES = ("seats", "exit", "partner", "last_arrival", "seven", "penalty", "bonus", "finished", "out_of_play", "end")

RULES = tuple(
    RuleText(rule_id, f"parchis_ui.rules.{rule_id}", heading=title if index == 0 else None)
    for title, rule_ids in SECTIONS
    for index, rule_id in enumerate(rule_ids)
)


def rule_row(rule_id: str, text: str) -> ft.Control:
    return ft.Row(vertical_alignment=ft.CrossAxisAlignment.START, spacing=12, controls=[
        ft.Container(
            width=58, alignment=ft.Alignment.CENTER, border_radius=8,
            padding=ft.Padding.symmetric(horizontal=4, vertical=4), bgcolor=ft.Colors.SECONDARY_CONTAINER,
            content=ft.Text(rule_id, size=14, weight=ft.FontWeight.BOLD, color=ft.Colors.ON_SECONDARY_CONTAINER),
        ),
        ft.Text(text, size=15, expand=True),
    ])


def bullet(text: str) -> ft.Control:
    return ft.Row(vertical_alignment=ft.CrossAxisAlignment.START, spacing=8, controls=[
        ft.Icon(ft.Icons.CHECK_CIRCLE_OUTLINE, size=20, color=ft.Colors.PRIMARY),
        ft.Text(text, size=15, expand=True),
    ])


@ft.component
def ParchisRules(model: AppModel, rule: str | None = None) -> ft.Control:
    tr = model.tr
    page_width = getattr(ft.context.page, "width", None) or 400
    size = max(12.0, min(22.0, float(int((min(page_width, 640) - 48) / 19))))
    controls: list[ft.Control] = []
    if rule in {entry.id for entry in RULES}:  # opened from a refusal: that rule first
        controls.append(ft.Container(
            key=f"rule-{rule}", padding=12, border_radius=12, bgcolor=ft.Colors.TERTIARY_CONTAINER,
            content=rule_row(rule, tr(f"parchis_ui.rules.{rule}")),
        ))
    controls += [
        ft.Text(tr("parchis_ui.rules.intro"), size=15),
        ft.Row(alignment=ft.MainAxisAlignment.CENTER, controls=[
            board_control(tr, Position.start((0, 1, 2, 3), "quick"), size)]),
        ft.Text(tr("parchis_ui.rules.picture"), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
    ]
    for title, rule_ids in SECTIONS:
        controls.append(heading(tr(title)))
        controls.extend(rule_row(rule_id, tr(f"parchis_ui.rules.{rule_id}")) for rule_id in rule_ids)
    controls.append(heading(tr("parchis_ui.rules.choices_heading")))
    controls.extend(bullet(tr(f"parchis_ui.rules.choice_{name}")) for name in CHOICES)
    controls.append(heading(tr("parchis_ui.rules.using_heading")))
    controls.append(ft.Text(tr("parchis_ui.rules.using_text"), size=15))
    return body(*controls)

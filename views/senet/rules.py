"""The Bell's Senet rules look-up page: every rule with its id, the referee's choices, the house rule."""

from __future__ import annotations

import flet as ft

from companion.senet import Position
from views.games import RuleText
from views.model import AppModel
from views.senet.board import board_control
from views.ui import body, heading

SECTIONS = (
    ("senet_ui.rules.board_heading", ("SN-1", "SN-2", "SN-3")),
    ("senet_ui.rules.turn_heading", ("SN-4", "SN-5", "SN-6", "SN-7", "SN-8", "SN-9", "SN-10", "SN-11")),
    ("senet_ui.rules.end_heading", ("SN-12", "SN-13", "SN-14")),
)
CHOICES = ("start", "odd", "end", "26", "forced", "inside", "pass")

RULES = tuple(
    RuleText(rule_id, f"senet_ui.rules.{rule_id}", heading=title if index == 0 else None)
    for title, rule_ids in SECTIONS
    for index, rule_id in enumerate(rule_ids)
)


def rule_row(rule_id: str, text: str) -> ft.Control:
    return ft.Row(
        vertical_alignment=ft.CrossAxisAlignment.START,
        spacing=12,
        controls=[
            ft.Container(
                width=58, alignment=ft.Alignment.CENTER, border_radius=8,
                padding=ft.Padding.symmetric(horizontal=4, vertical=4),
                bgcolor=ft.Colors.SECONDARY_CONTAINER,
                content=ft.Text(rule_id, size=14, weight=ft.FontWeight.BOLD, color=ft.Colors.ON_SECONDARY_CONTAINER),
            ),
            ft.Text(text, size=15, expand=True),
        ],
    )


def bullet(text: str) -> ft.Control:
    return ft.Row(vertical_alignment=ft.CrossAxisAlignment.START, spacing=8, controls=[
        ft.Icon(ft.Icons.CHECK_CIRCLE_OUTLINE, size=20, color=ft.Colors.PRIMARY),
        ft.Text(text, size=15, expand=True),
    ])


@ft.component
def SenetRules(model: AppModel, rule: str | None = None) -> ft.Control:
    tr = model.tr
    start = Position.start()
    names = {1: tr("senet_ui.player_n", seat=1), 2: tr("senet_ui.player_n", seat=2)}
    colours = {1: "#f5f5f5", 2: "#3e2723"}
    page_width = getattr(ft.context.page, "width", None) or 400
    picture_size = max(28.0, min(60.0, (page_width - 40) / 10))

    controls: list[ft.Control] = []
    if rule in {entry.id for entry in RULES}:  # opened from a refusal: that rule first
        controls.append(ft.Container(
            key=f"rule-{rule}", padding=12, border_radius=12, bgcolor=ft.Colors.TERTIARY_CONTAINER,
            content=rule_row(rule, tr(f"senet_ui.rules.{rule}")),
        ))
    controls += [
        ft.Text(tr("senet_ui.rules.intro"), size=15),
        board_control(tr, start, colours, names, square_size=picture_size),
        ft.Text(tr("senet_ui.rules.start_picture"), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Text(tr("senet_ui.rules.upright"), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
    ]
    for title, rule_ids in SECTIONS:
        controls.append(heading(tr(title)))
        controls.extend(rule_row(rule_id, tr(f"senet_ui.rules.{rule_id}")) for rule_id in rule_ids)
    controls.append(heading(tr("senet_ui.rules.choices_heading")))
    controls.extend(bullet(tr(f"senet_ui.rules.choice_{name}")) for name in CHOICES)
    controls.append(heading(tr("senet_ui.rules.house_heading")))
    controls.append(ft.Text(tr("senet_ui.rules.house_text"), size=15))
    controls.append(heading(tr("senet_ui.rules.using_heading")))
    controls.append(ft.Text(tr("senet_ui.rules.using_text"), size=15))
    return body(*controls)

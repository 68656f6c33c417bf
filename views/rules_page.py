"""What every game's rules page is made of: a rule with its id, a bullet of the referee's own
readings, the rule a refusal opened the page at shown first, and the rules in their sections.
A game's page (views/<game>/rules.py) adds its pictures and notes around these."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import flet as ft

from views.games import RuleText
from views.ui import heading

Tr = Callable[..., str]


def sectioned(text: str, sections: Iterable[tuple[str, Sequence[str]]]) -> tuple[RuleText, ...]:
    """A game's rules from its sections (heading message id, rule ids): each rule's text is the
    message `text` names with the rule's id for its `{}` ("pig_ui.rules.{}": "pig_ui.rules.PG-1"),
    and the first rule of a section opens it."""
    return tuple(
        RuleText(rule_id, text.format(rule_id), heading=title if index == 0 else None)
        for title, rule_ids in sections
        for index, rule_id in enumerate(rule_ids)
    )


def rule_row(rule_id: str, text: str) -> ft.Control:
    """The rule's id in a chip, its text beside it."""
    return ft.Row(vertical_alignment=ft.CrossAxisAlignment.START, spacing=12, controls=[
        ft.Container(
            width=58, alignment=ft.Alignment.CENTER, border_radius=8,
            padding=ft.Padding.symmetric(horizontal=4, vertical=4), bgcolor=ft.Colors.SECONDARY_CONTAINER,
            content=ft.Text(rule_id, size=14, weight=ft.FontWeight.BOLD, color=ft.Colors.ON_SECONDARY_CONTAINER),
        ),
        ft.Text(text, size=15, expand=True),
    ])


def bullet(text: str) -> ft.Control:
    """One of the referee's own readings (where the rules leave a choice)."""
    return ft.Row(vertical_alignment=ft.CrossAxisAlignment.START, spacing=8, controls=[
        ft.Icon(ft.Icons.CHECK_CIRCLE_OUTLINE, size=20, color=ft.Colors.PRIMARY),
        ft.Text(text, size=15, expand=True),
    ])


def opened_rule(tr: Tr, rules: Sequence[RuleText], rule: str | None) -> list[ft.Control]:
    """The rule a refusal opened the page at, lit and keyed `rule-<id>` so the page can scroll
    to it, to go first; nothing when the page was opened otherwise (or at a rule it lacks)."""
    found = next((entry for entry in rules if entry.id == rule), None)
    if found is None:
        return []
    return [ft.Container(key=f"rule-{found.id}", padding=12, border_radius=12, bgcolor=ft.Colors.TERTIARY_CONTAINER,
                         content=rule_row(found.id, tr(found.text)))]


def rule_sections(tr: Tr, rules: Sequence[RuleText]) -> list[ft.Control]:
    """Every rule in order, each section under its heading."""
    controls: list[ft.Control] = []
    for entry in rules:
        if entry.heading:
            controls.append(heading(tr(entry.heading)))
        controls.append(rule_row(entry.id, tr(entry.text)))
    return controls


def readings(title: str, lines: Iterable[str]) -> list[ft.Control]:
    """A heading over the referee's readings, one bullet each."""
    return [heading(title), *(bullet(line) for line in lines)]


def note(title: str, text: str) -> list[ft.Control]:
    """A heading over a paragraph (a house rule, how to use the app at the table)."""
    return [heading(title), ft.Text(text, size=15)]

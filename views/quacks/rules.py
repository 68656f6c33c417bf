"""The Quacks rules page: every rule (QK-1 … QK-18) in the project's own words with its id, the
evaluation's steps, the effect of every book set, the fortune cards and the odds explained."""

from __future__ import annotations

import flet as ft

from companion.quacks.data import BOOK_COLOURS, BOOK_SETS, FORTUNE_CARDS
from views.model import AppModel
from views.quacks.ask import CARD_PAINT
from views.quacks.pieces import CHIP_PAINT
from views.rules_page import opened_rule, rule_sections, sectioned
from views.ui import body, heading

SECTIONS = (
    ("quacks_ui.rules.setup_heading", ("QK-1", "QK-2")),
    ("quacks_ui.rules.round_heading", ("QK-3", "QK-4", "QK-5", "QK-6", "QK-7", "QK-8", "QK-9", "QK-10", "QK-18")),
    ("quacks_ui.rules.evaluation_heading", ("QK-11", "QK-12", "QK-13", "QK-14", "QK-15", "QK-16")),
    ("quacks_ui.rules.decided_heading", ("QK-17",)),
)

RULES = sectioned("quacks_ui.rules.{}", SECTIONS)
RULE_IDS = tuple(rule.id for rule in RULES)
# How the app reads what the rules leave open (the cards, the books, steps D–F together).
READINGS = ("together", "second_chance", "placing", "whites", "corrections")


def book_table(model: AppModel) -> list[ft.Control]:
    """Every colour's four book sets, each with its effect."""
    tr = model.tr
    blocks: list[ft.Control] = [heading(tr("quacks_ui.rules.books_heading")),
                                ft.Text(tr("quacks_ui.rules.books_intro"), size=15)]
    for colour in BOOK_COLOURS:
        fill = CHIP_PAINT[colour][0]
        rows: list[ft.Control] = [ft.Row(spacing=8, controls=[
            ft.Container(width=18, height=18, shape=ft.BoxShape.CIRCLE, bgcolor=fill),
            ft.Text(tr(f"quacks_ui.option.{colour}"), size=16,
                    weight=ft.FontWeight.BOLD)])]
        rows += [ft.Row(vertical_alignment=ft.CrossAxisAlignment.START, spacing=8, controls=[
            ft.Text(tr("quacks_ui.rules.set_n", set=book_set), size=14, weight=ft.FontWeight.BOLD, width=52),
            ft.Text(tr(f"quacks.book.{colour}.{book_set}"), size=14, expand=True)]) for book_set in BOOK_SETS]
        blocks.append(ft.Container(key=f"books-{colour}", padding=10, border_radius=12, border=ft.Border.all(2, fill),
                                   content=ft.Column(spacing=6, controls=rows)))
    return blocks


def card_list(model: AppModel) -> list[ft.Control]:
    """The 24 fortune cards as printed in the app's catalogue (a table may correct them)."""
    tr = model.tr
    out: list[ft.Control] = [heading(tr("quacks_ui.rules.cards_heading")),
                             ft.Text(tr("quacks_ui.rules.cards_intro"), size=15)]
    for card in FORTUNE_CARDS:
        out.append(ft.Row(vertical_alignment=ft.CrossAxisAlignment.START, spacing=8, controls=[
            ft.Container(width=10, height=36, border_radius=3, bgcolor=CARD_PAINT.get(card.type, "#757575")),
            ft.Column(spacing=0, expand=True, controls=[
                ft.Text(card.name(model.lang), size=14, weight=ft.FontWeight.BOLD),
                ft.Text(card.text(model.lang), size=13)])]))
    return out


@ft.component
def QuacksRules(model: AppModel, rule: str | None = None) -> ft.Control:
    tr = model.tr
    controls = opened_rule(tr, RULES, rule)
    controls.append(ft.Text(tr("quacks_ui.rules.intro"), size=15))
    controls += rule_sections(tr, RULES)
    controls.append(heading(tr("quacks_ui.rules.readings_heading")))
    controls += [ft.Text(tr(f"quacks_ui.rules.reading_{part}"), size=15, key=f"reading-{part}") for part in READINGS]
    controls += book_table(model)
    controls += card_list(model)
    controls.append(heading(tr("quacks_ui.rules.app_heading")))
    controls += [ft.Text(tr(f"quacks_ui.rules.app_{part}"), size=15) for part in ("odds", "devices", "undo")]
    return body(*controls)

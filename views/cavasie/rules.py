"""The Çävasie rules page: every rule with its id, the full ladder from the deck's data, how the
referee settles what the rules leave open, and the way to the quick scorer and the deck editor."""

from __future__ import annotations

import flet as ft

from companion.cavasie import Deck, default_deck
from views.cavasie.explain import Tr, pattern_meaning
from views.model import AppModel
from views.rules_page import bullet, opened_rule, rule_sections, sectioned
from views.ui import TAP, body, heading

SECTIONS = (
    ("cavasie_ui.rules.deck_heading", ("CV-1", "CV-2", "CV-3")),
    ("cavasie_ui.rules.play_heading", ("CV-4", "CV-5", "CV-6")),
    ("cavasie_ui.rules.scoring_heading", ("CV-7", "CV-8", "CV-9", "CV-10")),
)

RULES = sectioned("cavasie_ui.rules.{}", SECTIONS)

# What the app reads into the rules where they leave something open, in the order of a hand.
READINGS = ("ante", "dealer_stake", "betting", "side_pots", "folding", "rotation", "again", "unseen", "end")


def ladder_lines(tr: Tr, deck: Deck) -> list[str]:
    """The ladder strongest first, from the deck's data (a table's edited ladder shows as edited)."""
    lines = []
    for pattern in reversed(deck.ladder.patterns):
        lines.append(tr("cavasie_ui.ladder_line", rank=pattern.rank, name=pattern.name,
                        what=pattern_meaning(tr, pattern.id)).rstrip(" —:"))
    return lines


def special_lines(tr: Tr, deck: Deck) -> list[str]:
    """CV-9's special patterns, as the ladder's data names them."""
    ladder = deck.ladder
    return [tr("cavasie_ui.special_line", name=special.name, what=pattern_meaning(tr, special.id))
            for special in (ladder.vepleque, ladder.sol) if special is not None]


def reading_lines(tr: Tr) -> list[str]:
    return [tr(f"cavasie_ui.reading.{name}") for name in READINGS]


def tool_buttons(model: AppModel) -> ft.Control:
    tr = model.tr
    return ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
        ft.FilledTonalButton(content=ft.Text(tr("cavasie_ui.quick.open"), size=15), icon=ft.Icons.CALCULATE,
                             height=TAP, key="quick-open",
                             on_click=lambda: model.go("tool", game="cavasie", tool="scorer")),
        ft.OutlinedButton(content=ft.Text(tr("cavasie_ui.deck.open"), size=15), icon=ft.Icons.EDIT_NOTE,
                          height=TAP, key="deck-open",
                          on_click=lambda: model.go("tool", game="cavasie", tool="deck")),
    ])


@ft.component
def CavasieRules(model: AppModel, rule: str | None = None) -> ft.Control:
    tr = model.tr
    deck = default_deck()
    controls = opened_rule(tr, RULES, rule)
    controls.append(ft.Text(tr("cavasie_ui.rules.intro"), size=15))
    controls.append(tool_buttons(model))
    controls += rule_sections(tr, RULES)
    controls.append(heading(tr("cavasie_ui.rules.ladder_heading")))
    controls += [ft.Text(line, size=14) for line in ladder_lines(tr, deck)]
    controls += [ft.Text(line, size=14) for line in special_lines(tr, deck)]
    controls.append(heading(tr("cavasie_ui.rules.readings_heading")))
    controls.append(ft.Column(key="readings", spacing=8, controls=[bullet(line) for line in reading_lines(tr)]))
    return body(*controls)

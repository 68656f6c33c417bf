"""The ladder card: every pattern strongest first with what its name means, the patterns of the
showdown at hand marked, opened from wherever pattern names are shown."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import flet as ft

from companion.cavasie import Deck
from views.cavasie.explain import Tr, pattern_meaning
from views.ui import TAP


def ladder_entries(deck: Deck) -> list[tuple[str, str, int]]:
    """(pattern id, name, rank) strongest first, CV-9's special patterns after the ladder."""
    ladder = deck.ladder
    entries = [(pattern.id, pattern.name, pattern.rank) for pattern in reversed(ladder.patterns)]
    if ladder.vepleque is not None:
        entries.append((ladder.vepleque.id, ladder.vepleque.name, ladder.rank_of(ladder.vepleque.ranks_as)))
    if ladder.sol is not None:
        entries.append((ladder.sol.id, ladder.sol.name, ladder.rank_of(ladder.sol.lifts_to)))
    return entries


def ladder_row(tr: Tr, pattern_id: str, name: str, rank: int, marked: bool) -> ft.Control:
    return ft.Container(
        key=f"ladder-{pattern_id}", padding=ft.Padding.symmetric(horizontal=8, vertical=6), border_radius=8,
        bgcolor=ft.Colors.TERTIARY_CONTAINER if marked else None,
        content=ft.Row(vertical_alignment=ft.CrossAxisAlignment.START, spacing=10, controls=[
            ft.Container(width=32, alignment=ft.Alignment.CENTER, border_radius=6,
                         bgcolor=ft.Colors.SECONDARY_CONTAINER, padding=ft.Padding.symmetric(vertical=2),
                         content=ft.Text(str(rank), size=14, weight=ft.FontWeight.BOLD)),
            ft.Column(spacing=0, expand=True, controls=[
                ft.Text(name, size=15, weight=ft.FontWeight.BOLD),
                ft.Text(pattern_meaning(tr, pattern_id), size=13),
            ]),
        ]))


def ladder_dialog(tr: Tr, deck: Deck, marked: Iterable[str], on_close: Callable[[], Any]) -> ft.AlertDialog:
    """The whole ladder as a card; the patterns in `marked` (ids) stand out."""
    shown = set(marked)
    rows = [ladder_row(tr, pid, name, rank, pid in shown) for pid, name, rank in ladder_entries(deck)]
    return ft.AlertDialog(
        title=ft.Text(tr("cavasie_ui.rules.ladder_heading")),
        content=ft.Container(width=420, content=ft.Column(spacing=2, tight=True, scroll=ft.ScrollMode.AUTO,
                                                          controls=rows)),
        actions=[ft.TextButton(content=tr("app.close"), height=TAP, key="ladder-close", on_click=lambda: on_close())],
        on_dismiss=lambda: on_close(),
    )


def ladder_button(tr: Tr, on_click: Callable[[], Any]) -> ft.Control:
    return ft.OutlinedButton(content=ft.Text(tr("cavasie_ui.ladder.open"), size=15), icon=ft.Icons.FORMAT_LIST_NUMBERED,
                             height=TAP, key="ladder-open", on_click=lambda: on_click())

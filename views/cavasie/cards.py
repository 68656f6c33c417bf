"""Cards on screen: a card face, a face-down card, and the deck picker (every card of the deck as
a thumb-sized button; cards already on the table are greyed out and cannot be picked, CV-6)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import flet as ft

from companion.cavasie import Deck, Slot
from views.cavasie.explain import Tr, card_label, face_colours
from views.ui import TAP

CARD_W, CARD_H = 44, 60


def card_face(tr: Tr, deck: Deck, code: str | None, face_up: bool = True, show: bool = True,
              key: str | None = None) -> ft.Control:
    """A card as it lies on the table. A face-down card shows its code only when `show`."""
    if code is None or not show:
        label = tr("cavasie_ui.card.unseen") if code is None else tr("cavasie_ui.card.face_down")
        return ft.Semantics(label=label, container=True, exclude_semantics=True, content=ft.Container(
            key=key, width=CARD_W, height=CARD_H, border_radius=6, bgcolor="#37474f",
            border=ft.Border.all(2, "#90a4ae"), alignment=ft.Alignment.CENTER,
            content=ft.Icon(ft.Icons.QUESTION_MARK if code is None else ft.Icons.VISIBILITY_OFF, color="#cfd8dc",
                            size=18)))
    bg, fg = face_colours(deck, code)
    said = card_label(tr, deck, code) + ("" if face_up else " · " + tr("cavasie_ui.face.down"))
    return ft.Semantics(label=said, container=True, exclude_semantics=True, content=ft.Container(
        key=key, width=CARD_W, height=CARD_H, border_radius=6, bgcolor=bg, alignment=ft.Alignment.CENTER,
        border=ft.Border.all(2, "#ffffff" if face_up else "#90a4ae"),
        content=ft.Text(code, size=15, weight=ft.FontWeight.BOLD, color=fg)))


def slots_row(tr: Tr, deck: Deck, slots: Iterable[Slot], show_down: bool, prefix: str) -> ft.Control:
    return ft.Row(wrap=True, spacing=4, run_spacing=4, controls=[
        card_face(tr, deck, slot.code, slot.face_up, show=slot.face_up or show_down, key=f"{prefix}-{i}")
        for i, slot in enumerate(slots)])


def deck_picker(tr: Tr, deck: Deck, used: set[str], on_pick: Callable[[str], Any],
                unseen: Callable[[], Any] | None = None, key: str = "picker") -> ft.Control:
    """Every card of the deck, one row per colour, quotos first in each row. A card already on
    the table is disabled (CV-6). `unseen`: a button for a face-down card nobody has seen."""
    rows: list[ft.Control] = []
    by_colour: dict[str, list[str]] = {}
    for card in deck.cards:
        by_colour.setdefault(card.colour, []).append(card.code)
    for codes in by_colour.values():
        codes.sort(key=lambda code: (not deck.card(code).quoto, deck.card(code).value or 0))
        buttons: list[ft.Control] = []
        for code in codes:
            bg, fg = face_colours(deck, code)
            taken = code in used
            buttons.append(ft.Container(
                width=TAP, height=TAP, content=ft.FilledButton(
                    content=ft.Text(code, size=15, weight=ft.FontWeight.BOLD,
                                    semantics_label=card_label(tr, deck, code)),
                    key=f"pick-{code}", disabled=taken, tooltip=card_label(tr, deck, code),
                    style=ft.ButtonStyle(bgcolor="#e0e0e0" if taken else bg, color="#9e9e9e" if taken else fg,
                                         padding=0, shape=ft.RoundedRectangleBorder(radius=8)),
                    on_click=(lambda _, code=code: on_pick(code)) if not taken else None)))
        rows.append(ft.Row(wrap=True, spacing=4, run_spacing=4, controls=buttons))
    if unseen is not None:
        rows.append(ft.OutlinedButton(content=tr("cavasie_ui.pick.unseen"), icon=ft.Icons.VISIBILITY_OFF,
                                      height=TAP, key="pick-unseen", on_click=lambda: unseen()))
    return ft.Container(key=key, padding=8, border_radius=12, border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
                        content=ft.Column(spacing=6, controls=rows))

"""Share a finished match by its match code: the code as text (selectable, with a copy button)
and as a QR code of exactly that code.

Another install reads it back on its Export and import screen, by pasting the code or by opening
a photo of the QR code (views/exchange_io.py). The QR code holds the bare code, not a link:
a link would open *this* install's server, whose history already has the match.

Where the device has a system share sheet (a phone or tablet: views/device.py) a Share button
opens it with the code (`ShareButtons`, also under the live table's link); the copy button is
always there, and is all a desktop browser gets.

`MatchCodeCard(model, match_id)` is for a match's own page (`share_section` is its entry for
views/screens/record.py's EXTRA_SECTIONS: a card for a finished match, none for others);
`CodeCard(model, code)` shows a code already in hand (the exchange screen shows the one it just
imported).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from db import StoreError
from db.exchange import match_code
from views.device import share_sheet_here
from views.model import AppModel, StoreRead
from views.reading import recall, use_reads
from views.share import qr_png
from views.ui import TAP

if TYPE_CHECKING:
    from db.history import MatchPage

QR_SIZE = 232  # px on screen: fits a 360 px phone inside the card's padding


def code_read(match_id: int) -> StoreRead:
    """The match's code, or the store's refusal (not finished, no such match)."""
    return ("matchcode", match_id), lambda store: match_code(store, match_id)


@ft.component
def ShareButtons(model: AppModel, text: str, subject: str, copy_label: str) -> ft.Control:
    """Share `text` through the device's share sheet (where it has one) or copy it. Both run in
    the browser within the tap itself (client actions): Safari allows neither a moment later."""
    copied, set_copied = ft.use_state(False)
    buttons: list[ft.Control] = []
    if share_sheet_here(ft.context.page):
        buttons.append(ft.FilledButton(
            content=model.tr("sharecode.share"), icon=ft.Icons.SHARE, height=TAP,
            action=ft.ShareText(text, subject=subject), key="share-sheet",
        ))
    buttons.append(ft.OutlinedButton(
        content=model.tr("sharecode.copied") if copied else copy_label,
        icon=ft.Icons.CHECK if copied else ft.Icons.COPY,
        height=TAP,
        action=ft.CopyToClipboard(text),
        on_click=lambda: set_copied(True),
    ))
    return ft.Row(wrap=True, spacing=8, run_spacing=8, alignment=ft.MainAxisAlignment.CENTER, controls=buttons)


@ft.component
def CodeCard(model: AppModel, code: str, framed: bool = True, key: str | None = None) -> ft.Control:
    """The code and its QR code; `framed` False inside a card of its own (no card in a card).
    (`key` is the component's identity: Flet takes it, the body never sees it.)"""
    png = ft.use_memo(lambda: qr_png(code), [code])
    column = ft.Column(
        expand=True,
        spacing=10,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        controls=[
            ft.Text(model.tr("sharecode.title"), size=18, weight=ft.FontWeight.BOLD),
            ft.Text(model.tr("sharecode.hint"), size=14, text_align=ft.TextAlign.CENTER),
            ft.Container(
                content=ft.Image(src=png, width=QR_SIZE, height=QR_SIZE, semantics_label=model.tr("sharecode.qr")),
                bgcolor=ft.Colors.WHITE, padding=8, border_radius=8,
            ),
            ft.Text(code, selectable=True, size=15, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER,
                    semantics_label=model.tr("sharecode.code_label", code=code)),
            ShareButtons(model, code, model.tr("sharecode.subject"), model.tr("sharecode.copy")),
        ],
    )
    content = ft.Row(controls=[column])  # as wide as the space it is given
    if not framed:
        return content
    return ft.Card(content=ft.Container(padding=ft.Padding.symmetric(horizontal=14, vertical=12), content=content))


@ft.component
def MatchCodeCard(model: AppModel, match_id: int, key: str | None = None) -> ft.Control:
    if not use_reads(model, [code_read(match_id)]):
        return ft.ProgressRing(width=24, height=24)
    code: str | StoreError = recall(model, *code_read(match_id))
    if isinstance(code, StoreError):
        return ft.Text(code.message(model.lang), size=14, color=ft.Colors.ON_SURFACE_VARIANT)
    return CodeCard(model, code, key=code)


def shareable(page: MatchPage) -> bool:
    """Only a finished match has a code (an active one has no result yet; an abandoned one none)."""
    return page.row.status == "finished"


def share_section(model: AppModel, page: MatchPage) -> ft.Control | None:
    """The share card under a finished match's record; nothing for an active or abandoned one."""
    if not shareable(page):
        return None
    return MatchCodeCard(model, page.row.id, key=f"share-{page.row.id}")

"""Export and import: matches to a file (JSON to move them, CSV to read the results), a file back
in, and a single match by its code (pasted, or read from a photo of its QR code).

Handing files over, per platform (Flet 1.0.5):
- Export in a browser: FilePicker.save_file(file_name, src_bytes) makes the browser download
  the bytes (to its download folder). In the desktop app the save dialog returns the path the
  player chose, and the file is written there by db.exchange (whole or not at all).
- Import: the picker opens inside the tap itself (ft.PickFiles, the only way a browser on iOS
  opens one). In a browser or on a phone the file's bytes come back with the pick (with_data:
  no upload folder needed; the server takes messages of up to 16 MiB); in the desktop app its
  path does, and the file is read from there.
- `/exchange?code=<code>` opens with the code filled in.
Everything about files and codes is in views/exchange_io.py; this screen only shows results.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, cast

import flet as ft

from companion.errors import RefereeError
from companion.games import app_games
from companion.matchcode import code_in
from db import StoreError
from db.exchange import ImportReport, import_json
from views.browser import IN_BROWSER
from views.exchange_io import (
    EXTENSIONS,
    KINDS,
    Kind,
    PhotoError,
    decode_qr_photo,
    default_folder,
    export_bytes,
    export_name,
    import_code,
    write_export_file,
)
from views.hooks import use_lazy_ref, use_state
from views.model import AppModel, Screen
from views.sharecode import CodeCard
from views.ui import TAP, body, game_chips, heading

MAX_FILE_BYTES = 15 * 1024 * 1024  # what a browser can hand over with the pick (one 16 MiB message)


def title(model: AppModel, screen: Screen) -> str:
    return model.tr("exchange.screen.title")


@dataclass(frozen=True)
class ActionResult:
    """What the last action of a section came to: a sentence, good or bad."""

    text: str
    ok: bool


def report_text(model: AppModel, report: ImportReport) -> str:
    """An import's result in words: matches added and skipped, players created."""
    parts = [model.tr("exchange.screen.report", added=report.matches_added, skipped=report.matches_skipped)]
    if report.players_added:
        parts.append(model.tr("exchange.screen.players_added", count=len(report.players_added),
                              names=", ".join(report.players_added)))
    return " ".join(parts)


def refusal(model: AppModel, error: Exception) -> str:
    """The message of a refused file, code or photo, in the player's language."""
    if isinstance(error, (StoreError, RefereeError, PhotoError)):
        return error.message(model.lang)
    return model.tr("exchange.screen.failed", detail=str(error))


def summary_line(model: AppModel, summary: Any) -> str:
    """`Bell's Senet · Ana 7 · Ben 5` for an imported code."""
    seats = [f"{seat.name} {seat.score}" if seat.score is not None else seat.name for seat in summary.seats]
    return " · ".join([model.tr(f"game.{summary.game}"), *seats])


def outcome_box(outcome: ActionResult | None) -> list[ft.Control]:
    if outcome is None:
        return []
    colour = ft.Colors.ON_PRIMARY_CONTAINER if outcome.ok else ft.Colors.ON_ERROR_CONTAINER
    return [ft.Container(
        bgcolor=ft.Colors.PRIMARY_CONTAINER if outcome.ok else ft.Colors.ERROR_CONTAINER,
        border_radius=12, padding=ft.Padding.symmetric(horizontal=14, vertical=10),
        content=ft.Row(vertical_alignment=ft.CrossAxisAlignment.START, controls=[
            ft.Icon(ft.Icons.CHECK_CIRCLE if outcome.ok else ft.Icons.ERROR_OUTLINE, color=colour),
            ft.Text(outcome.text, size=15, color=colour, expand=True),
        ]),
    )]


def section(*controls: ft.Control) -> ft.Control:
    """A card as wide as the column (a Row stretches; a card alone is as wide as its content)."""
    return ft.Card(content=ft.Container(
        padding=ft.Padding.symmetric(horizontal=14, vertical=12),
        content=ft.Row(controls=[ft.Column(spacing=12, expand=True, controls=list(controls))]),
    ))


def hint(text: str) -> ft.Text:
    return ft.Text(text, size=14, color=ft.Colors.ON_SURFACE_VARIANT)


def local_files(page: ft.Page) -> bool:
    """The desktop app: the picker gives paths on this machine (in a browser or on a phone, bytes)."""
    return not page.web and page.platform is not None and page.platform.is_desktop()


def picked_bytes(file: ft.FilePickerFile) -> bytes:
    if file.bytes is not None:
        return file.bytes
    if file.path:
        return Path(file.path).read_bytes()
    raise OSError("no content")


def use_picker(on_pick: Callable[[ft.FilePickerFile], Any]) -> ft.FilePicker:
    """A file picker kept for the screen's life; its result goes to the latest `on_pick`."""
    latest = use_lazy_ref(lambda: on_pick)
    latest.current = on_pick  # the newest render's: it sees the screen's newest state

    def picked(event: ft.FilePickerResultEvent) -> Any:
        if event.files:
            return latest.current(event.files[0])
        return None

    return use_lazy_ref(lambda: ft.FilePicker(on_result=picked)).current


# -- what each action comes to (called by the sections; tested without a browser) -------------------
def import_picked_file(model: AppModel, file: ft.FilePickerFile) -> ActionResult:
    """Import a picked export file: its report, or the refusal (and then nothing was written)."""
    if file.bytes is None and file.size > MAX_FILE_BYTES:
        return ActionResult(model.tr("exchange.screen.too_big", name=file.name), False)
    try:
        report = import_json(model.store, picked_bytes(file))
    except (StoreError, OSError) as error:
        return ActionResult(refusal(model, error), False)
    if report.matches_added or report.players_added:
        model.changed()
    return ActionResult(report_text(model, report), True)


def import_given_code(model: AppModel, given: str) -> tuple[ActionResult, str | None]:
    """Import a pasted code (or link): the outcome, and the bare code once the match is here."""
    try:
        report, summary = import_code(model.store, given)
    except (StoreError, RefereeError) as error:
        return ActionResult(refusal(model, error), False), None
    if report.matches_added:
        model.changed()
    key = "exchange.screen.code_added" if report.matches_added else "exchange.screen.code_present"
    return ActionResult(model.tr(key, match=summary_line(model, summary)), True), code_in(given)


def read_photo(model: AppModel, file: ft.FilePickerFile) -> str | ActionResult:
    """The text of the QR code in a picked photo, or why there is none."""
    try:
        return decode_qr_photo(picked_bytes(file))
    except (PhotoError, OSError) as error:
        return ActionResult(refusal(model, error), False)


@ft.component
def ExportSection(model: AppModel) -> ft.Control:
    game, set_game = use_state(cast("str | None", None))
    kind, set_kind = use_state(KINDS[0])
    outcome, set_outcome = use_state(cast("ActionResult | None", None))
    busy, set_busy = use_state(False)
    page = ft.context.page
    saver = use_lazy_ref(ft.FilePicker).current

    async def ask(**where: Any) -> str | None:
        """The save dialog (a download in a browser); None if cancelled. A dialog that cannot open
        (on Linux the desktop app needs zenity) is said as a failure, not swallowed."""
        try:
            path: str | None = await saver.save_file(dialog_title=model.tr("exchange.screen.export"), **where)
        except Exception as error:  # the client's refusal arrives as whatever it raised
            set_outcome(ActionResult(refusal(model, error), False))
            return None
        return path

    async def export() -> None:
        set_busy(True)
        set_outcome(None)
        chosen: Kind = kind
        try:
            if local_files(page):  # the desktop app: a save dialog, then the file is written there
                path = await ask(file_name=export_name(chosen, game, datetime.now()),
                                 initial_directory=str(default_folder()),
                                 file_type=ft.FilePickerFileType.CUSTOM, allowed_extensions=[EXTENSIONS[chosen]])
                if not path:
                    return
                count = write_export_file(model.store, chosen, game, path)
                set_outcome(ActionResult(model.tr(f"exchange.screen.saved_{chosen}", count=count, path=path), True))
            else:  # a browser downloads the bytes; a phone asks where to keep them
                made = export_bytes(model.store, chosen, game)
                path = await ask(file_name=made.name, src_bytes=made.data)
                if path is None and not page.web:
                    return  # cancelled on a phone (or refused, and said so)
                set_outcome(ActionResult(model.tr(f"exchange.screen.downloaded_{chosen}", count=made.count,
                                             name=path or made.name), True))
        except (StoreError, OSError, ValueError) as error:
            set_outcome(ActionResult(refusal(model, error), False))
        finally:
            set_busy(False)

    chips = game_chips(model.tr, app_games(), game, set_game, model.tr("exchange.screen.all_games"))
    kinds = ft.Row(spacing=8, controls=[
        (ft.FilledTonalButton if value == kind else ft.OutlinedButton)(
            content=model.tr(f"exchange.screen.kind_{value}"), height=TAP, expand=True,
            icon=ft.Icons.CHECK if value == kind else None, on_click=lambda e, v=value: set_kind(v))
        for value in KINDS
    ])
    return section(
        heading(model.tr("exchange.screen.export")),
        hint(model.tr("exchange.screen.export_hint")),
        ft.Text(model.tr("exchange.screen.which_matches"), size=15, weight=ft.FontWeight.W_500),
        chips,
        ft.Text(model.tr("exchange.screen.which_kind"), size=15, weight=ft.FontWeight.W_500),
        kinds,
        ft.FilledButton(content=model.tr("exchange.screen.export_button"), icon=ft.Icons.DOWNLOAD, height=TAP,
                        disabled=busy, on_click=export),
        *outcome_box(outcome),
    )


@ft.component
def ImportFileSection(model: AppModel) -> ft.Control:
    outcome, set_outcome = use_state(cast("ActionResult | None", None))
    page = ft.context.page

    def take(file: ft.FilePickerFile) -> None:
        set_outcome(import_picked_file(model, file))

    picker = use_picker(take)
    return section(
        heading(model.tr("exchange.screen.import")),
        hint(model.tr("exchange.screen.import_hint")),
        ft.FilledButton(
            content=model.tr("exchange.screen.import_button"), icon=ft.Icons.UPLOAD_FILE, height=TAP,
            action=ft.PickFiles(picker, dialog_title=model.tr("exchange.screen.import"),
                                file_type=ft.FilePickerFileType.CUSTOM, allowed_extensions=["json"],
                                with_data=not local_files(page), cancel_upload_on_window_blur=False),
            on_click=lambda: set_outcome(None),
        ),
        *outcome_box(outcome),
    )


@ft.component
def CodeSection(model: AppModel, initial: str) -> ft.Control:
    text, set_text = ft.use_state(initial)
    typed = ft.use_ref(initial)  # as last typed, not as last drawn
    outcome, set_outcome = use_state(cast("ActionResult | None", None))
    arrived, set_arrived = use_state(cast("str | None", None))  # the code of the match just imported
    page = ft.context.page

    def type_code(value: str) -> None:
        typed.current = value
        set_text(value)

    def take_code(given: str) -> None:
        done, code = import_given_code(model, given)
        set_outcome(done)
        set_arrived(code)

    def take_photo(file: ft.FilePickerFile) -> None:
        found = read_photo(model, file)
        if isinstance(found, ActionResult):
            set_outcome(found)
            set_arrived(None)
            return
        type_code(found)
        take_code(found)

    picker = use_picker(take_photo)
    return section(
        heading(model.tr("exchange.screen.code")),
        hint(model.tr("browser.code_hint" if IN_BROWSER else "exchange.screen.code_hint")),
        ft.Semantics(container=True, content=ft.TextField(  # its own node: the card's words are not its label
            label=model.tr("exchange.screen.code_field"), value=text, height=TAP + 8,
            on_change=lambda e: type_code(e.control.value))),
        ft.FilledButton(content=model.tr("exchange.screen.code_button"), icon=ft.Icons.INPUT, height=TAP,
                        on_click=lambda: take_code(typed.current or "")),
        # The browser build reads no photos (no zxing-cpp there): the phone's camera app reads the code.
        hint(model.tr("browser.photo_hint")) if IN_BROWSER else ft.OutlinedButton(
            content=model.tr("exchange.screen.photo_button"), icon=ft.Icons.QR_CODE_SCANNER, height=TAP,
            action=ft.PickFiles(picker, dialog_title=model.tr("exchange.screen.photo_button"),
                                file_type=ft.FilePickerFileType.IMAGE, with_data=not local_files(page),
                                cancel_upload_on_window_blur=False),
            on_click=lambda: set_outcome(None),
        ),
        *outcome_box(outcome),
        *([ft.Divider(), CodeCard(model, arrived, framed=False, key=arrived)] if arrived else []),
    )


@ft.component
def Body(model: AppModel, screen: Screen) -> ft.Control:
    return body(
        ExportSection(model),
        ImportFileSection(model),
        CodeSection(model, str(screen.get("code") or "")),
    )

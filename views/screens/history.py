"""Match history: every match, newest first, filtered by game, player and date; delete with undo.

The address says what is shown: /history?game=senet&player=3&since=2026-03-01&until=2026-03-31
(dates are days on this device's clock, both ends included). The filter controls change the
address (model.replace), so the back button and a shared link show the same list.

Matches still being played come first (they have no finish time to page by), then finished and
abandoned ones, newest first, from db.history.history_page in pages of 50, each read by seeking
past the last one shown (its PageMark); the pages loaded stay in the screen's state. The first
page is read off the app's thread (views/reading.py). A deleted match's snapshot is kept on the
model for the rest of the session: the banner's Undo button puts it back with the same data.
The words are views/history_data.py's, the pieces views/history_widgets.py's.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import cast

import flet as ft

from companion.games import app_games
from db import MatchInfo, StoreError
from db.history import HistoryPage, history_games, history_page
from views.games import progress_text
from views.history_data import (
    Filters,
    OlderPages,
    RowView,
    add_page,
    parse_filters,
    row_view,
    shown_pages,
    unfinished_matching,
)
from views.history_widgets import delete_dialog, delete_with_undo, filter_controls, match_tile, undo_banner
from views.hooks import use_state
from views.model import PLAYERS, UNFINISHED, AppModel, Screen
from views.reading import Wanted, recall, state_read, use_reads
from views.ui import TAP, body

GAMES: Wanted = (("history.games",), history_games)  # the games that have matches here


def first_page(filters: Filters) -> Wanted:
    return ("history.page", filters.key), lambda store: history_page(store, filters.where)


def progress_of(model: AppModel, info: MatchInfo) -> str | None:
    state = recall(model, *state_read(info))
    seats = {index: p.name for index, p in enumerate(info.participants)}
    return progress_text(info.game, model.tr, state, seats) if state is not None else None


@ft.component
def History(model: AppModel, screen: Screen) -> ft.Control:
    version = model.data_version
    doomed, set_doomed = use_state(cast("RowView | None", None))  # the row waiting for delete confirmation
    older, set_older = use_state(OlderPages(version))  # the pages loaded after the first
    ready = use_reads(model, [GAMES, PLAYERS, UNFINISHED])
    stored = recall(model, *GAMES) if ready else []
    games = app_games(stored if isinstance(stored, list) else [])
    filters = parse_filters(screen, games)
    ready = use_reads(model, [first_page(filters)] if ready else []) and ready  # once the filter is known
    still_played = unfinished_matching(model.unfinished(), filters) if ready else []
    ready = use_reads(model, [state_read(info) for info in still_played]) and ready  # how far each got

    def delete() -> None:
        row = doomed
        set_doomed(None)
        if row is not None:
            delete_with_undo(model, row.id)

    ft.use_dialog(delete_dialog(model, doomed, delete, lambda: set_doomed(None)))
    if not ready:
        return body(ft.Row(spacing=12, controls=[
            ft.ProgressRing(width=24, height=24),
            ft.Text(model.tr("history_ui.loading"), size=15, color=ft.Colors.ON_SURFACE_VARIANT)]))

    controls: list[ft.Control] = [*filter_controls(model, filters, games)]
    for key, params in filters.problems:
        controls.append(ft.Text(model.tr(key, **params), color=ft.Colors.ERROR, size=15, key="filter-problem"))
    banner = undo_banner(model)
    if banner is not None:
        controls.append(banner)

    first: HistoryPage | StoreError = recall(model, *first_page(filters))
    if isinstance(first, StoreError):
        controls.append(ft.Text(first.message(model.lang), color=ft.Colors.ERROR, size=15))
        return body(*controls)
    loaded_rows, next_mark = shown_pages(first, older, version)

    async def load_older() -> None:
        try:
            page = await asyncio.to_thread(history_page, model.store, filters.where, after=next_mark)
        except StoreError as error:
            model.say(error.message(model.lang))
            return
        set_older(add_page(older, version, page))

    playing = [replace(row_view(info), progress=progress_of(model, info)) for info in still_played]
    rows = playing + [row_view(row) for row in loaded_rows]
    if not rows:
        controls.append(ft.Text(model.tr("history_ui.none_match" if filters.any else "history.empty"), size=16))
        return body(*controls)
    controls.append(ft.Card(content=ft.Column(spacing=0, controls=[
        match_tile(model, row, set_doomed) for row in rows
    ])))
    if next_mark is not None:
        controls.append(ft.OutlinedButton(content=model.tr("history_ui.older"), icon=ft.Icons.EXPAND_MORE,
                                          height=TAP, key="older", on_click=load_older))
    return body(*controls)

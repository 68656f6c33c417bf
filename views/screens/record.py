"""A stored match's page: players, placings, scores, duration, status and the whole log in words;
a step-by-step replay on the game's own screen; delete with confirmation (undone from the history).

/record/<id> shows the record; /record/<id>?step=N shows the game's own match screen as it stood
after N log entries, read-only (views/replay.py), with first / previous / next / last buttons.
Every read goes through db.history.match_page (memoised on the data version).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.games import game as game_record
from companion.session import CorruptLog
from db import StoreError
from db.history import MatchPage, match_page
from views.bgstats import bgstats_section
from views.games import game_views, score_text, style
from views.history_data import STATUS_KEYS, duration_text, row_view, when_text
from views.history_widgets import delete_dialog, delete_with_undo
from views.hooks import use_lazy_state
from views.model import AppModel, Screen, StoreRead, match_read
from views.reading import recall, use_reads
from views.replay import ReplayMatch, log_lines, replay_step
from views.screens.match import match_heading
from views.sharecode import share_section
from views.ui import TAP, body, colour_dot, heading, icon_button

# Further cards under the record, each made from the model and the match's page (None: no card):
# the share-by-code card and "Send to BG Stats" go here, so the record page need not change for them.
EXTRA_SECTIONS: list[Callable[[AppModel, MatchPage], ft.Control | None]] = [share_section, bgstats_section]


def title_reads(model: AppModel, screen: Screen) -> list[StoreRead]:
    return [match_read(screen.get("id"))]


def title(model: AppModel, screen: Screen) -> str:
    key = "record.replay_title" if screen.get("step") is not None else "match.title"
    return match_heading(model, screen.get("id"), key)


# -- reading ----------------------------------------------------------------------------------
def record_read(match_id: int) -> StoreRead:
    """The match's page: its row, set-up and whole log (db.history.match_page)."""
    return ("record.page", match_id), lambda store: match_page(store, match_id)


def seat_names(page: MatchPage) -> dict[int, str]:
    """Player names by engine seat (0-based, in seat order), as LiveMatch names them."""
    return {index: seat.name for index, seat in enumerate(page.row.seats)}


def record_lines(model: AppModel, page: MatchPage) -> list[str]:
    """The whole log in words, once per language and data version."""
    return model.memoised(("record.log", page.row.id, model.lang),
                          lambda: log_lines(model.tr, model.lang, game_record(page.row.game), page, seat_names(page)))


def step_caption(model: AppModel, step: int, total: int, lines: list[str]) -> str:
    """What the replay's step N is: the start, or entry N in words."""
    if step == 0 or not lines:
        return model.tr("record.replay_start")
    return model.tr("record.replay_entry", step=step, text=lines[step - 1])


def facts(model: AppModel, page: MatchPage) -> list[str]:
    """Status, start, end and duration, and how many entries the log holds."""
    row = page.row
    lines = [model.tr(STATUS_KEYS.get(row.status, "match.active")),
             model.tr("history.started", when=when_text(row.started_at))]
    if row.finished_at is not None:
        lines.append(model.tr("record.ended", when=when_text(row.finished_at)))
    length = duration_text(model.tr, row.duration)
    if length:
        lines.append(model.tr("record.duration", duration=length))
    if not page.log and isinstance(page.result, dict) and page.result.get("from_code") is True:
        lines.append(model.tr("record.from_code"))  # nothing to replay: say why
    else:
        lines.append(model.tr("match.events", count=len(page.log)))
    return lines


# -- the record --------------------------------------------------------------------------------
def card(*controls: ft.Control, key: str | None = None, padding: int = 16, spacing: int = 8) -> ft.Control:
    return ft.Card(key=key, content=ft.Container(padding=padding,
                                                 content=ft.Column(spacing=spacing, controls=list(controls))))


def players_card(model: AppModel, page: MatchPage) -> ft.Control:
    seats = sorted(page.row.seats, key=lambda s: (s.placing is None, s.placing or 0, s.seat))
    rows = []
    for seat in seats:
        place = model.tr("record.place", place=seat.placing) if seat.placing is not None else ""
        score = model.tr(score_text(page.row.game), score=seat.score) if seat.score is not None else ""
        rows.append(ft.Row(key=f"record-seat-{seat.seat}", controls=[
            ft.Text(place, size=16, weight=ft.FontWeight.BOLD, width=44),
            colour_dot(seat.colour, 18),
            ft.Text(seat.name, size=16, expand=True),
            ft.Text(score, size=16),
        ]))
    return card(heading(model.tr("record.players")), *rows)


@ft.component
def Record(model: AppModel, page: MatchPage) -> ft.Control:
    asking, set_asking = ft.use_state(False)
    row = page.row
    colour, icon = style(row.game)

    def delete() -> None:
        set_asking(False)
        if delete_with_undo(model, row.id):
            stack = model.stack
            if len(stack) > 1 and stack[-2].name == "history":
                model.back()
            else:
                model.replace("history")

    ft.use_dialog(delete_dialog(model, row_view(row) if asking else None, delete, lambda: set_asking(False)))
    lines = record_lines(model, page)
    actions: list[ft.Control] = []
    if page.log:
        actions.append(ft.FilledButton(content=model.tr("record.replay"), icon=ft.Icons.SLOW_MOTION_VIDEO,
                                       height=TAP, key="replay",
                                       on_click=lambda: model.go("record", id=row.id, step=0)))
    if row.status == "active":
        actions.append(ft.FilledTonalButton(content=model.tr("record.continue"), icon=ft.Icons.PLAY_ARROW,
                                            height=TAP, key="continue", on_click=lambda: model.go("match", id=row.id)))
    actions.append(ft.OutlinedButton(content=model.tr("app.delete"), icon=ft.Icons.DELETE_OUTLINE, height=TAP,
                                     key="delete", style=ft.ButtonStyle(color=ft.Colors.ERROR),
                                     on_click=lambda: set_asking(True)))
    summary = card(
        ft.Row(controls=[ft.Icon(icon, color=colour, size=28),
                         ft.Text(model.tr(f"game.{row.game}"), size=20, weight=ft.FontWeight.BOLD, expand=True)]),
        *[ft.Text(line, size=15) for line in facts(model, page)],
        key="record-summary",
    )
    extra = [section for make in EXTRA_SECTIONS if (section := make(model, page)) is not None]
    log = card(
        ft.Row(controls=[ft.Text(model.tr("record.log", count=len(lines)), size=20, weight=ft.FontWeight.BOLD,
                                 expand=True)]),  # expands the card to the column's width
        *([ft.Text(f"{number}. {line}", size=14) for number, line in enumerate(lines, start=1)]
          or [ft.Text(model.tr("record.log_empty"), size=14)]),
        key="record-log",
    )
    return body(summary, players_card(model, page), ft.Row(wrap=True, spacing=8, run_spacing=8, controls=actions),
                *extra, log)


# -- the replay ----------------------------------------------------------------------------------
def build_replay(model: AppModel, page: MatchPage, step: Any) -> tuple[ReplayMatch | None, str | None]:
    info = recall(model, *match_read(page.row.id))
    game = game_record(page.row.game)
    if isinstance(info, StoreError) or game is None:
        return None, model.tr("match.no_screen", game=model.tr(f"game.{page.row.game}"))
    try:
        return ReplayMatch.build(model.store, page, info, game, step), None
    except CorruptLog as broken:
        return None, model.tr("match.corrupt", detail=str(broken))


def step_bar(model: AppModel, match_id: int, step: int, total: int, caption: str) -> ft.Control:
    def to(n: int) -> None:
        model.replace("record", id=match_id, step=n)

    buttons = [
        (ft.Icons.FIRST_PAGE, "record.first_step", 0, step > 0, "replay-first"),
        (ft.Icons.CHEVRON_LEFT, "record.previous_step", step - 1, step > 0, "replay-previous"),
        (ft.Icons.CHEVRON_RIGHT, "record.next_step", step + 1, step < total, "replay-next"),
        (ft.Icons.LAST_PAGE, "record.last_step", total, step < total, "replay-last"),
    ]
    return card(
        ft.Row(vertical_alignment=ft.CrossAxisAlignment.CENTER, controls=[
            ft.Text(model.tr("record.step_of", step=step, total=total), size=17, weight=ft.FontWeight.BOLD,
                    expand=True, key="replay-step"),
            ft.TextButton(content=model.tr("record.back_to_record"), icon=ft.Icons.LIST_ALT, height=TAP,
                          key="replay-close", on_click=lambda: model.replace("record", id=match_id)),
        ]),
        ft.Text(caption, size=14, key="replay-caption"),
        ft.Row(alignment=ft.MainAxisAlignment.SPACE_BETWEEN, controls=[
            icon_button(icon, model.tr(label), on_click=lambda e, n=n: to(n), disabled=not enabled, key=key)
            for icon, label, n, enabled, key in buttons
        ]),
        ft.Text(model.tr("record.replay_hint"), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
        key="replay-bar", padding=12, spacing=2,
    )


@ft.component
def Replay(model: AppModel, page: MatchPage, step: Any) -> ft.Control:
    built, _ = use_lazy_state(lambda: build_replay(model, page, step))
    live, problem = built
    if live is None:
        return body(ft.Text(problem or "", color=ft.Colors.ERROR, size=15, key="record-problem"))
    views = game_views(live.game.id)
    lines = record_lines(model, page)
    bar = step_bar(model, page.row.id, live.step, live.total, step_caption(model, live.step, live.total, lines))
    if views is None:
        return body(bar, ft.Text(model.tr("match.no_screen", game=model.tr(f"game.{live.game.id}"))))
    return ft.Column(spacing=12, controls=[body(bar), views.match_screen(model, live)])


@ft.component
def Body(model: AppModel, screen: Screen) -> ft.Control:
    match_id = screen.get("id")
    if not use_reads(model, [record_read(match_id), match_read(match_id)]):
        return body(ft.ProgressRing(width=24, height=24))
    page: MatchPage | StoreError = recall(model, *record_read(match_id))
    if isinstance(page, StoreError):
        return body(
            ft.Text(page.message(model.lang), color=ft.Colors.ERROR, size=15, key="record-problem"),
            ft.OutlinedButton(content=model.tr("app.history"), icon=ft.Icons.HISTORY, height=TAP,
                              on_click=lambda: model.replace("history")),
        )
    if screen.get("step") is not None:
        return Replay(model, page, replay_step(screen.get("step"), len(page.log)))
    return Record(model, page)

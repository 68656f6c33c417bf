"""Match history: every match, newest first, filtered by game, player and date; delete with undo.

The address says what is shown: /history?game=senet&player=3&since=2026-03-01&until=2026-03-31
(dates are days on this device's clock, both ends included). The filter controls change the
address (model.replace), so the back button and a shared link show the same list.

Finished and abandoned matches come from db.history.history_page in pages of 50, each read
by seeking past the last one shown (its PageMark); the pages loaded stay in the screen's
state. Matches still being played come first (they have no finish time to page by).
A deleted match's snapshot is kept on the model for the rest of the session: the banner's
Undo button puts it back with the same data.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

import flet as ft

from companion.games import app_games
from db import StoreError
from db.history import HistoryFilter, HistoryPage, PageMark, delete_match_recoverably, history_games, history_page
from db.history import restore as restore_match
from views.games import style
from views.model import AppModel, Screen
from views.ui import TAP, body, confirm_dialog, game_chips, icon_button

Tr = Callable[..., str]
STATUS_KEYS = {"active": "match.active", "finished": "match.finished", "abandoned": "match.abandoned"}
EVERYONE = "everyone"  # the player picker's key for no one player
DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


# -- the filter, from the address ------------------------------------------------------------
@dataclass(frozen=True)
class Filters:
    """What the address asks for; `problems` are (message id, params) for what it asks wrongly
    (each wrong part is left out of the filter, and said)."""

    game: str | None = None
    player_id: int | None = None
    since: date | None = None  # from the start of this day
    until: date | None = None  # to the end of this day
    problems: tuple[tuple[str, dict[str, Any]], ...] = ()

    @property
    def key(self) -> tuple[Any, ...]:
        return (self.game, self.player_id, self.since, self.until)

    @property
    def any(self) -> bool:
        return any(value is not None for value in self.key)

    @property
    def where(self) -> HistoryFilter:
        """The store's filter: days on this device's clock as UTC instants, abandoned matches too."""
        return HistoryFilter(game=self.game, player_id=self.player_id, since=day_start(self.since),
                             until=day_start(self.until + timedelta(days=1)) if self.until else None,
                             include_abandoned=True)

    def route_params(self, **changes: Any) -> dict[str, Any]:
        """The address's query with `changes`; a value of None or "" leaves that filter out."""
        params = {"game": self.game, "player": self.player_id,
                  "since": self.since.isoformat() if self.since else None,
                  "until": self.until.isoformat() if self.until else None, **changes}
        return {key: value for key, value in params.items() if value is not None and value != ""}


def day_start(day: date | None) -> datetime | None:
    """Midnight at the start of `day` on this device's clock, as an aware datetime."""
    return None if day is None else datetime(day.year, day.month, day.day).astimezone()


def parse_day(text: Any) -> date:
    """`YYYY-MM-DD` as a date; anything else (another layout, 2026-02-30) raises ValueError."""
    if not isinstance(text, str) or not DATE.fullmatch(text.strip()):
        raise ValueError(text)
    return date.fromisoformat(text.strip())


def parse_filters(screen: Screen, games: Iterable[str]) -> Filters:
    """The history's filter from its address; a wrong part is named in `problems`, not used."""
    problems: list[tuple[str, dict[str, Any]]] = []
    game = screen.get("game")
    if game is not None and game not in set(games):
        problems.append(("history_ui.unknown_game", {"game": game}))
        game = None
    player = screen.get("player")
    player_id = player if isinstance(player, int) and not isinstance(player, bool) else None
    days: dict[str, date | None] = {}
    for name in ("since", "until"):
        text = screen.get(name)
        days[name] = None
        if text is None or text == "":
            continue
        try:
            days[name] = parse_day(text)
        except ValueError:
            problems.append((f"history_ui.bad_{name}", {"value": str(text)}))
    since, until = days["since"], days["until"]
    if since is not None and until is not None and since > until:
        problems.append(("history_ui.dates_reversed", {"since": since.isoformat(), "until": until.isoformat()}))
    return Filters(game, player_id, since, until, tuple(problems))


def local_day(moment: datetime) -> date:
    return moment.astimezone().date()


def unfinished_matching(matches: Iterable[Any], filters: Filters) -> list[Any]:
    """The matches still being played (MatchInfos) that the filter lets through, by start day."""
    found = []
    for info in matches:
        if filters.game is not None and info.game != filters.game:
            continue
        if filters.player_id is not None and info.seat_of(filters.player_id) is None:
            continue
        day = local_day(info.started_at)
        if (filters.since and day < filters.since) or (filters.until and day > filters.until):
            continue
        found.append(info)
    return found


# -- one row in words ---------------------------------------------------------------------------
@dataclass(frozen=True)
class SeatView:
    seat: int
    name: str
    colour: str
    score: int | None
    placing: int | None


@dataclass(frozen=True)
class RowView:
    """A history row or an unfinished match, as the list shows it."""

    id: int
    game: str
    status: str
    started_at: datetime
    finished_at: datetime | None
    seats: tuple[SeatView, ...]

    @property
    def ended(self) -> bool:
        return self.status in ("finished", "abandoned")

    @property
    def destination(self) -> tuple[str, int]:
        """Where a tap goes: a stored record, or the match still being played."""
        return ("record", self.id) if self.ended else ("match", self.id)


def row_view(item: Any) -> RowView:
    """A db.history.HistoryRow or a db.MatchInfo as a RowView."""
    if hasattr(item, "seats"):
        seats = tuple(SeatView(s.seat, s.name, s.colour, s.score, s.placing) for s in item.seats)
    else:
        seats = tuple(SeatView(p.seat, p.name, p.colour, p.final_score, p.placing) for p in item.participants)
    return RowView(item.id, item.game, item.status, item.started_at, item.finished_at, seats)


def seat_text(tr: Tr, seat: SeatView) -> str:
    if seat.placing is not None and seat.score is not None:
        return tr("history_ui.seat_placed_score", place=seat.placing, name=seat.name, score=seat.score)
    if seat.placing is not None:
        return tr("history_ui.seat_placed", place=seat.placing, name=seat.name)
    if seat.score is not None:
        return tr("history_ui.seat_score", name=seat.name, score=seat.score)
    return seat.name


def players_text(tr: Tr, seats: Sequence[SeatView]) -> str:
    """Who played, best placing first (then seat order): "1. Ana 7 · 2. Ben 5"."""
    ordered = sorted(seats, key=lambda s: (s.placing is None, s.placing or 0, s.seat))
    return " · ".join(seat_text(tr, seat) for seat in ordered)


def when_text(moment: datetime) -> str:
    """A moment on this device's clock: "2026-03-01 18:30"."""
    return moment.astimezone().strftime("%Y-%m-%d %H:%M")


def duration_text(tr: Tr, length: timedelta | None) -> str | None:
    """"1 h 05 min", "25 min", "under a minute"; None when the match has no end yet."""
    if length is None:
        return None
    minutes = int(length.total_seconds() // 60)
    if minutes < 1:
        return tr("history_ui.under_a_minute")
    if minutes < 60:
        return tr("history_ui.minutes", minutes=minutes)
    return tr("history_ui.hours", hours=minutes // 60, minutes=f"{minutes % 60:02d}")


def status_line(tr: Tr, row: RowView) -> str:
    """Status · start time · duration (the duration once it ended)."""
    parts = [tr(STATUS_KEYS.get(row.status, "match.active")), when_text(row.started_at)]
    length = duration_text(tr, row.finished_at - row.started_at if row.finished_at else None)
    if length:
        parts.append(length)
    return " · ".join(parts)


def row_title(tr: Tr, row: RowView) -> str:
    return tr("history_ui.row_title", game=tr(f"game.{row.game}"), id=row.id)


def row_text(tr: Tr, row: RowView) -> str:
    """The row's two lines under its title: players with placings and scores, then when."""
    return f"{players_text(tr, row.seats)}\n{status_line(tr, row)}"


# -- delete with undo ------------------------------------------------------------------------------
def delete_with_undo(model: AppModel, match_id: int) -> bool:
    """Delete a match, keeping its snapshot on the model so that Undo can put it back."""
    try:
        snapshot = delete_match_recoverably(model.store, match_id)
    except StoreError as error:
        model.say(error.message(model.lang))
        return False
    model.keep_deleted(snapshot)
    model.forget_match(match_id)
    model.changed()
    return True


def undo_delete(model: AppModel, match_id: int) -> int | None:
    """Put back the match deleted in this session; its id (None and a message if it cannot)."""
    snapshot = model.take_deleted(match_id)
    if snapshot is None:
        return None
    try:
        restored = restore_match(model.store, snapshot)
    except StoreError as error:
        model.keep_deleted(snapshot)  # still there to try again
        model.say(error.message(model.lang))
        return None
    model.changed()
    model.say(model.tr("history_ui.restored", id=restored))
    return restored


def undo_banner(model: AppModel) -> ft.Control | None:
    """The newest match deleted in this session, with Undo (and Close, which lets it go)."""
    if not model.deleted:
        return None
    kept = model.deleted[-1]
    text = model.tr("history_ui.deleted", id=kept.match_id, game=model.tr(f"game.{kept.record.game}"))
    return ft.Container(
        key="undo-delete", bgcolor=ft.Colors.SECONDARY_CONTAINER, border_radius=12,
        padding=ft.Padding.only(left=16, right=4, top=4, bottom=4),
        content=ft.Row(wrap=False, controls=[
            ft.Text(text, expand=True, size=15, color=ft.Colors.ON_SECONDARY_CONTAINER),
            ft.FilledTonalButton(content=model.tr("app.undo"), icon=ft.Icons.UNDO, height=TAP,
                                 on_click=lambda: undo_delete(model, kept.match_id)),
            icon_button(ft.Icons.CLOSE, model.tr("app.close"), on_click=lambda: model.take_deleted(kept.match_id)),
        ]),
    )


def delete_dialog(model: AppModel, doomed: RowView | None, on_confirm: Callable[[], Any],
                  on_cancel: Callable[[], Any]) -> ft.AlertDialog | None:
    if doomed is None:
        return None
    return confirm_dialog(
        model.tr("app.delete"),
        model.tr("history_ui.delete_confirm", id=doomed.id, game=model.tr(f"game.{doomed.game}")),
        model.tr("app.delete"), model.tr("app.cancel"), on_confirm, on_cancel,
    )


# -- the screen --------------------------------------------------------------------------------
def filter_controls(model: AppModel, filters: Filters, games: Sequence[str]) -> list[ft.Control]:
    def pick(**changes: Any) -> None:
        model.replace("history", **filters.route_params(**changes))

    def picked_player(e: Any) -> None:
        key = e.control.value
        pick(player=int(key) if key and key.isdigit() else None)

    chips = game_chips(model.tr, games, filters.game, lambda g: pick(game=None if g == filters.game else g),
                       model.tr("history.all_games"))
    players = [(p.id, p.name, p.colour) for p in model.players()]
    if filters.player_id is not None and filters.player_id not in {p[0] for p in players}:
        players.append((filters.player_id, model.tr("history_ui.player_n", id=filters.player_id), "#9e9e9e"))
    chosen = next((name for pid, name, _ in players if pid == filters.player_id), model.tr("history_ui.everyone"))
    who = ft.Dropdown(
        label=model.tr("history_ui.player"),
        value=str(filters.player_id) if filters.player_id is not None else EVERYONE,
        options=[
            ft.DropdownOption(key=EVERYONE, text=model.tr("history_ui.everyone"), leading_icon=ft.Icons.GROUPS),
            *[ft.DropdownOption(key=str(pid), text=name, leading_icon=ft.Icon(ft.Icons.CIRCLE, color=colour))
              for pid, name, colour in players],
        ],
        enable_search=False, editable=False, expand=True, on_select=picked_player,
        tooltip=f"{model.tr('history_ui.player')}: {chosen}",
    )
    bad = {key for key, _ in filters.problems}
    dates = ft.Row(spacing=8, controls=[
        DateField(model, "since", model.tr("history_ui.since"), model.screen.get("since"),
                  "history_ui.bad_since" in bad, pick),
        DateField(model, "until", model.tr("history_ui.until"), model.screen.get("until"),
                  "history_ui.bad_until" in bad, pick),
    ])
    controls: list[ft.Control] = [
        chips,
        ft.Container(padding=ft.Padding.only(top=4), content=ft.Row(controls=[who])),
        dates,
    ]
    if filters.any or filters.problems:
        controls.append(ft.Row(controls=[ft.TextButton(
            content=model.tr("history_ui.clear_filters"), icon=ft.Icons.FILTER_ALT_OFF, height=TAP,
            key="clear-filters", on_click=lambda: model.replace("history"))]))
    return controls


@ft.component
def DateField(model: AppModel, name: str, label: str, value: Any, wrong: bool,
              pick: Callable[..., Any]) -> ft.Control:
    """A day typed as YYYY-MM-DD; Enter or leaving the field puts it in the address."""
    typed = ft.use_ref(str(value or ""))

    def submit() -> None:
        text = typed.current.strip()
        if text != str(value or ""):
            pick(**{name: text or None})

    def change(e: Any) -> None:
        typed.current = e.control.value or ""

    return ft.TextField(
        label=label, value=str(value or ""), hint_text=model.tr("history_ui.date_hint"), expand=True,
        height=TAP + 8 if not wrong else None, key=f"date-{name}", keyboard_type=ft.KeyboardType.DATETIME,
        error=model.tr("history_ui.date_wrong") if wrong else None,
        on_change=change, on_submit=lambda e: submit(), on_blur=lambda e: submit(),
    )


# -- pages: the first read per data version, the older ones kept in the screen's state ------------
Older = tuple[int, tuple[Any, ...], PageMark | None]  # (data version, rows, where the next page starts)


def shown_pages(first: HistoryPage, older: Older, version: int) -> tuple[tuple[Any, ...], PageMark | None]:
    """The rows to show and where the next page starts: the first page, then the older pages
    loaded since, unless the data changed (a delete, an undo, a match finished) since they were."""
    if older[0] == version and older[1]:
        return first.rows + older[1], older[2]
    return first.rows, first.next


def add_page(older: Older, version: int, page: HistoryPage) -> Older:
    """The older pages with `page` added (alone when the data changed since the others were read)."""
    kept = older[1] if older[0] == version else ()
    return (version, kept + page.rows, page.next)


def read_first_page(model: AppModel, filters: Filters) -> HistoryPage | StoreError:
    def read() -> HistoryPage | StoreError:
        try:
            return history_page(model.store, filters.where)
        except StoreError as error:
            return error

    result: HistoryPage | StoreError = model.memoised(("history.page", filters.key), read)
    return result


def match_tile(model: AppModel, row: RowView, on_delete: Callable[[RowView], Any]) -> ft.Control:
    colour, icon = style(row.game)
    name, match_id = row.destination
    return ft.ListTile(
        key=f"history-row-{row.id}",
        leading=ft.Icon(icon, color=colour),
        title=ft.Text(row_title(model.tr, row)),
        subtitle=ft.Text(row_text(model.tr, row)),
        is_three_line=True,
        min_height=TAP,
        content_padding=ft.Padding.only(left=12, right=0),
        on_click=lambda e: model.go(name, id=match_id),
        trailing=icon_button(ft.Icons.DELETE_OUTLINE, model.tr("history_ui.delete_n", id=row.id),
                             on_click=lambda e: on_delete(row)),
    )


@ft.component
def History(model: AppModel, screen: Screen) -> ft.Control:
    version = model.data_version
    doomed, set_doomed = ft.use_state(None)  # the row waiting for delete confirmation
    # Pages loaded after the first: (data version, rows, where the next page starts).
    older, set_older = ft.use_state((version, (), None))
    games = app_games(model.memoised(("history.games",), lambda: _games(model)))
    filters = parse_filters(screen, games)

    def delete() -> None:
        row = doomed
        set_doomed(None)
        if row is not None:
            delete_with_undo(model, row.id)

    ft.use_dialog(delete_dialog(model, doomed, delete, lambda: set_doomed(None)))

    controls: list[ft.Control] = [*filter_controls(model, filters, games)]
    for key, params in filters.problems:
        controls.append(ft.Text(model.tr(key, **params), color=ft.Colors.ERROR, size=15, key="filter-problem"))
    banner = undo_banner(model)
    if banner is not None:
        controls.append(banner)

    first = read_first_page(model, filters)
    if isinstance(first, StoreError):
        controls.append(ft.Text(first.message(model.lang), color=ft.Colors.ERROR, size=15))
        return body(*controls)
    loaded_rows, next_mark = shown_pages(first, older, version)

    def load_older() -> None:
        try:
            page = history_page(model.store, filters.where, after=next_mark)
        except StoreError as error:
            model.say(error.message(model.lang))
            return
        set_older(add_page(older, version, page))

    playing = [row_view(info) for info in unfinished_matching(model.unfinished(), filters)]
    rows = playing + [row_view(row) for row in loaded_rows]
    if not rows:
        controls.append(ft.Text(model.tr("history_ui.none_match" if filters.any else "history.empty"), size=16))
        return body(*controls)
    controls.append(ft.Card(content=ft.Column(spacing=0, controls=[
        match_tile(model, row, set_doomed) for row in rows
    ])))
    if next_mark is not None:
        controls.append(ft.OutlinedButton(content=model.tr("history_ui.older"), icon=ft.Icons.EXPAND_MORE,
                                          height=TAP, key="older", on_click=lambda: load_older()))
    return body(*controls)


def _games(model: AppModel) -> list[str]:
    try:
        return history_games(model.store)
    except StoreError:
        return []

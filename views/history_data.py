"""Match history in plain data and words: the filter read from the address, a row as the list
shows it, its lines of text, and the pages loaded so far. Pure functions (no Flet, no store),
so every line the history shows is tested without a screen; views/history_widgets.py draws
them and views/screens/history.py is the screen.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any, NamedTuple

from db import MatchInfo
from db.history import HistoryFilter, HistoryPage, HistoryRow, PageMark
from views.model import Screen

Tr = Callable[..., str]
STATUS_KEYS = {"active": "match.active", "finished": "match.finished", "abandoned": "match.abandoned"}
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


def unfinished_matching(matches: Iterable[MatchInfo], filters: Filters) -> list[MatchInfo]:
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
class SeatSummary:
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
    seats: tuple[SeatSummary, ...]
    progress: str | None = None  # how far a match still being played got ("Ana to move")

    @property
    def ended(self) -> bool:
        return self.status in ("finished", "abandoned")

    @property
    def destination(self) -> tuple[str, int]:
        """Where a tap goes: a stored record, or the match still being played."""
        return ("record", self.id) if self.ended else ("match", self.id)


def row_view(item: HistoryRow | MatchInfo) -> RowView:
    """A db.history.HistoryRow or a db.MatchInfo as a RowView."""
    if isinstance(item, HistoryRow):
        seats = tuple(SeatSummary(s.seat, s.name, s.colour, s.score, s.placing) for s in item.seats)
    else:
        seats = tuple(SeatSummary(p.seat, p.name, p.colour, p.final_score, p.placing) for p in item.participants)
    return RowView(item.id, item.game, item.status, item.started_at, item.finished_at, seats)


def seat_text(tr: Tr, seat: SeatSummary) -> str:
    if seat.placing is not None and seat.score is not None:
        return tr("history_ui.seat_placed_score", place=seat.placing, name=seat.name, score=seat.score)
    if seat.placing is not None:
        return tr("history_ui.seat_placed", place=seat.placing, name=seat.name)
    if seat.score is not None:
        return tr("history_ui.seat_score", name=seat.name, score=seat.score)
    return seat.name


def players_text(tr: Tr, seats: Sequence[SeatSummary]) -> str:
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
    """Status · how far it got · start time · duration (how far while it is played, the duration
    once it ended)."""
    parts = [tr(STATUS_KEYS.get(row.status, "match.active")), *([row.progress] if row.progress else []),
             when_text(row.started_at)]
    length = duration_text(tr, row.finished_at - row.started_at if row.finished_at else None)
    if length:
        parts.append(length)
    return " · ".join(parts)


def row_title(tr: Tr, row: RowView) -> str:
    return tr("history_ui.row_title", game=tr(f"game.{row.game}"), id=row.id)


def row_text(tr: Tr, row: RowView) -> str:
    """The row's two lines under its title: players with placings and scores, then when."""
    return f"{players_text(tr, row.seats)}\n{status_line(tr, row)}"


# -- pages: the first read per data version, the older ones kept in the screen's state ------------
class OlderPages(NamedTuple):
    """The pages loaded after the first, and the data version they were read at."""

    version: int
    rows: tuple[HistoryRow, ...] = ()
    next: PageMark | None = None  # where the page after them starts


def shown_pages(first: HistoryPage, older: OlderPages, version: int) -> tuple[tuple[HistoryRow, ...], PageMark | None]:
    """The rows to show and where the next page starts: the first page, then the older pages
    loaded since, unless the data changed (a delete, an undo, a match finished) since they were."""
    if older.version == version and older.rows:
        return first.rows + older.rows, older.next
    return first.rows, first.next


def add_page(older: OlderPages, version: int, page: HistoryPage) -> OlderPages:
    """The older pages with `page` added (alone when the data changed since the others were read)."""
    kept = older.rows if older.version == version else ()
    return OlderPages(version, kept + page.rows, page.next)

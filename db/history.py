"""Match history: pages of finished matches newest first, one match's page, delete with undo.

Pages are read by seeking, not by counting an offset: each page ends with a `PageMark`
(the last row's finish time and id) and the next page starts strictly after it, so page
500 costs what page 1 costs. Rows come in (finished_at, id) order, newest first, straight
from the indexes of revision 0003: (status, finished_at, id) and
(game, status, finished_at, id). A player filter either walks that order checking each
match for the player (a regular, who is in many matches), or starts from the player's own
matches (someone who played a few): whichever reads fewer rows.

Every function takes the app's `Store` and runs its own short transaction on the store's
engine; what it returns is plain frozen data, never live ORM objects.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

from sqlalchemy import Select, Text, cast, delete, exists, func, insert, select, tuple_
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from db import errors
from db.models import KINDS, Event, Match, Participant, Player
from db.records import EventRecord, MatchRecord, SeatRecord, StoredMatch
from db.store import Store
from db.values import driver_detail, stored_object, stored_time, utc

_Query = TypeVar("_Query", bound=Select[*tuple[Any, ...]])

PAGE_SIZE = 50
# A player in fewer matches than this is paged from their own matches; a player in more,
# by walking the history order and checking each match. At 100,000 matches and pages of
# 50, walking reads about 50 x 100,000 / n rows and starting from the player reads n:
# the two meet near n = 2,200.
FEW_MATCHES = 2000
HISTORY_STATUSES = ("finished", "abandoned")
EARLIEST = datetime.min.replace(tzinfo=UTC)  # where a match without a finish time sorts


# -- what a history screen gets ---------------------------------------------------------
@dataclass(frozen=True, slots=True)
class HistoryFilter:
    """Which matches a history page shows. Dates bound the finish time, in UTC."""

    game: str | None = None
    player_id: int | None = None
    since: datetime | None = None  # finished at or after
    until: datetime | None = None  # finished before
    include_abandoned: bool = False

    @property
    def statuses(self) -> tuple[str, ...]:
        return HISTORY_STATUSES if self.include_abandoned else ("finished",)


@dataclass(frozen=True, slots=True, order=True)
class PageMark:
    """Where a page ended: the next page starts just after (older than) this match."""

    finished_at: datetime
    match_id: int

    def to_token(self) -> str:
        """A short text for a URL or a 'more' button: "<unix microseconds>.<id>"."""
        micros = (self.finished_at - datetime(1970, 1, 1, tzinfo=UTC)) // timedelta(microseconds=1)
        return f"{micros}.{self.match_id}"

    @classmethod
    def from_token(cls, token: str) -> PageMark:
        try:
            micros, match_id = (int(part) for part in token.split("."))
        except ValueError as error:
            raise ValueError(f"not a page mark: {token!r}") from error
        start = datetime(1970, 1, 1, tzinfo=UTC) + timedelta(microseconds=micros)
        return cls(start, match_id)


@dataclass(frozen=True, slots=True)
class SeatLine:
    seat: int
    player_id: int
    name: str
    colour: str
    team: int | None
    score: int | None
    placing: int | None  # 1 = won; shared places repeat


@dataclass(frozen=True, slots=True)
class HistoryRow:
    id: int
    uid: str
    game: str
    variant: str | None
    status: str  # "finished" | "abandoned" (| "active" on a match page)
    started_at: datetime  # UTC
    finished_at: datetime | None  # UTC
    seats: tuple[SeatLine, ...]  # by seat

    @property
    def duration(self) -> timedelta | None:
        return None if self.finished_at is None else self.finished_at - self.started_at

    @property
    def winners(self) -> tuple[SeatLine, ...]:
        return tuple(seat for seat in self.seats if seat.placing == 1)

    @property
    def mark(self) -> PageMark | None:
        return None if self.finished_at is None else PageMark(self.finished_at, self.id)


@dataclass(frozen=True, slots=True)
class HistoryPage:
    rows: tuple[HistoryRow, ...]
    next: PageMark | None  # None: this is the last page


@dataclass(frozen=True, slots=True)
class LogLine:
    """One stored log entry, as `MatchSession` recorded it, with when it was stored."""

    seq: int
    kind: str  # "action" | "undo" | "redo"
    action: dict[str, Any] | None
    at: datetime  # UTC

    @property
    def entry(self) -> dict[str, Any]:
        """The entry as the store hands it to a replay: {"kind": ..., "action": ...}."""
        if self.kind == "action":
            return {"kind": "action", "action": self.action}
        return {"kind": self.kind}


@dataclass(frozen=True, slots=True)
class MatchPage:
    """Everything a match's page shows: who, how it ended, and the full log to replay."""

    row: HistoryRow
    setup: dict[str, Any]
    result: dict[str, Any] | None
    log: tuple[LogLine, ...]

    @property
    def entries(self) -> list[dict[str, Any]]:
        """The log as `MatchSession.resume` takes it."""
        return [line.entry for line in self.log]


# -- history pages ----------------------------------------------------------------------
def history_page(
    store: Store,
    where: HistoryFilter | None = None,
    after: PageMark | None = None,
    limit: int = PAGE_SIZE,
) -> HistoryPage:
    """Up to `limit` matches newest first (by finish time, then id) older than `after`."""
    where = where or HistoryFilter()
    if limit < 1:
        return HistoryPage((), after)
    with store.reading() as session:
        ids = _page_ids(session, where, after, limit + 1)
        rows = _rows(session, ids[:limit])
    more = len(ids) > limit
    return HistoryPage(rows, rows[-1].mark if more and rows else None)


def _page_ids(
    session: Session, where: HistoryFilter, after: PageMark | None, count: int
) -> list[int]:
    if where.player_id is not None:
        played = session.scalar(
            select(func.count()).where(Participant.player_id == where.player_id)
        )
        if int(played or 0) < FEW_MATCHES:
            return _ids_from_player(session, where, after, count)
    # One seek per status, each straight down its index; merged here.
    found: list[tuple[datetime, int]] = []
    for status in where.statuses:
        query = _seek(select(Match.finished_at, Match.id), where, after, count)
        query = query.where(Match.status == status)
        if where.game is not None:
            query = query.where(Match.game == where.game)
        if where.player_id is not None:
            query = query.where(
                exists().where(
                    Participant.match_id == Match.id,
                    Participant.player_id == where.player_id,
                )
            )
        found.extend((utc(finished) or EARLIEST, match_id) for finished, match_id in session.execute(query))
    found.sort(reverse=True)
    return [match_id for _, match_id in found[:count]]


def _ids_from_player(
    session: Session, where: HistoryFilter, after: PageMark | None, count: int
) -> list[int]:
    """The page from the player's own (few) matches, ordered here: no index walk at all."""
    mine = list(
        session.scalars(
            select(Participant.match_id).where(Participant.player_id == where.player_id)
        )
    )
    if not mine:
        return []
    since = utc(where.since) if where.since is not None else None
    until = utc(where.until) if where.until is not None else None
    mark = (utc(after.finished_at), after.match_id) if after is not None else None
    found: list[tuple[datetime, int]] = []
    for match_id, finished, status, game in session.execute(
        select(Match.id, Match.finished_at, Match.status, Match.game).where(Match.id.in_(mine))
    ):
        if finished is None or status not in where.statuses:
            continue
        if where.game is not None and game != where.game:
            continue
        key = (utc(finished), match_id)
        if (since and key[0] < since) or (until and key[0] >= until) or (mark and key >= mark):
            continue
        found.append(key)
    found.sort(reverse=True)
    return [match_id for _, match_id in found[:count]]


def _seek(query: _Query, where: HistoryFilter, after: PageMark | None, count: int) -> _Query:
    if where.since is not None:
        query = query.where(Match.finished_at >= utc(where.since))
    if where.until is not None:
        query = query.where(Match.finished_at < utc(where.until))
    if after is not None:
        query = query.where(
            tuple_(Match.finished_at, Match.id) < (utc(after.finished_at), after.match_id)
        )
    return query.order_by(Match.finished_at.desc(), Match.id.desc()).limit(count)


def _rows(session: Session, ids: Sequence[int]) -> tuple[HistoryRow, ...]:
    """HistoryRows for `ids`, in that order, in two queries."""
    if not ids:
        return ()
    seats: dict[int, list[SeatLine]] = {match_id: [] for match_id in ids}
    for match_id, seat, player_id, name, colour, team, score, placing in session.execute(
        select(
            Participant.match_id,
            Participant.seat,
            Participant.player_id,
            Player.name,
            Player.colour,
            Participant.team,
            Participant.final_score,
            Participant.placing,
        )
        .join(Player, Participant.player_id == Player.id)
        .where(Participant.match_id.in_(ids))
        .order_by(Participant.match_id, Participant.seat)
    ):
        seats[match_id].append(SeatLine(seat, player_id, name, colour, team, score, placing))
    found = {
        match_id: HistoryRow(
            id=match_id,
            uid=uid,
            game=game,
            variant=variant,
            status=status,
            started_at=utc(started),
            finished_at=utc(finished),
            seats=tuple(seats[match_id]),
        )
        for match_id, uid, game, variant, status, started, finished in session.execute(
            select(
                Match.id,
                Match.uid,
                Match.game,
                Match.variant,
                Match.status,
                Match.started_at,
                Match.finished_at,
            ).where(Match.id.in_(ids))
        )
    }
    return tuple(found[match_id] for match_id in ids if match_id in found)


def history_games(store: Store) -> list[str]:
    """The games that have at least one finished match, for the history's game filter."""
    with store.reading() as session:
        return sorted(
            session.scalars(
                select(Match.game).where(Match.status.in_(HISTORY_STATUSES)).distinct()
            )
        )


# -- one match's page ---------------------------------------------------------------------
def match_page(store: Store, match_id: int) -> MatchPage:
    """The match with its seats, result and full log (any status)."""
    with store.reading() as session:
        rows = _rows(session, [match_id])
        if not rows:
            raise errors.UnknownMatch(match_id=match_id)
        setup_text, result_text = session.execute(
            select(cast(Match.setup, Text), cast(Match.result, Text)).where(Match.id == match_id)
        ).one()
        lines = session.execute(
            select(Event.seq, Event.kind, cast(Event.payload, Text), Event.created_at)
            .where(Event.match_id == match_id)
            .order_by(Event.seq)
        ).all()
    setup = stored_object(setup_text, match_id, "setup")
    if setup is None:
        raise errors.CorruptMatch(match_id=match_id, field="setup")
    log = []
    for expected, (seq, kind, payload, at) in enumerate(lines, start=1):
        if seq != expected:
            raise errors.EventMissing(match_id, expected)
        if kind not in KINDS:
            raise errors.EventUnknownKind(match_id, seq, kind=kind)
        action = None
        if kind == "action":
            try:
                action = json.loads(payload) if payload is not None else None
            except ValueError as error:
                raise errors.EventBadJson(match_id, seq) from error
            if not isinstance(action, dict):
                raise errors.EventWithoutAction(match_id, seq)
        log.append(LogLine(seq, kind, action, stored_time(at)))
    return MatchPage(
        row=rows[0],
        setup=setup,
        result=stored_object(result_text, match_id, "result"),
        log=tuple(log),
    )


# -- whole matches as plain records: delete with undo, export and import ----------------
def delete_match_recoverably(store: Store, match_id: int) -> StoredMatch:
    """Delete a match (its seats and log too) and return what `restore` needs to undo it.

    The match is read and deleted in the same transaction: nothing appended
    in between can be lost.
    """
    with store.writing() as session:
        found = read_stored_matches(session, [match_id])
        if not found:
            raise errors.UnknownMatch(match_id=match_id)
        session.execute(delete(Match).where(Match.id == match_id))
    return found[0]


def restore(store: Store, kept: StoredMatch) -> int:
    """Put a deleted match back with its uid, seats, result and log; returns its id.

    It gets its old id back unless another match has taken it meanwhile. Restoring a
    match that is already there (the same uid) changes nothing.
    """
    with store.writing() as session:
        existing = session.scalar(select(Match.id).where(Match.uid == kept.record.uid))
        if existing is not None:
            return int(existing)
        for player_id in kept.player_ids:
            if session.get(Player, player_id) is None:
                raise errors.UnknownPlayer(player_id=player_id)
        taken = session.get(Match, kept.match_id) is not None
        match = insert_record(
            session,
            kept.record,
            dict(zip(kept.record.seats, kept.player_ids, strict=True)),
            match_id=None if taken else kept.match_id,
        )
        try:
            session.flush()
        except IntegrityError as error:
            raise errors.DatabaseFailed(detail=driver_detail(error)) from error
        return match.id


def read_stored_matches(session: Session, match_ids: Sequence[int], *, with_events: bool = True) -> list[StoredMatch]:
    """Whole matches (any status) with their logs (unless not wanted), in the order of `match_ids`."""
    if not match_ids:
        return []
    seats: dict[int, list[tuple[SeatRecord, int]]] = {match_id: [] for match_id in match_ids}
    for match_id, seat, player_id, name, team, score, placing in session.execute(
        select(
            Participant.match_id,
            Participant.seat,
            Participant.player_id,
            Player.name,
            Participant.team,
            Participant.final_score,
            Participant.placing,
        )
        .join(Player, Participant.player_id == Player.id)
        .where(Participant.match_id.in_(match_ids))
        .order_by(Participant.match_id, Participant.seat)
    ):
        seats[match_id].append((SeatRecord(seat, name, team, score, placing), player_id))
    events: dict[int, list[EventRecord]] = {match_id: [] for match_id in match_ids}
    for match_id, seq, kind, payload, at in session.execute(
        select(Event.match_id, Event.seq, Event.kind, cast(Event.payload, Text), Event.created_at)
        .where(Event.match_id.in_(match_ids if with_events else []))
        .order_by(Event.match_id, Event.seq)
    ):
        action = json.loads(payload) if payload is not None else None
        events[match_id].append(EventRecord(seq, kind, action, stored_time(at)))
    found: dict[int, StoredMatch] = {}
    for row in session.execute(
        select(
            Match.id,
            Match.uid,
            Match.game,
            Match.variant,
            cast(Match.setup, Text),
            Match.status,
            Match.started_at,
            Match.finished_at,
            cast(Match.result, Text),
        ).where(Match.id.in_(match_ids))
    ):
        match_id = row[0]
        setup = stored_object(row[4], match_id, "setup")
        if setup is None:
            raise errors.CorruptMatch(match_id=match_id, field="setup")
        record = MatchRecord(
            uid=row[1],
            game=row[2],
            variant=row[3],
            setup=setup,
            status=row[5],
            started_at=utc(row[6]),
            finished_at=utc(row[7]),
            result=stored_object(row[8], match_id, "result"),
            seats=tuple(seat for seat, _ in seats[match_id]),
            events=tuple(events[match_id]),
        )
        found[match_id] = StoredMatch(match_id, record, tuple(pid for _, pid in seats[match_id]))
    return [found[match_id] for match_id in match_ids if match_id in found]


def insert_record(
    session: Session,
    record: MatchRecord,
    player_ids: Mapping[SeatRecord, int],
    match_id: int | None = None,
) -> Match:
    """Add one match with its seats and log to the session (not flushed)."""
    match = Match(
        uid=record.uid,
        game=record.game,
        variant=record.variant,
        setup=record.setup,
        status=record.status,
        started_at=record.started_at,
        finished_at=record.finished_at,
        result=record.result,
        participants=[
            Participant(
                player_id=player_ids[seat],
                seat=seat.seat,
                team=seat.team,
                final_score=seat.score,
                placing=seat.placing,
            )
            for seat in record.seats
        ],
    )
    if match_id is not None:
        match.id = match_id
    session.add(match)
    session.flush()  # the id, for the log rows
    if record.events:
        # One multi-row insert: a long log must not cost one round trip per entry.
        session.execute(
            insert(Event),
            [
                {
                    "match_id": match.id,
                    "seq": event.seq,
                    "kind": event.kind,
                    "payload": event.action,
                    "created_at": event.at,
                }
                for event in record.events
            ],
        )
    return match

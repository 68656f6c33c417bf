"""The export: matches streamed to a JSON file (one match per line), results to CSV.

Stored JSON (set-ups, results, actions) is copied into the file as the database holds it,
read with plain SQL (no ORM objects, no JSON decoding): a whole-database export handles
millions of log entries. The digest covers the content's bytes as written.
"""

from __future__ import annotations

import csv
import hashlib
import json
from collections.abc import Iterator, Mapping, Sequence
from contextlib import suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from sqlalchemy import bindparam, func, select, text
from sqlalchemy.orm import Session
from sqlalchemy.sql.elements import BindParameter

from db import errors
from db.exchange.atomic import replaced_atomically
from db.exchange.fileformat import BATCH, FORMAT, VERSION, ExportSummary
from db.history import read_stored_matches
from db.models import KINDS, NAME_MAX, Match, Player
from db.records import PlayerRecord
from db.values import utc

if TYPE_CHECKING:
    from db.store import Store

CSV_COLUMNS = (
    "match_uid",
    "game",
    "variant",
    "started_at",
    "finished_at",
    "minutes",
    "seat",
    "player",
    "team",
    "score",
    "placing",
    "won",
)


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def _time(moment: datetime) -> str:
    """A time as the file writes it: UTC, to the microsecond, e.g. 2026-05-03T18:30:00.000000Z."""
    moment = moment.astimezone(UTC) if moment.tzinfo else moment.replace(tzinfo=UTC)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _stored_time(value: object) -> str:
    """A time as the database driver hands it over (SQLite: UTC text; others: datetime)."""
    if isinstance(value, datetime):
        return _time(value)
    text = str(value)
    if len(text) == 26 and text[10] == " ":  # SQLAlchemy's own SQLite format: the quick way
        return f"{text[:10]}T{text[11:]}Z"
    return _time(datetime.fromisoformat(text))


def _player_json(player: PlayerRecord) -> str:
    return _json(
        {"name": player.name, "colour": player.colour, "archived": player.archived,
         "created_at": _time(player.created_at)}
    )


def _selected_ids(
    session: Session, game: str | None, match_ids: Sequence[int] | None, finished_only: bool = False
) -> list[int]:
    query = select(Match.id).order_by(Match.id)
    if game is not None:
        query = query.where(Match.game == game)
    if match_ids is not None:
        query = query.where(Match.id.in_(list(match_ids)))
    if finished_only:
        query = query.where(Match.status == "finished")
    found = list(session.scalars(query))
    if match_ids is not None:
        missing = sorted(set(match_ids) - set(found))
        if missing and not finished_only:
            raise errors.UnknownMatch(match_id=missing[0])
    return found


def _export_players(session: Session, only: Sequence[int] | None = None) -> dict[int, PlayerRecord]:
    """Every player by id, under the name the file will give them.

    Names are unique in the file, because the file refers to players by name. Here two
    players can share one when one of them is archived: the player in use keeps it, and
    the others get " (2)", " (3)", ...
    """
    query = select(Player).order_by(Player.archived, Player.id)
    if only is not None:
        query = query.where(Player.id.in_(list(only)))
    players = list(session.scalars(query))
    taken: set[str] = set()
    named: dict[int, PlayerRecord] = {}
    for player in players:
        name, n = player.name, 1
        while name.casefold() in taken:
            n += 1
            name = f"{player.name[: NAME_MAX - 6]} ({n})"
        taken.add(name.casefold())
        named[player.id] = PlayerRecord(
            name, player.colour, bool(player.archived), utc(player.created_at) or datetime.now(UTC)
        )
    return named


def _repeatable(session: Session) -> None:
    """Every query of the export sees one moment of the database."""
    if session.get_bind().dialect.name == "postgresql":
        session.connection(execution_options={"isolation_level": "REPEATABLE READ"})


def write_export(
    store: Store,
    out: IO[bytes],
    *,
    game: str | None = None,
    match_ids: Sequence[int] | None = None,
    now: datetime | None = None,
) -> ExportSummary:
    """Write the export of the chosen matches (all, one game's, or `match_ids`) to `out`.

    The whole database when nothing is chosen: every player then, even those without a
    match. One match per line, so that a large file stays readable and diffable. Stored
    JSON (set-ups, results, actions) is copied into the file as the database holds it:
    the digest covers the bytes as written, so nothing needs re-encoding on the way.

    From a damaged database (DatabaseDamaged), what can still be read is exported: the
    export starts again on `out` (which must be seekable, as files and buffers are) reading
    a batch at a time, then a match at a time where a batch fails; the summary's `skipped`
    says how many matches could not be read and were left out.
    """
    start = out.tell() if out.seekable() else None
    try:
        with store.reading() as session:
            _repeatable(session)
            ids = _selected_ids(session, game, match_ids)
            named = _export_players(session)
            rows = (row for at in range(0, len(ids), BATCH)
                    for row in _matches_json(session, ids[at : at + BATCH], named))
            return _write(out, now, game is None and match_ids is None, named, rows)
    except errors.DatabaseDamaged:
        if start is None:
            raise
    out.seek(start)
    out.truncate()
    named, found, skipped = _salvage(store, game, match_ids)
    summary = _write(out, now, game is None and match_ids is None, named, iter(found))
    return ExportSummary(summary.players, summary.matches, summary.events, summary.digest, skipped)


Row = tuple[str, list[int], int]  # a match's line of JSON, its players' ids, its log's length


def _write(out: IO[bytes], now: datetime | None, everyone: bool, named: Mapping[int, PlayerRecord],
           rows: Iterator[Row]) -> ExportSummary:
    from companion import __version__

    digest = hashlib.sha256()
    counts = {"matches": 0, "events": 0}

    def content(text: str) -> None:
        data = text.encode("utf-8")
        out.write(data)
        digest.update(data)

    head = {"format": FORMAT, "version": VERSION, "exported_at": _time(now or datetime.now(UTC)),
            "app": f"companion {__version__}"}
    out.write((json.dumps(head, ensure_ascii=False)[:-1] + ',\n"content": ').encode("utf-8"))
    seated: set[int] = set()
    content('{"matches": [')
    for line, player_ids, events in rows:
        content(("\n" if counts["matches"] == 0 else ",\n") + line)
        counts["matches"] += 1
        counts["events"] += events
        seated.update(player_ids)
    players = sorted(
        (player for pid, player in named.items() if everyone or pid in seated),
        key=lambda p: (p.name.casefold(), p.name),
    )
    content('\n],\n"players": [' + ",".join("\n" + _player_json(p) for p in players) + "\n]}")
    hexdigest = "sha256:" + digest.hexdigest()
    out.write(f',\n"digest": "{hexdigest}"}}\n'.encode())
    return ExportSummary(len(players), counts["matches"], counts["events"], hexdigest)


# -- what a damaged database still holds ------------------------------------------------------
def _salvage(store: Store, game: str | None,
             match_ids: Sequence[int] | None) -> tuple[dict[int, PlayerRecord], list[Row], int]:
    """The players and match lines that can be read, and how many matches could not be: each
    read in a transaction of its own, halved where it fails, down to one row."""
    try:
        with store.reading() as session:
            named = _export_players(session)
    except errors.DatabaseDamaged:
        readable, _ = _readable_ids(store, Player, None, None)
        named = {}
        try:
            with store.reading() as session:
                named = _export_players(session, readable)
        except errors.DatabaseDamaged:  # one at a time, then (archived namesakes may share a name)
            for player_id in readable:
                with suppress(errors.DatabaseDamaged), store.reading() as session:
                    named.update(_export_players(session, [player_id]))
    rows: list[Row] = []
    skipped = 0

    def take(chunk: Sequence[int]) -> None:
        nonlocal skipped
        try:
            with store.reading() as session:
                found = list(_matches_json(session, chunk, named))
        except (errors.DatabaseDamaged, errors.CorruptEvent, errors.CorruptMatch, KeyError):
            if len(chunk) == 1:  # KeyError: a player of the match could not be read
                skipped += 1
                return
            take(chunk[: len(chunk) // 2])
            take(chunk[len(chunk) // 2 :])
            return
        rows.extend(found)

    ids, unreadable = _readable_ids(store, Match, game, match_ids)
    skipped += len(unreadable)
    for at in range(0, len(ids), BATCH):
        take(ids[at : at + BATCH])
    return named, rows, skipped


def _readable_ids(store: Store, table: type[Match] | type[Player], game: str | None,
                  match_ids: Sequence[int] | None) -> tuple[list[int], list[int]]:
    """The ids of `table` that can be read (of one game, or among `match_ids`), probing ranges
    of ids up to the largest one ever given, and the single ids whose row could not be read."""
    found: list[int] = []
    unreadable: list[int] = []
    top = 0
    try:
        with store.reading() as session:
            top = int(session.scalar(select(func.max(table.id))) or 0)
    except errors.DatabaseDamaged:
        pass
    with suppress(errors.StoreError), store.reading() as session:  # AUTOINCREMENT keeps the largest id given
        top = max(top, int(session.scalar(
            text("SELECT seq FROM sqlite_sequence WHERE name = :name"), {"name": table.__tablename__}) or 0))

    def probe(low: int, high: int) -> None:  # ids low .. high - 1
        query = select(table.id).where(table.id >= low, table.id < high)
        if table is Match and game is not None:
            query = query.where(Match.game == game)
        if table is Match and match_ids is not None:
            query = query.where(Match.id.in_(list(match_ids)))
        try:
            with store.reading() as session:
                found.extend(session.scalars(query))
        except errors.DatabaseDamaged:
            if high - low == 1:
                if match_ids is None or low in match_ids:
                    unreadable.append(low)
                return
            middle = (low + high) // 2
            probe(low, middle)
            probe(middle, high)

    for low in range(1, top + 1, BATCH):
        probe(low, min(low + BATCH, top + 1))
    return found, unreadable


def _event_rows(session: Session, ids: Sequence[int]) -> list[tuple[Any, ...]]:
    """(match_id, seq, kind, payload text, payload is valid JSON, created_at) in log order."""
    if session.get_bind().dialect.name != "sqlite":  # PostgreSQL's json type checked payloads on the way in
        query = text(
            "SELECT match_id, seq, kind, CAST(payload AS TEXT), 1, created_at FROM events"
            " WHERE match_id IN :ids ORDER BY match_id, seq"
        ).bindparams(bindparam("ids", expanding=True))
        return [tuple(row) for row in session.execute(query, {"ids": list(ids)})]
    # SQLite, the app's own database: straight from the driver (millions of rows: no
    # result objects in between), times as the text SQLAlchemy stored.
    cursor = session.connection().connection.cursor()
    try:
        cursor.execute(
            "SELECT match_id, seq, kind, payload, json_valid(payload), created_at FROM events"
            f" WHERE match_id IN ({','.join('?' * len(ids))}) ORDER BY match_id, seq",
            list(ids),
        )
        return list(cursor.fetchall())
    finally:
        cursor.close()


def _logs(session: Session, ids: Sequence[int]) -> dict[int, list[str]]:
    """Each match's log entries as JSON texts, checked as the store checks them on replay."""
    logs: dict[int, list[str]] = {match_id: [] for match_id in ids}
    current, log = None, []
    for match_id, seq, kind, payload, ok, at in _event_rows(session, ids):
        if match_id != current:
            current, log = match_id, logs[match_id]
        if seq != len(log) + 1:
            raise errors.EventMissing(match_id, len(log) + 1)
        # The usual SQLite text the quick way (no call: this runs once per entry).
        at = f"{at[:10]}T{at[11:]}Z" if isinstance(at, str) and len(at) == 26 and at[10] == " " else _stored_time(at)
        if kind == "action":
            if payload is None or not ok or payload.lstrip()[:1] != "{":
                raise errors.EventWithoutAction(match_id, seq)
            log.append(f'{{"seq":{seq},"kind":"action","action":{payload},"at":"{at}"}}')
        elif kind in KINDS:
            log.append(f'{{"seq":{seq},"kind":"{kind}","at":"{at}"}}')
        else:
            raise errors.EventUnknownKind(match_id, seq, kind=kind)
    return logs


def _matches_json(
    session: Session, ids: Sequence[int], named: Mapping[int, PlayerRecord]
) -> Iterator[tuple[str, list[int], int]]:
    """Each match of `ids` as one line of JSON, its player ids, and its log's length.

    Read with plain SQL (no ORM objects, no JSON decoding): a whole-database export
    handles millions of log entries. Anything the store could not read back itself is
    refused here too, naming the match (and the entry).
    """
    sqlite = session.get_bind().dialect.name == "sqlite"
    valid = "json_valid({0})" if sqlite else "1"  # PostgreSQL's json type checked it on the way in
    expanding: BindParameter[list[int]] = bindparam("ids", expanding=True)
    seats: dict[int, list[dict[str, Any]]] = {match_id: [] for match_id in ids}
    players: dict[int, list[int]] = {match_id: [] for match_id in ids}
    for match_id, seat, player_id, team, score, placing in session.execute(
        text('SELECT match_id, seat, player_id, team, final_score, "placing" FROM participants'
             " WHERE match_id IN :ids ORDER BY match_id, seat").bindparams(expanding),
        {"ids": list(ids)},
    ).all():
        seats[match_id].append({"seat": seat, "player": named[player_id].name, "team": team,
                                "score": score, "placing": placing})
        players[match_id].append(player_id)
    logs = _logs(session, ids)
    rows = session.execute(
        text("SELECT id, uid, game, variant, CAST(setup AS TEXT), "
             f"{valid.format('setup')}, status, started_at, finished_at, CAST(result AS TEXT), "
             f"{valid.format('result')} FROM matches WHERE id IN :ids ORDER BY id").bindparams(expanding),
        {"ids": list(ids)},
    ).all()
    for match_id, uid, game, variant, setup, setup_ok, status, started, finished, result, result_ok in rows:
        if setup is None or not setup_ok or not setup.lstrip().startswith("{"):
            raise errors.CorruptMatch(match_id=match_id, field="setup")
        if result is not None and (not result_ok or not result.lstrip().startswith(("{", "null"))):
            raise errors.CorruptMatch(match_id=match_id, field="result")
        line = (
            f'{{"uid":{_json(uid)},"game":{_json(game)},"variant":{_json(variant)},"setup":{setup},'
            f'"status":{_json(status)},"started_at":"{_stored_time(started)}",'
            f'"finished_at":{"null" if finished is None else chr(34) + _stored_time(finished) + chr(34)},'
            f'"result":{"null" if result is None else result},'
            f'"seats":{_json(seats[match_id])},"events":[{",".join(logs[match_id])}]}}'
        )
        yield line, players[match_id], len(logs[match_id])


def export_json(
    store: Store,
    path: str | Path,
    *,
    game: str | None = None,
    match_ids: Sequence[int] | None = None,
) -> ExportSummary:
    """Export to a file; it appears complete or not at all (written aside, then renamed)."""
    with replaced_atomically(Path(path), binary=True) as out:
        return write_export(store, out, game=game, match_ids=match_ids)


def export_csv(
    store: Store,
    path: str | Path,
    *,
    game: str | None = None,
    match_ids: Sequence[int] | None = None,
) -> int:
    """The results of the chosen finished matches, one row per seat; returns the row count."""
    with replaced_atomically(Path(path)) as out:
        return write_csv(store, out, game=game, match_ids=match_ids)


def write_csv(
    store: Store,
    out: IO[str],
    *,
    game: str | None = None,
    match_ids: Sequence[int] | None = None,
) -> int:
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    rows = 0
    with store.reading() as session:
        _repeatable(session)
        ids = _selected_ids(session, game, match_ids, finished_only=True)
        for start in range(0, len(ids), BATCH):
            for snapshot in read_stored_matches(session, ids[start : start + BATCH], with_events=False):
                record = snapshot.record
                minutes = ""
                if record.finished_at is not None:
                    seconds = (record.finished_at - record.started_at).total_seconds()
                    minutes = f"{seconds / 60:.1f}"
                for seat in record.seats:
                    writer.writerow([
                        record.uid,
                        record.game,
                        record.variant or "",
                        _time(record.started_at),
                        "" if record.finished_at is None else _time(record.finished_at),
                        minutes,
                        seat.seat,
                        seat.player,
                        "" if seat.team is None else seat.team,
                        "" if seat.score is None else seat.score,
                        "" if seat.placing is None else seat.placing,
                        1 if seat.placing == 1 else 0,
                    ])
                    rows += 1
    return rows

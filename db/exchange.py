"""Export and import: matches to a JSON file and back, results to CSV, match codes.

The JSON file's schema is described in docs/export-format.md. In short:

    {"format": "companion-export", "version": 1, "exported_at": "...Z", "app": "...",
     "content": {"matches": [...], "players": [...]},
     "digest": "sha256:<hex of the canonical JSON of content>"}

The digest is a checksum, not a signature: it catches a file damaged on the way or edited
by hand (which would otherwise merge half-understood data), not a forger.

Importing checks the whole file first (format, version, digest, every field) and then
writes in one transaction: a refused file leaves the database exactly as it was. Matches
are merged by uid (one already present is skipped, never duplicated) and players by name
(compared without case, as the store compares them).
"""

from __future__ import annotations

import csv
import hashlib
import json
import os
import re
import tempfile
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, ClassVar

from sqlalchemy import bindparam, select, text
from sqlalchemy.orm import Session
from sqlalchemy.sql.elements import BindParameter

from db import errors
from db.history import (
    EventRecord,
    MatchRecord,
    SeatRecord,
    insert_record,
    read_snapshots,
    reading,
    utc,
    writing,
)
from db.models import GAME_MAX, KINDS, NAME_MAX, STATUSES, VARIANT_MAX, Match, Player

if TYPE_CHECKING:
    from companion.matchcode import MatchSummary
    from db.store import Store

FORMAT = "companion-export"
VERSION = 1
BATCH = 500  # matches read per round trip while exporting
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
# Colours for players that arrive by match code (a code carries names only).
PALETTE = ("#d32f2f", "#1976d2", "#388e3c", "#fbc02d", "#7b1fa2", "#f57c00", "#0097a7", "#5d4037")
_UID = re.compile(r"[0-9a-f]{32}")
_COLOUR = re.compile(r"#[0-9a-f]{6}")
_GAME = re.compile(r"[a-z][a-z0-9_]*")


# -- refusals ------------------------------------------------------------------------------
class ExchangeError(errors.StoreError):
    """A file or code that cannot be imported; nothing was written."""

    message_id: ClassVar[str] = "exchange.refused"


class FileUnreadable(ExchangeError):
    message_id = "exchange.unreadable"  # detail


class NotJsonFile(ExchangeError):
    message_id = "exchange.not_json"  # line, column


class NotAnExport(ExchangeError):
    message_id = "exchange.not_an_export"


class NewerExport(ExchangeError):
    message_id = "exchange.newer_version"  # version, supported


class DigestMissing(ExchangeError):
    message_id = "exchange.digest_missing"


class DigestMismatch(ExchangeError):
    message_id = "exchange.digest_mismatch"


class BadField(ExchangeError):
    """A field of the file is missing or wrong; `where` is its path, e.g. matches[3].seats[0].score."""

    message_id = "exchange.bad_field"  # where, expected (itself a message id)

    def message(self, lang: str = "en") -> str:
        from companion.i18n import t

        params = dict(self.params)
        params["expected"] = t(str(params.get("expected", "")), lang)
        return t(self.message_id, lang, **params)


class UnknownPlayerName(ExchangeError):
    message_id = "exchange.unknown_player"  # where, name


class DuplicateUid(ExchangeError):
    message_id = "exchange.duplicate_uid"  # uid


class DuplicatePlayer(ExchangeError):
    message_id = "exchange.duplicate_player"  # name


class LogOutOfOrder(ExchangeError):
    message_id = "exchange.log_out_of_order"  # where


class NotFinished(ExchangeError):
    """Only a finished match has a match code."""

    message_id = "exchange.not_finished"  # match_id


# Words for BadField's `expected`, each its own message id so that both languages have them.
EXPECTED = ("object", "list", "text", "name", "whole", "seat", "placing", "bool", "time",
            "colour", "uid", "game", "variant", "status", "kind", "seats", "finish")


# -- what the files hold -----------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PlayerRecord:
    name: str
    colour: str
    archived: bool
    created_at: datetime  # UTC


@dataclass(frozen=True, slots=True)
class ExportFile:
    """A checked export file, ready to import (or to preview: how many, of which games)."""

    version: int
    exported_at: datetime
    players: tuple[PlayerRecord, ...]
    matches: tuple[MatchRecord, ...]


@dataclass(frozen=True, slots=True)
class ExportSummary:
    players: int
    matches: int
    events: int
    digest: str  # "sha256:<hex>"


@dataclass(frozen=True, slots=True)
class ImportReport:
    matches_added: int
    matches_skipped: int  # already here (same uid)
    players_added: tuple[str, ...]  # names of the players created
    players_matched: int  # file players found here by name


# -- JSON values ---------------------------------------------------------------------------
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


# -- export ----------------------------------------------------------------------------------
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


def _export_players(session: Session) -> dict[int, PlayerRecord]:
    """Every player by id, under the name the file will give them.

    Names are unique in the file, because the file refers to players by name. Here two
    players can share one when one of them is archived: the player in use keeps it, and
    the others get " (2)", " (3)", ...
    """
    players = list(session.scalars(select(Player).order_by(Player.archived, Player.id)))
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
    """
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
    with reading(store) as session:
        _repeatable(session)
        ids = _selected_ids(session, game, match_ids)
        named = _export_players(session)
        seated: set[int] = set()
        content('{"matches": [')
        for start in range(0, len(ids), BATCH):
            for line, player_ids, events in _matches_json(session, ids[start : start + BATCH], named):
                content(("\n" if counts["matches"] == 0 else ",\n") + line)
                counts["matches"] += 1
                counts["events"] += events
                seated.update(player_ids)
    everyone = game is None and match_ids is None
    players = sorted(
        (player for pid, player in named.items() if everyone or pid in seated),
        key=lambda p: (p.name.casefold(), p.name),
    )
    content('\n],\n"players": [' + ",".join("\n" + _player_json(p) for p in players) + "\n]}")
    hexdigest = "sha256:" + digest.hexdigest()
    out.write(f',\n"digest": "{hexdigest}"}}\n'.encode())
    return ExportSummary(len(players), counts["matches"], counts["events"], hexdigest)


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
    with _replacing(Path(path), binary=True) as out:
        return write_export(store, out, game=game, match_ids=match_ids)


def export_csv(
    store: Store,
    path: str | Path,
    *,
    game: str | None = None,
    match_ids: Sequence[int] | None = None,
) -> int:
    """The results of the chosen finished matches, one row per seat; returns the row count."""
    with _replacing(Path(path)) as out:
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
    with reading(store) as session:
        _repeatable(session)
        ids = _selected_ids(session, game, match_ids, finished_only=True)
        for start in range(0, len(ids), BATCH):
            for snapshot in read_snapshots(session, ids[start : start + BATCH], with_events=False):
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


class _replacing:
    """A file written next to `path` and renamed over it only when complete."""

    def __init__(self, path: Path, binary: bool = False) -> None:
        self.path = path
        self.binary = binary

    def __enter__(self) -> IO[Any]:
        handle, self.temporary = tempfile.mkstemp(
            prefix=f".{self.path.name}.", suffix=".part", dir=self.path.parent or Path(".")
        )
        if self.binary:
            self.out: IO[Any] = os.fdopen(handle, "wb", buffering=1 << 20)
        else:
            self.out = os.fdopen(handle, "w", encoding="utf-8", newline="")
        return self.out

    def __exit__(self, kind: type[BaseException] | None, *rest: object) -> None:
        self.out.close()
        if kind is None:
            os.replace(self.temporary, self.path)
        else:
            os.unlink(self.temporary)


# -- reading and checking a file ---------------------------------------------------------------
def read_export(source: str | Path | bytes) -> ExportFile:
    """Parse and check an export (a path, or the file's bytes); raises an ExchangeError."""
    if isinstance(source, bytes):
        raw = source
    else:
        try:
            raw = Path(source).read_bytes()
        except OSError as error:
            raise FileUnreadable(detail=error.strerror or str(error)) from error
    try:
        text = raw.decode("utf-8-sig")
        data = json.loads(text)
    except UnicodeDecodeError as error:
        raise FileUnreadable(detail="not UTF-8 text") from error
    except json.JSONDecodeError as error:
        raise NotJsonFile(line=error.lineno, column=error.colno) from error
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise NotAnExport()
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise BadField(where="version", expected=_expected("whole"))
    if version > VERSION:
        raise NewerExport(version=version, supported=VERSION)
    content = data.get("content")
    if not isinstance(content, dict):
        raise BadField(where="content", expected=_expected("object"))
    digest = data.get("digest")
    if not isinstance(digest, str) or not digest.startswith("sha256:"):
        raise DigestMissing()
    written = content_bytes(raw)
    if written is None or digest.lower() != content_digest(written):
        raise DigestMismatch()
    exported_at = _parse_time(data.get("exported_at"), "exported_at")
    return _Checker().content(version, exported_at, content)


def content_digest(content: bytes) -> str:
    """The digest an export carries: SHA-256 of its content's bytes exactly as written."""
    return "sha256:" + hashlib.sha256(content).hexdigest()


def content_bytes(raw: bytes) -> bytes | None:
    """The bytes of the content value, from its { to its }, in an export laid out as written:
    "content" first found after the header, "digest" the last member. None if not so laid out.
    """
    key = raw.find(b'"content"')
    tail = raw.rfind(b'"digest"')
    if key < 0 or tail < key:
        return None
    start = raw.find(b":", key + len(b'"content"'))
    if start < 0:
        return None
    start += 1
    while start < tail and raw[start : start + 1].isspace():
        start += 1
    end = tail - 1
    while end > start and raw[end : end + 1].isspace():
        end -= 1
    if raw[end : end + 1] != b",":
        return None
    end -= 1
    while end > start and raw[end : end + 1].isspace():
        end -= 1
    if raw[start : start + 1] != b"{" or raw[end : end + 1] != b"}":
        return None
    return raw[start : end + 1]


def _expected(word: str) -> str:
    """The message id of a BadField's expectation (a word of both catalogues)."""
    return f"exchange.expected_{word}"


class _Checker:
    """Walks the content and turns it into records, naming the first wrong field."""

    def content(self, version: int, exported_at: datetime, content: Mapping[str, Any]) -> ExportFile:
        players = tuple(self.player(f"players[{i}]", p) for i, p in enumerate(self.list(content, "players", "")))
        known: dict[str, str] = {}
        for player in players:
            key = player.name.casefold()
            if key in known:
                raise DuplicatePlayer(name=player.name)
            known[key] = player.name
        matches = []
        uids: set[str] = set()
        for i, match in enumerate(self.list(content, "matches", "")):
            record = self.match(f"matches[{i}]", match, known)
            if record.uid in uids:
                raise DuplicateUid(uid=record.uid)
            uids.add(record.uid)
            matches.append(record)
        return ExportFile(version, exported_at, players, tuple(matches))

    # -- fields
    def field(self, data: Any, key: str, where: str) -> Any:
        if not isinstance(data, Mapping):
            raise BadField(where=where or "content", expected=_expected("object"))
        if key not in data:
            raise BadField(where=_join(where, key), expected=_expected(_EXPECT_FOR.get(key, "object")))
        return data[key]

    def list(self, data: Any, key: str, where: str) -> list[Any]:
        value = self.field(data, key, where)
        if not isinstance(value, list):
            raise BadField(where=_join(where, key), expected=_expected("list"))
        return value

    def object(self, data: Any, key: str, where: str, nullable: bool = False) -> dict[str, Any] | None:
        value = self.field(data, key, where)
        if value is None and nullable:
            return None
        if not isinstance(value, dict):
            raise BadField(where=_join(where, key), expected=_expected("object"))
        return value

    def whole(self, data: Any, key: str, where: str, minimum: int | None = None,
              nullable: bool = False, word: str = "whole") -> int | None:
        value = self.field(data, key, where)
        if value is None and nullable:
            return None
        if not _is_int(value) or (minimum is not None and value < minimum):
            raise BadField(where=_join(where, key), expected=_expected(word))
        return int(value)

    def text(self, data: Any, key: str, where: str, pattern: re.Pattern[str] | None = None,
             longest: int | None = None, word: str = "text") -> str:
        value = self.field(data, key, where)
        if not isinstance(value, str) or (pattern is not None and not pattern.fullmatch(value)) or (
            longest is not None and len(value) > longest
        ):
            raise BadField(where=_join(where, key), expected=_expected(word))
        return value

    # -- records
    def player(self, where: str, data: Any) -> PlayerRecord:
        name = self.text(data, "name", where, word="name")
        if not name.strip() or " ".join(name.split()) != name or len(name) > NAME_MAX:
            raise BadField(where=_join(where, "name"), expected=_expected("name"))
        archived = self.field(data, "archived", where)
        if not isinstance(archived, bool):
            raise BadField(where=_join(where, "archived"), expected=_expected("bool"))
        return PlayerRecord(
            name=name,
            colour=self.text(data, "colour", where, _COLOUR, word="colour"),
            archived=archived,
            created_at=_parse_time(self.field(data, "created_at", where), _join(where, "created_at")),
        )

    def match(self, where: str, data: Any, players: Mapping[str, str]) -> MatchRecord:
        uid = self.text(data, "uid", where, _UID, word="uid")
        game = self.text(data, "game", where, _GAME, GAME_MAX, word="game")
        variant = self.field(data, "variant", where)
        if variant is not None and (not isinstance(variant, str) or len(variant) > VARIANT_MAX):
            raise BadField(where=_join(where, "variant"), expected=_expected("variant"))
        setup = self.object(data, "setup", where)
        status = self.text(data, "status", where, word="status")
        if status not in STATUSES:
            raise BadField(where=_join(where, "status"), expected=_expected("status"))
        started = _parse_time(self.field(data, "started_at", where), _join(where, "started_at"))
        finished_raw = self.field(data, "finished_at", where)
        if (finished_raw is None) != (status == "active"):
            raise BadField(where=_join(where, "finished_at"), expected=_expected("finish"))
        finished = None if finished_raw is None else _parse_time(finished_raw, _join(where, "finished_at"))
        result = self.object(data, "result", where, nullable=True)
        seats = self.seats(where, data, players)
        events = self.events(where, data)
        assert setup is not None
        return MatchRecord(uid, game, variant, setup, status, started, finished, result, seats, events)

    def seats(self, where: str, data: Any, players: Mapping[str, str]) -> tuple[SeatRecord, ...]:
        found: list[SeatRecord] = []
        taken: set[int] = set()
        seated: set[str] = set()
        listed = self.list(data, "seats", where)
        if not listed:
            raise BadField(where=_join(where, "seats"), expected=_expected("seats"))
        for i, seat in enumerate(listed):
            at = f"{_join(where, 'seats')}[{i}]"
            number = self.whole(seat, "seat", at, minimum=0, word="seat")
            name = self.text(seat, "player", at, word="name")
            key = name.casefold()
            if key not in players:
                raise UnknownPlayerName(where=_join(at, "player"), name=name)
            if number in taken or key in seated:
                raise BadField(where=at, expected=_expected("seat"))
            taken.add(number)  # type: ignore[arg-type]
            seated.add(key)
            found.append(
                SeatRecord(
                    seat=number,  # type: ignore[arg-type]
                    player=players[key],
                    team=self.whole(seat, "team", at, minimum=0, nullable=True),
                    score=self.whole(seat, "score", at, nullable=True),
                    placing=self.whole(seat, "placing", at, minimum=1, nullable=True, word="placing"),
                )
            )
        return tuple(found)

    def events(self, where: str, data: Any) -> tuple[EventRecord, ...]:
        found = []
        for i, event in enumerate(self.list(data, "events", where)):
            at = f"{_join(where, 'events')}[{i}]"
            seq = self.whole(event, "seq", at, minimum=1)
            if seq != i + 1:
                raise LogOutOfOrder(where=_join(where, "events"))
            kind = self.text(event, "kind", at, word="kind")
            if kind not in KINDS:
                raise BadField(where=_join(at, "kind"), expected=_expected("kind"))
            action = None
            if kind == "action":
                action = self.object(event, "action", at)
            elif "action" in event:
                raise BadField(where=_join(at, "kind"), expected=_expected("kind"))
            stamp = _parse_time(self.field(event, "at", at), _join(at, "at"))
            found.append(EventRecord(i + 1, kind, action, stamp))
        return tuple(found)


_EXPECT_FOR = {"name": "name", "player": "name", "colour": "colour", "archived": "bool",
               "created_at": "time", "started_at": "time", "finished_at": "time", "at": "time",
               "exported_at": "time", "uid": "uid", "game": "game", "variant": "variant",
               "status": "status", "kind": "kind", "seat": "seat", "seq": "whole", "team": "whole",
               "score": "whole", "placing": "placing", "seats": "list", "events": "list",
               "players": "list", "matches": "list"}


def _join(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key


def _parse_time(value: Any, where: str) -> datetime:
    if isinstance(value, str):
        try:
            moment = datetime.fromisoformat(value)
        except ValueError:
            pass
        else:
            if moment.tzinfo is not None:
                return moment.astimezone(UTC)
    raise BadField(where=where, expected=_expected("time"))


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# -- importing -----------------------------------------------------------------------------------
def import_json(store: Store, source: str | Path | bytes) -> ImportReport:
    """Check an export file whole, then merge it in one transaction."""
    return import_export(store, read_export(source))


def import_export(store: Store, export: ExportFile) -> ImportReport:
    with writing(store) as session:
        ids, added, matched = _player_ids(session, export.players)
        present = _present_uids(session, [record.uid for record in export.matches])
        new = 0
        for record in export.matches:
            if record.uid in present:
                continue
            insert_record(session, record, {seat: ids[seat.player.casefold()] for seat in record.seats})
            new += 1
        return ImportReport(new, len(export.matches) - new, tuple(added), matched)


def _present_uids(session: Session, uids: Sequence[str]) -> set[str]:
    present: set[str] = set()
    for start in range(0, len(uids), BATCH):
        present.update(session.scalars(select(Match.uid).where(Match.uid.in_(uids[start : start + BATCH]))))
    return present


def _player_ids(
    session: Session, players: Iterable[PlayerRecord]
) -> tuple[dict[str, int], list[str], int]:
    """Each file player's id here by folded name: found (a player in use first) or created."""
    here: dict[str, Player] = {}
    for player in session.scalars(select(Player).order_by(Player.id)):
        key = player.name.casefold()
        if key not in here or (here[key].archived and not player.archived):
            here[key] = player
    ids: dict[str, int] = {}
    added: list[str] = []
    matched = 0
    for record in players:
        key = record.name.casefold()
        if key in here:
            ids[key] = here[key].id
            matched += 1
            continue
        player = Player(name=record.name, colour=record.colour, created_at=record.created_at,
                        archived=record.archived)
        session.add(player)
        session.flush()
        here[key] = player
        ids[key] = player.id
        added.append(record.name)
    return ids, added, matched


# -- match codes -----------------------------------------------------------------------------------
def match_code(store: Store, match_id: int) -> str:
    """The match code of a finished match (see companion.matchcode)."""
    from companion.matchcode import CodeSeat, MatchSummary, encode

    with reading(store) as session:
        snapshots = read_snapshots(session, [match_id])
    if not snapshots:
        raise errors.UnknownMatch(match_id=match_id)
    record = snapshots[0].record
    if record.status != "finished" or record.finished_at is None:
        raise NotFinished(match_id=match_id)
    return encode(
        MatchSummary(
            uid=record.uid,
            game=record.game,
            variant=record.variant,
            started_at=record.started_at,
            finished_at=record.finished_at,
            seats=tuple(CodeSeat(s.player, s.score, s.placing, s.team) for s in record.seats),
        )
    )


def import_match_code(store: Store, text: str) -> ImportReport:
    """File the match a code (or a link carrying one) describes; BadMatchCode if damaged.

    The match arrives finished, with its seats, scores and placings and no log (a code
    carries none); its result says so with "from_code": true.
    """
    from companion.matchcode import decode

    summary = decode(text)
    return import_summary(store, summary)


def import_summary(store: Store, summary: MatchSummary) -> ImportReport:
    record = MatchRecord(
        uid=summary.uid,
        game=summary.game,
        variant=summary.variant,
        setup={"players": len(summary.seats)},
        status="finished",
        started_at=summary.started_at,
        finished_at=summary.finished_at,
        result={
            "over": True,
            "places": [list(group) for group in summary.places],
            "scores": {str(i): s.score for i, s in enumerate(summary.seats) if s.score is not None},
            "detail": {},
            "from_code": True,
        },
        seats=tuple(
            SeatRecord(i, " ".join(s.name.split())[:NAME_MAX], s.team, s.score, s.placing)
            for i, s in enumerate(summary.seats)
        ),
    )
    with writing(store) as session:
        if _present_uids(session, [record.uid]):
            return ImportReport(0, 1, (), 0)
        used = set(session.scalars(select(Player.colour).where(Player.archived.is_(False))))
        free = iter([c for c in PALETTE if c not in used] + list(PALETTE) * len(record.seats))
        now = datetime.now(UTC)
        players = [PlayerRecord(seat.player, next(free), False, now) for seat in record.seats]
        ids, added, matched = _player_ids(session, players)
        insert_record(session, record, {seat: ids[seat.player.casefold()] for seat in record.seats})
        return ImportReport(1, 0, tuple(added), matched)

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
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, ClassVar

from sqlalchemy import select
from sqlalchemy.orm import Session

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
def _canonical(value: Any) -> str:
    """The one text a JSON value hashes as: sorted keys, no spaces, UTF-8 as is."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def _time(moment: datetime) -> str:
    moment = moment.astimezone(UTC) if moment.tzinfo else moment.replace(tzinfo=UTC)
    return moment.isoformat().replace("+00:00", "Z")


def _player_json(player: PlayerRecord) -> dict[str, Any]:
    return {
        "name": player.name,
        "colour": player.colour,
        "archived": player.archived,
        "created_at": _time(player.created_at),
    }


def _match_json(record: MatchRecord) -> dict[str, Any]:
    return {
        "uid": record.uid,
        "game": record.game,
        "variant": record.variant,
        "setup": record.setup,
        "status": record.status,
        "started_at": _time(record.started_at),
        "finished_at": None if record.finished_at is None else _time(record.finished_at),
        "result": record.result,
        "seats": [
            {"seat": s.seat, "player": s.player, "team": s.team, "score": s.score, "placing": s.placing}
            for s in record.seats
        ],
        "events": [
            {"seq": e.seq, "kind": e.kind, "at": _time(e.at)}
            | ({"action": e.action} if e.kind == "action" else {})
            for e in record.events
        ],
    }


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
    out: IO[str],
    *,
    game: str | None = None,
    match_ids: Sequence[int] | None = None,
    now: datetime | None = None,
) -> ExportSummary:
    """Write the export of the chosen matches (all, one game's, or `match_ids`) to `out`.

    The whole database when nothing is chosen: every player then, even those without a
    match. One match per line, so that a large file stays readable and diffable.
    """
    from companion import __version__

    exported_at = now or datetime.now(UTC)
    digest = hashlib.sha256()
    counts = {"matches": 0, "events": 0}

    def emit(text: str, hashed: str | None = None) -> None:
        out.write(text)
        if hashed is not None:
            digest.update(hashed.encode("utf-8"))

    with reading(store) as session:
        _repeatable(session)
        ids = _selected_ids(session, game, match_ids)
        named = _export_players(session)
        everyone = game is None and match_ids is None
        seated: set[int] = set()
        head = {"format": FORMAT, "version": VERSION, "exported_at": _time(exported_at),
                "app": f"companion {__version__}"}
        emit(json.dumps(head, ensure_ascii=False)[:-1] + ',\n"content": ')
        emit('{"matches": [', '{"matches":[')
        for start in range(0, len(ids), BATCH):
            for snapshot in read_snapshots(session, ids[start : start + BATCH]):
                record = replace(
                    snapshot.record,
                    seats=tuple(
                        replace(seat, player=named[pid].name)
                        for seat, pid in zip(snapshot.record.seats, snapshot.player_ids, strict=True)
                    ),
                )
                text = _canonical(_match_json(record))
                emit(("\n" if counts["matches"] == 0 else ",\n") + text,
                     ("" if counts["matches"] == 0 else ",") + text)
                counts["matches"] += 1
                counts["events"] += len(record.events)
                seated.update(snapshot.player_ids)
    players = sorted(
        (player for pid, player in named.items() if everyone or pid in seated),
        key=lambda p: (p.name.casefold(), p.name),
    )
    emit("\n],\n", "],")
    emit('"players": ' + _canonical([_player_json(p) for p in players]),
         '"players":' + _canonical([_player_json(p) for p in players]))
    emit("}", "}")
    hexdigest = "sha256:" + digest.hexdigest()
    out.write(f',\n"digest": "{hexdigest}"}}\n')
    return ExportSummary(len(players), counts["matches"], counts["events"], hexdigest)


def export_json(
    store: Store,
    path: str | Path,
    *,
    game: str | None = None,
    match_ids: Sequence[int] | None = None,
) -> ExportSummary:
    """Export to a file; it appears complete or not at all (written aside, then renamed)."""
    with _replacing(Path(path)) as out:
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
            for snapshot in read_snapshots(session, ids[start : start + BATCH]):
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
    """A text file written next to `path` and renamed over it only when complete."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __enter__(self) -> IO[str]:
        handle, self.temporary = tempfile.mkstemp(
            prefix=f".{self.path.name}.", suffix=".part", dir=self.path.parent or Path(".")
        )
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
    actual = "sha256:" + hashlib.sha256(_canonical(content).encode("utf-8")).hexdigest()
    if digest.lower() != actual:
        raise DigestMismatch()
    exported_at = _parse_time(data.get("exported_at"), "exported_at")
    return _Checker().content(version, exported_at, content)


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

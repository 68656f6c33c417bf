"""Reading an export file and checking every field of it, naming the first wrong one.

Nothing is written here: `read_export` hands back an `ExportFile` of plain records, or
raises an ExchangeError (which `where` in the file, and what was expected there).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from db.exchange.fileformat import FORMAT, VERSION, ExportFile
from db.exchange.refusals import (
    BadField,
    DigestMismatch,
    DigestMissing,
    DuplicatePlayer,
    DuplicateUid,
    FileUnreadable,
    LogOutOfOrder,
    NewerExport,
    NotAnExport,
    NotJsonFile,
    UnknownPlayerName,
)
from db.models import GAME_MAX, KINDS, NAME_MAX, STATUSES, VARIANT_MAX
from db.records import EventRecord, MatchRecord, PlayerRecord, SeatRecord

_UID = re.compile(r"[0-9a-f]{32}")
_COLOUR = re.compile(r"#[0-9a-f]{6}")
_GAME = re.compile(r"[a-z][a-z0-9_]*")


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

"""Reading an export file and checking every field of it, naming the first wrong one.

Nothing is written here: `read_export` hands back an `ExportFile` of plain records, or
raises an ExchangeError (which `where` in the file, and what was expected there).

A file is read as an attacker might have written it: JSON nested deeper than any export
(which would exhaust the stack), numbers no database holds (10^5000, NaN, Infinity), text
with a lone surrogate (which no database or screen can encode), times that overflow when
turned to UTC (year 1 with an offset) are all refused with their reason, before any work.
Then every field is checked as the schema would (bounded numbers, names as the store
cleans them), and every match as its game would (`db.exchange.replaying`).
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from db import errors
from db.exchange.fileformat import FORMAT, VERSION, ExportFile
from db.exchange.refusals import (
    BadField,
    BadNumber,
    BadText,
    DigestMismatch,
    DigestMissing,
    DuplicatePlayer,
    DuplicateUid,
    FileUnreadable,
    LogOutOfOrder,
    NewerExport,
    NotAnExport,
    NotJsonFile,
    TooDeep,
    UnknownPlayerName,
)
from db.exchange.replaying import check_with_game
from db.models import GAME_MAX, KINDS, STATUSES, VARIANT_MAX
from db.names import clean_name
from db.records import EventRecord, MatchRecord, PlayerRecord, SeatRecord

_UID = re.compile(r"[0-9a-f]{32}")
_COLOUR = re.compile(r"#[0-9a-f]{6}")
_GAME = re.compile(r"[a-z][a-z0-9_]*")
_SURROGATE = re.compile("[\ud800-\udfff]")
MAX_DEPTH = 32  # no set-up, action or result of any game nests half as deep
MAX_DIGITS = 18  # every JSON integer fits the databases' 64-bit integers
MOST = 999_999_999  # seats, teams, scores and placings: the databases' 32-bit columns hold it
YEARS = (1970, 9999)  # a time outside these is no time a match was played


def read_export(source: str | Path | bytes) -> ExportFile:
    """Parse and check an export (a path, or the file's bytes); raises an ExchangeError."""
    if isinstance(source, bytes):
        raw = source
    else:
        try:
            raw = Path(source).read_bytes()
        except OSError as error:
            raise FileUnreadable(detail=error.strerror or str(error)) from error
    data = parse_json(raw)
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
    export = _Checker().content(version, exported_at, content)
    for i, record in enumerate(export.matches):
        check_with_game(f"matches[{i}]", record)
    return export


def check_match(where: str, data: Any, players: Mapping[str, str]) -> MatchRecord:
    """One match in the file's shape checked field by field and by its game; `players` maps
    each name a seat may give (folded) to the player's name as kept."""
    record = _Checker().match(where, data, players)
    check_with_game(where, record)
    return record


def kept_name(name: str, where: str) -> str:
    """A player's name as the store would keep it (control and reordering characters taken
    out), or BadField at `where` if it has nothing to see or is too long."""
    try:
        return clean_name(name)
    except errors.StoreError as error:
        raise BadField(where=where, expected=_expected("name")) from error


def parse_json(raw: bytes) -> Any:
    """The file's JSON, refused (with the reason) if no export could hold it: not UTF-8, not
    JSON, nested deeper than MAX_DEPTH, a number beyond MAX_DIGITS or not finite, a lone
    surrogate in a text."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise FileUnreadable(detail="not UTF-8 text") from error
    try:
        data = json.loads(text, parse_int=_whole, parse_float=_fraction, parse_constant=_constant)
    except json.JSONDecodeError as error:
        raise NotJsonFile(line=error.lineno, column=error.colno) from error
    except RecursionError as error:  # the parser's own stack ran out, far beyond MAX_DEPTH
        raise TooDeep(where="content", most=MAX_DEPTH) from error
    except ValueError as error:  # a number too long for Python to read as text
        raise BadNumber(number="…") from error
    problem = _first_problem(data)
    if problem is not None:
        where, refusal = problem
        raise refusal(where=where or "content", **({"most": MAX_DEPTH} if refusal is TooDeep else {}))
    return data


def _whole(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise BadNumber(number=text[:12] + "…")
    return int(text)


def _fraction(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):  # 1e400 reads as infinity
        raise BadNumber(number=text[:12])
    return value


def _constant(text: str) -> Any:
    raise BadNumber(number=text)  # NaN, Infinity, -Infinity: not JSON, and no database stores them


def _first_problem(data: Any) -> tuple[str, type[TooDeep] | type[BadText]] | None:
    """Where the parsed file first nests too deep or holds a lone surrogate, if anywhere.
    A loop, not recursion: the file decides how deep it goes."""
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(data, ())] if isinstance(data, dict | list) else []
    while stack:
        value, path = stack.pop()
        if len(path) > MAX_DEPTH:
            return _path(path), TooDeep
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, item in items:
            if isinstance(key, str) and not key.isascii() and _SURROGATE.search(key):
                return _path((*path, key)), BadText
            if isinstance(item, str):
                if not item.isascii() and _SURROGATE.search(item):
                    return _path((*path, key)), BadText
            elif isinstance(item, dict | list):
                stack.append((item, (*path, key)))
    return None


def _path(path: tuple[str | int, ...]) -> str:
    """`("content", "matches", 3, "setup")` as "content.matches[3].setup"."""
    text = ""
    for key in path:
        text += f"[{key}]" if isinstance(key, int) else (f".{key}" if text else key)
    return text


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
        listed = self.list(content, "players", "")
        players = tuple(self.player(f"players[{i}]", p) for i, p in enumerate(listed))
        known: dict[str, str] = {}  # a seat's name as the file writes it, folded: the player's name here
        kept: set[str] = set()
        for player, data in zip(players, listed, strict=True):
            if player.name.casefold() in kept:
                raise DuplicatePlayer(name=player.name)
            kept.add(player.name.casefold())
            known[data["name"].casefold()] = player.name
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

    def whole(self, data: Any, key: str, where: str, minimum: int | None = None, most: int | None = None,
              nullable: bool = False, word: str = "whole") -> int | None:
        value = self.field(data, key, where)
        if value is None and nullable:
            return None
        if not _is_int(value) or (minimum is not None and value < minimum) or (most is not None and value > most):
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
        name = kept_name(self.text(data, "name", where, word="name"), _join(where, "name"))
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
        if finished is not None and finished < started:
            raise BadField(where=_join(where, "finished_at"), expected=_expected("finish"))
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
            number = self.whole(seat, "seat", at, minimum=0, most=MOST, word="seat")
            name = self.text(seat, "player", at, word="name")
            key = name.casefold()
            if key not in players:
                raise UnknownPlayerName(where=_join(at, "player"), name=name)
            if number in taken or players[key].casefold() in seated:
                raise BadField(where=at, expected=_expected("seat"))
            taken.add(number)  # type: ignore[arg-type]
            seated.add(players[key].casefold())
            found.append(
                SeatRecord(
                    seat=number,  # type: ignore[arg-type]
                    player=players[key],
                    team=self.whole(seat, "team", at, minimum=0, most=MOST, nullable=True),
                    score=self.whole(seat, "score", at, minimum=-MOST, most=MOST, nullable=True),
                    placing=self.whole(seat, "placing", at, minimum=1, most=len(listed), nullable=True,
                                       word="placing"),
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
    """A time with its zone, in UTC; one that overflows on the way (year 1 at +05:00) or lies
    outside YEARS is refused like any other wrong time."""
    if isinstance(value, str):
        try:
            moment = datetime.fromisoformat(value)
            if moment.tzinfo is not None:
                moment = moment.astimezone(UTC)
                if YEARS[0] <= moment.year <= YEARS[1]:
                    return moment
        except (ValueError, OverflowError):
            pass
    raise BadField(where=where, expected=_expected("time"))


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)

"""Match codes: a finished match's summary as a short, URL-safe text with a checksum.

A code is shown as text and as a QR code; another install reads it back by pasting it or
from a photo of the QR code, and files the match in its history (by its uid, so a second
paste adds nothing). Only the summary travels: who sat where, scores, placings, teams,
when, and the game. The move log stays at home.

Layout: ``M1-`` then base 32 (A–Z, 2–7: safe in a URL, and dense in a QR code, whose
alphanumeric mode holds exactly those characters) of these bytes:

    flags (1)   bit 0: the body is deflated
    uid (16)    the match's uid
    body        UTF-8 JSON [game, variant, start (unix seconds), duration (seconds),
                [[name, score, placing, team], ...] by seat]
    crc (4)     CRC-32 of everything before it, big-endian

A changed, missing or extra character fails the checksum (or the base 32), and the code is
refused with `BadMatchCode` rather than read as some other match. Pure: no I/O, no clock.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import parse_qs, urlsplit

from companion.errors import BadRequest

VERSION = 1
PREFIX = f"M{VERSION}-"
UID_BYTES = 16
CRC_BYTES = 4
DEFLATED = 0x01
EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_UID = re.compile(r"[0-9a-f]{32}")
_CODE_AT = re.compile(r"M(\d+)-([A-Z2-7]*)", re.IGNORECASE)


class BadMatchCode(BadRequest):
    """A text that is not a match code this app can read. The message id says why."""


@dataclass(frozen=True, slots=True)
class CodeSeat:
    name: str
    score: int | None
    placing: int | None
    team: int | None = None


@dataclass(frozen=True, slots=True)
class MatchSummary:
    """What a match code carries. Times are UTC, to the second."""

    uid: str  # 32 hex digits
    game: str
    variant: str | None
    started_at: datetime
    finished_at: datetime
    seats: tuple[CodeSeat, ...]  # by seat

    @property
    def places(self) -> tuple[tuple[int, ...], ...]:
        """Seats grouped by placing, best first (as `Outcome.places`); unplaced seats left out."""
        placings = sorted({s.placing for s in self.seats if s.placing is not None})
        return tuple(
            tuple(i for i, s in enumerate(self.seats) if s.placing == placing) for placing in placings
        )


# -- encoding ------------------------------------------------------------------------------
def encode(summary: MatchSummary) -> str:
    """The match code of `summary`."""
    if not _UID.fullmatch(summary.uid):
        raise ValueError(f"a match uid is 32 lower-case hex digits, not {summary.uid!r}")
    start = _seconds(summary.started_at)
    duration = max(0, _seconds(summary.finished_at) - start)
    body = json.dumps(
        [
            summary.game,
            summary.variant,
            start,
            duration,
            [[s.name, s.score, s.placing, s.team] for s in summary.seats],
        ],
        ensure_ascii=False,
        separators=(",", ":"),
    ).encode("utf-8")
    packed = zlib.compress(body, 9, wbits=-15)
    flags = 0
    if len(packed) < len(body):
        flags, body = DEFLATED, packed
    data = bytes([flags]) + bytes.fromhex(summary.uid) + body
    data += zlib.crc32(data).to_bytes(CRC_BYTES, "big")
    return PREFIX + base64.b32encode(data).decode("ascii").rstrip("=")


def code_url(code: str, base: str) -> str:
    """A link that carries `code`: `<base>?code=<code>` (the app decides what base opens)."""
    separator = "&" if "?" in base else "?"
    return f"{base}{separator}code={code}"


# -- decoding ------------------------------------------------------------------------------
def code_in(text: str) -> str:
    """The code in a pasted text: the code itself, or a link that carries it."""
    text = "".join(text.split())  # a code wrapped over lines, or pasted with spaces
    if not text:
        raise BadMatchCode("matchcode.empty")
    if "://" in text or text.startswith("?"):
        parts = urlsplit(text)
        given = parse_qs(parts.query).get("code") or parse_qs(parts.fragment.split("?")[-1]).get("code")
        text = given[0] if given else parts.path.rstrip("/").rsplit("/", 1)[-1]
    found = _CODE_AT.fullmatch(text)
    if found is None:
        raise BadMatchCode("matchcode.not_a_code")
    return text.upper()


def decode(text: str) -> MatchSummary:
    """The summary in a match code (or a link carrying one); BadMatchCode if it cannot be read."""
    code = code_in(text)
    found = _CODE_AT.fullmatch(code)
    assert found is not None  # code_in checked it
    version = int(found.group(1))
    if version != VERSION:
        raise BadMatchCode("matchcode.unknown_version", version=version, known=VERSION)
    letters = found.group(2)
    try:
        data = base64.b32decode(letters + "=" * (-len(letters) % 8))
    except (binascii.Error, ValueError) as error:
        raise BadMatchCode("matchcode.damaged") from error
    # The last letter may carry unused bits: a letter changed there alone would decode
    # to the same bytes, so the text must be exactly what those bytes encode to.
    if len(data) < 1 + UID_BYTES + CRC_BYTES or base64.b32encode(data).decode("ascii").rstrip("=") != letters:
        raise BadMatchCode("matchcode.damaged")
    payload, crc = data[:-CRC_BYTES], data[-CRC_BYTES:]
    if zlib.crc32(payload).to_bytes(CRC_BYTES, "big") != crc:
        raise BadMatchCode("matchcode.damaged")
    flags, uid, body = payload[0], payload[1 : 1 + UID_BYTES].hex(), payload[1 + UID_BYTES :]
    try:
        if flags & DEFLATED:
            body = zlib.decompress(body, wbits=-15)
        fields = json.loads(body.decode("utf-8"))
        return _summary(uid, fields)
    except (zlib.error, UnicodeDecodeError, ValueError, TypeError, OverflowError, RecursionError) as error:
        # The checksum held, so the code is as it was made: by a broken or foreign encoder
        # (a time no calendar holds, nesting no code has, are refused like any other).
        raise BadMatchCode("matchcode.bad_content") from error


def _summary(uid: str, fields: Any) -> MatchSummary:
    game, variant, start, duration, seats = fields
    if not isinstance(game, str) or not game:
        raise ValueError("game")
    if variant is not None and not isinstance(variant, str):
        raise ValueError("variant")
    if not _is_int(start) or not _is_int(duration) or duration < 0:
        raise ValueError("times")
    if not isinstance(seats, list) or not seats:
        raise ValueError("seats")
    decoded = []
    names: set[str] = set()
    for seat in seats:
        name, score, placing, team = seat
        if not isinstance(name, str) or not name.strip() or name.casefold() in names:
            raise ValueError("name")
        names.add(name.casefold())
        for number in (score, placing, team):
            if number is not None and not _is_int(number):
                raise ValueError("number")
        decoded.append(CodeSeat(name, score, placing, team))
    started = EPOCH + timedelta(seconds=start)
    return MatchSummary(uid, game, variant, started, started + timedelta(seconds=duration), tuple(decoded))


def _seconds(moment: datetime) -> int:
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return int((moment - EPOCH).total_seconds())


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)

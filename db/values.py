"""Stored values read back as the store means them, for every module of `db`.

The database drivers differ: SQLite hands datetimes back naive (the store writes UTC only)
and aggregates over them as text; a JSON column may hold a row damaged by hand. These
helpers give one answer everywhere, and name the match when a stored value cannot be read.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any, overload

from db import errors


def now() -> datetime:
    return datetime.now(UTC)


@overload
def utc(moment: datetime) -> datetime: ...
@overload
def utc(moment: None) -> None: ...
def utc(moment: datetime | None) -> datetime | None:
    """A stored time in UTC (a naive one is UTC already); None stays None."""
    if moment is None:
        return None
    if moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)


def as_datetime(value: object) -> datetime | None:
    """A time as a driver hands it over: a datetime, or text (func.max() over a DateTime
    column comes back as text on SQLite)."""
    if value is None or isinstance(value, datetime):
        return value
    return datetime.fromisoformat(str(value))


def stored_time(value: object) -> datetime:
    """A time a NOT NULL column holds, in UTC, however the driver hands it over."""
    moment = as_datetime(value)
    if moment is None:
        raise ValueError("a stored time is missing")
    return utc(moment)


def stored_object(raw: str | None, match_id: int, field: str) -> dict[str, Any] | None:
    """A JSON object column read as text: the object, None for SQL NULL or JSON null, or
    CorruptMatch naming the match and the field."""
    if raw is None:
        return None
    try:
        value = json.loads(raw)
    except ValueError as error:
        raise errors.CorruptMatch(match_id=match_id, field=field) from error
    if value is not None and not isinstance(value, dict):
        raise errors.CorruptMatch(match_id=match_id, field=field)
    return value


def loose_json(value: object, field: str) -> dict[str, Any]:
    """A result is only shown, never replayed: int keys become strings, tuples lists."""
    if not isinstance(value, Mapping):
        raise errors.NotJson(field=field)
    try:
        loose: dict[str, Any] = json.loads(json.dumps(dict(value), allow_nan=False))
    except (TypeError, ValueError) as error:
        raise errors.NotJson(field=field) from error
    return loose


def driver_detail(error: BaseException) -> str:
    """The driver's own words, one line, without SQLAlchemy's SQL echo."""
    text = str(getattr(error, "orig", None) or error).strip()
    return text.splitlines()[0] if text else type(error).__name__

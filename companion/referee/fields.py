"""Field checks shared by every game's protocol ops: each failure is a `bad_request`.

`bool` is a subclass of `int` in Python; a protocol integer never accepts true/false.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.errors import BadRequest

_TYPE_NAMES = {int: "an integer", str: "a string", dict: "an object", list: "a list", bool: "true or false"}


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def require(request: Mapping[str, Any], field: str, kind: type) -> Any:
    """The value of a required top-level field of type `kind`."""
    if field not in request:
        raise BadRequest("protocol.missing_field", field=field)
    value = request[field]
    ok = is_int(value) if kind is int else isinstance(value, kind)
    if not ok:
        raise BadRequest("protocol.wrong_type", field=field, expected=_TYPE_NAMES.get(kind, kind.__name__))
    return value


def int_in_range(request: Mapping[str, Any], field: str, low: int, high: int, rule: str | None = None) -> int:
    """A required integer field within low..high."""
    value: int = require(request, field, int)
    if not low <= value <= high:
        raise BadRequest("protocol.out_of_range", rule=rule, field=field, value=value, low=low, high=high)
    return value

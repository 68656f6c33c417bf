"""The Quacks ops of the referee protocol: `rats`, `brew`, `odds` (and EVAL's `evaluate`).

Each op takes the decoded request and returns the response without "ok". Checks run in the
protocol's order: every missing, mistyped or negative field and every malformed draw item
(`bad_request`), then the position (`bad_position`), then red set 2 (`unsupported`), then the
draws in order (`illegal_move`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.errors import BadPosition, BadRequest, Unsupported
from companion.quacks.data import (
    BOX_SUPPLY,
    CHIPS,
    LAST_SPACE,
    POT_TRACK,
    SPOON,
    WHITE_LIMIT,
    Bag,
    Books,
    chip,
)
from companion.quacks.evaluate_protocol import op_evaluate
from companion.quacks.odds import explode_fractions
from companion.quacks.pot import Draw, UseFlask, brew, parse_item
from companion.quacks.rats import rats_for_scores
from companion.referee.fields import is_int, require

DRAWS_MOST = sum(BOX_SUPPLY.values()) + 1  # every chip of the box, and the flask once


def _count(request: Mapping[str, Any], field: str, default: int | None = None) -> int:
    """A non-negative integer field; `default` makes it optional."""
    if default is not None and field not in request:
        return default
    value: int = require(request, field, int)
    if value < 0:
        raise BadRequest("quacks.negative_field", field=field, value=value)
    return value


def _books(request: Mapping[str, Any]) -> Books:
    """`books`: an object of colour -> set 1..4; a colour not named is set 1 (QK-1)."""
    return Books.of(require(request, "books", dict))


def op_rats(request: Mapping[str, Any]) -> dict[str, Any]:
    """`{"op": "rats", "scores": [12, 20, 16]}` -> `{"rats": [4, 0, 2]}` (QK-5)."""
    scores = require(request, "scores", list)
    if not scores or not all(is_int(s) and s >= 0 for s in scores):
        raise BadRequest("quacks.rats_scores", rule="QK-5")
    return {"rats": list(rats_for_scores(scores))}


def op_brew(request: Mapping[str, Any]) -> dict[str, Any]:
    """One player's draws into one pot, with the books' on-draw effects (QK-6 … QK-10, QK-18)."""
    books = _books(request)
    droplet = _count(request, "droplet")
    rats = _count(request, "rats")
    white_limit = _count(request, "white_limit", WHITE_LIMIT)
    raw_draws = require(request, "draws", list)
    if len(raw_draws) > DRAWS_MOST:  # no bag holds more chips than the box: refused before any work
        raise BadPosition("quacks.too_many_draws", rule="QK-9", draws=len(raw_draws), most=DRAWS_MOST)
    draws = [_item(item, books) for item in raw_draws]
    if droplet > LAST_SPACE:
        raise BadPosition("quacks.droplet_range", rule="QK-6", droplet=droplet)
    if books["red"] == 2:
        raise Unsupported("quacks.red2_unsupported", rule="QK-18")
    chips, exploded = brew(draws, books, droplet, rats, white_limit)
    last = chips[-1].space if chips else min(droplet + rats, LAST_SPACE)
    return {
        "chips": [{"chip": placed.chip, "space": placed.space} for placed in chips],
        "white_total": sum(CHIPS[placed.chip].value for placed in chips if CHIPS[placed.chip].white),
        "exploded": exploded,
        "scoring_space": POT_TRACK[min(last + 1, SPOON)].to_json(),
    }


def _item(item: Any, books: Books) -> Draw | UseFlask:
    action = parse_item(item, books, app=False)
    assert isinstance(action, Draw | UseFlask), "the protocol's items are chips and the flask"
    return action


def op_odds(request: Mapping[str, Any]) -> dict[str, Any]:
    """`{"op": "odds", "bag": {...}, "white_total": 6, "white_limit": 7}` -> the chance that the
    next chip explodes the pot, rounded to 4 decimals, and the chips left (QK-7)."""
    raw_bag = require(request, "bag", dict)
    for code, count in raw_bag.items():
        chip(code)
        if not is_int(count) or count < 0:
            raise BadRequest("quacks.bag_count", code=str(code), count=str(count))
    white_total = _count(request, "white_total")
    white_limit = _count(request, "white_limit", WHITE_LIMIT)
    bag = Bag(raw_bag)
    (explode,) = explode_fractions(bag, white_total, white_limit, 1)
    return {"explode": round(float(explode), 4), "draws_left": bag.size}


OPS = {"rats": op_rats, "brew": op_brew, "odds": op_odds, "evaluate": op_evaluate}

"""The Quacks `evaluate` op of the referee protocol: one round's evaluation A–F for every
player at once (QK-11 … QK-17).

Checks run in the protocol's order: every field of the whole request first (`bad_request`:
missing, null or mistyped, negative, unknown chip code or face), then the table
(`bad_position`), then the book sets the protocol cannot carry (`unsupported`), then the
evaluation itself, whose refusals (`illegal_move`) come in step order with their rule ids.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from companion.errors import BadPosition, BadRequest, Unsupported
from companion.quacks.data import BOX_SUPPLY, CHIPS, Books, chip
from companion.quacks.evaluation import check_table
from companion.quacks.evaluation_bulk import evaluate_answers
from companion.quacks.evaluation_types import (
    FACES,
    Answers,
    Face,
    PlayerIn,
    ScoringChoice,
    Setup,
    Supply,
)
from companion.quacks.pot import Placed
from companion.quacks.records import evolve
from companion.referee.fields import is_int, require

# Book sets whose choices or set-aside chips the request cannot carry.
UNSUPPORTED_SETS = {"green": (2, 4), "purple": (2, 4), "blue": (2,), "red": (2,)}

POT_MOST = sum(BOX_SUPPLY.values())  # every chip of the box in one pot
_CODES = frozenset(CHIPS)
_INT_ONLY = frozenset((int,))  # the type of a whole number that is not true or false
_placed_pair = partial(tuple.__new__, Placed)  # Placed(code, space) from the pair, with no Python call
_NO_ANSWERS = Answers()  # copied with a player's answers: cheaper than building all eight fields
_KINDS = {int: "an integer", bool: "true or false", str: "a string", list: "a list", dict: "an object"}


def op_evaluate(request: Mapping[str, Any]) -> dict[str, Any]:
    """`{"op": "evaluate", "round": 3, "players": [...]}` -> every player's evaluation,
    `next_start` and, in round 9, `winners`."""
    setup, players, answers = parse_evaluate(request)
    check_table(setup, players)
    check_supported(setup.books)
    ev = evaluate_answers(setup, players, answers, checked=True)
    response: dict[str, Any] = {
        "players": [{"rolled": t.rolled, "scoring_space": t.scoring_space, "vp": t.vp,
                     "rubies": t.rubies, "droplet": t.droplet, "flask": t.flask,
                     "coins": t.coins, "gained": list(t.gained)} for t in ev.tallies],
        "next_start": ev.next_start,
    }
    if ev.final_round:
        response["winners"] = sorted(ev.winners)
    return response


def check_supported(books: Books) -> None:
    """Green or purple set 2 or 4, blue set 2 and red set 2 need answers or chips the
    request does not carry: `unsupported`, whatever the pots hold."""
    for colour, sets in UNSUPPORTED_SETS.items():
        if books[colour] in sets:
            raise Unsupported(f"quacks.eval.unsupported_{colour}", set=books[colour])


def parse_evaluate(request: Mapping[str, Any]) -> tuple[Setup, list[PlayerIn], list[Answers]]:
    """Every `bad_request` check of the request, then the records (`Setup` checks nothing
    else here: the evaluation refuses a bad table with `bad_position`)."""
    round_ = require(request, "round", int)
    _not_negative("round", round_)
    if not 1 <= round_ <= 9:
        raise BadRequest("protocol.out_of_range", field="round", value=round_, low=1, high=9)
    entries = require(request, "players", list)
    start = _optional(request, "start", int, 0)
    books = Books.of(_optional(request, "books", dict, {}))
    supply = _supply(_optional(request, "supply", dict, {}))
    parsed = [_player(entry, i) for i, entry in enumerate(entries)]
    setup = Setup(round_, start, books, supply=supply)
    return setup, [p for p, _ in parsed], [a for _, a in parsed]


def _player(entry: Any, seat: int) -> tuple[PlayerIn, Answers]:
    where = f"players[{seat}]"
    if not isinstance(entry, dict):
        raise BadRequest("protocol.wrong_type", field=where, expected=_KINDS[dict])
    chips = require_field(entry, "chips", list, where)
    if len(chips) > POT_MOST:  # no pot holds more chips than the box: refused before any work
        raise BadPosition("quacks.eval.too_many_chips", seat=seat, chips=len(chips), most=POT_MOST)
    placed = _well_formed(chips)
    if placed is None:
        placed = tuple(_placed(item, where, i) for i, item in enumerate(chips))
    exploded = require_field(entry, "exploded", bool, where)
    player = PlayerIn(
        placed, exploded,
        droplet=_optional(entry, "droplet", int, 0, where),
        vp=_optional(entry, "vp", int, 0, where),
        rubies=_optional(entry, "rubies", int, 0, where),
        flask=_optional(entry, "flask", bool, True, where),
    )
    die: tuple[Face, ...] | None = None
    if "die" in entry:
        face = require_field(entry, "die", str, where)
        if face not in FACES:
            raise BadRequest("quacks.eval.unknown_face", face=face, faces=", ".join(FACES))
        die = (face,)
    choice: ScoringChoice | None = None
    if "choice" in entry:
        value = require_field(entry, "choice", str, where)
        if value not in ("vp", "buy"):
            raise BadRequest("quacks.eval.unknown_choice", choice=value)
        choice = "vp" if value == "vp" else "buy"
    buy: tuple[str, ...] | None = None
    if "buy" in entry:
        codes = require_field(entry, "buy", list, where)
        buy = tuple(_code(code, f"{where}.buy") for code in codes)
    spend: tuple[int, bool] | None = None
    if "spend" in entry:
        spent = require_field(entry, "spend", dict, where)
        spend = (_optional(spent, "droplet", int, 0, f"{where}.spend"),
                 _optional(spent, "flask", bool, False, f"{where}.spend"))
    return player, evolve(_NO_ANSWERS, die=die, choice=choice, buy=buy, spend=spend)


def _well_formed(chips: list[Any]) -> tuple[Placed, ...] | None:
    """The pot, if every chip is an object with a known `chip` code and a `space` that is a
    whole number not below 0 (what `_placed` accepts at once); None otherwise, and then
    `_placed` reads each chip and refuses the first bad one."""
    try:
        codes = [item["chip"] for item in chips]
        spaces = [item["space"] for item in chips]
        if not _CODES.issuperset(codes):
            return None
    except (TypeError, KeyError):  # an item that is no object or lacks a field; a code that is a list
        return None
    if spaces and (not _INT_ONLY.issuperset(map(type, spaces)) or min(spaces) < 0):
        return None
    return tuple(map(_placed_pair, zip(codes, spaces, strict=True)))


def _placed(item: Any, player: str, index: int) -> Placed:
    """One chip of a pot that `_well_formed` did not take whole: read field by field, so the
    first bad field is the one refused."""
    where = f"{player}.chips[{index}]"
    if not isinstance(item, dict):
        raise BadRequest("protocol.wrong_type", field=where, expected=_KINDS[dict])
    code = _code(require_field(item, "chip", str, where), where)
    space = require_field(item, "space", int, where)
    _not_negative(f"{where}.space", space)
    return Placed(code, space)


def _code(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise BadRequest("protocol.wrong_type", field=where, expected=_KINDS[str])
    return chip(value).code


def _supply(counts: Mapping[str, Any]) -> Supply:
    for code, count in counts.items():
        chip(code)
        if not is_int(count):
            raise BadRequest("protocol.wrong_type", field=f"supply.{code}", expected=_KINDS[int])
        _not_negative(f"supply.{code}", count)
    return Supply(counts)


def require_field(obj: Mapping[str, Any], field: str, kind: type, where: str) -> Any:
    """A required field of a nested object, named by its path in the messages."""
    if field not in obj:
        raise BadRequest("protocol.missing_field", field=f"{where}.{field}")
    return _typed(obj[field], where, field, kind)


def _optional(obj: Mapping[str, Any], field: str, kind: type, default: Any, where: str = "") -> Any:
    """An optional field: absent gives `default`; present (null included) must have `kind`."""
    if field not in obj:
        return default
    return _typed(obj[field], where, field, kind)


def _typed(value: Any, where: str, field: str, kind: type) -> Any:
    """`value` if it has `kind` (an int: not a bool, not negative); the field's path, `where`
    and `field`, is written only into a refusal."""
    if kind is int:
        if type(value) is int and value >= 0:
            return value
        ok = is_int(value)
    else:
        ok = isinstance(value, kind)
    name = f"{where}.{field}" if where else field
    if not ok:
        raise BadRequest("protocol.wrong_type", field=name, expected=_KINDS[kind])
    if kind is int:
        _not_negative(name, value)
    return value


def _not_negative(name: str, value: int) -> None:
    if value < 0:
        raise BadRequest("quacks.eval.negative_number", field=name, value=value)

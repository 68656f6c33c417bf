"""The Didopoikas deck and the Çävasie hand ladder, as data (CV-1 … CV-3, CV-8, CV-9).

Both live in `deck.json` beside this module and are loaded into frozen dataclasses. A table
whose physical deck differs can edit that data (card names, colours, values, shapes, the
ladder's order and names) and build a scorer from it: `load_deck(data)` refuses a malformed
edit with one `BadRequest` per problem (`deck_problems(data)` lists them all, for a
settings screen), each with a message id and the rule id it would break.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import pairwise
from pathlib import Path
from types import MappingProxyType
from typing import Any

from companion.errors import BadRequest, RefereeError
from companion.referee.fields import is_int

DECK_FILE = Path(__file__).with_name("deck.json")
MAX_VALUE = 30  # values index bit masks; the default deck uses 0..9
MAX_COLOURS = 8  # the scorer matches values to colours over every subset of the colours (and black)
MAX_SHAPES = 8
MAX_CARDS = 80  # a deck the picker can show; the default deck has 36
MAX_CODE = 4  # characters of a card code, as printed on a card on screen
MAX_TEXT = 40  # characters of a name or a gloss
MIN_PLAYERS = 2  # CV-4: the smallest table a deck must be able to deal to
MAX_SCORED_CARDS = 6  # CV-7: four hand cards and two floor cards
RUN_COLOURS = ("any", "same", "different")
KINDS = ("nothing", "run", "groups", "one_colour", "all_different")


@dataclass(frozen=True)
class Card:
    """One card. A quoto (CV-2) has no number, value or shape: it reads as one of the deck's
    quoto values, in black or in its own colour."""

    code: str
    name: str
    gloss: str
    colour: str
    number: int | None = None
    value: int | None = None
    shape: str | None = None
    quoto: bool = False

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"code": self.code}
        if self.number is not None:
            data["number"] = self.number
        data.update(name=self.name, gloss=self.gloss, colour=self.colour)
        if self.quoto:
            data["quoto"] = True
        else:
            data["value"] = self.value
            if self.shape is not None:
                data["shape"] = self.shape
        return data


@dataclass(frozen=True)
class Pattern:
    """One rung of the ladder (CV-8). `kind` says what the pattern asks of the scored hand:

    - nothing: no other pattern; `min_cards` / `max_cards` bound the scored hand's size;
    - run: `cards` consecutive values, in any colours, in one colour, or pairwise different ones;
    - groups: cards of equal value, one group per entry of `groups` (distinct values);
    - one_colour: `cards` or more cards of one colour;
    - all_different: `cards` cards whose colours and values are all pairwise different.
    `longer_first` (CV-10): among equal ranks the longer pattern wins before the sum counts.
    """

    id: str
    name: str
    rank: int
    kind: str
    cards: int = 0
    colours: str = "any"
    groups: tuple[int, ...] = ()
    min_cards: int | None = None
    max_cards: int | None = None
    longer_first: bool = False

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "name": self.name, "rank": self.rank, "kind": self.kind}
        if self.kind == "nothing":
            if self.min_cards is not None:
                data["min_cards"] = self.min_cards
            if self.max_cards is not None:
                data["max_cards"] = self.max_cards
        elif self.kind == "groups":
            data["groups"] = list(self.groups)
        else:
            data["cards"] = self.cards
            if self.kind == "run":
                data["colours"] = self.colours
        if self.longer_first:
            data["longer_first"] = True
        return data


@dataclass(frozen=True)
class Vepleque:
    """CV-9: a scored hand all black with this many quotos ranks as `ranks_as` and, when it is
    a player's best, voids the patterns from `voids_from` up at that showdown."""

    id: str
    name: str
    quotos: tuple[int, ...]
    ranks_as: str
    voids_from: str | None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "quotos": list(self.quotos), "ranks_as": self.ranks_as,
                "voids_from": self.voids_from}


@dataclass(frozen=True)
class Sol:
    """CV-9: every card of `shape` in the scored hand, at most `max_hand_cards` hand cards and a
    pattern of `needs` or above: the hand ranks at least as `lifts_to`."""

    id: str
    name: str
    shape: str
    max_hand_cards: int
    needs: str
    lifts_to: str

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "shape": self.shape, "max_hand_cards": self.max_hand_cards,
                "needs": self.needs, "lifts_to": self.lifts_to}


@dataclass(frozen=True)
class Ladder:
    """The patterns weakest first (CV-8), with the two special patterns (CV-9)."""

    patterns: tuple[Pattern, ...]
    vepleque: Vepleque | None
    sol: Sol | None

    def pattern(self, pattern_id: str) -> Pattern:
        for pattern in self.patterns:
            if pattern.id == pattern_id:
                return pattern
        raise KeyError(pattern_id)

    def rank_of(self, pattern_id: str) -> int:
        return self.pattern(pattern_id).rank

    @property
    def top_rank(self) -> int:
        return self.patterns[-1].rank

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"patterns": [pattern.to_json() for pattern in self.patterns]}
        if self.vepleque is not None:
            data["vepleque"] = self.vepleque.to_json()
        if self.sol is not None:
            data["sol"] = self.sol.to_json()
        return data


@dataclass(frozen=True)
class Deck:
    """The whole card set with its ladder. `colours` is CV-10's colour order (red first);
    `black` is the colour a quoto may take instead of its own (CV-2), which CV-10 never counts."""

    colours: tuple[str, ...]
    black: str
    shapes: tuple[str, ...]
    quoto_values: tuple[int, ...]
    cards: tuple[Card, ...]
    ladder: Ladder

    _by_code: Mapping[str, Card] = field(init=False, repr=False, compare=False)
    _indices: Mapping[str, int] = field(init=False, repr=False, compare=False)
    known_codes: frozenset[str] = field(init=False, repr=False, compare=False)  # to check many codes at once

    def __post_init__(self) -> None:
        # Frozen: the look-up maps are built once here, never changed after.
        object.__setattr__(self, "_by_code", MappingProxyType({card.code: card for card in self.cards}))
        object.__setattr__(self, "_indices", MappingProxyType({card.code: i for i, card in enumerate(self.cards)}))
        object.__setattr__(self, "known_codes", frozenset(card.code for card in self.cards))

    def card(self, code: str) -> Card:
        return self._by_code[code]

    def has(self, code: str) -> bool:
        return code in self._by_code

    def index(self, code: str) -> int:
        return self._indices[code]

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(card.code for card in self.cards)

    def to_json(self) -> dict[str, Any]:
        return {
            "version": 1,
            "colours": list(self.colours),
            "black": self.black,
            "shapes": list(self.shapes),
            "quoto_values": list(self.quoto_values),
            "cards": [card.to_json() for card in self.cards],
            "ladder": self.ladder.to_json(),
        }


# -- loading and checking -----------------------------------------------------------------------
class _Problems:
    """Collects every problem of an edited deck instead of stopping at the first."""

    def __init__(self) -> None:
        self.found: list[RefereeError] = []

    def add(self, message_id: str, rule: str, **params: Any) -> None:
        self.found.append(BadRequest(message_id, rule=rule, **params))


def _text(value: Any) -> bool:
    return isinstance(value, str) and bool(value.strip())


def _int_list(value: Any) -> bool:
    return isinstance(value, list) and all(is_int(item) for item in value)


def _shown(value: Any) -> str:
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)


def _check_top(data: Any, problems: _Problems) -> bool:
    if not isinstance(data, dict):
        problems.add("cavasie.deck_not_object", "CV-1")
        return False
    colours = data.get("colours")
    if not (isinstance(colours, list) and 0 < len(colours) <= MAX_COLOURS and all(_text(c) for c in colours)
            and len(set(colours)) == len(colours)):
        problems.add("cavasie.deck_colours", "CV-1", high=MAX_COLOURS)
        return False
    if not _text(data.get("black")) or data["black"] in colours:
        problems.add("cavasie.deck_black", "CV-2")
        return False
    shapes = data.get("shapes", [])
    if not (isinstance(shapes, list) and len(shapes) <= MAX_SHAPES and all(_text(s) for s in shapes)
            and len(set(shapes)) == len(shapes)):
        problems.add("cavasie.deck_shapes", "CV-3", high=MAX_SHAPES)
        return False
    values = data.get("quoto_values")
    if not (_int_list(values) and values and len(set(values)) == len(values)
            and all(0 <= v <= MAX_VALUE for v in values)):
        problems.add("cavasie.deck_quoto_values", "CV-2", high=MAX_VALUE)
        return False
    if not isinstance(data.get("cards"), list) or not data["cards"]:
        problems.add("cavasie.deck_no_cards", "CV-1")
        return False
    if len(data["cards"]) > MAX_CARDS:
        problems.add("cavasie.deck_too_many_cards", "CV-1", cards=len(data["cards"]), high=MAX_CARDS)
        return False
    return True


def _read_card(raw: Any, position: int, data: Mapping[str, Any], problems: _Problems) -> Card | None:
    if not isinstance(raw, dict):
        problems.add("cavasie.deck_card_not_object", "CV-1", position=position)
        return None
    code: Any = raw.get("code")
    if not (_text(code) and len(code) <= MAX_CODE and code == code.strip() and code.isprintable()):
        problems.add("cavasie.deck_card_code", "CV-1", position=position, high=MAX_CODE)
        return None
    found = len(problems.found)
    for text_field in ("name", "gloss"):
        text = raw.get(text_field, "")
        if not (isinstance(text, str) and len(text) <= MAX_TEXT and text.isprintable()):
            problems.add("cavasie.deck_card_text", "CV-1", card=code, field=text_field, high=MAX_TEXT)
    colour: Any = raw.get("colour")
    if colour not in data["colours"] and colour != data["black"]:
        problems.add("cavasie.deck_card_colour", "CV-1", card=code, colour=_shown(colour),
                     colours=", ".join([*data["colours"], data["black"]]))
    quoto = raw.get("quoto", False)
    if not isinstance(quoto, bool):
        problems.add("cavasie.deck_card_quoto", "CV-2", card=code)
        return None
    number: Any = raw.get("number")
    if number is not None and not (is_int(number) and number >= 1):
        problems.add("cavasie.deck_card_number", "CV-1", card=code, value=_shown(number))
    value: Any = raw.get("value")
    shape: Any = raw.get("shape")
    if quoto:
        if value is not None or shape is not None:
            problems.add("cavasie.deck_quoto_fixed", "CV-2", card=code)
    else:
        if not (is_int(value) and 0 <= value <= MAX_VALUE):
            problems.add("cavasie.deck_card_value", "CV-1", card=code, value=_shown(value), high=MAX_VALUE)
        if shape is not None and shape not in data.get("shapes", []):
            problems.add("cavasie.deck_card_shape", "CV-3", card=code, shape=_shown(shape),
                         shapes=", ".join(data.get("shapes", [])))
    if len(problems.found) > found:
        return None
    return Card(code=code, name=raw.get("name", ""), gloss=raw.get("gloss", ""), colour=colour,
                number=number, value=None if quoto else value, shape=None if quoto else shape, quoto=quoto)


def _read_cards(data: Mapping[str, Any], problems: _Problems) -> tuple[Card, ...]:
    cards: list[Card] = []
    for position, raw in enumerate(data["cards"], start=1):
        card = _read_card(raw, position, data, problems)
        if card is not None:
            cards.append(card)
    seen: set[str] = set()
    numbers: set[int] = set()
    for card in cards:
        if card.code in seen:
            problems.add("cavasie.deck_code_twice", "CV-6", card=card.code)
        seen.add(card.code)
        if card.number is not None:
            if card.number in numbers:
                problems.add("cavasie.deck_number_twice", "CV-1", number=card.number)
            numbers.add(card.number)
    return tuple(cards)


def _read_pattern(raw: Any, position: int, problems: _Problems) -> Pattern | None:
    if not isinstance(raw, dict) or not _text(raw.get("id")) or not _text(raw.get("name")):
        problems.add("cavasie.ladder_pattern_id", "CV-8", position=position)
        return None
    pid = raw["id"]
    rank: Any = raw.get("rank")
    kind: Any = raw.get("kind")
    if not (is_int(rank) and rank >= 1):
        problems.add("cavasie.ladder_rank", "CV-8", pattern=pid, value=_shown(rank))
        return None
    if kind not in KINDS:
        problems.add("cavasie.ladder_kind", "CV-8", pattern=pid, value=_shown(kind), kinds=", ".join(KINDS))
        return None
    longer = raw.get("longer_first", False)
    if not isinstance(longer, bool) or (longer and kind not in ("run", "one_colour")):
        problems.add("cavasie.ladder_longer_first", "CV-10", pattern=pid)
        return None
    base = {"id": pid, "name": raw["name"], "rank": rank, "kind": kind, "longer_first": longer}
    if kind == "nothing":
        low: Any = raw.get("min_cards")
        high: Any = raw.get("max_cards")
        if (low is None) == (high is None) or not is_int(low if high is None else high):
            problems.add("cavasie.ladder_nothing", "CV-8", pattern=pid)
            return None
        return Pattern(**base, min_cards=low, max_cards=high)
    if kind == "groups":
        groups: Any = raw.get("groups")
        if not (_int_list(groups) and groups and all(g >= 2 for g in groups)
                and sum(groups) <= MAX_SCORED_CARDS):
            problems.add("cavasie.ladder_groups", "CV-8", pattern=pid, high=MAX_SCORED_CARDS)
            return None
        return Pattern(**base, groups=tuple(sorted(groups, reverse=True)))
    cards: Any = raw.get("cards")
    if not (is_int(cards) and 2 <= cards <= MAX_SCORED_CARDS):
        problems.add("cavasie.ladder_cards", "CV-8", pattern=pid, value=_shown(cards), high=MAX_SCORED_CARDS)
        return None
    colours = raw.get("colours", "any")
    if kind == "run" and colours not in RUN_COLOURS:
        problems.add("cavasie.ladder_run_colours", "CV-8", pattern=pid, value=_shown(colours))
        return None
    return Pattern(**base, cards=cards, colours=colours if kind == "run" else "any")


def _read_ladder(raw: Any, shapes: Sequence[str], problems: _Problems) -> Ladder | None:
    if not isinstance(raw, dict) or not isinstance(raw.get("patterns"), list) or not raw["patterns"]:
        problems.add("cavasie.ladder_not_object", "CV-8")
        return None
    found = len(problems.found)
    patterns = [_read_pattern(p, i, problems) for i, p in enumerate(raw["patterns"], start=1)]
    if len(problems.found) > found:
        return None
    ready = [p for p in patterns if p is not None]
    ids = [p.id for p in ready]
    for pid in sorted({i for i in ids if ids.count(i) > 1}):
        problems.add("cavasie.ladder_id_twice", "CV-8", pattern=pid)
    ranks = [p.rank for p in ready]
    if ranks != sorted(ranks) or ranks[0] != 1 or any(b - a > 1 for a, b in pairwise(ranks)):
        problems.add("cavasie.ladder_ranks", "CV-8")
    if not any(p.kind == "nothing" for p in ready):
        problems.add("cavasie.ladder_no_nothing", "CV-8")
    if len(problems.found) > found:
        return None
    vepleque = _read_vepleque(raw.get("vepleque"), set(ids), problems)
    if vepleque is not None and vepleque.voids_from is not None:
        lowest = min(p.rank for p in ready if p.id == vepleque.voids_from)
        if any(p.kind == "nothing" and p.rank >= lowest for p in ready):
            problems.add("cavasie.ladder_vepleque", "CV-9")
    sol = _read_sol(raw.get("sol"), set(ids), shapes, problems)
    if len(problems.found) > found:
        return None
    return Ladder(tuple(ready), vepleque, sol)


def _read_vepleque(raw: Any, ids: set[str], problems: _Problems) -> Vepleque | None:
    if raw is None:
        return None
    if not (isinstance(raw, dict) and _text(raw.get("id")) and _text(raw.get("name"))
            and _int_list(raw.get("quotos")) and raw["quotos"] and all(q >= 1 for q in raw["quotos"])
            and raw.get("ranks_as") in ids and (raw.get("voids_from") is None or raw["voids_from"] in ids)):
        problems.add("cavasie.ladder_vepleque", "CV-9")
        return None
    return Vepleque(raw["id"], raw["name"], tuple(raw["quotos"]), raw["ranks_as"], raw.get("voids_from"))


def _read_sol(raw: Any, ids: set[str], shapes: Sequence[str], problems: _Problems) -> Sol | None:
    if raw is None:
        return None
    if not (isinstance(raw, dict) and _text(raw.get("id")) and _text(raw.get("name"))
            and raw.get("shape") in shapes and is_int(raw.get("max_hand_cards"))
            and raw.get("needs") in ids and raw.get("lifts_to") in ids):
        problems.add("cavasie.ladder_sol", "CV-9")
        return None
    return Sol(raw["id"], raw["name"], raw["shape"], raw["max_hand_cards"], raw["needs"], raw["lifts_to"])


def _read(data: Any) -> tuple[Deck | None, list[RefereeError]]:
    problems = _Problems()
    if not _check_top(data, problems):
        return None, problems.found
    cards = _read_cards(data, problems)
    ladder = _read_ladder(data.get("ladder"), data.get("shapes", []), problems)
    sol = ladder.sol if ladder is not None else None
    if sol is not None and not any(card.shape == sol.shape for card in cards):
        problems.add("cavasie.ladder_sol_shape", "CV-9", shape=sol.shape)
    if problems.found or ladder is None:
        return None, problems.found
    deck = Deck(colours=tuple(data["colours"]), black=data["black"], shapes=tuple(data.get("shapes", [])),
                quoto_values=tuple(data["quoto_values"]), cards=cards, ladder=ladder)
    return deck, []


def deal_size(players: int) -> int:
    """The cards CV-4 deals at a table of `players`: the dealer's four floor cards, two centre
    cards and four cards for each other player; without a dealer, two centre cards and four for
    everyone. Either way 4 × players + 2."""
    return 4 * players + 2


def _checked(data: Any, players: int | None) -> tuple[Deck | None, list[RefereeError]]:
    deck, problems = _read(data)
    table = MIN_PLAYERS if players is None else players
    if deck is not None and len(deck.cards) < deal_size(table):
        problems.append(BadRequest("cavasie.deck_too_small", rule="CV-4", cards=len(deck.cards), players=table,
                                   needed=deal_size(table)))
        deck = None
    return deck, problems


def deck_problems(data: Any, players: int | None = None) -> list[RefereeError]:
    """Every problem of an edited deck (empty when it loads). Each is a `BadRequest` with a
    `cavasie.deck_*` or `cavasie.ladder_*` message id and a rule id. A deck must hold the cards
    of a whole deal (CV-4) at a table of `players`, or at the smallest table when not given."""
    return _checked(data, players)[1]


def load_deck(data: Any) -> Deck:
    """The deck described by `data` (the form of `deck.json` and `Deck.to_json()`).

    Raises the first of `deck_problems(data)` when the data is malformed."""
    deck, problems = _checked(data, None)
    if deck is None:
        raise problems[0]
    return deck


@cache
def default_deck() -> Deck:
    """The Didopoikas of CV-1 … CV-3 with the ladder of CV-8 and CV-9."""
    text = DECK_FILE.read_text(encoding="utf-8")
    return load_deck(json.loads(text))


def default_deck_data() -> dict[str, Any]:
    """A fresh, editable copy of the default deck's data."""
    return default_deck().to_json()

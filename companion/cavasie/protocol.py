"""The Çävasie ops of the referee protocol (protocol.md, "Çävasie" and its conventions).

- `{"op": "score", "hand": [...], "floor": [...]}` (a dealer sends `"center"` instead of
  `"hand"`) -> the best scored hand: rank, rank_index, cards (sorted by code), sum, quotos.
- `{"op": "showdown", "players": [{"name": ..., "hand"|"center": [...], "floor": [...],
  "dealer"?: true}, ...]}` -> `order` (groups of names best first, names sorted inside a group)
  and `hands` (each name's `score` answer, vepleque's voiding applied).

Checks run in the protocol's order: every field (`bad_request`: missing or mistyped, unknown
codes, duplicate names) before any position check (`bad_position`: number of players, dealer
rules, card counts, a card twice).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from companion.cavasie.checks import all_cards, check_counts, check_once, check_table, read_seat
from companion.cavasie.deck import default_deck
from companion.cavasie.scorer import Scorer
from companion.cavasie.showdown import showdown
from companion.errors import BadRequest
from companion.referee.fields import require


@cache
def default_scorer() -> Scorer:
    return Scorer(default_deck())


def op_score(request: Mapping[str, Any]) -> dict[str, Any]:
    """The best reading of one player's (or the dealer's) cards (CV-7 … CV-10)."""
    scorer = default_scorer()
    seat = read_seat(scorer.deck, request)
    check_counts(seat)
    check_once(all_cards([seat]))
    return scorer.score(seat).to_json()


def op_showdown(request: Mapping[str, Any]) -> dict[str, Any]:
    """Rank 2–5 players (CV-9 voiding, CV-10 ties shared). Every field is read before the
    number of players is checked (the protocol's order), in one pass; no hand is scored
    before the whole table is known to be one that can exist."""
    scorer = default_scorer()
    players = require(request, "players", list)
    names: list[str] = []
    seen: set[str] = set()  # a set, so that a request of many thousand players stays linear
    seats = []
    for position, player in enumerate(players, start=1):
        if not isinstance(player, dict):
            raise BadRequest("cavasie.player_not_object", position=position)
        if "name" not in player:
            raise BadRequest("cavasie.player_no_name", position=position)
        name = player["name"]
        if not isinstance(name, str):
            raise BadRequest("cavasie.player_name_type", position=position)
        if name in seen:
            raise BadRequest("cavasie.name_twice", player=name)
        seen.add(name)
        names.append(name)
        seats.append(read_seat(scorer.deck, player, player=name))
    check_table(seats)
    for name, seat in zip(names, seats, strict=True):
        check_counts(seat, name)
    check_once(all_cards(seats))
    result = showdown(scorer, seats)
    return {
        "order": [sorted(names[seat] for seat in group) for group in result.places],
        "hands": {name: score.to_json() for name, score in zip(names, result.scores, strict=True)},
    }


OPS = {"score": op_score, "showdown": op_showdown}

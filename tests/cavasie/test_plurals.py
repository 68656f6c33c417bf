"""Çävasie's English texts never say "1 cards", "1 players" or "1 chips": a count that can be
one is written as "Cards in the hand: 1", not in front of a plural noun. (Korean has no plural.)
The refusals below really happen with a count of one."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from companion.cavasie import GAME, TableState
from companion.errors import RefereeError
from companion.i18n import catalogue, placeholders, render
from companion.referee import handle_line

PLURAL_AFTER_ONE = re.compile(r"\b1 (?:[a-z-]+ )?(?:cards|players|chips)\b")
# Counts that are never one: the deal's fixed pile sizes (CV-4: 2 or 4), the fixed limits
# (CV-4: 2 draws; CV-7: 4 hand, 5 floor cards), two dealers or more, a deck's card limit.
NEVER_ONE = {"deal_full_floor", "deal_full_hand", "deal_full_center", "draw_limit", "floor_full", "hand_full",
             "dealers_many", "ladder_groups"}
VARIABLE = {"count", "chips", "amount", "to_call", "value", "hand", "face_down", "current", "index", "position"}


def refusal(line: dict[str, Any]) -> str:
    answer = handle_line(json.dumps({"game": "cavasie", **line}))
    assert answer["ok"] is False
    message: str = answer["error"]["message"]
    return message


def test_cv7_a_hand_of_one_card() -> None:
    """CV-7: 2 to 4 hand cards."""
    message = refusal({"op": "score", "hand": ["A1"], "floor": ["A2", "A3"]})
    assert message == "Cards in the hand: 1. A hand holds 2 to 4 cards. (CV-7)"


def test_cv7_a_players_hand_of_one_card_in_a_showdown() -> None:
    message = refusal({"op": "showdown", "players": [{"name": "Ana", "hand": ["A1"], "floor": ["A2"]},
                                                      {"name": "Bo", "hand": ["S1", "S2"], "floor": ["S3"]}]})
    assert "Cards in Ana's hand: 1." in message
    assert not PLURAL_AFTER_ONE.search(message)


def test_cv4_a_showdown_of_one_player() -> None:
    """CV-4: 2 to 5 players."""
    message = refusal({"op": "showdown", "players": [{"name": "Ana", "hand": ["A1", "A4"], "floor": ["A2"]}]})
    assert message.startswith("Players given: 1. A showdown has 2 to 5 players")


def table_refusal(state: TableState, action: dict[str, Any]) -> RefereeError:
    with pytest.raises(RefereeError) as caught:
        GAME.engine.apply(state, action)
    return caught.value


def play(state: TableState, *actions: dict[str, Any]) -> TableState:
    for action in actions:
        state, _ = GAME.engine.apply(state, action)
    return state


def two_player_deal(first_floor: str | None = "A1") -> TableState:
    state = GAME.new_state({"players": 2, "dealer": False, "chips": 2, "ante": 1})
    return play(state, {"place": "S1", "to": "center"}, {"place": "S2", "to": "center"},
                {"place": "G1", "seat": 0, "to": "floor"}, {"place": "G2", "seat": 0, "to": "floor"},
                {"place": first_floor, "seat": 1, "to": "floor"}, {"place": None, "seat": 1, "to": "floor"},
                {"place": "G3", "seat": 0, "to": "hand"}, {"place": "G4", "seat": 0, "to": "hand"},
                {"place": "A3", "seat": 1, "to": "hand"}, {"place": "A4", "seat": 1, "to": "hand"},
                {"done": True}, {"done": True})


def test_cv5_one_chip_short_and_one_chip_to_call() -> None:
    """CV-5 with one chip behind each after the ante: a bet of 2 is one chip short; after a bet
    of 1, checking faces one chip to call."""
    state = two_player_deal()
    short = table_refusal(state, {"bet": 2})
    assert short.params["chips"] == 1
    text = RefereeError(short.message_id, short.rule, **short.params, name="Bo").message("en")
    assert text == "Bo is short of chips: this needs 2, and Bo has 1. (CV-5)"
    facing = table_refusal(play(state, {"bet": 1}), {"check": True})
    assert facing.params["to_call"] == 1
    text = RefereeError(facing.message_id, facing.rule, **facing.params, name="Ana").message("en")
    assert text == "Ana cannot check against a bet: 1 to call. Call, raise or fold. (CV-5)"


def test_cv7_one_unknown_card_at_the_showdown() -> None:
    """CV-7: seat 1's second floor card was dealt unseen and is still unknown."""
    state = play(two_player_deal(), {"check": True}, {"check": True}, {"interact": "none"}, {"interact": "none"},
                 {"check": True}, {"check": True})
    unknown = table_refusal(state, {"showdown": True})
    assert unknown.params["count"] == 1
    assert unknown.message("en") == (
        "Cards still unknown at the showdown: 1. Enter each one before the hands are compared. (CV-7)")


def test_setup_with_one_chip_and_a_negative_ante() -> None:
    with pytest.raises(RefereeError) as caught:
        GAME.engine.new_state({"players": 2, "chips": 1, "ante": -1})
    assert "(given: chips 1, ante -1)" in caught.value.message("en")


def test_no_english_cavasie_text_puts_a_one_before_a_plural() -> None:
    """Every template of the engine's catalogue with each count a player's entry decides read as 1
    (the rules' limits, `low` and `high`, as 4)."""
    wrong = []
    for key, template in catalogue("en").items():
        if not key.startswith("cavasie.") or key.removeprefix("cavasie.") in NEVER_ONE:
            continue
        text = render(template, **{name: 1 if name in VARIABLE else 4 for name in placeholders(template)})
        if PLURAL_AFTER_ONE.search(text):
            wrong.append(key)
    assert wrong == []

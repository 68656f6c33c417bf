"""Senet's message catalogues: the same ids and placeholders in English and Korean, and every
error the engine raises renders as a full sentence in both languages."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

import pytest

import companion.senet
from companion.errors import RefereeError
from companion.i18n import error_text, placeholders
from companion.senet import HouseRules, Position, SenetEngine, SenetState, legal_moves, play

HANGUL = re.compile(r"[\uac00-\ud7a3]")


def senet_catalogue(lang: str) -> dict[str, str]:
    text = (resources.files("companion.i18n") / lang / "senet.json").read_text(encoding="utf-8")
    return json.loads(text)


def raised_ids() -> set[str]:
    folder = Path(companion.senet.__file__).parent
    found: set[str] = set()
    for source in folder.glob("*.py"):
        found |= set(re.findall(r'"(senet\.[a-z0-9_]+)"', source.read_text(encoding="utf-8")))
    return found


def test_same_ids_and_placeholders_in_both_languages():
    en, ko = senet_catalogue("en"), senet_catalogue("ko")
    assert en.keys() == ko.keys()
    for key in en:
        assert key.startswith("senet."), key
        assert placeholders(en[key]) == placeholders(ko[key]), key


def test_korean_messages_are_korean():
    for key, text in senet_catalogue("ko").items():
        assert HANGUL.search(text), key


def test_every_id_in_the_code_is_in_the_catalogues():
    ids = raised_ids()
    assert len(ids) >= 20  # the scan really finds the engine's ids
    missing = ids - senet_catalogue("en").keys()
    assert not missing


def test_no_unused_ids_in_the_catalogues():
    assert senet_catalogue("en").keys() - raised_ids() == set()


def p(p1=(), p2=(), off=(0, 0), turn=1, gate=False):
    return Position.from_pieces({1: p1, 2: p2}, off=off, turn=turn, house_rules=HouseRules(gate))


START = Position.start()
STATE = SenetState(START)
TRIGGERS = {
    "bad_throw": lambda: play(START, 6, 19),
    "game_over_win": lambda: legal_moves(p([5], [8], off=(5, 0)), 2),
    "game_over_draw": lambda: legal_moves(p(off=(1, 1)), 2),
    "must_move": lambda: play(START, 2, None),
    "no_piece": lambda: play(START, 2, 25),
    "not_your_piece": lambda: play(START, 2, 20),
    "wrong_distance": lambda: play(START, 2, 19, to=22),
    "own_piece": lambda: play(START, 2, 17),
    "safe_square": lambda: play(p([25], [27]), 2, 25),
    "gate_26": lambda: play(p([24], [3], gate=True), 4, 24),
    "bear_off_exact": lambda: play(p([29], [3]), 3, 29),
    "bear_off_square": lambda: play(p([20], [3]), 3, 20, to="off"),
    "forced_move": lambda: play(p([10, 26], [3]), 2, 10),
    "move_square": lambda: play(START, 2, 31),
    "move_malformed": lambda: SenetEngine().apply(STATE, {"op": "play", "throw": 2, "move": {"from": "a"}}),
    "move_to_malformed": lambda: SenetEngine().apply(STATE, {"throw": 2, "move": {"from": 19, "to": 40}}),
    "action_empty": lambda: SenetEngine().apply(STATE, {}),
    "throw_waiting": lambda: SenetEngine().apply(SenetState(START, 2), {"throw": 3}),
    "throw_first": lambda: SenetEngine().apply(STATE, {"move": {"from": 19}}),
    "not_your_piece_named": lambda: SenetEngine().apply(STATE, {"throw": 2, "move": {"from": 20}}),
    "game_over_win_named": lambda: SenetEngine().apply(SenetState(p([5], [8], off=(5, 0))), {"throw": 2}),
    "position_not_object": lambda: Position.from_json([]),
    "position_missing": lambda: Position.from_json({"board": {"1": [], "2": []}}),
    "position_turn": lambda: Position.from_json({"turn": 5, "board": {"1": [], "2": []}}),
    "position_board": lambda: Position.from_json({"turn": 1, "board": {"1": []}}),
    "position_square": lambda: Position.from_json({"turn": 1, "board": {"1": [44], "2": []}}),
    "position_shared_square": lambda: Position.from_json({"turn": 1, "board": {"1": [4], "2": [4]}}),
    "position_off_object": lambda: Position.from_json({"turn": 1, "board": {"1": [], "2": []}, "off": 3}),
    "position_off": lambda: Position.from_json({"turn": 1, "board": {"1": [], "2": []}, "off": {"1": 12, "2": 0}}),
    "position_too_many": lambda: Position.from_json(
        {"turn": 1, "board": {"1": [1, 2], "2": []}, "off": {"1": 9, "2": 0}}),
    "position_house_rules": lambda: Position.from_json({"turn": 1, "board": {"1": [], "2": []}, "house_rules": 1}),
    "position_gate": lambda: Position.from_json(
        {"turn": 1, "board": {"1": [], "2": []}, "house_rules": {"gate_exact_26": 0}}),
}


def test_every_catalogue_entry_has_a_trigger():
    assert {f"senet.{name}" for name in TRIGGERS} == senet_catalogue("en").keys()


@pytest.mark.parametrize("name", sorted(TRIGGERS))
def test_each_error_renders_in_both_languages(name):
    with pytest.raises(RefereeError) as info:
        TRIGGERS[name]()
    error = info.value
    assert error.message_id == f"senet.{name}"
    for lang in ("en", "ko"):
        template = senet_catalogue(lang)[error.message_id]
        # A seat is shown as the player's name at the table (LiveMatch.describe).
        named = {key.removesuffix("seat") + "name" for key in error.params if key.endswith("seat")}
        assert placeholders(template) <= error.params.keys() | named, (lang, error.params)
        text = error_text(error, lang)
        assert text != error.message_id
        if error.rule:
            assert text.endswith(f"({error.rule})")
            assert error.rule not in template

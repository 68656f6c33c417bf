"""The Bell's Senet views without a browser: layout, highlights, announcements, strings."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from companion.i18n import catalogue, t
from companion.senet import OFF, Move, Position, SenetEngine, legal_moves
from companion.session import MatchSession
from views.games import game_views
from views.senet import SENET_VIEWS, SenetRules, SenetScreen
from views.senet.board import Lit, board_rows, outline_for, square_label
from views.senet.rules import CHOICES, SECTIONS
from views.senet.screen import last_move_text, prompt_text, square_size

ROOT = Path(__file__).resolve().parents[2]


def tr(key, **params):
    return t(key, "en", **params)


def test_the_board_is_drawn_along_the_s_shaped_path_of_sn_1():
    rows = board_rows()
    assert rows[0] == list(range(1, 11))
    assert rows[1] == list(range(20, 10, -1))  # the middle row runs right to left
    assert rows[2] == list(range(21, 31))
    assert sorted(sq for row in rows for sq in row) == list(range(1, 31))


def test_the_game_plugs_into_the_shell_with_its_house_rule():
    views = game_views("senet")
    assert views is SENET_VIEWS
    assert views.match_screen is SenetScreen and views.rules_page is SenetRules
    assert [rule.key for rule in views.house_rules] == ["gate_exact_26"]
    assert views.house_rules[0].label in catalogue("en") and views.house_rules[0].label in catalogue("ko")


def test_lit_keys_the_engine_moves_by_piece_and_by_target():
    lit = Lit.of([Move(19, 22), Move(17, 20, True), Move(28, OFF)])
    assert set(lit.movable) == {17, 19, 28}
    assert set(lit.targets) == {20, 22}
    assert lit.targets[20].capture and lit.bear_off == [Move(28, OFF)]
    assert Lit.of([]).movable == {}


def test_square_labels_say_what_stands_there_and_where_it_may_go():
    start = Position.start()
    names = {1: "Ana", 2: "Ben"}
    lit = Lit.of(legal_moves(start, 3))
    assert square_label(tr, 19, 1, names, lit) == "Square 19: Ana's piece · can move to 22"
    assert square_label(tr, 22, 0, names, lit) == "Square 22: empty · the piece on 19 lands here"
    assert square_label(tr, 20, 2, names, lit) == "Square 20: Ben's piece · the piece on 17 captures here"
    assert square_label(tr, 2, 2, names, Lit()) == "Square 2: Ben's piece"


def test_pieces_get_an_outline_that_stands_out_from_their_colour():
    assert outline_for("#fbc02d") == "#212121"  # yellow piece, dark ring
    assert outline_for("#1976d2") == "#ffffff"  # blue piece, white ring
    assert outline_for("#ffffff") == "#212121"


def test_the_prompt_announces_forced_moves_and_passes():
    start = Position.start()
    assert prompt_text(tr, start, None, False, [], "Ana") == (
        "Ana to move: throw the stick die and enter the number.", "plain")
    text, kind = prompt_text(tr, start, 3, True, legal_moves(start, 3), "Ana")
    assert kind == "plain" and text.startswith("Rolled for you: 3.")

    forced = Position.from_pieces({1: [10, 27], 2: [5]})
    moves = legal_moves(forced, 4)  # 27 bears off with 4, so the piece on 10 must wait (SN-10)
    text, kind = prompt_text(tr, forced, 4, False, moves, "Ana")
    assert kind == "forced" and "(SN-10)" in text and text.endswith(": 27.")

    stuck = Position.from_pieces({1: [29], 2: [5]})
    moves = legal_moves(stuck, 4)
    assert moves == []
    text, kind = prompt_text(tr, stuck, 4, False, moves, "Ana")
    assert kind == "pass" and "the turn passes (SN-11)" in text


def test_the_last_move_is_told_with_captures_bear_offs_and_passes():
    names = {1: "Ana", 2: "Ben"}
    session = MatchSession(SenetEngine(), {})
    live = SimpleNamespace(session=session)
    assert last_move_text(tr, live, names) is None
    session.apply({"op": "play", "throw": 3, "move": {"from": 19}})
    assert last_move_text(tr, live, names) == "Last move: Ana moved the piece on 19 to 22 (throw 3)."
    session.apply({"op": "play", "throw": 2, "move": {"from": 20}})
    assert "Ben moved the piece on 20 to 22 (throw 2) and captured Ana's piece" in last_move_text(tr, live, names)

    end = SimpleNamespace(session=MatchSession(SenetEngine(), {}))
    end.session.initial_state = Position.from_pieces({1: [28, 3], 2: [29]})
    end.session.apply({"op": "play", "throw": 3, "move": {"from": 28}})
    assert last_move_text(tr, end, names) == (
        "Last move: Ana bore off the piece on 28 with a throw of 3: one point (SN-12).")
    end.session.apply({"op": "play", "throw": 3, "move": None})  # Ben on 29 overshoots with 3
    assert last_move_text(tr, end, names) == (
        "Last move: Ben had no legal move with a throw of 3; the turn passed (SN-11).")


@pytest.mark.parametrize("width, low, high", [(360, 28, 34), (420, 38, 40), (1280, 70, 76)])
def test_squares_are_a_tenth_of_the_board_width(width, low, high):
    assert low <= square_size(width) <= high


def test_every_message_id_the_senet_views_use_exists_in_both_languages():
    used = set()
    for path in (ROOT / "views" / "senet").glob("*.py"):
        used |= set(re.findall(r'"(senet(?:_ui)?\.[A-Za-z0-9_.\-]+)"', path.read_text(encoding="utf-8")))
    used |= {f"senet_ui.rules.{rule}" for _, rules in SECTIONS for rule in rules}
    used |= {f"senet_ui.rules.choice_{name}" for name in CHOICES}
    assert {f"senet_ui.rules.SN-{n}" for n in range(1, 15)} <= used
    for lang in ("en", "ko"):
        missing = sorted(key for key in used if key not in catalogue(lang))
        assert missing == [], lang

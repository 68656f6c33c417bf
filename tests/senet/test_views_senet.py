"""The Bell's Senet views without a browser: layout, highlights, sentences, strings.

The screen asks the engine for everything; these tests check the pieces it builds from the
engine's answers (the last-move sentence from the events, the legal moves as buttons, the
board's layout on a phone) against hand-worked positions.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.game import Outcome
from companion.i18n import catalogue, t
from companion.senet import GAME, OFF, Move, Position, SenetState, legal_moves
from companion.session import MatchSession
from views.games import game_views
from views.senet import VIEWS, SenetRules, SenetScreen
from views.senet.board import Lit, board_columns, board_rows, outline_for, square_label
from views.senet.rules import CHOICES, RULES, SECTIONS
from views.senet.screen import (
    APP_BAR,
    GAP,
    VIEW_PADDING,
    board_layout,
    by_player,
    last_move_text,
    move_label,
    passed_now,
    prompt_text,
)
from views.ui import TAP

ROOT = Path(__file__).resolve().parents[2]
NAMES = {0: "Ana", 1: "Ben"}  # by seat: seat 0 plays player 1 (SN-2)


def tr(key, **params):
    return t(key, "en", **params)


def session_from(pieces: dict[int, list[int]], turn: int = 1) -> MatchSession:
    session = MatchSession(GAME, {"players": 2})
    session.initial_state = SenetState(Position.from_pieces(pieces, turn=turn))
    return session


# -- the board ----------------------------------------------------------------------------------
def neighbours(grid: list[list[int]]) -> set[frozenset[int]]:
    """Pairs of squares that touch (share a side) in a grid of lines."""
    where = {sq: (i, j) for i, line in enumerate(grid) for j, sq in enumerate(line)}
    return {frozenset((a, b)) for a, (i, j) in where.items() for b, (k, m) in where.items()
            if abs(i - k) + abs(j - m) == 1}


def last(session):
    return last_move_text(tr, session.history, session.initial_state, NAMES)


@pytest.mark.parametrize("grid", [board_rows(), board_columns()], ids=["lying", "upright"])
def test_the_board_follows_the_s_shaped_path_of_sn_1_lying_and_upright(grid):
    """SN-1: 1..10, then 11..20 back the other way, then 21..30."""
    assert sorted(sq for line in grid for sq in line) == list(range(1, 31))
    assert [len(line) for line in grid] == [10, 10, 10]
    touching = neighbours(grid)
    assert all(frozenset((sq, sq + 1)) in touching for sq in range(1, 30))  # the path never jumps
    assert grid[0][0] == 1 and grid[1][0] == 20 and grid[2][-1] == 30


def test_lit_keys_the_engine_moves_by_piece_and_by_target():
    lit = Lit.of([Move(19, 22), Move(17, 20, True), Move(28, OFF)])
    assert set(lit.movable) == {17, 19, 28}
    assert set(lit.targets) == {20, 22}
    assert lit.targets[20].capture and lit.bear_off == [Move(28, OFF)]
    assert Lit.of([]).movable == {}


def test_square_labels_say_what_stands_there_and_where_it_may_go():
    """SN-2 start, throw 3: 19 -> 22 is free, 17 -> 20 captures Ben's piece (SN-6)."""
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


# -- the layout -------------------------------------------------------------------------------------
def test_a_phone_in_portrait_stands_the_board_upright_with_48_px_squares():
    """360×640: lying, a square would be (360 - 24 - 6) / 10 = 33 px; upright it is 48."""
    layout = board_layout(360, 640)
    assert layout.upright and layout.square >= 48
    # The tools row (Undo) still fits under the board: bar, padding, 10 squares, frame, gap, row.
    bottom = APP_BAR + VIEW_PADDING + 10 * layout.square + 6 + GAP + TAP
    assert bottom <= 640
    # ... and the panel beside the three columns keeps room for two throw buttons.
    assert 360 - 2 * VIEW_PADDING - (3 * layout.square + 6) - GAP >= 160


@pytest.mark.parametrize("width, height", [(1280, 800), (640, 360), (768, 1024)])
def test_wide_windows_keep_the_board_lying(width, height):
    layout = board_layout(width, height)
    assert not layout.upright
    assert layout.square >= 48


def test_a_tall_phone_gets_bigger_upright_squares_but_not_huge_ones():
    small, tall = board_layout(360, 640), board_layout(420, 900)
    assert tall.upright and small.square < tall.square <= 64


def test_seat_zero_plays_player_one():
    """SN-2: the position numbers its players 1 and 2; seats count from 0."""
    assert by_player(NAMES) == {1: "Ana", 2: "Ben"}
    assert by_player({0: "Ana"}, {1: "P1", 2: "P2"}) == {1: "Ana", 2: "P2"}


# -- sentences from the engine ------------------------------------------------------------------------
def test_the_last_move_is_told_from_the_engines_events():
    """SN-4 (a move), SN-6 (a capture names the victim)."""
    session = MatchSession(GAME, {"players": 2})
    assert last(session) is None
    session.apply({"throw": 3})
    assert last(session) is None  # a throw alone is not a move yet
    session.apply({"move": {"from": 19}})
    assert last(session) == "Last move: Ana moved the piece on 19 to 22 (throw 3)."
    session.apply({"throw": 2})  # Ben's throw waits: the sentence still tells Ana's move
    assert last(session) == "Last move: Ana moved the piece on 19 to 22 (throw 3)."
    session.apply({"move": {"from": 20}})
    assert last(session) == (
        "Last move: Ben moved the piece on 20 to 22 (throw 2) and captured Ana's piece; it leaves the game (SN-6).")


def test_bear_offs_and_passes_are_told_too():
    """SN-12 (bearing off scores), SN-11 (a throw without a legal move passes at once)."""
    session = session_from({1: [28, 3], 2: [29]})
    session.apply({"throw": 3})
    session.apply({"move": {"from": 28}})
    assert last(session) == (
        "Last move: Ana bore off the piece on 28 with a throw of 3: one point (SN-12).")
    events = session.apply({"throw": 3})  # Ben on 29 overshoots with 3 (SN-9): the turn passes
    assert passed_now(events) and session.state.throw is None
    assert last(session) == (
        "Last move: Ben had no legal move with a throw of 3; the turn passed (SN-11).")
    assert not passed_now([{"type": "throw", "seat": 0, "throw": 2}])


def test_the_prompt_asks_for_the_throw_then_the_move_and_announces_forced_moves():
    """SN-4 (throw, then move), SN-10 (a piece on 26-30 must move first)."""
    start = Position.start()
    said = prompt_text(tr, start, None, [], "Ana")
    assert (said.headline, said.kind) == ("Ana to move.", "plain")
    assert said.hint == "Throw the stick die and tap the number, or let the app roll."
    said = prompt_text(tr, start, 3, legal_moves(start, 3), "Ana")
    assert said.headline == "Ana threw 3." and said.kind == "plain" and said.hint.startswith("Tap a lit piece")

    forced = Position.from_pieces({1: [10, 27], 2: [5]})
    moves = legal_moves(forced, 4)  # 27 bears off with 4, so the piece on 10 must wait (SN-10)
    said = prompt_text(tr, forced, 4, moves, "Ana")
    assert said.kind == "forced" and "(SN-10)" in said.hint and said.hint.endswith(": 27.")
    # Not forced when only pieces on 26-30 could move anyway.
    alone = Position.from_pieces({1: [27], 2: [5]})
    assert prompt_text(tr, alone, 4, legal_moves(alone, 4), "Ana").kind == "plain"


def test_legal_moves_become_buttons_with_a_spoken_label():
    """SN-6 capture, SN-9 bear-off from 28 with 3."""
    position = Position.from_pieces({1: [17, 19, 28], 2: [20]})
    names = {1: "Ana", 2: "Ben"}
    assert move_label(tr, Move(19, 22), names, position) == ("19 → 22", "Move the piece on 19 to 22")
    assert move_label(tr, Move(17, 20, True), names, position) == (
        "17 → 20", "Move the piece on 17 to 20, capturing Ben's piece")
    assert move_label(tr, Move(28, OFF), names, position) == ("28 → off", "Bear off the piece on 28: one point")


# -- the game's record in the app -----------------------------------------------------------------------
def test_the_game_plugs_into_the_app_with_its_option_label_and_rules():
    views = game_views("senet")
    assert views is VIEWS
    assert views.match_screen is SenetScreen and views.rules_page is SenetRules
    assert set(views.option_labels) == {option.key for option in GAME.options}
    for label in views.option_labels.values():
        assert label in catalogue("en") and label in catalogue("ko")


def test_the_rules_list_every_rule_once_sn_1_to_sn_14():
    assert [rule.id for rule in RULES] == [f"SN-{n}" for n in range(1, 15)]
    assert [rule.id for rule in RULES if rule.heading] == [ids[0] for _, ids in SECTIONS]
    for rule in RULES:
        for lang in ("en", "ko"):
            assert rule.text in catalogue(lang)
            assert rule.heading is None or rule.heading in catalogue(lang)


def test_the_views_compute_no_rules_themselves():
    """Whose turn, where a piece lands and who won come from the engine (no `3 - turn`,
    no `frm + throw` in the views)."""
    for path in (ROOT / "views" / "senet").glob("*.py"):
        source = path.read_text(encoding="utf-8")
        assert not re.search(r"\b3 - \w", source), path
        assert not re.search(r"\+ throw\b", source), path
        assert "random" not in source, path  # the engine owns the die


def test_every_message_id_the_senet_views_use_exists_in_both_languages():
    used = set()
    for path in (ROOT / "views" / "senet").glob("*.py"):
        used |= set(re.findall(r'"(senet(?:_ui)?\.[A-Za-z0-9_.\-]+)"', path.read_text(encoding="utf-8")))
    used |= {rule.text for rule in RULES}
    used |= {f"senet_ui.rules.choice_{name}" for name in CHOICES}
    assert {f"senet_ui.rules.SN-{n}" for n in range(1, 15)} <= used
    for lang in ("en", "ko"):
        missing = sorted(key for key in used if key not in catalogue(lang))
        assert missing == [], lang


def test_a_draw_shares_first_place():
    """SN-14: equal scores on an empty board draw; the result card reads the engine's places."""
    outcome = GAME.engine.outcome(SenetState(Position.from_pieces({1: [], 2: []}, off=(5, 5))))
    none_taken = {"0": {"captures": 0}, "1": {"captures": 0}}
    assert outcome == Outcome(True, ((0, 1),), {0: 5, 1: 5}, {"seats": none_taken, "draw": True})
    assert outcome.placing(0) == outcome.placing(1) == 1

"""Bell's Senet in a real browser: create a match, throw, tap the lit piece, be refused with a rule id.

The board's squares are buttons whose accessible names say what stands there and what the
throw entered allows ("Square 19: Ana's piece · can move to 22"), so the test taps what a player
taps and reads what a screen reader reads.
"""

from __future__ import annotations

import random
import re

import pytest

from companion.errors import GameOver
from companion.games import GAMES
from companion.senet import OFF, Position, SenetEngine, legal_moves, play, result
from companion.session import MatchSession
from db import SeatSpec, Store
from tests.e2e.helpers import (
    DESKTOP,
    PHONE,
    buttons_inside_viewport,
    open_app,
    shot,
    tap,
    visible_text,
    wait_for_font,
    wait_for_text,
)

pytestmark = pytest.mark.browser


def square(page, number: int) -> str:
    """The accessible name of board square `number`."""
    button = page.get_by_role("button", name=re.compile(rf"^Square {number}:")).first
    return (button.get_attribute("aria-label") or button.inner_text()).strip()


def tap_square(page, number: int) -> None:
    page.get_by_role("button", name=re.compile(rf"^Square {number}:")).first.click()
    page.wait_for_timeout(700)


def still_shot(page, name: str) -> None:
    page.mouse.move(2, page.viewport_size["height"] - 2)  # no hover tooltip in the picture
    shot(page, name)


def add_player(page, name: str) -> None:
    field = page.get_by_role("textbox").first
    field.click()
    field.fill(name)
    tap(page, "Add player")
    wait_for_text(page, name)


def to_english(page) -> None:
    tap(page, "설정")
    tap(page, "English")
    wait_for_text(page, "Language")
    tap(page, "Back")
    wait_for_text(page, "New match")


def actions(store: Store, match_id: int) -> list[dict]:
    return [entry["action"] for entry in store.events(match_id) if entry["kind"] == "action"]


def test_senet_opening_by_tapping_on_a_phone(app_server, browser):
    page = open_app(browser, app_server.url, PHONE)
    wait_for_font(page)
    to_english(page)

    # Home → New match on the Bell's Senet tile → two new players → start.
    tap(page, "New match", nth=list(GAMES).index("senet"))
    wait_for_text(page, "New match: Bell's Senet")
    add_player(page, "Ana")
    add_player(page, "Ben")
    tap(page, "Start match")
    wait_for_text(page, "Ana to move")
    store = Store(app_server.db_url)
    (match,) = store.unfinished_matches()
    assert match.game == "senet"

    # The start position of SN-2, drawn along the S-shaped path of SN-1.
    assert square(page, 1) == "Square 1: Ana's piece"
    assert square(page, 20) == "Square 20: Ben's piece"
    assert square(page, 26) == "Square 26: empty"
    assert buttons_inside_viewport(page) == []

    # A tap before the throw is entered asks for the throw; nothing is stored.
    tap_square(page, 19)
    wait_for_text(page, "Enter the throw first")

    # 'Roll for me' draws a throw in the view; the player may still enter another one.
    tap(page, "Roll for me")
    wait_for_text(page, "Rolled for you: ")

    # Throw 3: the legal moves light up, the piece and its target square.
    tap(page, "3")
    wait_for_text(page, "Throw 3.")
    assert square(page, 19) == "Square 19: Ana's piece · can move to 22"
    assert square(page, 22) == "Square 22: empty · the piece on 19 lands here"
    assert "can move" not in square(page, 2)  # Ben's pieces stay dark
    tap_square(page, 19)
    wait_for_text(page, "Ben to move")
    assert square(page, 22) == "Square 22: Ana's piece"
    assert square(page, 19) == "Square 19: empty"
    assert "Last move: Ana moved the piece on 19 to 22 (throw 3)." in visible_text(page)
    assert actions(store, match.id) == [{"op": "play", "throw": 3, "move": {"from": 19}}]

    # A mis-tapped throw can be changed before moving: 4, then 2.
    tap(page, "4")
    wait_for_text(page, "Throw 4.")
    tap(page, "2")
    wait_for_text(page, "Throw 2.")
    assert square(page, 20) == "Square 20: Ben's piece · can move to 22"
    assert square(page, 22) == "Square 22: Ana's piece · the piece on 20 captures here"

    # Illegal taps go to the engine, which says why, naming the rule; nothing is stored.
    tap_square(page, 18)  # 18 + 2 = 20, Ben's own piece
    wait_for_text(page, "(SN-5)")
    assert "Square 20 already holds one of your pieces" in visible_text(page)
    still_shot(page, "senet_board_phone")
    tap_square(page, 1)  # Ana's piece, not Ben's
    wait_for_text(page, "(SN-4)")
    assert "belongs to player 1" in visible_text(page)
    assert len(actions(store, match.id)) == 1
    assert square(page, 18) == "Square 18: Ben's piece"

    # Tapping the lit target square plays the move landing there: Ben captures on 22 (SN-6).
    tap_square(page, 22)
    wait_for_text(page, "Ana to move")
    assert square(page, 22) == "Square 22: Ben's piece"
    assert "captured Ana's piece" in visible_text(page)
    assert "On board 9 · Captured 1" in visible_text(page)

    # Undo takes the capture back; redo puts it back. Both are stored in the log.
    tap(page, "Undo")
    wait_for_text(page, "Ben to move")
    assert square(page, 22) == "Square 22: Ana's piece"
    assert square(page, 20) == "Square 20: Ben's piece"
    tap(page, "Redo")
    wait_for_text(page, "Ana to move")
    assert square(page, 22) == "Square 22: Ben's piece"
    assert [entry["kind"] for entry in store.events(match.id)] == ["action", "action", "undo", "redo"]

    # The rules page is one tap away and names every rule.
    tap(page, "Rules")
    wait_for_text(page, "SN-14")
    text = visible_text(page)
    assert all(f"SN-{n}" in text for n in range(1, 15))
    assert "gate_exact_26" in text
    tap(page, "Back")
    wait_for_text(page, "Ana to move")

    # In Korean, with the shipped font.
    tap(page, "Settings")
    tap(page, "한국어")
    tap(page, "뒤로")
    wait_for_text(page, "Ana의 차례입니다")
    tap(page, "2")
    wait_for_text(page, "던진 수 2.")
    assert "1번 칸: Ana의 말" in visible_text(page)
    assert buttons_inside_viewport(page) == []
    still_shot(page, "senet_board_phone_ko")
    page.context.close()


# -- later in a game: prepared through the engine and the store, then played in the browser ----
def quiet_playout(session, rng: random.Random, stop) -> None:
    """Play seeded random throws, mostly advancing the leading piece, until `stop(position)`."""
    while not stop(session.state):
        throw = rng.randint(1, 4)
        moves = legal_moves(session.state, throw)
        quiet = [m for m in moves if not m.capture] or moves
        move = None
        if quiet:
            move = max(quiet, key=lambda m: m.frm) if rng.random() < 0.7 else rng.choice(quiet)
        session.apply({"op": "play", "throw": throw, "move": {"from": move.frm} if move else None})


def passing_throw(position: Position) -> int | None:
    return next((t for t in (1, 2, 3, 4) if not legal_moves(position, t)), None)


def winning_move(position: Position):
    """A throw and move that end the game with a winner, if there is one."""
    for throw in (1, 2, 3, 4):
        for move in legal_moves(position, throw):
            after, _ = play(position, throw, move.frm)
            if result(after).over and result(after).winner:
                return throw, move
    return None


def prepared_match(store: Store, seats, stop) -> tuple[int, Position]:
    """A stored match played (by seeded random throws) up to the first position where `stop` holds."""
    setup = {"house_rules": {"gate_exact_26": False}}
    for seed in range(50):
        session = MatchSession(SenetEngine(), setup)
        try:
            quiet_playout(session, random.Random(seed), stop)
        except GameOver:  # this game ended first; try the next seed
            continue
        match_id = store.create_match("senet", setup, seats)
        for action in session.actions:
            store.append_event(match_id, {"kind": "action", "action": action})
        return match_id, session.state
    raise AssertionError("no seeded game reached the position wanted")


def middle_game(position: Position) -> bool:
    """Plenty of pieces on the board and some already in the last row."""
    return (position.on_board(1) + position.on_board(2) >= 14
            and sum(1 for sq in range(21, 31) if position.owner(sq)) >= 4
            and any(position.owner(sq) for sq in range(26, 31)))


def open_match(page, match_id: int) -> None:
    page.get_by_role("button", name=re.compile(rf"Bell's Senet · #{match_id}\b")).first.click()
    page.wait_for_timeout(1000)
    wait_for_text(page, "to move")


def test_senet_pass_forced_moves_and_the_end_on_a_desktop(app_server, browser):
    store = Store(app_server.db_url)
    ana, ben = store.add_player("Ana", "#d32f2f"), store.add_player("Ben", "#1976d2")
    seats = [SeatSpec(player_id=ana.id, seat=1), SeatSpec(player_id=ben.id, seat=2)]
    middle, mid_position = prepared_match(store, seats, middle_game)
    passing, pass_position = prepared_match(store, seats, lambda p: passing_throw(p) is not None)
    ending, end_position = prepared_match(store, seats, lambda p: winning_move(p) is not None)

    page = open_app(browser, app_server.url, DESKTOP)
    wait_for_font(page)
    to_english(page)

    # The middle of a game: every legal move of the throw lights up, SN-10 announced when forced.
    open_match(page, middle)
    throw = next(t for t in (4, 3, 2, 1) if legal_moves(mid_position, t))
    tap(page, str(throw))
    wait_for_text(page, f"Throw {throw}.")
    moves = legal_moves(mid_position, throw)
    for move in moves:
        assert "can " in square(page, move.frm)
        if move.to != OFF:
            assert f"the piece on {move.frm} " in square(page, move.to)
    behind = [sq for sq in mid_position.pieces(mid_position.turn) if sq < 26]
    if behind and all(move.frm >= 26 for move in moves):
        assert "Forced move (SN-10)" in visible_text(page)
    assert buttons_inside_viewport(page) == []
    still_shot(page, "senet_board_desktop")
    tap(page, "Back")

    # No legal move: the pass is announced and recorded by a tap (SN-11).
    open_match(page, passing)
    throw = passing_throw(pass_position)
    tap(page, str(throw))
    wait_for_text(page, f"no legal move with a throw of {throw}: the turn passes (SN-11)")
    tap(page, "Record the pass")
    wait_for_text(page, f"had no legal move with a throw of {throw}; the turn passed (SN-11)")
    assert actions(store, passing)[-1] == {"op": "play", "throw": throw, "move": None}
    tap(page, "Back")

    # The last move: the winner is shown, the result stored, and home is one tap away.
    open_match(page, ending)
    throw, move = winning_move(end_position)
    tap(page, str(throw))
    wait_for_text(page, f"Throw {throw}.")
    if move.to == OFF:
        tap(page, f"Bear off the piece on {move.frm}: +1 point")
    else:
        tap_square(page, move.frm)
    winner = "Ana" if result(play(end_position, throw, move.frm)[0]).winner == 1 else "Ben"
    wait_for_text(page, f"{winner} wins!")
    assert "Final score: Ana" in visible_text(page)
    info = store.match(ending)
    assert info.status == "finished" and info.result["winner"] in (1, 2)
    still_shot(page, "senet_result_desktop")
    tap(page, "Back to home")
    wait_for_text(page, "Unfinished matches")
    page.context.close()

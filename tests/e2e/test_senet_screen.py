"""Bell's Senet in a real browser: throw, move, be refused with a rule id, follow it, come back.

The board's squares are buttons whose accessible names say what stands there and what the
throw waiting allows ("Square 19: Ana's piece · can move to 22"), so the test taps what a
player taps and reads what a screen reader reads. Sizes are measured on the rendered page:
on a 360×640 phone the squares are at least 48 px and the throw pad and Undo are on screen.
"""

from __future__ import annotations

import re

import pytest

from companion.senet import OFF, SenetState, forced_move, legal_moves, play, result
from db import Store
from tests.e2e.helpers import (
    DESKTOP,
    SMALL_PHONE,
    box_of,
    button,
    buttons_inside_viewport,
    goto_app,
    in_viewport,
    open_app,
    path_of,
    reload_app,
    senet_match,
    senet_match_at,
    senet_square,
    shot,
    tap,
    tap_senet_square,
    unnamed_buttons,
    visible_text,
    wait_for_font,
    wait_for_path,
    wait_for_text,
    wait_until,
)

pytestmark = pytest.mark.browser

PAD = ("Throw 1", "Throw 2", "Throw 3", "Throw 4", "Roll for me")
SQUARE = re.compile(r"^Square \d+:")


def still_shot(page, name: str) -> None:
    page.mouse.move(2, page.viewport_size["height"] - 2)  # no hover tooltip in the picture
    shot(page, name)


def entries(store: Store, match_id: int) -> list:
    return [entry.get("action", entry["kind"]) for entry in store.events(match_id)]


def square_boxes(page) -> dict[int, dict]:
    boxes = {}
    for element in page.get_by_role("button", name=SQUARE).all():
        name = element.get_attribute("aria-label") or element.inner_text()
        number = int(re.match(r"Square (\d+):", name.strip()).group(1))
        boxes[number] = element.bounding_box()
    return boxes


def assert_phone_sizes(page) -> None:
    """At 360×640: 30 squares of at least 48 px, standing in 3 columns of 10 along the S path
    (SN-1); the throw pad and Undo inside the window without scrolling."""
    boxes = square_boxes(page)
    assert sorted(boxes) == list(range(1, 31))
    small = {n: (round(b["width"]), round(b["height"]))
             for n, b in boxes.items() if min(b["width"], b["height"]) < 48}
    assert small == {}, f"squares under 48 px: {small}"
    columns = sorted({round(b["x"]) for b in boxes.values()})
    assert len(columns) == 3  # upright: three columns
    assert boxes[1]["y"] < boxes[10]["y"] and boxes[11]["y"] > boxes[20]["y"] and boxes[21]["y"] < boxes[30]["y"]
    for name in (*PAD, "Undo"):
        assert in_viewport(page, box_of(page, name)), f"{name} is not on screen at 360×640"
    assert buttons_inside_viewport(page) == []
    assert unnamed_buttons(page) == []  # every control says what it is


def test_a_phone_held_upright_at_360x640(app_en, browser):
    store = Store(app_en.db_url)
    match_id = senet_match(store)
    page = open_app(browser, f"{app_en.url}match/{match_id}", SMALL_PHONE)
    wait_for_font(page)
    wait_for_text(page, "Ana to move")
    assert_phone_sizes(page)
    pad = box_of(page, "Throw 1")
    still_shot(page, "senet_phone_360_start")

    # The start position of SN-2: Ana (seat 0) is player 1 on the odd squares.
    assert senet_square(page, 1) == "Square 1: Ana's piece"
    assert senet_square(page, 20) == "Square 20: Ben's piece"
    assert senet_square(page, 26) == "Square 26: empty"

    # A tap before the throw goes to the engine, which asks for the throw first (SN-4).
    tap_senet_square(page, 19)
    wait_for_text(page, "Enter the throw first")
    assert entries(store, match_id) == []

    # Throw 3: the throw is stored at once; the legal moves light up and are offered as buttons.
    tap(page, "Throw 3")
    wait_for_text(page, "Ana threw 3.")
    assert entries(store, match_id) == [{"throw": 3}]
    assert senet_square(page, 19) == "Square 19: Ana's piece · can move to 22"
    assert senet_square(page, 22) == "Square 22: empty · the piece on 19 lands here"
    assert "can move" not in senet_square(page, 2)  # Ben's pieces stay dark
    move = box_of(page, "Move the piece on 19 to 22")
    assert move["width"] >= 48 and move["height"] >= 48
    assert box_of(page, "Throw 1") == pad  # the prompt and the move buttons did not push the pad
    assert unnamed_buttons(page) == []
    tap_senet_square(page, 19)
    wait_for_text(page, "Ben to move")
    assert senet_square(page, 22) == "Square 22: Ana's piece"
    assert "Last move: Ana moved the piece on 19 to 22 (throw 3)." in visible_text(page)
    assert entries(store, match_id) == [{"throw": 3}, {"move": {"from": 19}}]

    # Ben throws 2; an illegal tap is refused by the engine with its rule, and nothing is stored.
    tap(page, "Throw 2")
    wait_for_text(page, "Ben threw 2.")
    # Measured where it is, unscrolled: the pad below is compared with its place at the start.
    assert box_of(page, "Move the piece on 20 to 22, capturing Ana's piece")["height"] >= 48
    tap_senet_square(page, 18)  # 18 + 2 = 20, Ben's own piece (SN-5)
    wait_for_text(page, "already holds one of your pieces")
    assert box_of(page, "Throw 1") == pad  # the refusal banner did not move the pad either
    assert in_viewport(page, box_of(page, "Undo"))
    still_shot(page, "senet_phone_360_refused")
    assert len(store.events(match_id)) == 3

    # The rule id in the refusal opens that rule; back returns to the match, throw still waiting.
    tap(page, "Open rule SN-5")
    wait_for_path(page, "/rules/senet/SN-5")
    wait_for_text(page, "may not end its move on a square that already holds")
    text = visible_text(page)
    assert text.index("SN-5") < text.index("thirty squares")  # the asked rule first, before SN-1
    still_shot(page, "senet_rules_phone_360")
    page.go_back()
    wait_for_path(page, f"/match/{match_id}")
    wait_for_text(page, "Ben threw 2.")

    # Tapping the lit target square plays the move landing there: Ben captures on 22 (SN-6).
    assert senet_square(page, 22) == "Square 22: Ana's piece · the piece on 20 captures here"
    tap_senet_square(page, 22)
    wait_for_text(page, "Ana to move")
    assert senet_square(page, 22) == "Square 22: Ben's piece"
    assert "captured Ana's piece" in visible_text(page)
    # the cards count what each side has: borne off, left on the board, lost to captures
    assert "Ana: score 0, 9 on the board, 1 lost to captures" in visible_text(page)

    # Undo takes back the last entry (the move; Ben's throw waits again); redo puts it back.
    tap(page, "Undo")
    wait_for_text(page, "Ben threw 2.")
    assert senet_square(page, 22) == "Square 22: Ana's piece · the piece on 20 captures here"
    tap(page, "Redo")
    wait_for_text(page, "Ana to move")
    assert [entry["kind"] for entry in store.events(match_id)] == ["action"] * 4 + ["undo", "redo"]

    # 'Roll for me': the engine's die; the roll is stored, so it cannot be rolled again.
    tap(page, "Roll for me")
    wait_for_text(page, "Ana threw ")
    rolled = store.events(match_id)[-1]["action"]["throw"]
    assert f"Ana threw {rolled}." in visible_text(page)
    assert button(page, "Roll for me").is_disabled()

    # A reload on the match's address finds the same board with the same roll waiting, and so
    # does a new browser opening the link (a new session: the board comes from the store).
    reload_app(page)
    wait_for_text(page, f"Ana threw {rolled}.")
    assert path_of(page) == f"/match/{match_id}"
    assert senet_square(page, 22) == "Square 22: Ben's piece"
    other = open_app(browser, f"{app_en.url}match/{match_id}", SMALL_PHONE)
    wait_for_text(other, f"Ana threw {rolled}.")
    assert senet_square(other, 22) == "Square 22: Ben's piece"
    other.context.close()

    # In Korean, with the shipped font, the sizes hold.
    tap(page, "Settings")
    tap(page, "한국어")
    tap(page, "뒤로")
    wait_for_text(page, f"Ana가 던진 수: {rolled}.")
    assert "1번 칸: Ana의 말" in visible_text(page)
    assert "Ana: 점수 0, 판 위 9개, 잡혀서 잃은 말 1개" in visible_text(page)
    boxes = [b for b in (e.bounding_box() for e in page.get_by_role("button", name=re.compile(r"^\d+번 칸:")).all())]
    assert len(boxes) == 30 and min(min(b["width"], b["height"]) for b in boxes) >= 48
    assert in_viewport(page, box_of(page, "되돌리기")) and buttons_inside_viewport(page) == []
    still_shot(page, "senet_phone_360_ko")
    page.context.close()


# -- later in a game: prepared through the store, then played in the browser ---------------------
def forced_throw(state: SenetState) -> int | None:
    return next((t for t in (1, 2, 3, 4) if forced_move(state.position, t)), None)


def passing_throw(state: SenetState) -> int | None:
    return next((t for t in (1, 2, 3, 4) if not legal_moves(state.position, t)), None)


def winning_move(state: SenetState):
    """A throw and move that end the game with a winner, if there is one."""
    for throw in (1, 2, 3, 4):
        for move in legal_moves(state.position, throw):
            after, _ = play(state.position, throw, move.frm)
            if result(after).over and result(after).winner:
                return throw, move
    return None


def test_forced_moves_passes_and_the_end_on_a_desktop(app_en, browser):
    store = Store(app_en.db_url)
    forced, forced_state = senet_match_at(store, lambda s: forced_throw(s) is not None)
    passing, pass_state = senet_match_at(store, lambda s: passing_throw(s) is not None)
    ending, end_state = senet_match_at(store, lambda s: winning_move(s) is not None)
    names = {1: "Ana", 2: "Ben"}

    page = open_app(browser, f"{app_en.url}match/{forced}", DESKTOP)
    wait_for_font(page)

    # SN-10: only the pieces on 26-30 light up, and the screen says why.
    mover = names[forced_state.position.turn]
    throw = forced_throw(forced_state)
    wait_for_text(page, f"{mover} to move")
    tap(page, f"Throw {throw}")
    wait_for_text(page, "Forced move (SN-10)")
    for move in legal_moves(forced_state.position, throw):
        assert move.frm >= 26 and "can " in senet_square(page, move.frm)
    behind = [sq for sq in forced_state.position.pieces(forced_state.position.turn) if sq < 26]
    assert all("can " not in senet_square(page, sq) for sq in behind)
    assert buttons_inside_viewport(page) == []
    still_shot(page, "senet_desktop_forced")

    # SN-11: a throw without a legal move passes at once, and the screen says so.
    goto_app(page, f"{app_en.url}match/{passing}")
    mover, other = names[pass_state.position.turn], names[3 - pass_state.position.turn]
    throw = passing_throw(pass_state)
    # The reloaded page may show the match it left for a moment (a loaded machine): the same
    # words could be that match's, so the title says which match is on the screen first.
    wait_for_text(page, f"Bell's Senet · match {passing}\n")
    wait_for_text(page, f"{mover} to move")
    tap(page, f"Throw {throw}")
    wait_for_text(page, f"{mover} had no legal move with a throw of {throw}; the turn passed (SN-11)")
    wait_for_text(page, f"{other} to move")
    assert store.events(passing)[-1]["action"] == {"throw": throw}

    # The last move: the winner and the places, stored with the move; undo reopens.
    goto_app(page, f"{app_en.url}match/{ending}")
    throw, move = winning_move(end_state)
    wait_for_text(page, f"Bell's Senet · match {ending}\n")
    wait_for_text(page, f"{names[end_state.position.turn]} to move")
    tap(page, f"Throw {throw}")
    label = (f"Bear off the piece on {move.frm}: one point" if move.to == OFF
             else f"Move the piece on {move.frm} to {move.to}")
    if move.capture:  # SN-13 can be reached by a capture: the loser's last hope leaves the board
        label += f", capturing {names[3 - end_state.position.turn]}'s piece"
    tap(page, label)
    final = result(play(end_state.position, throw, move.frm)[0])
    winner, loser = names[final.winner], names[3 - final.winner]
    wait_for_text(page, f"{winner} wins!")
    text = visible_text(page)
    assert f"1. {winner}: {final.score[final.winner - 1]}" in text
    assert f"2. {loser}: {final.score[2 - final.winner]}" in text
    info = store.match(ending)
    assert info.status == "finished" and {p.name: p.placing for p in info.participants} == {winner: 1, loser: 2}
    assert "Throw 1" not in text  # no throw pad on a finished game
    assert unnamed_buttons(page) == []
    still_shot(page, "senet_desktop_result")
    tap(page, "Undo")
    wait_for_text(page, f"{names[end_state.position.turn]} threw {throw}.")
    assert store.match(ending).status == "active"
    tap(page, "Redo")
    wait_for_text(page, f"{winner} wins!")
    assert store.match(ending).status == "finished"
    tap(page, "Back to home")
    wait_for_path(page, "/")
    page.context.close()


def drop(page, upper: int, lower: int) -> float | None:
    """How far square `lower` is drawn below square `upper` (None while they are re-laid out)."""
    boxes = [button(page, re.compile(rf"^Square {n}:")).bounding_box() for n in (upper, lower)]
    return None if None in boxes else round(boxes[1]["y"] - boxes[0]["y"])


def test_reload_and_back_keep_the_place(app_en, browser):
    """home → match → rules → back → match → back → home; a reload keeps the throw waiting."""
    store = Store(app_en.db_url)
    match_id = senet_match(store)
    page = open_app(browser, app_en.url, SMALL_PHONE)
    wait_for_font(page)
    wait_for_text(page, "Unfinished matches")
    button(page, re.compile(rf"#{match_id}\b")).click()
    wait_for_path(page, f"/match/{match_id}")
    wait_for_text(page, "Ana to move")
    tap(page, "Throw 2")
    wait_for_text(page, "Ana threw 2.")

    reload_app(page)
    wait_for_text(page, "Ana threw 2.")  # same throw waiting, same turn
    assert senet_square(page, 19) == "Square 19: Ana's piece · can move to 21"

    tap(page, "Rules")
    wait_for_path(page, "/rules/senet")
    wait_for_text(page, "SN-14")
    page.go_back()
    wait_for_path(page, f"/match/{match_id}")
    wait_for_text(page, "Ana threw 2.")

    # Turned sideways (or opened wide), the board lies down again: 1 and 10 on one row.
    page.set_viewport_size(DESKTOP)
    wait_until(page, lambda: drop(page, 1, 10) == 0, "the board lying down")
    page.set_viewport_size(SMALL_PHONE)
    wait_until(page, lambda: (drop(page, 1, 10) or 0) >= 9 * 48, "the board standing up again")

    page.go_back()
    wait_for_path(page, "/")
    wait_for_text(page, "Unfinished matches")

    # Abandon asks first; Cancel keeps the match, confirming ends it and goes home.
    button(page, re.compile(rf"#{match_id}\b")).click()
    wait_for_text(page, "Ana threw 2.")
    tap(page, "Abandon match")
    wait_for_text(page, "Abandon this match?")
    tap(page, "Cancel")
    assert store.match(match_id).status == "active"
    tap(page, "Abandon match")
    wait_for_text(page, "Abandon this match?")
    page.get_by_role("button", name="Abandon match", exact=True).last.click()  # the dialog's
    wait_for_path(page, "/")
    wait_until(page, lambda: store.match(match_id).status == "abandoned", "the abandon")
    page.context.close()

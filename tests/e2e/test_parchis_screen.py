"""Parchís in a real browser: the first turns of a four-player match, played by tapping.

The die faces, 'roll for me', the legal moves (also offered as big buttons) and the board's
squares are buttons whose accessible names say what they do ("Die shows 5", "Move Yellow 1 from
nest to 5", "Square 5 · Yellow exit, safe: Yellow 1"), so the test taps what a player taps and
reads what a screen reader reads. Everything stored is checked against the store's log.
"""

from __future__ import annotations

import re

import pytest

from db import SeatSpec, Store
from tests.e2e.helpers import (
    DESKTOP,
    SMALL_PHONE,
    box_of,
    button,
    buttons_inside_viewport,
    open_app,
    reveal,
    set_language,
    shot,
    tap,
    visible_text,
    wait_for_font,
    wait_for_text,
    wait_until,
)

pytestmark = pytest.mark.browser

NAMES = ("Ana", "Ben", "Cai", "Dee")
MOVE = re.compile(r"^Move ")


def parchis_match(store: Store, setup: dict | None = None) -> int:
    colours = ("#d32f2f", "#1976d2", "#388e3c", "#fbc02d")
    ids = [store.add_player(name, colour).id for name, colour in zip(NAMES, colours, strict=True)]
    return store.create_match("parchis", setup or {}, [SeatSpec(pid, seat) for seat, pid in enumerate(ids)])


def entries(store: Store, match_id: int) -> list:
    return [entry.get("action", entry["kind"]) for entry in store.events(match_id)]


def label_of(page, pattern: str) -> str:
    """The accessible name of the first element whose name matches `pattern` (squares, nests)."""
    for name in visible_text(page).splitlines():
        if re.match(pattern, name.strip()):
            return name.strip()
    raise AssertionError(f"nothing called {pattern!r} on the page")


def tap_board(page, pattern: str) -> None:
    """Tap a square or nest of the board, scrolled into the window by Flutter first (every square
    is a button: a click must land on the one meant)."""
    square = button(page, re.compile(pattern))
    reveal(page, square)
    page.wait_for_timeout(500)  # the accessibility tree follows Flutter's scrolling a moment later
    box = square.bounding_box()
    assert box is not None, pattern
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_timeout(700)


def still_shot(page, name: str) -> None:
    page.mouse.move(2, page.viewport_size["height"] - 2)  # no hover tooltip in the picture
    shot(page, name)


def test_the_first_turns_of_a_four_player_match_by_tapping(app_en, browser):
    store = Store(app_en.db_url)
    match_id = parchis_match(store)
    page = open_app(browser, f"{app_en.url}match/{match_id}", SMALL_PHONE)
    wait_for_font(page)
    wait_for_text(page, "Ana (Yellow) to roll.")
    assert label_of(page, r"^Yellow nest") == "Yellow nest: Yellow 1, Yellow 2, Yellow 3, Yellow 4"
    assert label_of(page, r"^Square 5 ") == "Square 5 · Yellow exit, safe: empty"
    for face in range(1, 7):  # the six faces fit a 360 px phone as thumb-sized buttons
        box = box_of(page, f"Die shows {face}", scroll=True)
        assert box["width"] >= 48 and box["height"] >= 48
    assert buttons_inside_viewport(page) == []
    still_shot(page, "parchis_phone_360_start")

    # A tap that moves nothing is answered with the reason and its rule, and stores nothing.
    tap_board(page, r"^Blue nest")
    wait_for_text(page, "Enter the roll first, then the move. (PA-10)")
    assert button(page, "Open rule PA-10").is_visible()
    assert entries(store, match_id) == []

    # Ana rolls a 5: the roll is stored at once and the nest piece must come out (PA-11).
    tap(page, "Die shows 5")
    wait_for_text(page, "Ana (Yellow) rolled 5 (5 steps)")
    assert "A 5 with a piece in the nest: that piece must come out." in visible_text(page)
    assert entries(store, match_id) == [{"roll": 5}]
    moves = page.get_by_role("button", name=MOVE).all()
    assert [m.get_attribute("aria-label") or m.inner_text() for m in moves] == ["Move Yellow 1 from nest to 5"]
    box = box_of(page, "Move Yellow 1 from nest to 5", scroll=True)
    assert box["width"] >= 48 and box["height"] >= 48
    assert "Yellow 1 can move to 5" in label_of(page, r"^Yellow nest")
    tap_board(page, r"^Blue nest")  # not Ana's: the refusal names the pieces as the table does
    wait_for_text(page, "Blue 1 is not yours to move; it is Yellow's turn. (PA-6)")
    tap_board(page, r"^Square 40:")  # nothing there
    wait_for_text(page, "Nothing stands there to move")
    assert button(page, "Open rule PA-6").is_visible()
    assert entries(store, match_id) == [{"roll": 5}]
    still_shot(page, "parchis_phone_360_five")
    tap(page, "Move Yellow 1 from nest to 5")
    wait_for_text(page, "Ben (Blue) to roll.")
    assert entries(store, match_id) == [{"roll": 5}, {"move": {"piece": "yellow.0"}}]
    assert label_of(page, r"^Square 5 ") == "Square 5 · Yellow exit, safe: Yellow 1"
    assert "Ana (Yellow) moved Yellow 1 from nest to 5." in visible_text(page)

    # Ben rolls a 3 with every piece in the nest: the roll is spent at once and said in words (PA-20).
    tap(page, "Die shows 3")
    wait_for_text(page, "Ben (Blue) rolled 3, but no piece can move; the roll is spent.")
    wait_for_text(page, "Cai (Red) to roll.")
    assert entries(store, match_id)[-1] == {"roll": 3}

    # Cai lets the app roll; whatever it rolls is stored and played through the buttons offered.
    tap(page, "Roll for me")
    wait_until(page, lambda: len(entries(store, match_id)) >= 4, "Cai's roll being stored")
    for _ in range(12):
        state = store.resume(match_id).state
        if store.resume(match_id).to_move() != 2:
            break
        stored = len(entries(store, match_id))
        if state.roll is not None:  # the roll waits for a move: tap the first one offered
            wait_for_text(page, f"Cai (Red) rolled {state.roll} (")
            page.get_by_role("button", name=MOVE).first.click()
        elif state.position.bonus:
            wait_for_text(page, f"Cai (Red): play the bonus of {state.position.bonus[0]} steps.")
            page.get_by_role("button", name=MOVE).first.click()
        else:  # a six: Cai rolls again
            wait_for_text(page, "Cai (Red) to roll.")
            tap(page, "Die shows 1")
        wait_until(page, lambda n=stored: len(entries(store, match_id)) > n, "Cai's entry being stored")
    wait_for_text(page, "Dee (Green) to roll.")
    rolled = [entry["roll"] for entry in entries(store, match_id)[3:] if "roll" in entry]
    assert rolled and all(1 <= roll <= 6 for roll in rolled)

    # Dee rolls a six with nothing out: spent, but Dee rolls again (PA-13); then a 2 ends the turn.
    tap(page, "Die shows 6")
    wait_for_text(page, "Dee (Green) rolled 6, but no piece can move; the roll is spent.")
    wait_for_text(page, "Sixes this turn: 1.")
    assert "Dee (Green) to roll." in visible_text(page)
    tap(page, "Die shows 2")
    wait_for_text(page, "Ana (Yellow) to roll.")

    # Ana rolls 4 and taps her piece on the board itself; then takes the move back with Undo.
    tap(page, "Die shows 4")
    wait_for_text(page, "Ana (Yellow) rolled 4 (4 steps)")
    assert "Yellow 1 can move to 9" in label_of(page, r"^Square 5 ")
    assert "Yellow 1 lands here" in label_of(page, r"^Square 9:")
    tap_board(page, r"^Square 5 ")
    wait_for_text(page, "Ben (Blue) to roll.")
    assert label_of(page, r"^Square 9:") == "Square 9: Yellow 1"
    assert entries(store, match_id)[-2:] == [{"roll": 4}, {"move": {"piece": "yellow.0"}}]
    still_shot(page, "parchis_phone_360_moved")
    tap(page, "Undo")
    wait_for_text(page, "Ana (Yellow) rolled 4 (4 steps)")
    assert label_of(page, r"^Square 5 ").startswith("Square 5 · Yellow exit, safe: Yellow 1")
    assert entries(store, match_id)[-1] == "undo"

    # The same match on a desktop window: the board beside the panel.
    desk = open_app(browser, f"{app_en.url}match/{match_id}", DESKTOP)
    wait_for_text(desk, "Ana (Yellow) rolled 4 (4 steps)")
    board = desk.get_by_role("button", name=re.compile(r"^Square 5 ")).first.bounding_box()
    pad = box_of(desk, "Move Yellow 1 from 5 to 9")
    assert board is not None and pad["x"] > board["x"]
    still_shot(desk, "parchis_desktop_1280")


def test_the_rules_page_in_english_and_korean_opens_at_the_rule_cited(app_en, browser):
    page = open_app(browser, f"{app_en.url}rules/parchis/PA-12", SMALL_PHONE)
    wait_for_font(page)
    wait_for_text(page, "If the exit square is full")
    text = visible_text(page)
    for rule in ("PA-1", "PA-11", "PA-15", "PA-20"):
        assert rule in text
    still_shot(page, "parchis_rules_360_en")
    set_language(app_en.settings, "ko")
    page = open_app(browser, f"{app_en.url}rules/parchis/PA-14", SMALL_PHONE)
    wait_for_font(page)
    wait_for_text(page, "한 차례에 6이 세 번 나오면")
    assert "PA-14" in visible_text(page)
    still_shot(page, "parchis_rules_360_ko")


def test_a_quick_team_match_is_set_up_on_the_new_match_screen(app_en, browser):
    """PA-7, PA-8: the set-up form offers the quick game and, with four players, teams."""
    store = Store(app_en.db_url)
    for name, colour in zip(NAMES, ("#d32f2f", "#1976d2", "#388e3c", "#fbc02d"), strict=True):
        store.add_player(name, colour)
    page = open_app(browser, f"{app_en.url}new/parchis", SMALL_PHONE)
    wait_for_text(page, "Ana")
    for name in NAMES[:2]:
        tap(page, name)
    # Ana's own colour is red, Ben's blue: Ana plays red, so Ben takes yellow (PA-6: opposite)
    wait_for_text(page, "seat 1 plays Red, seat 2 plays Yellow")
    assert "Teams need four players." in visible_text(page)
    for name in NAMES[2:]:
        tap(page, name)
    wait_for_text(page, "seat 1 plays Red, seat 2 plays Blue, seat 3 plays Green, seat 4 plays Yellow")
    still_shot(page, "parchis_phone_360_setup")
    chip = button(page, "Seat 1 plays Yellow")  # a tap swaps Ana's colour with Dee's
    reveal(page, chip)
    chip.click()
    wait_for_text(page, "seat 1 plays Yellow, seat 2 plays Blue, seat 3 plays Green, seat 4 plays Red")
    tap(page, "Quick (two home)")
    tap(page, "Teams: yellow and red against blue and green")
    tap(page, "Start match")
    wait_for_text(page, "Ana (Yellow) to roll.", 20_000)
    wait_for_text(page, "Quick game: two pieces home win. · Teams: yellow with red, blue with green.")
    assert label_of(page, r"^Square 5 ") == "Square 5 · Yellow exit, safe: Yellow 1"  # PA-8's start
    [match] = store.unfinished_matches()
    assert match.game == "parchis" and store.resume(match.id).setup["mode"] == "quick"
    assert store.resume(match.id).setup["teams"] is True
    assert store.resume(match.id).setup["colours"] == "yellow+blue+green+red"
    assert "Dee (Red)" in visible_text(page)
    still_shot(page, "parchis_phone_360_quick_teams")


def test_in_korean_on_a_phone_and_a_desktop_each_player_plays_their_own_colour(app_server, browser):
    """PA-6: Ana chose red for herself and plays red, Ben yellow (opposite); the moves show their
    squares big, a refusal names pieces in words, and the desktop puts the board beside the panel."""
    store = Store(app_server.db_url)
    ana, ben = store.add_player("Ana", "#d32f2f").id, store.add_player("Ben", "#fbc02d").id
    match_id = store.create_match("parchis", {"colours": "red+yellow"}, [SeatSpec(ana, 0), SeatSpec(ben, 1)])
    page = open_app(browser, f"{app_server.url}match/{match_id}", SMALL_PHONE)
    wait_for_font(page)
    wait_for_text(page, "Ben(노랑) 님이 굴릴 차례입니다.")  # yellow moves first (PA-2), whoever sits first
    assert "Ana(빨강): 골인 0/4" in visible_text(page)
    tap(page, "주사위 5")
    wait_for_text(page, "Ben(노랑) 님이 5를 굴렸습니다(5칸).")
    move = box_of(page, "노랑 1번 말을 집에서 5번 칸으로", scroll=True)
    assert move["width"] >= 48 and move["height"] >= 48
    tap_board(page, r"^빨강 집")
    wait_for_text(page, "빨강 1번 말은 지금 움직일 수 있는 말이 아닙니다. 지금은 노랑의 차례입니다. (PA-6)")
    text = visible_text(page)
    assert "red." not in text and "yellow." not in text  # no protocol names on the screen
    still_shot(page, "parchis_phone_360_ko")
    tap(page, "노랑 1번 말을 집에서 5번 칸으로")
    wait_for_text(page, "Ana(빨강) 님이 굴릴 차례입니다.")
    assert entries(store, match_id) == [{"roll": 5}, {"move": {"piece": "yellow.0"}}]

    desk = open_app(browser, f"{app_server.url}match/{match_id}", DESKTOP)
    wait_for_text(desk, "Ana(빨강) 님이 굴릴 차례입니다.")
    board = desk.get_by_role("button", name=re.compile(r"^5번 칸")).first.bounding_box()
    pad = box_of(desk, "주사위 5")
    assert board is not None and pad["x"] > board["x"] + board["width"]
    assert buttons_inside_viewport(desk) == []
    still_shot(desk, "parchis_desktop_1280_ko")

"""Quacks in a real browser: a two-player game set up on the new-match screen, the fortune card
picked, chips drawn for both players by tapping the bag's palette, one pot exploding, the
evaluation walked A to F (the bonus die, the exploded player's choice, the shop, the rubies) into
round 2, with screenshots of the pot and of the evaluation on a phone and on a desktop.

A second page opened on the same match is set to one seat ("this device is Ben's"): it follows
the first page's draws (the match screen polls once a second), adds its own, opens on Ben's pot
again after a reload, and the store's log holds every draw once.

The palette's chips are buttons named as read aloud ("Drew a white 3 (1 in the bag)"); the
shop's chips "Add a orange 1 for 3 coins"; everything stored is checked against the store's log.
"""

from __future__ import annotations

import re

import pytest

from db import Store
from tests.e2e.helpers import (
    DESKTOP,
    SMALL_PHONE,
    box_of,
    buttons_inside_viewport,
    open_app,
    reload_app,
    reveal,
    shot,
    tap,
    unnamed_buttons,
    visible_text,
    wait_for_font,
    wait_for_text,
    wait_until,
)

pytestmark = pytest.mark.browser

FOLLOW_MS = 6_000  # the match screen polls once a second


def logged(store: Store, match_id: int) -> list:
    return [entry.get("action", entry["kind"]) for entry in store.events(match_id)]


def draw(page, store: Store, match_id: int, code_words: str, seat: int) -> None:
    """Tap the palette's chip (e.g. "white 3") and wait until the store holds the entry."""
    before = len(logged(store, match_id))
    chip = page.get_by_role("button", name=re.compile(rf"^Drew a {code_words} \(")).first
    reveal(page, chip)
    chip.click()
    wait_until(page, lambda: len(logged(store, match_id)) == before + 1, f"{code_words} being stored")
    assert logged(store, match_id)[-1]["seat"] == seat
    page.wait_for_timeout(300)


def still_shot(page, name: str) -> None:
    page.mouse.move(2, page.viewport_size["height"] - 2)  # no hover tooltip in the picture
    shot(page, name)


def to_top(page) -> None:
    """Scroll back to the top: Flutter leaves what is scrolled out of sight out of the
    accessibility tree, so a text above the last tap is read from the top."""
    page.mouse.move(page.viewport_size["width"] // 2, page.viewport_size["height"] // 2)
    page.mouse.wheel(0, -20_000)
    page.wait_for_timeout(400)


def scroll_to(page, name: str | re.Pattern) -> None:
    locator = (page.get_by_role("button", name=name, exact=True) if isinstance(name, str)
               else page.get_by_role("button", name=name)).first
    reveal(page, locator)


def test_a_two_player_round_from_set_up_to_round_two_with_a_second_device(app_en, browser):
    store = Store(app_en.db_url)
    store.add_player("Ana", "#d32f2f")
    store.add_player("Ben", "#1976d2")

    # Set-up on the new-match screen: players in seat order, a book set, the start player (QK-1).
    page = open_app(browser, f"{app_en.url}new/quacks", SMALL_PHONE)
    wait_for_font(page)
    wait_for_text(page, "Ana")
    tap(page, "Ana")
    tap(page, "Ben")
    wait_for_text(page, "Start player (QK-1)")
    tap(page, "red book, set 3")
    wait_for_text(page, "if the chip just before it is white, it also moves that white chip's value")
    tap(page, "red book, set 1")
    tap(page, "Seat 1")
    tap(page, "Start match")
    wait_for_text(page, "Round 1: Ana draws a fortune card. Which card is it?", 20_000)
    [match] = store.unfinished_matches()
    match_id = match.id
    assert store.resume(match_id).setup["red"] == 1 and store.resume(match_id).setup["start"] == 0

    # The fortune card (QK-4): a blue card that changes nothing in this round.
    tap(page, "Seasoned Perfectly")
    wait_for_text(page, "Whoever ends the round with white chips totalling exactly 7")
    assert logged(store, match_id) == [{"seat": 0, "card": "seasoned_perfectly"}]

    # A second device, set to Ben's seat.
    second = open_app(browser, f"{app_en.url}match/{match_id}", SMALL_PHONE)
    wait_for_text(second, "This device shows everyone")
    tap(second, "Ben's pot")
    tap(second, "This device is Ben's")
    wait_for_text(second, "This device is Ben's: it opens on Ben's pot.")

    # Ana brews on the first page: white 3, white 2, orange 1 (QK-6).
    tap(page, "Ana's pot")
    wait_for_text(page, "Tap the chip drawn from the bag:")
    box = box_of(page, re.compile(r"^Drew a white 1 \("), scroll=True)
    assert box["width"] >= 48 and box["height"] >= 48  # the palette's chips are thumb-sized
    draw(page, store, match_id, "white 3", 0)
    draw(page, store, match_id, "white 2", 0)
    draw(page, store, match_id, "orange 1", 0)
    to_top(page)
    wait_for_text(page, "White chips: 5 of 7")
    text = visible_text(page)
    assert "Ana's pot: droplet on 0, first chip counts from 0; chips: white 3 on 3, white 2 on 5, orange 1 on 6; " \
           "scores on space 7 (7 coins, 1 VP)" in text
    # Bag: W1 ×4, W2, G1 (6 chips), whites 5 of 7: no single chip passes 7; two chips pass it
    # as W2 + W1 in either order: 2·4 of 6·5 ordered pairs = 27%.
    assert "Explodes next chip: 0%" in text and "Explodes within 2: 27%" in text
    assert buttons_inside_viewport(page) == []
    assert unnamed_buttons(page) == []
    scroll_to(page, re.compile(r"^Drew a white 1 \("))
    still_shot(page, "quacks_phone_360_pot")

    # The second page follows Ana's draws, then Ben draws on his own device.
    tap(second, "Everyone")
    wait_for_text(second, "chips: white 3 on 3, white 2 on 5, orange 1 on 6", FOLLOW_MS)
    tap(second, "Ben's pot")
    draw(second, store, match_id, "green 1", 1)
    draw(second, store, match_id, "orange 1", 1)
    tap(page, "Everyone")
    wait_for_text(page, "Ben's pot: droplet on 0, first chip counts from 0; chips: green 1 on 1, orange 1 on 2",
                  FOLLOW_MS)
    tap(page, "Ana's pot")
    # Reloaded, the second device opens on Ben's pot by itself (the choice is the device's own).
    reload_app(second)
    wait_for_text(second, "This device is Ben's: it opens on Ben's pot.")
    assert "Ben's pot: droplet on 0" in visible_text(second)
    assert "Ana's pot: droplet on 0" not in visible_text(second)

    # Ana's pot explodes (QK-7): whites 3 + 2 + 2 = 7, then a white 1 makes 8.
    draw(page, store, match_id, "white 2", 0)
    scroll_to(page, "Flask: the white 2 back into the bag")  # QK-8: offered for the white just drawn
    draw(page, store, match_id, "white 1", 0)
    to_top(page)
    wait_for_text(page, "exploded (8 > 7)")
    still_shot(page, "quacks_phone_360_exploded")
    page.set_viewport_size(DESKTOP)
    page.wait_for_timeout(1_500)  # the screen follows the window: the whole pot, larger
    to_top(page)
    still_shot(page, "quacks_desktop_pot")
    page.set_viewport_size(SMALL_PHONE)

    # Ben stops on his own device (QK-9): brewing is over, the evaluation begins.
    tap(second, "Stop drawing")
    wait_until(second, lambda: logged(store, match_id)[-1] == {"seat": 1, "stop": True}, "Ben's stop")
    draws = [a for a in logged(store, match_id) if "draw" in a]
    assert draws == [{"seat": 0, "draw": "W3"}, {"seat": 0, "draw": "W2"}, {"seat": 0, "draw": "O1"},
                     {"seat": 1, "draw": "G1"}, {"seat": 1, "draw": "O1"}, {"seat": 0, "draw": "W2"},
                     {"seat": 0, "draw": "W1"}]  # every draw once, from either device, in order

    # A (QK-11): only Ben's pot stands, so Ben rolls; the face is typed.
    wait_for_text(page, "A · Ben rolls the bonus die. What does it show?", FOLLOW_MS)
    assert "Roll for me" in visible_text(page)
    still_shot(page, "quacks_phone_360_evaluation_die")
    tap(page, "2 VP")
    # B (QK-12, QK-17): no black chips on either side: both droplets move; Ben's green 1 is his
    # next-to-last chip: 1 ruby. D (QK-14): Ana's pot W3@3 W2@5 O1@6 W2@8 W1@9 exploded; it
    # scores on space 10: 10 coins, 2 VP.
    wait_for_text(page, "Ana, black chips: droplet +1.")
    wait_for_text(page, "D · Ana's pot exploded: take 2 VP, or go shopping with 10 coins?")
    tap(page, "Shop with 10 coins")
    # E: the shop offers legal purchases only: orange 1 (3) then blue 1 (5) = 8 of 10 coins.
    wait_for_text(page, "E · Ana goes shopping with 10 coins.")
    assert "Add a black 1 for 10 coins" in visible_text(page)
    assert "Add a yellow 1" not in visible_text(page)  # QK-1: no yellow book before round 2
    tap(page, "Add a orange 1 for 3 coins")
    wait_for_text(page, "Coins: 10 · chosen: 3")
    text = visible_text(page)
    assert "Add a black 1 for 10 coins" not in text and "Add a green 2 for 8 coins" not in text  # over 10
    assert "Add a orange 1" not in text  # QK-14: two chips of one colour are refused
    tap(page, "Add a blue 1 for 5 coins")
    wait_for_text(page, "Buy orange 1, blue 1")
    scroll_to(page, "Buy orange 1, blue 1")
    still_shot(page, "quacks_phone_360_evaluation_shop")
    page.set_viewport_size(DESKTOP)
    page.wait_for_timeout(1_500)
    still_shot(page, "quacks_desktop_evaluation_shop")
    page.set_viewport_size(SMALL_PHONE)
    tap(page, "Buy orange 1, blue 1")
    wait_until(page, lambda: logged(store, match_id)[-1] == {"seat": 0, "buy": ["O1", "B1"]}, "Ana's purchase")
    # Ben: G1@1 O1@2 scores on 3: 3 coins.
    wait_for_text(page, "E · Ben goes shopping with 3 coins.")
    tap(page, "Buy nothing")
    # F (QK-15): Ana's one ruby buys nothing, so she is not asked; Ben's two could move his droplet.
    wait_for_text(page, "F · Ben, rubies in hand: 2. Spend some?")
    assert "droplet +1 (rubies: 2)" in visible_text(page)
    tap(page, "Keep the rubies")
    wait_for_text(page, "Round 2: Ben draws a fortune card. Which card is it?")
    state = store.resume(match_id).state
    assert (state.round, state.start) == (2, 1)
    assert state.players[0].bag["O1"] == 2 and state.players[0].bag["B1"] == 1
    assert state.players[1].vp == 2
    wait_for_text(second, "Round 2: Ben draws a fortune card.", FOLLOW_MS)

    # Undo at every step: the last entry (Ben's rubies) comes back as the question.
    tap(page, "Undo")
    wait_for_text(page, "F · Ben, rubies in hand: 2. Spend some?")
    assert logged(store, match_id)[-1] == "undo"
    tap(page, "Redo")
    wait_for_text(page, "Round 2: Ben draws a fortune card.")


def test_the_rules_page_in_korean_with_the_rule_a_refusal_cites_first(app_server, browser):
    page = open_app(browser, f"{app_server.url}rules/quacks/QK-14", SMALL_PHONE)
    wait_for_font(page)
    wait_for_text(page, "D단계: 점수 칸의 승점을 받습니다.")
    text = visible_text(page)
    assert "QK-18" in text and "책 세트" in text
    still_shot(page, "quacks_rules_ko_phone")

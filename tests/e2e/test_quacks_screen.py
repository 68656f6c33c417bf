"""Quacks in a real browser: a two-player game set up on the new-match screen, the fortune card
picked, chips drawn for both players by tapping the bag's palette, one pot exploding, the
evaluation walked A to F (the bonus die, the exploded player's choice, the shop, the rubies) into
round 2, with screenshots of the pot and of the evaluation on a phone and on a desktop.

A second page opened on the same match is set to one seat ("this device is Ben's"): it follows
the first page's draws (the match screen polls once a second), adds its own, opens on Ben's pot
again after a reload, and the store's log holds every draw once.

The palette's chips are buttons named as read aloud ("Drew a white 3 (1 in the bag)"); the
shop's chips "Add an orange 1 for 3 coins"; everything stored is checked against the store's log.
"""

from __future__ import annotations

import re

import pytest

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
    reload_app,
    reveal,
    shot,
    tap,
    type_into,
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
    chip = page.get_by_role("button", name=re.compile(rf"^Drew an? {code_words} \(")).first
    reveal(page, chip)
    chip.click()
    wait_until(page, lambda: len(logged(store, match_id)) == before + 1, f"{code_words} being stored")
    assert logged(store, match_id)[-1]["seat"] == seat
    page.wait_for_timeout(300)


def search(page, field: str, text: str) -> None:
    """Type `text` into the search field `field` as a player would, key by key."""
    box = page.get_by_role("textbox", name=field)
    reveal(page, box)
    where = box.bounding_box()
    for _ in range(20):  # still: Flutter has moved the field where the click lands
        page.wait_for_timeout(150)
        again = box.bounding_box()
        if again == where:
            break
        where = again
    assert where is not None
    page.mouse.click(where["x"] + where["width"] / 2, where["y"] + where["height"] / 2)
    page.wait_for_timeout(300)
    page.keyboard.type(text, delay=120)
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
    text = visible_text(page)
    assert "Book sets and start player (official variants)" in text and "House rules" not in text
    assert "Seat 1 · Ana" in text and "Seat 2 · Ben" in text  # the start player by name, in seat order
    tap(page, "red book, set 3")
    wait_for_text(page, "if the chip just before it is white, it also moves that white chip's value")
    wait_for_text(page, "Prices of set 3: red 1 · 5, red 2 · 9, red 4 · 15; set 1 has 6, 10, 16.")
    tap(page, "red book, set 1")
    wait_for_text(page, "Prices: red 1 · 6, red 2 · 10, red 4 · 16")
    tap(page, "Seat 1 · Ana")
    tap(page, "Start match")
    wait_for_text(page, "Round 1: Ana draws a fortune card. Which card is it?", 20_000)
    [match] = store.unfinished_matches()
    match_id = match.id
    assert store.resume(match_id).setup["red"] == 1 and store.resume(match_id).setup["start"] == 0

    # The fortune card (QK-4): sorted by name, each with its number; found by name or number.
    text = visible_text(page)
    assert text.index("21 · A Second Chance") < text.index("9 · An Opportunistic Moment") \
        < text.index("15 · Seasoned Perfectly")  # by name, not by number
    search(page, "Find a card: name or number", "15")
    wait_until(page, lambda: "21 · A Second Chance" not in visible_text(page), "the search by number")
    assert "15 · Seasoned Perfectly" in visible_text(page)
    still_shot(page, "quacks_phone_360_card_search")
    tap(page, "15 · Seasoned Perfectly")  # a blue card that changes nothing in this round
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
    wait_for_text(page, "Drew a green 1 (1 in the bag)")
    to_top(page)
    for chip in ("white 1", "green 1"):  # the whole palette on a 360×640 phone, no scrolling
        assert in_viewport(page, box_of(page, re.compile(rf"^Drew an? {chip} \("))), chip
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

    # A (QK-11): only Ben's pot stands, so Ben rolls: the faces of the table's die are the big
    # buttons, "Roll for me" the small one. He enters it on his own device.
    wait_for_text(second, "A · Ben rolls the bonus die. What does it show?", FOLLOW_MS)
    assert box_of(second, "2 VP")["height"] > box_of(second, "Roll for me")["height"]
    still_shot(second, "quacks_phone_360_evaluation_die")
    tap(second, "2 VP")
    # B (QK-12, QK-17): no black chips on either side: both droplets move; Ben's green 1 is his
    # next-to-last chip: 1 ruby. Then D–F at once: Ana's pot W3@3 W2@5 O1@6 W2@8 W1@9 exploded
    # (D: 2 VP, or E with 10 coins, on the table's device); Ben (G1@1 O1@2, 3 coins) buys on his.
    wait_for_text(page, "D · Ana's pot exploded: take 2 VP, or go shopping with 10 coins?", FOLLOW_MS)
    wait_for_text(second, "E · Ben goes shopping with 3 coins.", FOLLOW_MS)
    assert "Ana's pot exploded" not in visible_text(second)  # a seat's device shows its own question
    assert "Answer for Ana on this device" in visible_text(second)  # ... and the others' on request
    assert "E · Ben goes shopping with 3 coins." in visible_text(page)  # the table's device: everyone's
    still_shot(page, "quacks_phone_360_evaluation_together")
    page.set_viewport_size(DESKTOP)  # a desktop: the questions and the tallies side by side
    wait_until(page, lambda: "Round 1 of 9" in visible_text(page), "the desktop layout")
    still_shot(page, "quacks_desktop_evaluation_together")
    page.set_viewport_size(SMALL_PHONE)
    wait_until(page, lambda: "Round 1 of 9" not in visible_text(page), "the phone layout")
    tap(second, "Buy nothing")
    # F (QK-15): Ben's two rubies could move his droplet; Ana's one buys nothing: she is not asked.
    wait_for_text(second, "F · Ben, rubies in hand: 2. Spend some?")
    assert "droplet +1 (rubies: 2)" in visible_text(second)
    tap(second, "Keep the rubies")
    wait_until(second, lambda: "Waiting for Ana." in visible_text(second), "Ben done before Ana", FOLLOW_MS)
    tap(page, "Shop with 10 coins")
    # E: the shop offers legal purchases only: orange 1 (3) then blue 1 (5) = 8 of 10 coins.
    wait_for_text(page, "E · Ana goes shopping with 10 coins.")
    assert "Add a black 1 for 10 coins" in visible_text(page)
    assert "Add a yellow 1" not in visible_text(page)  # QK-1: no yellow book before round 2
    tap(page, "Add an orange 1 for 3 coins")
    wait_for_text(page, "Coins: 10 · chosen: 3")
    text = visible_text(page)
    assert "Add a black 1 for 10 coins" not in text and "Add a green 2 for 8 coins" not in text  # over 10
    assert "Add an orange 1" not in text  # QK-14: two chips of one colour are refused
    tap(page, "Add a blue 1 for 5 coins")
    wait_for_text(page, "Buy orange 1, blue 1")
    scroll_to(page, "Buy orange 1, blue 1")
    still_shot(page, "quacks_phone_360_evaluation_shop")
    tap(page, "Buy orange 1, blue 1")
    wait_until(page, lambda: logged(store, match_id)[-1] == {"seat": 0, "buy": ["O1", "B1"]}, "Ana's purchase")
    wait_for_text(page, "Round 2: Ben draws a fortune card. Which card is it?")
    state = store.resume(match_id).state
    assert (state.round, state.start) == (2, 1)
    assert state.players[0].bag["O1"] == 2 and state.players[0].bag["B1"] == 1
    assert state.players[1].vp == 2
    wait_for_text(second, "Round 2: Ben draws a fortune card.", FOLLOW_MS)

    # Undo takes back the last entry (Ana's purchase): her question comes back.
    tap(page, "Undo")
    wait_for_text(page, "E · Ana goes shopping with 10 coins.")
    assert logged(store, match_id)[-1] == "undo"
    tap(page, "Redo")
    wait_for_text(page, "Round 2: Ben draws a fortune card.")

    # Round 2: Ben picks the card on his device by name; Ana draws her new blue 1 (blue set 1,
    # QK-18): it asks which chip it placed, and Stop waits while the question is open.
    wait_for_text(second, "Round 2: Ben draws a fortune card.")
    search(second, "Find a card: name or number", "stirred")
    wait_until(second, lambda: "15 · Seasoned Perfectly" not in visible_text(second), "the search by name")
    tap(second, "19 · Well Stirred")
    tap(page, "Ana's pot")
    blue = re.compile(r"^Drew a blue 1 \(")
    box_of(page, blue, scroll=True)  # in view and still: Flutter has moved it where the click lands
    button(page, blue).click()
    wait_for_text(page, "Blue 1 drawn: draw 1 more and place one of them next. Which was placed?")
    assert "Stop drawing" not in visible_text(page)
    still_shot(page, "quacks_phone_360_blue_places")
    before = len(logged(store, match_id))
    tap(page, "Place the orange 1")
    wait_until(page, lambda: len(logged(store, match_id)) == before + 1, "the blue's entry")
    assert logged(store, match_id)[-1] == {"seat": 0, "draw": {"chip": "B1", "place": "O1"}}
    # The risk as this table likes it: in chips ("0 of 9"), or hidden.
    scroll_to(page, "in chips")
    tap(page, "in chips")
    wait_for_text(page, "next chip explodes: 0 of 9")  # the bag: 11 chips less the blue and the orange
    page.set_viewport_size(DESKTOP)
    tap(page, "Everyone")
    page.wait_for_timeout(1_500)  # a desktop shows the pots side by side
    to_top(page)
    still_shot(page, "quacks_desktop_pots_side_by_side")


def test_in_korean_the_set_up_the_rules_readings_and_a_pot_on_a_phone_and_a_desktop(app_server, browser):
    store = Store(app_server.db_url)
    store.add_player("민수", "#d32f2f")
    store.add_player("Jo", "#1976d2")
    page = open_app(browser, f"{app_server.url}new/quacks", SMALL_PHONE)
    wait_for_font(page)
    tap(page, "민수")
    tap(page, "Jo")
    wait_for_text(page, "책 세트와 시작 플레이어 (공식 변형 규칙)")
    text = visible_text(page)
    assert "하우스 룰" not in text and "1번 자리 · 민수" in text and "2번 자리 · Jo" in text
    tap(page, "2번 자리 · Jo")
    scroll_to(page, "2번 자리 · Jo")
    still_shot(page, "quacks_ko_phone_setup")
    tap(page, "경기 시작")
    wait_for_text(page, "1라운드: Jo", 20_000)
    [match] = store.unfinished_matches()
    # This table's printing of Living in Luxury says 10: corrected before the card is drawn,
    # the engine plays 10 and the card's text says so (a name would change only the words).
    tap(page, "판본이 다른가요? 가격과 카드 고치기")
    wait_for_text(page, "카드가 하는 일을 바꾸는 것은 숫자뿐입니다")
    field = page.get_by_role("textbox", name="숫자 (8~15)")
    type_into(page, field, "10")
    page.wait_for_timeout(500)
    still_shot(page, "quacks_ko_phone_corrections")
    tap(page, "고친 내용 저장")
    wait_until(page, lambda: "catalogue" in store.events(match.id)[-1]["action"], "the corrections entry")
    assert store.events(match.id)[-1]["action"] == {"catalogue": {"cards": [{"id": "living_in_luxury", "number": 10}]}}
    search(page, "카드 찾기: 이름이나 번호", "넉넉")
    tap(page, "14 · 넉넉한 살림")  # Living in Luxury: the white limit is 10 this round, as corrected
    wait_for_text(page, "흰색 재료의 합이 10보다 커야 솥이 터집니다.")
    tap(page, "민수 님의 솥")
    wait_for_text(page, "흰색 재료 합: 0 / 10")
    still_shot(page, "quacks_ko_phone_pot")
    page.set_viewport_size(DESKTOP)
    tap(page, "모두")
    page.wait_for_timeout(1_500)
    to_top(page)
    still_shot(page, "quacks_ko_desktop_pots")
    assert store.events(match.id)[1]["action"] == {"seat": 1, "card": "living_in_luxury"}

    # The rules page, opened at the rule a refusal cites, then the app's own readings.
    goto_app(page, f"{app_server.url}rules/quacks/QK-14")
    wait_for_text(page, "D단계: 점수 칸의 승점을 받습니다.")
    text = visible_text(page)
    assert "QK-18" in text and "책 세트" in text and "앱이 카드와 책을 읽는 방식" in text
    page.set_viewport_size(SMALL_PHONE)
    still_shot(page, "quacks_rules_ko_phone")

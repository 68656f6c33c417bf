"""Çävasie in a real browser: a three-player hand dealt through the deck picker, bet, passed
through the interactions, shown down, and the explained result photographed; a deck edited in
the deck editor, a match set up with it and its showdown explained with the edited card; the
rules page, the ladder card and the quick scorer (at its own address, remembering names) in
Korean.

The deck picker's cards are buttons named as they are read aloud ("A1 · red 1 · Gextaluatin");
a card already on the table is disabled (CV-6). Everything stored is checked against the
store's log.
"""

from __future__ import annotations

import re

import pytest

from companion.cavasie import default_deck
from companion.i18n import t
from db import SeatSpec, Store
from tests.e2e.helpers import (
    DESKTOP,
    SMALL_PHONE,
    box_of,
    button,
    buttons_inside_viewport,
    goto_app,
    open_app,
    path_of,
    reveal,
    shot,
    tap,
    type_into,
    visible_text,
    wait_for_font,
    wait_for_path,
    wait_for_text,
    wait_until,
)
from views.cavasie.explain import card_label

pytestmark = pytest.mark.browser

NAMES = ("Ana", "Ben", "Cai")
# CV-4's order: the dealer's (Ana's) four floor cards, two centre cards, two floor cards for Ben
# and for Cai, then two hand cards each.
DEAL = ["A1", "A2", "A3", "A4", "S1", "S2", "G1", "G2", "P1", "P2", "G3", "G4", "P3", "P4"]


def label(code: str) -> str:
    return card_label(lambda key, **p: t(key, "en", **p), default_deck(), code)


def cavasie_match(store: Store) -> int:
    colours = ("#d32f2f", "#1976d2", "#388e3c")
    ids = [store.add_player(name, colour).id for name, colour in zip(NAMES, colours, strict=True)]
    return store.create_match("cavasie", {"dealer": True, "chips": 20, "ante": 1},
                              [SeatSpec(pid, seat) for seat, pid in enumerate(ids)])


def actions(store: Store, match_id: int) -> list:
    return [entry.get("action", entry["kind"]) for entry in store.events(match_id)]


def test_a_three_player_hand_from_the_deck_picker_to_the_explained_showdown(app_en, browser):
    store = Store(app_en.db_url)
    match_id = cavasie_match(store)
    page = open_app(browser, f"{app_en.url}match/{match_id}", SMALL_PHONE)
    wait_for_font(page)
    wait_for_text(page, "Next card: Ana's floor card 1, face up. Pick it from the deck.")
    box = box_of(page, label("A1"), scroll=True)
    assert box["width"] >= 48 and box["height"] >= 48  # the picker's cards are thumb-sized
    assert buttons_inside_viewport(page) == []
    shot(page, "cavasie_phone_360_deal")

    # The deal, card by card through the picker; a placed card is greyed out and refused (CV-6).
    for count, code in enumerate(DEAL, start=1):
        tap(page, label(code))
        wait_until(page, lambda n=count: len(actions(store, match_id)) == n, f"{code} being stored")
        if count < len(DEAL):  # the last card ends the deal, and the picker goes
            wait_until(page, lambda code=code: button(page, label(code)).is_disabled(), f"{code} greyed out")
    assert actions(store, match_id)[:2] == [{"place": "A1", "to": "floor", "seat": 0},
                                            {"place": "A2", "to": "floor", "seat": 0}]
    wait_for_text(page, "Ben may draw up to two more floor cards, unseen.")

    # The extra floor draws (CV-4): Ben draws S3 (entered from the picker), then stands; Cai stands.
    tap(page, "Draw a floor card")
    wait_for_text(page, "Which card was drawn?")
    assert button(page, label("G1")).is_disabled()  # on Ben's floor already
    tap(page, label("S3"))
    wait_for_text(page, "Take floor card 3 into the hand")
    tap(page, "Done drawing")
    wait_for_text(page, "Cai may draw up to two more floor cards, unseen.")
    tap(page, "Done drawing")

    # The first betting round (CV-5): Ben bets 3, Cai calls.
    wait_for_text(page, "Ben to bet: 0 to call, chips behind: 19.")
    tap(page, "One chip more")
    tap(page, "One chip more")
    tap(page, "Bet 3")
    wait_for_text(page, "Cai to bet: 3 to call, chips behind: 19.")
    shot(page, "cavasie_phone_360_betting")
    tap(page, "Call 3")

    # One interaction each (CV-5): both pass; then the final round: both check.
    wait_for_text(page, "Ben may make one interaction, or pass.")
    tap(page, "Pass")
    wait_for_text(page, "Cai may make one interaction, or pass.")
    tap(page, "Pass")
    wait_for_text(page, "Ben to bet: 0 to call, chips behind: 16.")
    tap(page, "Check")
    wait_for_text(page, "Cai to bet: 0 to call, chips behind: 16.")
    tap(page, "Check")

    # The showdown, explained: Ben's four greens beat Cai's four blues on the colour count.
    wait_for_text(page, "Showdown: enter every card still unseen, then compare the hands.")
    tap(page, "Compare the hands")
    wait_for_text(page, "The showdown")
    text = visible_text(page)
    assert "1. Ben" in text
    assert "Ben: livizax (rank 15) with G1 G2 G3 G4, sum 10" in text  # S3 left out: G1 G2 are the floor pair
    assert "Ben above Cai: more green cards (4 against 0)." in text
    assert "Cai above Ana: a higher pattern (rank 15 against 10)." in text
    assert "Ben takes 9 chips from the pot." in text
    assert actions(store, match_id)[-1] == {"showdown": True}
    state = store.resume(match_id).state
    assert state.chips == (19, 16 + 9, 16)
    page.set_viewport_size(DESKTOP)
    page.mouse.move(2, DESKTOP["height"] - 2)
    shot(page, "cavasie_desktop_showdown_explained")
    page.set_viewport_size(SMALL_PHONE)
    button(page, "Next hand").scroll_into_view_if_needed()
    shot(page, "cavasie_phone_360_showdown_explained")


def test_the_rules_page_in_korean_with_the_ladder_and_the_quick_scorer(app_server, browser):
    """The rule a refusal cites comes first; the ladder and the referee's readings are listed in
    full; the quick scorer has its own address, ranks a showdown of a dealer and one player
    typed in through its own deck picker (nothing stored), and remembers the names after a
    reload; the ladder card explains the names."""

    def ko(code: str) -> str:
        return card_label(lambda key, **p: t(key, "ko", **p), default_deck(), code)

    page = open_app(browser, f"{app_server.url}rules/cavasie/CV-6", SMALL_PHONE)
    wait_for_font(page)
    wait_for_text(page, t("cavasie_ui.rules.CV-6", "ko"))
    text = visible_text(page)
    assert "CV-10" in text and t("cavasie_ui.reading.dealer_stake", "ko") in text
    assert t("cavasie_ui.reading.again", "ko") in text
    shot(page, "cavasie_rules_ko_phone")
    readings = page.get_by_text(t("cavasie_ui.rules.readings_heading", "ko"))
    reveal(page, readings)
    shot(page, "cavasie_rules_ko_phone_readings")
    page.mouse.wheel(0, -20000)
    tap(page, t("cavasie_ui.quick.open", "ko"))
    wait_for_path(page, "/tool/cavasie/scorer")
    wait_for_text(page, t("cavasie_ui.quick.intro", "ko"))
    for seat, name in enumerate(("민수", "지아"), start=1):
        field = page.get_by_role("textbox", name=t("cavasie_ui.quick.name", "ko", n=seat))
        type_into(page, field, name)
        wait_for_text(page, t("cavasie_ui.quick.pile.floor", "ko", name=name))
    for code in ("A5", "S6"):
        tap(page, ko(code))
    tap(page, t("cavasie_ui.quick.pile.floor", "ko", name="민수"))
    for code in ("G7", "P8"):
        tap(page, ko(code))
    # 지아 deals: two centre cards count as the dealer's hand (CV-7), and a dealer may show
    # down against the one player left (CV-4).
    tap(page, t("cavasie_ui.quick.dealer", "ko"), nth=1)
    for code in ("G1", "G2"):
        tap(page, ko(code))
    tap(page, t("cavasie_ui.quick.pile.floor", "ko", name="지아"))
    for code in ("G5", "G8"):
        tap(page, ko(code))
    assert button(page, ko("A5")).is_disabled()  # entered once, greyed out (CV-6)
    tap(page, t("cavasie_ui.quick.compare", "ko"))
    wait_for_text(page, "1위. 민수")
    text = visible_text(page)
    assert "vanzie" in text and "지아: G1 G2 G5 G8로 livizax(순위 15), 합 16" in text
    assert t("cavasie_ui.pattern_means", "ko", name="livizax", what=t("cavasie_ui.pattern.livizax", "ko")) in text
    page.set_viewport_size(DESKTOP)
    page.mouse.move(2, DESKTOP["height"] - 2)
    button(page, t("cavasie_ui.quick.compare", "ko")).scroll_into_view_if_needed()
    shot(page, "cavasie_quick_scorer_ko_desktop")
    tap(page, t("cavasie_ui.ladder.open", "ko"))
    wait_for_text(page, t("cavasie_ui.pattern.vanzie", "ko"))
    shot(page, "cavasie_ladder_card_ko_desktop")
    tap(page, t("app.close", "ko"))
    # Another tab of the same browser (a new session, the same device): the names are kept,
    # the cards are not.
    later = page.context.new_page()
    later.set_viewport_size(SMALL_PHONE)
    goto_app(later, f"{app_server.url}tool/cavasie/scorer")
    wait_for_text(later, t("cavasie_ui.quick.pile.hand", "ko", name="민수"))
    assert t("cavasie_ui.quick.pile.hand", "ko", name="지아") in visible_text(later)
    assert not button(later, ko("A5")).is_disabled()
    shot(later, "cavasie_quick_scorer_ko_phone_names_kept")


def place(card: str, seat: int | None, to: str) -> dict:
    return {"place": card, "to": to, **({} if seat is None else {"seat": seat})}


# Ana: A2 S6 in hand, G3 P8 on the floor; Ben: A5 A7 in hand, G1 G8 on the floor (no dealer with two).
# With the Didopoikas, Ana's A2 G3 is aloxolef (3) and Ben's A7 G8 too, and Ben's higher sum wins;
# with A2 edited to a 6, Ana holds a pair of sixes, alon (4), and wins.
HEADS_UP = [place("S1", None, "center"), place("S2", None, "center"),
            place("G3", 0, "floor"), place("P8", 0, "floor"), place("G1", 1, "floor"), place("G8", 1, "floor"),
            place("A2", 0, "hand"), place("S6", 0, "hand"), place("A5", 1, "hand"), place("A7", 1, "hand"),
            {"done": True}, {"done": True}, {"check": True}, {"check": True},
            {"interact": "none"}, {"interact": "none"}, {"check": True}, {"check": True}]


def test_cv1_a_deck_edited_on_the_phone_is_played_and_explained_with_its_card(app_en, browser):
    """The deck editor: A2's value goes from 2 to 6, the deck is checked and kept on the device;
    a match set up with it stores it; its showdown says A2 and S6 are a pair (alon). The ladder
    card explains the patterns; "End the session" asks first."""
    store = Store(app_en.db_url)
    for name, colour in (("Ana", "#d32f2f"), ("Ben", "#1976d2")):
        store.add_player(name, colour)
    page = open_app(browser, f"{app_en.url}tool/cavasie/deck", SMALL_PHONE)
    wait_for_font(page)
    wait_for_text(page, "Ready: 36 cards, enough to deal to up to 5 players.")
    assert button(page, "Keep this deck on this device").is_disabled()  # nothing changed yet
    a2 = button(page, re.compile(r"^A2 · red · 2"))
    reveal(page, a2)
    a2.click()
    wait_for_text(page, "Card A2")
    more = button(page, "Value one higher")
    reveal(page, more)
    for _ in range(4):
        more.click()
        page.wait_for_timeout(300)
    wait_for_text(page, "Value: 6")
    assert buttons_inside_viewport(page) == []
    shot(page, "cavasie_deck_editor_phone_360_card")
    # An edit the engine refuses is shown with its reason, and the deck cannot be kept.
    code = page.get_by_role("textbox", name="Code (as printed on the card)")
    type_into(page, code, "A1")
    wait_for_text(page, "Two cards of the deck have the code A1. (CV-6)")
    assert button(page, "Keep this deck on this device").is_disabled()
    reveal(page, button(page, "Remove this card"))
    shot(page, "cavasie_deck_editor_phone_360_problem")
    type_into(page, code, "A2")
    wait_until(page, lambda: "(CV-6)" not in visible_text(page), "the problem going once the code is A2 again")
    tap(page, "Done")
    wait_for_text(page, "Changed from the Didopoikas: 1 card (A2).")
    page.set_viewport_size(DESKTOP)
    shot(page, "cavasie_deck_editor_desktop")
    page.set_viewport_size(SMALL_PHONE)
    tap(page, "Keep this deck on this device")
    wait_for_text(page, "Kept on this device")
    tap(page, "Start a match with this deck")
    wait_for_path(page, "/new/cavasie")

    # The set-up: two players, so no dealer; the device's deck is chosen already.
    wait_for_text(page, "This device's edited deck (36 cards, 1 change)")
    tap(page, "Ana")
    tap(page, "Ben")
    wait_for_text(page, "With two players there is no dealer (CV-4).")
    shot(page, "cavasie_setup_phone_360_edited_deck")
    tap(page, "Start match")
    wait_until(page, lambda: path_of(page).startswith("/match/"), "the match screen")
    match_id = int(path_of(page).rsplit("/", 1)[1])
    setup = store.match(match_id).setup
    assert setup["dealer"] is True and next(c for c in setup["deck"]["cards"] if c["code"] == "A2")["value"] == 6

    # The hand comes from another device (the store); this screen follows it and compares.
    session = store.resume(match_id)
    for action in HEADS_UP:
        session.apply(action)
    wait_for_text(page, "Showdown: enter every card still unseen, then compare the hands.")
    tap(page, "Compare the hands")
    wait_for_text(page, "The showdown")
    text = visible_text(page)
    assert "Ana: alon (rank 4) with A2 G3 P8 S6, sum 23" in text  # A2 counts 6 (sum 6 + 6 + 3 + 8)
    assert "alon: a pair." in text and "The pattern: A2 S6" in text
    assert "Ana above Ben: a higher pattern (rank 4 against 3)." in text
    tap(page, "The ladder: what each pattern means")
    wait_for_text(page, "four consecutive values in four different colours, the strongest")
    shot(page, "cavasie_ladder_card_phone_360")
    tap(page, "Close")

    # Ending the session asks first; "Cancel" keeps it going.
    entries = len(store.events(match_id))
    end = button(page, "End the session")
    reveal(page, end)
    end.click()
    wait_for_text(page, "End the session here?")
    tap(page, "Cancel")
    assert len(store.events(match_id)) == entries and not store.match(match_id).result
    end.click()
    wait_for_text(page, "End the session here?")
    page.get_by_role("button", name="End the session").last.click()
    wait_for_text(page, "Session over: chips at the end")
    assert store.events(match_id)[-1].get("action") == {"end_session": True}
    text = visible_text(page)
    assert "1. Ana: 101 chips" in text and "2. Ben: 99 chips" in text
    assert "Ana: alon (rank 4)" in text  # the last showdown stays explained
    page.set_viewport_size(DESKTOP)
    shot(page, "cavasie_desktop_session_over_edited_deck")

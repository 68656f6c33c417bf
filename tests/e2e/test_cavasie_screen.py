"""Çävasie in a real browser: a three-player hand dealt through the deck picker, bet, passed
through the interactions, shown down, and the explained result photographed.

The deck picker's cards are buttons named as they are read aloud ("A1 · red 1 · Gextaluatin");
a card already on the table is disabled (CV-6). Everything stored is checked against the
store's log.
"""

from __future__ import annotations

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
    open_app,
    shot,
    tap,
    visible_text,
    wait_for_font,
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
    assert "Ben takes 9 from the pot." in text
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
    """The rule a refusal cites comes first; the ladder is listed in full; the quick scorer
    ranks a showdown typed in through its own deck picker, nothing stored."""

    def ko(code: str) -> str:
        return card_label(lambda key, **p: t(key, "ko", **p), default_deck(), code)

    page = open_app(browser, f"{app_server.url}rules/cavasie/CV-6", SMALL_PHONE)
    wait_for_font(page)
    wait_for_text(page, t("cavasie_ui.rules.CV-6", "ko"))
    text = visible_text(page)
    assert "CV-10" in text
    shot(page, "cavasie_rules_ko_phone")
    tap(page, t("cavasie_ui.quick.open", "ko"))
    wait_for_text(page, t("cavasie_ui.quick.intro", "ko"))
    for code in ("A5", "S6"):
        tap(page, ko(code))
    tap(page, t("cavasie_ui.quick.pile.floor", "ko", name="참가자 1"))
    for code in ("G7", "P8"):
        tap(page, ko(code))
    tap(page, t("cavasie_ui.quick.pile.hand", "ko", name="참가자 2"))
    for code in ("G1", "G2"):
        tap(page, ko(code))
    tap(page, t("cavasie_ui.quick.pile.floor", "ko", name="참가자 2"))
    for code in ("G5", "G8"):
        tap(page, ko(code))
    assert button(page, ko("A5")).is_disabled()  # entered once, greyed out (CV-6)
    tap(page, t("cavasie_ui.quick.compare", "ko"))
    wait_for_text(page, "1위. 참가자 1")
    text = visible_text(page)
    assert "vanzie" in text and "livizax" in text
    page.set_viewport_size(DESKTOP)
    page.mouse.move(2, DESKTOP["height"] - 2)
    button(page, t("cavasie_ui.quick.compare", "ko")).scroll_into_view_if_needed()
    shot(page, "cavasie_quick_scorer_ko_desktop")

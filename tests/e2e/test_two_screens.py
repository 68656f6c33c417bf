"""One match open on two screens: each follows the other, and a stale tap is refused.

Issue 6 saw two browsers on one match corrupt it for good: the second still showed the opening,
accepted a move for the same player, both were stored, and the match could never be opened
again. Here the same match is opened in two pages (of one server, then of two server processes
on one SQLite file):

- a move made in one page appears in the other without a reload (the screen polls the store
  once a second);
- a move sent from a page that has not caught up is refused with a message, nothing is
  stored, and that page then shows the current board;
- the match still replays (`Store.resume`), and a fresh page opens it on the same board.

How the second page is made stale (honestly): we cannot pause a page's polling from the
browser, so we race it. Another writer commits an entry (the store written to directly from
this test, or the other page through the other server), and the stale page is tapped at once
at the spot of a button computed beforehand (`mouse.click`, a few milliseconds), well inside
the one-second poll. If the poll happens to land in between, the page has caught up and the
tap is harmless (the button is then disabled, or the engine refuses it without storing); the
test sees that no stale refusal came, takes the other writer's entry back, and races again.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from db import Store
from tests.e2e.helpers import (
    DESKTOP,
    SMALL_PHONE,
    box_of,
    open_app,
    senet_match,
    senet_square,
    shot,
    start_app,
    stop_app,
    tap,
    tap_senet_square,
    visible_text,
    wait_for_font,
    wait_for_text,
    wait_until,
)

pytestmark = pytest.mark.browser

FOLLOW_MS = 10_000  # a screen polls once a second; generous for a loaded CI machine, no reload either way
STALE = "Someone else changed match"


def centre(page, name: str | re.Pattern) -> tuple[float, float]:
    box = box_of(page, name)
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def race_stale_tap(stale_page, store: Store, match_id: int, write: Callable[[], None],
                   spot: tuple[float, float], take_back: Callable[[], None], attempts: int = 6) -> int:
    """Commit another writer's entry, then tap `spot` on `stale_page` at once. Returns the
    attempt on which the page was refused as stale (see the module's docstring)."""
    for attempt in range(1, attempts + 1):
        before = store.last_seq(match_id)
        write()
        while store.last_seq(match_id) == before:  # the other writer's entry is committed
            stale_page.wait_for_timeout(5)
        stale_page.mouse.click(*spot)
        try:
            wait_for_text(stale_page, STALE, timeout_ms=3_000)
            return attempt
        except AssertionError:  # the page caught up before the tap: nothing was stored by it
            assert store.last_seq(match_id) == before + 1
            take_back()
            wait_until(stale_page, lambda n=before + 2: store.last_seq(match_id) == n, "the take-back")
            stale_page.wait_for_timeout(2_000)  # let the page follow the take-back
    raise AssertionError(f"the stale page caught up before its tap {attempts} times in a row")


def same_board_everywhere(store: Store, match_id: int, *pages) -> None:
    """The match replays from its log, and every page shows that board."""
    replayed = store.resume(match_id)
    position = replayed.state.position
    for page in pages:
        for square in (19, 20, 22, 23):
            owner = position.owner(square)
            expected = f"Square {square}: " + ({1: "Ana's piece", 2: "Ben's piece"}.get(owner) or "empty")
            assert senet_square(page, square).startswith(expected)


def test_two_pages_of_one_server_follow_each_other_and_refuse_a_stale_move(app_en, browser):
    store = Store(app_en.db_url)
    match_id = senet_match(store)
    address = f"{app_en.url}match/{match_id}"
    first = open_app(browser, address, DESKTOP)
    second = open_app(browser, address, SMALL_PHONE)
    wait_for_font(first)
    for page in (first, second):
        wait_for_text(page, "Ana to move")

    # A throw and a move in the first page appear in the second without a reload.
    tap(first, "Throw 3")
    wait_for_text(second, "Ana threw 3.", FOLLOW_MS)
    tap_senet_square(first, 19)
    wait_for_text(second, "Ben to move", FOLLOW_MS)
    assert senet_square(second, 22) == "Square 22: Ana's piece"
    assert "Another screen changed this match" in visible_text(second)
    tap(first, "Throw 3")  # Ben's throw, made in the first page, followed by the second
    wait_for_text(second, "Ben threw 3.", FOLLOW_MS)
    assert senet_square(second, 2) == "Square 2: Ben's piece · can move to 5"

    # Ben's move 20 -> 23 is stored by another writer (the store, directly); the second page
    # has not caught up and sends its own move for Ben, 2 -> 5.
    spot = centre(second, re.compile(r"^Square 2:"))

    def ben_moves() -> None:
        store.resume(match_id).apply({"move": {"from": 20}})

    def take_back() -> None:
        store.resume(match_id).undo()

    race_stale_tap(second, store, match_id, ben_moves, spot, take_back)
    # Refused with a message, nothing stored, and the page now shows the board as it stands.
    assert STALE in visible_text(second)
    actions = [entry.get("action") for entry in store.events(match_id) if entry["kind"] == "action"]
    assert actions[-1] == {"move": {"from": 20}} and {"move": {"from": 2}} not in actions
    wait_for_text(second, "Ana to move")
    assert senet_square(second, 23) == "Square 23: Ben's piece"
    assert senet_square(second, 2) == "Square 2: Ben's piece"
    shot(second, "two_screens_stale_refused_360")

    # The first page follows too; the match replays, and a new page opens it on the same board.
    wait_for_text(first, "Ana to move", FOLLOW_MS)
    third = open_app(browser, address, SMALL_PHONE)
    wait_for_text(third, "Ana to move")
    same_board_everywhere(store, match_id, first, second, third)
    # The second page plays on normally once it has caught up.
    tap(second, "Throw 1")
    wait_for_text(first, "Ana threw 1.", FOLLOW_MS)
    for page in (first, second, third):
        page.context.close()


def test_two_server_processes_on_one_database_file(tmp_path, browser):
    db_url = f"sqlite:///{tmp_path / 'shared.db'}"
    store = Store(db_url)
    match_id = senet_match(store)
    one = start_app(tmp_path, db_url, name="server-one", lang="en")
    two = start_app(tmp_path, db_url, name="server-two", lang="en")
    try:
        first = open_app(browser, f"{one.url}match/{match_id}", SMALL_PHONE)
        second = open_app(browser, f"{two.url}match/{match_id}", SMALL_PHONE)
        wait_for_font(first)
        for page in (first, second):
            wait_for_text(page, "Ana to move")

        # A move through the first server shows on the page of the second.
        tap(first, "Throw 3")
        wait_for_text(second, "Ana threw 3.", FOLLOW_MS)
        tap_senet_square(first, 19)
        wait_for_text(second, "Ben to move", FOLLOW_MS)
        assert senet_square(second, 22) == "Square 22: Ana's piece"
        tap(second, "Throw 3")  # and the other way round
        wait_for_text(first, "Ben threw 3.", FOLLOW_MS)
        wait_for_text(second, "Ben threw 3.")

        # Ben moves 20 -> 23 in the first page (first server); the second page, not caught up,
        # sends 2 -> 5 for Ben through the second server.
        move_spot = centre(first, re.compile(r"^Square 20:"))
        spot = centre(second, re.compile(r"^Square 2:"))
        race_stale_tap(second, store, match_id, lambda: first.mouse.click(*move_spot), spot,
                       lambda: tap(first, "Undo"))
        actions = [entry.get("action") for entry in store.events(match_id) if entry["kind"] == "action"]
        assert actions[-1] == {"move": {"from": 20}} and {"move": {"from": 2}} not in actions
        wait_for_text(second, "Ana to move")
        assert senet_square(second, 23) == "Square 23: Ben's piece"
        wait_for_text(first, "Ana to move", FOLLOW_MS)
        same_board_everywhere(store, match_id, first, second)
        shot(second, "two_servers_stale_refused_360")
        for page in (first, second):
            page.context.close()
    finally:
        stop_app(one)
        stop_app(two)

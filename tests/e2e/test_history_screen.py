"""The history and a match's record in a real browser: filter by game, open a record, step its
replay forward and back on the game's own screen (read-only), delete with confirmation, undo.

Seeded through the Store API with real games played by the engines: two finished Senet matches
(seeded random play to the end) and one finished Pig match (to 20), so every replay step is a
real position.
"""

from __future__ import annotations

import random
import re

import pytest

from companion.senet import legal_moves
from db import SeatSpec, Store
from tests.e2e.helpers import (
    DESKTOP,
    SMALL_PHONE,
    box_of,
    button,
    buttons_inside_viewport,
    open_app,
    path_of,
    shot,
    tap,
    visible_text,
    wait_for_path,
    wait_for_text,
    wait_until,
)

pytestmark = pytest.mark.browser


def senet_played_out(store: Store, ana: int, ben: int, seed: int) -> int:
    """A Senet match played to its end with seeded random throws and moves, entry by entry."""
    match_id = store.create_match("senet", {}, [SeatSpec(ana, 0), SeatSpec(ben, 1)])
    session = store.resume(match_id)
    rng = random.Random(seed)
    while not session.outcome().over:
        session.apply({"throw": rng.randint(1, 4)})
        state = session.state
        if state.throw is not None and not session.outcome().over:
            move = max(legal_moves(state.position, state.throw), key=lambda m: m.frm)  # the leading piece
            session.apply({"move": {"from": move.frm}})
    return match_id


def pig_played_out(store: Store, cy: int, ana: int) -> int:
    match_id = store.create_match("pig", {"target": 20}, [SeatSpec(cy, 0), SeatSpec(ana, 1)])
    session = store.resume(match_id)
    for action in ({"roll": 6}, {"roll": 6}, {"roll": 4}, {"roll": 5}, {"hold": True}):
        session.apply(action)
    assert session.outcome().over
    return match_id


def seed(db_url: str) -> dict[str, int]:
    store = Store(db_url)
    try:
        ana, ben, cy = (store.add_player(name, colour).id
                        for name, colour in (("Ana", "#d32f2f"), ("Ben", "#1976d2"), ("Cy", "#388e3c")))
        return {"senet1": senet_played_out(store, ana, ben, 1), "pig": pig_played_out(store, cy, ana),
                "senet2": senet_played_out(store, ben, ana, 2)}
    finally:
        store.close()


def row(page, match_id: int, game: str):
    return page.get_by_role("button", name=re.compile(rf"{re.escape(game)} · #{match_id}\b")).first


def step_shown(page) -> int:
    found = re.search(r"Step (\d+) of (\d+)", visible_text(page))
    assert found, visible_text(page)[:1500]
    return int(found.group(1))


def test_history_filter_record_replay_delete_and_undo(app_en, browser) -> None:
    ids = seed(app_en.db_url)
    store = Store(app_en.db_url)
    senet = ids["senet2"]
    entries = len(store.events(senet))
    page = open_app(browser, f"{app_en.url}history", SMALL_PHONE)
    wait_for_text(page, f"Bell's Senet · #{senet}")
    wait_for_text(page, f"Pig · #{ids['pig']}")
    assert "1. Cy 21 · 2. Ana 0" in visible_text(page)

    # Filter by game: the chip changes the address; the Pig match leaves the list.
    page.get_by_role("checkbox", name="Bell's Senet", exact=True).first.click()
    wait_until(page, lambda: "game=senet" in page.url, "the address to carry the game")
    # The list is read again off the app's thread: wait for the new list, not just the old one gone.
    wait_until(page, lambda: f"Pig · #{ids['pig']}" not in (shown := visible_text(page))
               and f"Bell's Senet · #{ids['senet1']}" in shown, "the Pig match to leave, the Senet ones to stay")
    delete = box_of(page, f"Delete match {senet}", scroll=True)
    assert delete["width"] >= 48 and delete["height"] >= 48
    assert buttons_inside_viewport(page) == []
    page.mouse.wheel(0, -2000)
    shot(page, "history_phone_360")

    # Open the newest record: players, placings, status and the log in Senet's own words.
    row(page, senet, "Bell's Senet").click()
    wait_for_path(page, f"/record/{senet}")
    wait_for_text(page, "Replay step by step")
    shown = visible_text(page)
    assert "Finished" in shown and f"{entries} entries" in shown and "Took " in shown
    assert "1. Ben 8 points" in shown or "1. Ana 8 points" in shown  # the winner bore off all pieces
    page.mouse.move(SMALL_PHONE["width"] // 2, SMALL_PHONE["height"] // 2)
    page.mouse.wheel(0, 500)
    wait_until(page, lambda: re.search(r"1\. Ben threw \d\.", visible_text(page)), "the log's first line")
    page.mouse.wheel(0, -2000)

    # The replay: the game's own board at step 0, then forward, forward, back.
    tap(page, "Replay step by step")
    wait_for_text(page, f"Step 0 of {entries}")
    wait_for_text(page, "Square 1:")  # Senet's own board
    for name in ("Next step", "Previous step", "First step", "Last step"):
        box = box_of(page, name)
        assert box["width"] >= 48 and box["height"] >= 48, name
    tap(page, "Next step")
    wait_for_text(page, f"Step 1 of {entries}")
    assert re.search(r"Entry 1: Ben threw \d\.", visible_text(page))
    tap(page, "Next step")
    wait_for_text(page, f"Step 2 of {entries}")
    tap(page, "Previous step")
    wait_for_text(page, f"Step 1 of {entries}")
    wait_until(page, lambda: page.url.endswith("step=1"), "the address to say step 1")
    # A tap on the replayed board is refused and stores nothing.
    tap(page, "Last step")
    wait_for_text(page, f"Step {entries} of {entries}")
    tap(page, "First step")
    wait_for_text(page, f"Step 0 of {entries}")
    tap(page, "Throw 2")
    wait_for_text(page, "This is a replay of a stored match")
    assert len(store.events(senet)) == entries
    assert step_shown(page) == 0
    # The replay's tools keep the rules only: no undo, sharing or abandoning a stored match.
    page.mouse.move(SMALL_PHONE["width"] // 2, SMALL_PHONE["height"] // 2)
    for _ in range(12):
        if page.get_by_role("button", name="Rules", exact=True).count():
            break
        page.mouse.wheel(0, 400)
        page.wait_for_timeout(300)
    assert page.get_by_role("button", name="Rules", exact=True).count() == 1
    for absent in ("Undo", "Redo", "Share this table", "Abandon match"):
        assert page.get_by_role("button", name=absent, exact=True).count() == 0, absent
    page.mouse.wheel(0, -5_000)
    page.wait_for_timeout(300)
    page.mouse.move(2, SMALL_PHONE["height"] - 2)
    shot(page, "record_replay_360")

    # Delete, with confirmation; the history offers Undo, which brings the same match back.
    tap(page, "Record")
    wait_for_text(page, "Replay step by step")
    before = store.match(senet)
    tap(page, "Delete")
    wait_for_text(page, "You can undo this")
    page.get_by_role("button", name="Delete", exact=True).last.click()  # the dialog's (a modal hides the page's)
    wait_until(page, lambda: path_of(page) == "/history", "the history to open")
    wait_for_text(page, f"Match {senet} (Bell's Senet) deleted.")
    page.mouse.move(2, SMALL_PHONE["height"] - 2)
    shot(page, "history_undo_360")
    assert [m.id for m in store.history(game="senet")] == [ids["senet1"]]
    tap(page, "Undo")
    wait_for_text(page, f"Match {senet} is back.")
    wait_for_text(page, f"Bell's Senet · #{senet}")
    assert store.match(senet) == before and len(store.events(senet)) == entries

    # The record on a desktop.
    desk = open_app(browser, f"{app_en.url}record/{ids['pig']}", DESKTOP)
    wait_for_text(desk, "Replay step by step")
    assert button(desk, "Delete").is_visible()
    shot(desk, "record_desktop")
    # A finished match's record ends with its match code and QR code, to share it.
    desk.mouse.move(DESKTOP["width"] // 2, DESKTOP["height"] // 2)
    for _ in range(12):
        if "Share this match" in visible_text(desk):
            break
        desk.mouse.wheel(0, 600)
        desk.wait_for_timeout(300)
    wait_for_text(desk, "Share this match")
    shot(desk, "record_share_desktop")
    store.close()

"""The live table view in a real browser: one page plays, another follows from the share link.

Page A opens a Pig match and taps 'Share this table': the dialog shows the table's link (with
its secret token) and a QR code that decodes, from the screenshot itself, to that exact link.
Page B opens the link and, without a reload, follows A's taps: the score and the turn change.
A third page opening the same address without the token, or with a wrong one, is refused and
shows nothing of the match.
"""

from __future__ import annotations

import io

import pytest
import zxingcpp
from PIL import Image

from db import SeatSpec, Store
from tests.e2e.helpers import (
    SMALL_PHONE,
    box_of,
    buttons_inside_viewport,
    goto_app,
    open_app,
    path_of,
    shot,
    tap,
    visible_text,
    wait_for_font,
    wait_for_text,
)

pytestmark = pytest.mark.browser

FOLLOW_MS = 10_000  # announced at once in one server process; the poll (2 s) is the fallback
REFUSED = "This table's link is not valid"


def pig_match(store: Store) -> int:
    ana = store.add_player("Ana", "#d32f2f")
    ben = store.add_player("Ben", "#1976d2")
    return store.create_match("pig", {"target": 20}, [SeatSpec(ana.id, 0), SeatSpec(ben.id, 1)])


def decoded(png: bytes) -> list[str]:
    return [result.text for result in zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))]


def test_a_shared_table_follows_the_match_and_refuses_a_link_without_its_key(app_en, browser):
    store = Store(app_en.db_url)
    match_id = pig_match(store)
    a = open_app(browser, f"{app_en.url}match/{match_id}", SMALL_PHONE)
    wait_for_font(a)
    wait_for_text(a, "Ana is rolling")

    # 'Share this table': a thumb-sized button; its dialog shows the link and its QR code.
    share = box_of(a, "Share this table", scroll=True)
    assert share["height"] >= 48 and share["width"] >= 48
    tap(a, "Share this table")
    wait_for_text(a, "/table/")
    key = store.table_key(match_id)  # made by the tap, the same from now on
    url = f"{app_en.url}table/{match_id}?key={key}"
    assert url in visible_text(a)
    assert buttons_inside_viewport(a) == []
    picture = shot(a, "share_table_qr_360")
    assert decoded(picture.read_bytes()) == [url]  # the QR code on the screen is the exact link
    tap(a, "Close")

    # Page B, opened from the link, shows the scoreboard.
    b = open_app(browser, url, SMALL_PHONE)
    wait_for_text(b, "Ana to move")
    text = visible_text(b)
    assert "Ana" in text and "Ben" in text and "Playing now" in text and "Score 0" in text
    assert not [name for name in ("Undo", "Redo", "Abandon", "Share this table")
                if b.get_by_role("button", name=name, exact=True).count()]  # nothing that changes the match

    # A plays; B follows without a reload: the turn, the score, the last entries in words.
    tap(a, "5")
    wait_for_text(b, "Ana rolled 5.", FOLLOW_MS)
    tap(a, "6")
    tap(a, "Hold 11")
    wait_for_text(b, "Score 11", FOLLOW_MS)
    wait_for_text(b, "Ben to move", FOLLOW_MS)
    assert "Ana held 11 and has 11." in visible_text(b)
    assert path_of(b) == f"/table/{match_id}"
    b.mouse.move(2, SMALL_PHONE["height"] - 2)
    shot(b, "table_view_360")
    assert buttons_inside_viewport(b) == []

    # The same address without the key, or with a wrong one, is refused: nothing of the match.
    for address in (f"{app_en.url}table/{match_id}", f"{app_en.url}table/{match_id}?key={key[:-1]}x",
                    f"{app_en.url}table/{match_id}?key="):
        c = open_app(browser, address, SMALL_PHONE)
        wait_for_text(c, REFUSED)
        refused = visible_text(c)
        assert "Ana" not in refused and "Ben" not in refused and "Score" not in refused
        c.context.close()

    # And the key of one match opens no other.
    other = store.create_match("pig", {"target": 20}, [SeatSpec(1, 0), SeatSpec(2, 1)])
    goto_app(b, f"{app_en.url}table/{other}?key={key}")
    wait_for_text(b, REFUSED)
    for page in (a, b):
        page.context.close()

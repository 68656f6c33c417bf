"""Who may use a server on the network (views/access.py), and a bad address, in real browsers.

The server listens beyond loopback (`--host 0.0.0.0`) and is reached at this machine's own
network address, so the browser is a device on the network like a phone at the table. Each
browser profile (a Playwright context: its own storage) is one device:
- a stranger sees only the screen saying to scan the host's code, whatever address it opens;
- a viewer with a table link sees that table, read-only, and nothing leads from it into the app;
- a device that opens the printed address (with the token) is let in, the token leaves the
  address bar, and a new tab of that device is let in by the plain address;
- this machine's own browser (loopback) is let in without a token, and its Settings show the
  address with the token as a QR code that scans to it.
Also: a bad address (`/match/²`) shows the "no such page" screen, whose button leads home.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
import zxingcpp
from PIL import Image

from db import SeatSpec, Store
from tests.e2e.helpers import (
    SMALL_PHONE,
    START_TIMEOUT_MS,
    RunningApp,
    goto_app,
    open_app,
    reveal,
    set_language,
    shot,
    start_app,
    stop_app,
    tap,
    visible_text,
    wait_for_font,
    wait_for_text,
)
from views.share import lan_address

pytestmark = pytest.mark.browser

LOCKED = "This app only opens on the devices its host lets in."


@pytest.fixture
def network_app(tmp_path, chromium) -> Iterator[tuple[RunningApp, str]]:
    lan = lan_address()
    if lan is None:
        pytest.skip("this machine has no network address besides loopback: nothing can reach it as a phone would")
    app = start_app(tmp_path, lang="en", host="0.0.0.0")
    yield app, app.url.replace("127.0.0.1", lan)
    stop_app(app)


def open_locked(browser, url: str, viewport: dict, expect: str):
    """A page on a screen that may have no button at all (the locked screen): the accessibility
    tree switched on, then `expect` waited for."""
    context = browser.new_context(viewport=viewport)
    context.set_default_timeout(30_000)
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=START_TIMEOUT_MS)
    deadline = time.monotonic() + START_TIMEOUT_MS / 1000
    while page.locator("flt-semantics-placeholder").count() and time.monotonic() < deadline:
        page.evaluate("document.querySelector('flt-semantics-placeholder')?.click()")
        page.wait_for_timeout(100)
    wait_for_text(page, expect, START_TIMEOUT_MS)
    return page


def goto_locked(page, url: str, expect: str) -> None:
    """Open `url` in `page` (a screen that may have no button), then wait for `expect`."""
    page.goto(url)
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=START_TIMEOUT_MS)
    while page.locator("flt-semantics-placeholder").count():
        page.evaluate("document.querySelector('flt-semantics-placeholder')?.click()")
        page.wait_for_timeout(100)
    wait_for_text(page, expect, START_TIMEOUT_MS)


def buttons(page) -> list[str]:
    return [(button.get_attribute("aria-label") or button.inner_text()).strip()
            for button in page.get_by_role("button").all()]


def decoded(path) -> list[str]:
    return [result.text for result in zxingcpp.read_barcodes(Image.open(path))]


def test_only_devices_let_in_use_a_server_on_the_network(network_app, browser):
    app, lan_url = network_app
    token = (app.settings.parent / "access-token").read_text().strip()
    store = Store(app.db_url)
    ana, ben = store.add_player("Ana", "#d32f2f"), store.add_player("Ben", "#1976d2")
    match_id = store.create_match("pig", {"target": 20}, [SeatSpec(ana.id, 0), SeatSpec(ben.id, 1)])
    key = store.table_key(match_id)
    assert f"serving at {lan_url}?token={token}" in app.log.read_text()  # printed with its token

    # A stranger on the network: the locked screen, and not one button, wherever it goes.
    stranger = open_locked(browser, lan_url, SMALL_PHONE, LOCKED)
    assert buttons(stranger) == []
    assert "Ana" not in visible_text(stranger)
    shot(stranger, "access_locked_en_360")
    for address in (f"match/{match_id}", "settings", "history", "exchange", f"record/{match_id}",
                    f"?token={token[:-1]}x"):
        goto_locked(stranger, lan_url + address, LOCKED)
        assert buttons(stranger) == [] and "Ana" not in visible_text(stranger), address
    set_language(app.settings, "ko")
    korean = open_locked(browser, lan_url, SMALL_PHONE, "호스트가 허락한 기기에서만")
    shot(korean, "access_locked_ko_360")
    korean.context.close()
    set_language(app.settings, "en")

    # A viewer with the table link: the table, read-only, with no way into the app.
    viewer = open_locked(browser, f"{lan_url}table/{match_id}?key={key}", SMALL_PHONE, "Ana to move")
    assert buttons(viewer) == []  # no back, no home, no settings, nothing that changes the match
    shot(viewer, "access_table_viewer_360")
    goto_locked(viewer, f"{lan_url}history", LOCKED)  # an address typed in that tab leads nowhere
    assert buttons(viewer) == []
    # a wrong key is refused; its 'Home' leads to the locked screen, not home
    goto_locked(viewer, f"{lan_url}table/{match_id}?key=wrong", "This table's link is not valid")
    assert "Ana" not in visible_text(viewer)
    tap(viewer, "Home")
    wait_for_text(viewer, LOCKED)
    assert buttons(viewer) == []
    viewer.context.close()

    # The address with the token lets a device in; the token leaves the address bar; the
    # device remembers it: a new tab opens the plain address and is let in too.
    guest = open_app(browser, f"{lan_url}?token={token}", SMALL_PHONE)
    wait_for_text(guest, "Settings")
    assert LOCKED not in visible_text(guest)
    deadline = time.monotonic() + 30
    while "token" in guest.evaluate("location.href") and time.monotonic() < deadline:
        guest.wait_for_timeout(200)
    assert guest.evaluate("location.href") == lan_url
    again = guest.context.new_page()
    goto_locked(again, f"{lan_url}match/{match_id}", "Ana is rolling")
    assert LOCKED not in visible_text(again)
    guest.context.close()

    # This machine's own browser needs no token, and its Settings show the address with it.
    local = open_app(browser, app.url, SMALL_PHONE)
    wait_for_font(local)
    assert LOCKED not in visible_text(local)
    tap(local, "Settings")
    wait_for_text(local, "Open on a phone")
    reveal(local, local.get_by_label("QR code of the app's address"))
    deadline = time.monotonic() + 60
    while decoded(shot(local, "access_settings_qr_360")) != [f"{lan_url}?token={token}"]:
        assert time.monotonic() < deadline, "the QR code in Settings never scanned to the address with its token"
        local.wait_for_timeout(500)

    # A bad address: "no such page", the address shown, and the way home.
    goto_app(local, f"{app.url}match/%C2%B2")
    wait_for_text(local, "This app has no page at this address.", START_TIMEOUT_MS)
    assert "/match/²" in visible_text(local)
    shot(local, "no_such_page_en_360")
    tap(local, "Home")
    wait_for_text(local, "New Bell's Senet match")

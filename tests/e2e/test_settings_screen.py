"""Settings in a real browser: language and theme belong to the device, not the server.

Several browsers (each its own storage, like phones at a table) share one server: a phone that
switches to English and black stays so after a reload, while a desktop opened afterwards still
starts in the server's Korean; "Start new devices like this" makes the phone's choice the
default for a device that has chosen nothing. The automatic theme follows the device's dark
mode. While a match is open the phone asks to keep its screen on and lets it go on leaving;
on a phone the table's link goes to the system share sheet, on a desktop to the clipboard only.

The phone's browser is given stand-ins for the Screen Wake Lock API and the Web Share API
(headless Chromium has neither): they record what the app asked of them.
"""

from __future__ import annotations

import contextlib
import json
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from db import Store
from tests.e2e.helpers import (
    DESKTOP,
    SMALL_PHONE,
    START_TIMEOUT_MS,
    UI_TIMEOUT_MS,
    _accessible,
    painted,
    senet_match,
    shot,
    tap,
    visible_text,
    wait_for_font,
    wait_for_text,
    wait_until,
)

pytestmark = pytest.mark.browser

ANDROID = ("Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) "
           "Chrome/126.0.0.0 Mobile Safari/537.36")
STAND_INS = """
window.__wake = [];
window.__shared = [];
Object.defineProperty(navigator, 'wakeLock', {configurable: true, value: {request(type) {
    window.__wake.push('request ' + type);
    return Promise.resolve({type, released: false, addEventListener() {}, removeEventListener() {}, release() {
        window.__wake.push('release'); this.released = true; return Promise.resolve();
    }});
}}});
navigator.canShare = () => true;
navigator.share = data => { window.__shared.push(data); return Promise.resolve(); };
"""


def device(browser, url: str, viewport: dict, *, phone: bool = False, dark: bool = False):
    """A browser of its own (its own storage), opened at `url`."""
    options = {"viewport": viewport, "color_scheme": "dark" if dark else "light"}
    if phone:
        options.update(user_agent=ANDROID, is_mobile=True, has_touch=True)
    context = browser.new_context(**options)
    context.set_default_timeout(UI_TIMEOUT_MS)
    if phone:
        context.add_init_script(STAND_INS)
    page = context.new_page()
    page.responses = []
    page.on("response", lambda response: page.responses.append(response))
    page.goto(url)
    switch_on_accessibility(page, phone)
    wait_for_font(page)
    return page


def switch_on_accessibility(page, phone: bool) -> None:
    """As helpers.open_app does; a phone's Flutter switches its tree on by a tap, not a click."""
    if not phone:
        _accessible(page)
        return
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=START_TIMEOUT_MS)
    deadline = time.monotonic() + START_TIMEOUT_MS / 1000
    while page.locator("flt-semantics-placeholder").count():
        assert time.monotonic() < deadline, "Flutter never switched its accessibility tree on"
        with contextlib.suppress(PlaywrightTimeout):  # gone meanwhile
            page.locator("flt-semantics-placeholder").tap(force=True, timeout=2_000)
        page.wait_for_timeout(200)
    page.get_by_role("button").first.wait_for(state="attached", timeout=START_TIMEOUT_MS)
    painted(page)


def background(page, name: str) -> tuple[int, int, int]:
    """The colour of the page's background once drawn (screenshot `name`), at the left edge
    half-way down: every screen keeps a margin there (the bottom bar has a colour of its own)."""
    from PIL import Image

    image = Image.open(shot(page, name)).convert("RGB")
    return image.getpixel((2, image.height // 2))


def brightness(colour: tuple[int, int, int]) -> int:
    return sum(colour) // 3


def test_language_and_theme_belong_to_the_device(app_server, browser):
    store = Store(app_server.db_url)
    match_id = senet_match(store)
    server_file = app_server.settings
    phone = device(browser, f"{app_server.url}settings", SMALL_PHONE, phone=True)
    wait_for_text(phone, "언어")
    assert "아직 고르지 않은 기기는 이 설정으로 시작합니다." in visible_text(phone)
    assert brightness(background(phone, "settings_ko_360")) > 200  # automatic, in a light-mode browser: light

    tap(phone, "English")
    wait_for_text(phone, "Language")
    tap(phone, "Black (OLED)")
    wait_until(phone, lambda: background(phone, "settings_en_360_black") == (0, 0, 0), "the black theme")
    assert "Start new devices like this" in visible_text(phone)
    assert not server_file.exists() or json.loads(server_file.read_text()).get("lang") != "en"

    # Another device opened afterwards starts in the server's language and theme.
    desktop = device(browser, app_server.url, DESKTOP)
    wait_for_text(desktop, "벨의 세네트")
    assert "Bell's Senet" not in visible_text(desktop)
    assert brightness(background(desktop, "home_ko_desktop_light")) > 200
    # Automatic follows a device in dark mode: dark, not the black one chose.
    dim = device(browser, app_server.url, SMALL_PHONE, dark=True)
    wait_for_text(dim, "벨의 세네트")
    dark = background(dim, "home_ko_360_dark")
    assert brightness(dark) < 60 and dark != (0, 0, 0)

    # The phone keeps its choice across a reload: it is in its own storage.
    phone.reload()
    switch_on_accessibility(phone, phone=True)
    wait_for_text(phone, "Language")
    assert background(phone, "settings_en_360_black_reloaded") == (0, 0, 0)

    # Made the default, it is what a new device starts with.
    tap(phone, "Start new devices like this")
    wait_for_text(phone, "Devices that have not chosen now start like this one.")
    assert json.loads(server_file.read_text()) == {"lang": "en", "theme": "black"}
    newcomer = device(browser, app_server.url, SMALL_PHONE)
    wait_for_text(newcomer, "Bell's Senet")
    assert background(newcomer, "home_en_360_black") == (0, 0, 0)

    # A match keeps the phone's screen on; leaving it lets the screen sleep.
    phone.goto(f"{app_server.url}match/{match_id}")
    switch_on_accessibility(phone, phone=True)
    wait_until(phone, lambda: phone.evaluate("window.__wake") == ["request screen"], "a wake lock request")
    shot(phone, "senet_360_en_black")
    # The table's link goes to the phone's share sheet, or is copied.
    tap(phone, "Share this table")
    wait_for_text(phone, "Copy link")
    tap(phone, "Share")
    wait_until(phone, lambda: phone.evaluate("window.__shared.length") == 1, "the share sheet opening")
    shared = phone.evaluate("window.__shared[0]")
    assert shared["text"].startswith(f"{app_server.url}table/{match_id}?key=")
    tap(phone, "Close")
    tap(phone, "Back")
    wait_until(phone, lambda: phone.evaluate("window.__wake") == ["request screen", "release"], "the wake lock let go")

    # A desktop browser has no share sheet: the link is only copied.
    desktop.goto(f"{app_server.url}match/{match_id}")
    switch_on_accessibility(desktop, phone=False)
    tap(desktop, "이 테이블 공유")
    wait_for_text(desktop, "링크 복사")
    assert desktop.get_by_role("button", name="공유하기", exact=True).count() == 0
    shot(desktop, "table_share_ko_desktop")
    for page in (phone, desktop, dim, newcomer):
        page.context.close()

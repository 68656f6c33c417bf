"""The site `companion build-web` writes, on a static host, in Chromium with every other host
unreachable: the phone on its own (issue 16).

One browser profile (a Playwright persistent context, as a phone's browser keeps its storage)
opens the site, waits for the home screen, records every request, plays a Senet match to its
first capture and a Quacks draw, and waits until the service worker keeps every file. Then the
browser is closed and the host stopped; the same profile opens the address again: the app starts
from the cache, with the match still there, and a throw is accepted and kept; the export
downloads a file holding that throw, a file from another install is picked and imported, and the
statistics screen shows what it brought. The figures (the
site's size, the first visit's transfer, the time to the home screen cold and from the cache)
are printed and saved to tests/artifacts/static-figures.json.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from companion.i18n import t
from db import Store
from db.exchange import read_export
from tests.e2e.helpers import (
    CHROMIUM_ARGS,
    PHONE,
    START_TIMEOUT_MS,
    UI_TIMEOUT_MS,
    _accessible,
    button,
    reveal,
    shot,
    tap,
    type_into,
    visible_text,
    wait_for_text,
    wait_until,
)
from tests.history.played import file_match, senet_log
from tests.web.site import built_site, record_figures
from tests.web.static_host import StaticHost
from views.exchange_io import export_bytes

pytestmark = pytest.mark.browser

# Ben's card after Ana's first capture (SN-6): one piece fewer on the board.
BEN_CAPTURED = t("senet_ui.player_card", "en", name="Ben", score=0, board=9, captured=1)
OFFLINE_ARGS = ["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
CACHED_JS = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration || !registration.active) return [];
  const kept = [];
  for (const name of await caches.keys()) {
    for (const request of await (await caches.open(name)).keys()) kept.push(new URL(request.url).pathname.slice(1));
  }
  return kept.sort();
}"""
# Chromium loads CanvasKit's Chromium build: the full one (for other browsers) is not kept.
OTHER_CANVASKIT = {"canvaskit/canvaskit.js", "canvaskit/canvaskit.wasm"}


def launch(playwright, chromium: str, profile):
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=chromium, args=CHROMIUM_ARGS + OFFLINE_ARGS, viewport=PHONE)
    context.set_default_timeout(UI_TIMEOUT_MS)
    return context


def open_site(context, url: str, requests: list[str], failed: list[str], settings: str) -> tuple[object, float]:
    """A page at `url`; seconds until the home screen answers taps (its Settings button named
    in the page's language)."""
    page = context.new_page()
    page.on("request", lambda request: requests.append(request.url))
    page.on("requestfailed", lambda request: failed.append(request.url))
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text))
    page.console = console
    started = time.monotonic()
    page.goto(url)
    try:
        _accessible(page)  # the accessibility tree on, and the first screen's buttons there
        page.get_by_role("button", name=settings, exact=True).first.wait_for(state="attached",
                                                                            timeout=START_TIMEOUT_MS)
    except Exception as failure:
        raise AssertionError("no home screen; the page's last log lines:\n" + "\n".join(console[-20:])) from failure
    return page, time.monotonic() - started


def add_player(page, name: str) -> None:
    type_into(page, page.get_by_role("textbox").first, name)
    tap(page, "Add player")
    wait_for_text(page, name)


def foreign_export(folder: Path) -> Path:
    """An export file from another install (a database of its own): one finished Senet match."""
    with Store(f"sqlite:///{folder / 'other.db'}") as other:
        cy, dee = (other.add_player(name, colour).id for name, colour in (("Cy", "#388e3c"), ("Dee", "#7b1fa2")))
        file_match(other, "senet", {}, [cy, dee], senet_log(3))
        made = export_bytes(other, "json")
    path = folder / made.name
    path.write_bytes(made.data)
    return path


def tap_matching(page, pattern: str) -> None:
    button(page, re.compile(pattern)).click()
    page.wait_for_timeout(700)


def test_the_site_runs_offline_from_its_cache_with_the_match_kept(chromium, playwright_sync, tmp_path) -> None:
    folder = built_site()
    host = StaticHost(folder)
    url = host.start()
    profile = tmp_path / "profile"
    requests: list[str] = []
    failed: list[str] = []
    context = launch(playwright_sync, chromium, profile)
    try:
        page, cold = open_site(context, url, requests, failed, "설정")
        first_visit = sum(served.sent for served in host.served)
        first_requests = len(host.served)
        shot(page, "static_home_ko_phone")

        # English from Settings (the choice is kept in the browser too).
        tap(page, "설정")
        tap(page, "English")
        wait_for_text(page, "Language")
        assert "In this browser, on this device." in visible_text(page)
        assert "companion --web" in visible_text(page)  # what needs a server says where it is
        tap(page, "Back")

        # Bell's Senet to its first capture: throw 1, the piece on square 1 takes the one on 2 (SN-6).
        tap(page, "New Bell's Senet match")
        wait_for_text(page, "Add player")
        add_player(page, "Ana")
        add_player(page, "Ben")
        tap(page, "Start match")
        wait_for_text(page, "Throw 1")
        assert page.get_by_role("button", name="Share this table").count() == 0  # no server: hidden
        match_url = page.url
        tap(page, "Throw 1")
        square = page.get_by_role("button", name=re.compile(r"^Square 1:")).first
        reveal(page, square)
        square.click()
        wait_for_text(page, "captured Ben's piece")
        assert BEN_CAPTURED in visible_text(page)
        shot(page, "static_senet_capture_phone")
        tap(page, "Back")

        # A Quacks draw: set-up, the fortune card (QK-4), a white 1 from Ana's bag (QK-6).
        tap(page, t("home.new_match_of", "en", game=t("game.quacks", "en")))
        wait_for_text(page, "Ana")
        tap(page, "Ana")
        tap(page, "Ben")
        tap_matching(page, r"^Seat 1\b")  # Ana starts (QK-1)
        tap(page, "Start match")
        wait_for_text(page, "Which card is it?", 60_000)
        tap_matching(page, r"Seasoned Perfectly$")  # a blue card that changes nothing in this round
        tap(page, "Ana's pot")
        wait_for_text(page, "Drew a white 1 (")
        chip = page.get_by_role("button", name=re.compile(r"^Drew a white 1 \(")).first
        reveal(page, chip)
        chip.click()
        wait_for_text(page, "chips: white 1 on 1")

        # Every file of the site this browser uses is kept once the service worker is active
        # (with the list of their digests, for the next version), the worker itself not.
        site = {path.relative_to(folder).as_posix() for path in folder.rglob("*") if path.is_file()}
        wanted = sorted((site - OTHER_CANVASKIT - {"flutter_service_worker.js"}) | {"__files__.json"})
        wait_until(page, lambda: len(page.evaluate(CACHED_JS)) >= len(wanted),
                   "the service worker keeping every file", START_TIMEOUT_MS)
        assert page.evaluate(CACHED_JS) == wanted
        total_transfer = sum(served.sent for served in host.served)
        outside = [address for address in requests if not address.startswith((url, "blob:", "data:"))]
        assert outside == [], outside
        assert [address for address in failed if address.startswith(url)] == []
    finally:
        context.close()
        host.stop()

    # The browser comes back (a phone restarted) with no host to reach: the app starts from the cache.
    requests.clear()
    failed.clear()
    context = launch(playwright_sync, chromium, profile)
    try:
        page, cached = open_site(context, url, requests, failed, "Settings")
        assert failed == [], failed  # nothing was asked of the network: every file came from the cache
        assert [address for address in requests if not address.startswith((url, "blob:", "data:"))] == []
        wait_for_text(page, "Unfinished matches")
        page.get_by_role("button", name=re.compile(r"^Bell's Senet · #\d+")).first.click()  # resume it
        wait_for_text(page, "captured Ben's piece")
        wait_until(page, lambda: page.url == match_url, f"the address {match_url} (it shows {page.url})")
        assert BEN_CAPTURED in visible_text(page)
        tap(page, "Throw 2")  # the match goes on: Ben's throw is accepted and kept
        wait_for_text(page, "Ben threw 2.")
        shot(page, "static_senet_resumed_offline_phone")

        # Export: the browser downloads a JSON file holding both matches, the throw just made included.
        tap(page, "Back")
        tap(page, "Export")  # the bar at the bottom of home
        wait_for_text(page, "Which matches")
        with page.expect_download() as download:
            tap(page, "Export")
        exported = read_export(Path(download.value.path()).read_bytes())
        senet = next(match for match in exported.matches if match.game == "senet")
        assert sorted(match.game for match in exported.matches) == ["quacks", "senet"]
        assert senet.status == "active" and senet.events[-1].action == {"throw": 2}  # kept before it showed

        # Import: a file exported by another install, picked from the phone's files, lands in the store.
        with page.expect_file_chooser() as chooser:
            button(page, "Choose a file").click()
        chooser.value.set_files(str(foreign_export(tmp_path)))
        wait_for_text(page, "Imported: 1 new match, 0 already here.")

        # Statistics, read in the browser (no threads there) from what was just imported.
        tap(page, "Back")
        tap(page, "Statistics")
        wait_for_text(page, "Cy")
        shot(page, "static_stats_offline_phone")
        assert failed == [], failed
    finally:
        context.close()

    size = sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())
    figures = {
        "site, files": len(site),
        "site, bytes": size,
        "first visit, bytes on the wire before the home screen": first_visit,
        "first visit, requests before the home screen": first_requests,
        "first visit, bytes on the wire with the service worker's copy": total_transfer,
        "first visit, seconds to the home screen": round(cold, 1),
        "from the cache (no host), seconds to the home screen": round(cached, 1),
    }
    record_figures(figures)

"""End-to-end fixtures: the real app served by `companion --web`, driven in real Chromium.

Where no Chromium is installed the browser tests are skipped with a message saying so
(`-ra` prints it); with COMPANION_REQUIRE_BROWSER=1 (CI) they fail instead.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from tests.e2e.helpers import CHROMIUM_ARGS, RunningApp, chromium_path, start_app, stop_app


@pytest.fixture(scope="session")
def chromium() -> str:
    path = chromium_path()
    if path is None:
        message = ("no Chromium found (looked for /usr/bin/chromium and chromium on PATH): "
                   "browser tests need Debian's chromium package, `apt-get install chromium`")
        if os.environ.get("COMPANION_REQUIRE_BROWSER") == "1":
            pytest.fail(message)
        pytest.skip(message)
    return path


@pytest.fixture(scope="package")
def playwright_sync(chromium):
    """Playwright itself, for a test that launches a browser of its own (other arguments, a profile).

    Package-scoped: its sync API keeps an event loop marked running on this thread, so it stops
    with the browser tests, before later tests run a coroutine with asyncio.run."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="package")
def browser(playwright_sync, chromium):
    browser = playwright_sync.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


@pytest.fixture(autouse=True)
def close_pages(request) -> Iterator[None]:
    """Close every page a test opened once it ends, pass or fail. A page left open keeps its
    Flutter client running and reconnecting to a server that is gone: a dozen of them starve
    the later tests of CPU on a two-core CI machine (a screenshot stuck on "Working...")."""
    yield
    if "browser" in request.fixturenames:
        for context in list(request.getfixturevalue("browser").contexts):
            context.close()


@pytest.fixture
def app_server(tmp_path, chromium) -> Iterator[RunningApp]:
    app = start_app(tmp_path)
    yield app
    stop_app(app)


@pytest.fixture
def app_en(tmp_path, chromium) -> Iterator[RunningApp]:
    """The app served with English chosen in its settings (pages open in English)."""
    app = start_app(tmp_path, lang="en")
    yield app
    stop_app(app)

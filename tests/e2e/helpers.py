"""Plain helpers for the browser tests: start the app, open it, tap, read, screenshot."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--enable-unsafe-swiftshader",
]
PHONE = {"width": 420, "height": 900}
DESKTOP = {"width": 1280, "height": 800}


def chromium_path() -> str | None:
    for candidate in (os.environ.get("COMPANION_CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium"),
                      shutil.which("chromium-browser")):
        if candidate and Path(candidate).exists():
            return candidate
    return None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class RunningApp:
    url: str
    db_url: str
    process: subprocess.Popen
    log: Path


def start_app(tmp: Path, db_url: str | None = None) -> RunningApp:
    port = free_port()
    db_url = db_url or f"sqlite:///{tmp / 'companion.db'}"
    env = {**os.environ, "COMPANION_DB_URL": db_url, "COMPANION_SETTINGS_FILE": str(tmp / "settings.json")}
    log = tmp / "server.log"
    process = subprocess.Popen(
        [sys.executable, "-m", "companion", "--web", "--host", "127.0.0.1", "--port", str(port)],
        stdout=log.open("w"), stderr=subprocess.STDOUT, env=env,
    )
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the app exited early:\n{log.read_text()}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return RunningApp(url, db_url, process, log)
        except OSError:
            time.sleep(0.3)
    process.kill()
    raise RuntimeError(f"the app did not answer at {url}:\n{log.read_text()}")


def stop_app(app: RunningApp) -> None:
    app.process.terminate()
    try:
        app.process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        app.process.kill()


def open_app(browser, url: str, viewport: dict) -> object:
    """A new page with the app loaded and Flutter's accessibility tree switched on."""
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    responses: list[tuple[str, int]] = []
    page.on("response", lambda response: responses.append((response.url, response.status)))
    page.responses = responses  # read by wait_for_font
    page.goto(url)
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60_000)
    page.wait_for_timeout(1500)
    page.evaluate("document.querySelector('flt-semantics-placeholder').click()")
    page.wait_for_timeout(500)
    return page


def shot(page, name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.wait_for_timeout(600)  # let the last frame paint
    page.screenshot(path=str(path))
    return path


def buttons_inside_viewport(page) -> list[str]:
    """Names of the buttons whose box sticks out of the window sideways (cut off)."""
    width = page.viewport_size["width"]
    sticking_out = []
    for button in page.get_by_role("button").all():
        box = button.bounding_box()
        if box and (box["x"] < -1 or box["x"] + box["width"] > width + 1):
            sticking_out.append(button.get_attribute("aria-label") or button.inner_text())
    return sticking_out


FONT_FILE = "fonts/NanumGothic.ttf"


def wait_for_font(page, timeout_ms: int = 30_000) -> int:
    """Wait until the app's Korean font has arrived (and painted); returns its HTTP status."""
    waited = 0
    while waited < timeout_ms:
        for url, status in page.responses:
            if url.endswith(FONT_FILE):
                page.wait_for_timeout(2500)  # the 4 MB font is parsed, then the frame repaints
                return status
        page.wait_for_timeout(250)
        waited += 250
    raise AssertionError(f"the page never asked for {FONT_FILE}: Hangul would render as boxes")


def visible_text(page) -> str:
    """What a screen reader would read: the text nodes plus the labels Flutter merges into groups."""
    return page.evaluate(
        "() => document.body.innerText + '\\n' + Array.from(document.querySelectorAll('[aria-label]'))"
        ".map(e => e.getAttribute('aria-label')).join('\\n')"
    )


def tap(page, name: str, nth: int = 0, exact: bool = True) -> None:
    """Tap the button called `name` and give the app a moment to re-render."""
    page.get_by_role("button", name=name, exact=exact).nth(nth).click()
    page.wait_for_timeout(700)


def wait_for_text(page, text: str, timeout_ms: int = 10_000) -> None:
    waited = 0
    while text not in visible_text(page):
        if waited >= timeout_ms:
            raise AssertionError(f"{text!r} never appeared; the page shows:\n{visible_text(page)[:1500]}")
        page.wait_for_timeout(200)
        waited += 200

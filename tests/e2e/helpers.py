"""Plain helpers for the browser tests: start the app, open it, tap, read, screenshot."""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeout

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--enable-unsafe-swiftshader",
]
# Deadlines, never pauses: every wait below ends as soon as its condition holds, so a generous
# deadline costs nothing on a quiet machine and keeps a loaded one (CI next to other jobs) green.
START_TIMEOUT_MS = 120_000  # a server start, or a page's first screen (Flutter's engine boots)
UI_TIMEOUT_MS = 30_000  # one screen change after a tap
PHONE = {"width": 420, "height": 900}
SMALL_PHONE = {"width": 360, "height": 640}  # the smallest common phone, held upright
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
    settings: Path | None = None  # the settings file the server reads (language, theme)


def start_app(tmp: Path, db_url: str | None = None, name: str = "server", lang: str | None = None,
              host: str = "127.0.0.1") -> RunningApp:
    """Serve the app from `tmp` (its database, settings file and `<name>.log`).

    Two servers may share one `db_url` (give them different names for their logs). `lang`
    writes the settings file first, so pages open in that language. `host` is where it listens
    (`url` is its loopback address either way).
    """
    port = free_port()
    db_url = db_url or f"sqlite:///{tmp / 'companion.db'}"
    settings = tmp / "settings.json"
    if lang is not None:
        set_language(settings, lang)
    env = {**os.environ, "COMPANION_DB_URL": db_url, "COMPANION_SETTINGS_FILE": str(settings)}
    log = tmp / f"{name}.log"
    process = subprocess.Popen(
        [sys.executable, "-m", "companion", "--web", "--host", host, "--port", str(port)],
        stdout=log.open("w"), stderr=subprocess.STDOUT, env=env,
    )
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + START_TIMEOUT_MS / 1000
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the app exited early:\n{log.read_text()}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return RunningApp(url, db_url, process, log, settings)
        except OSError:
            time.sleep(0.3)
    process.kill()
    raise RuntimeError(f"the app did not answer at {url}:\n{log.read_text()}")


def set_language(settings: Path, lang: str) -> None:
    """The language pages opened from now on start in (the app reads it per page)."""
    settings.write_text(json.dumps({"lang": lang, "dark": False}))


def stop_app(app: RunningApp) -> None:
    app.process.terminate()
    try:
        app.process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        app.process.kill()


def open_app(browser, url: str, viewport: dict) -> object:
    """A new page with the app loaded and Flutter's accessibility tree switched on."""
    context = browser.new_context(viewport=viewport)
    context.set_default_timeout(UI_TIMEOUT_MS)  # how long a tap waits for its button
    page = context.new_page()
    responses: list = []  # playwright Response objects, read by wait_for_font
    page.on("response", lambda response: responses.append(response))
    page.responses = responses  # read by wait_for_font
    console: list[str] = []  # the Flutter client's own log (connects, reconnects, errors)
    page.on("console", lambda message: console.append(message.text))
    page.console = console
    page.goto(url)
    _accessible(page)
    return page


def _accessible(page) -> None:
    """Switch Flutter's accessibility tree on, then wait for the app's first screen: on a busy
    machine the client can still be connecting ("Working...") when the engine is ready.

    The engine removes its placeholder once a click on it has switched the tree on; a click that
    came too early leaves it there, and is repeated."""
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=START_TIMEOUT_MS)
    deadline = time.monotonic() + START_TIMEOUT_MS / 1000
    while page.locator("flt-semantics-placeholder").count():
        if time.monotonic() > deadline:
            raise AssertionError("Flutter never switched its accessibility tree on")
        page.evaluate("document.querySelector('flt-semantics-placeholder')?.click()")
        page.wait_for_timeout(100)
    page.get_by_role("button").first.wait_for(state="attached", timeout=START_TIMEOUT_MS)  # the app bar's buttons
    painted(page)


def painted(page) -> None:
    """Wait until the browser has drawn two more frames (the last update is on screen)."""
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done())))")


def reload_app(page) -> None:
    """Reload the page (the browser's reload button) and switch the accessibility tree on again."""
    page.reload()
    _accessible(page)


def goto_app(page, url: str) -> None:
    """Type `url` into this page's address bar (a link, a scanned QR code)."""
    page.goto(url)
    _accessible(page)


WAITING_FOR_SERVER = "Working..."  # the Flet client's overlay while the server has not answered


def shot(page, name: str, timeout_ms: int = UI_TIMEOUT_MS) -> Path:
    """A screenshot of the screen once it is drawn: Flutter paints off the main thread, so a
    frame counts as drawn when the client is not waiting for the server and two screenshots in
    a row are the same and not one plain colour (a loaded machine paints late).

    A canvas that stays blank while the page's text is there (the software GL of a loaded CI
    machine compiling its first shaders), or the client's "Working..." while it reconnects to a
    busy server, gets up to START_TIMEOUT_MS, and a resize by one pixel
    every few seconds asks Flutter for a fresh frame."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    start = time.monotonic()
    nudged = start
    painted(page)
    previous = page.screenshot()
    while True:
        page.wait_for_timeout(150)  # the interval between two looks, not a guess at the paint
        current = page.screenshot()
        blank = _plain(current)
        waiting = WAITING_FOR_SERVER in visible_text(page)
        drawn = current == previous and not blank and not waiting
        waited = time.monotonic() - start
        # A blank canvas, or the client reconnecting to a busy server, gets the start deadline.
        if drawn or waited > (START_TIMEOUT_MS if blank or waiting else timeout_ms) / 1000:
            break
        if blank and time.monotonic() - nudged > 5:
            _nudge(page)
            nudged = time.monotonic()
        previous = current
    path.write_bytes(current)
    assert not _plain(current), (f"{path.name}: no screen of the app after {waited:.0f} s; the client's last "
                                 f"log lines:\n" + "\n".join(getattr(page, "console", [])[-15:]))
    assert not waiting, f"{path.name}: the client still showed {WAITING_FOR_SERVER} after {waited:.0f} s"
    return path


def _nudge(page) -> None:
    """Resize the window by one pixel and back: Flutter lays out and paints a new frame."""
    size = dict(page.viewport_size)
    page.set_viewport_size({"width": size["width"], "height": size["height"] + 1})
    painted(page)
    page.set_viewport_size(size)
    painted(page)


def _plain(png: bytes) -> bool:
    """Whether a screenshot shows no screen of the app: a handful of colours (a blank or loading
    page), or one colour nearly everywhere (Flet's "Working..." boot screen: a small spinner and
    a word on the background; any screen of the app has its app bar across the top)."""
    import io

    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB")
    colours = image.getcolors(maxcolors=1 << 20) or []
    if len(colours) <= 16:
        return True
    return max(count for count, _ in colours) > 0.99 * image.width * image.height


def buttons_inside_viewport(page) -> list[str]:
    """Names of the buttons whose box sticks out of the window sideways (cut off)."""
    width = page.viewport_size["width"]
    sticking_out = []
    for button in page.get_by_role("button").all():
        box = button.bounding_box()
        if box and (box["x"] < -1 or box["x"] + box["width"] > width + 1):
            sticking_out.append(button.get_attribute("aria-label") or button.inner_text())
    return sticking_out


def unnamed_buttons(page) -> list[dict]:
    """The boxes of buttons (and switches) a screen reader would announce without a name."""
    nameless = []
    for control in [*page.get_by_role("button").all(), *page.get_by_role("switch").all()]:
        name = (control.get_attribute("aria-label") or control.inner_text() or "").strip()
        if not name:
            nameless.append(control.bounding_box())
    return nameless


FONT_FILE = "fonts/CompanionGothic.ttf"


def wait_for_font(page, timeout_ms: int = START_TIMEOUT_MS) -> int:
    """Wait until the app's Korean font has arrived whole and a frame was drawn after it;
    returns its HTTP status."""
    waited = 0
    while waited < timeout_ms:
        for response in list(page.responses):
            if response.url.endswith(FONT_FILE):
                response.finished()  # the whole font, not just the headers
                painted(page)
                return response.status
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


def wait_for_text(page, text: str, timeout_ms: int = UI_TIMEOUT_MS) -> None:
    waited = 0
    while text not in visible_text(page):
        if waited >= timeout_ms:
            raise AssertionError(f"{text!r} never appeared; the page shows:\n{visible_text(page)[:1500]}")
        page.wait_for_timeout(200)
        waited += 200


# -- addresses, boxes and waiting ------------------------------------------------------------------
def path_of(page) -> str:
    """The path the browser shows, e.g. "/match/3"."""
    return re.sub(r"^https?://[^/]+", "", page.url).split("?")[0] or "/"


def wait_for_path(page, path: str, timeout_ms: int = UI_TIMEOUT_MS) -> None:
    waited = 0
    while path_of(page) != path:
        if waited >= timeout_ms:
            raise AssertionError(f"the address stayed {path_of(page)!r}, expected {path!r}")
        page.wait_for_timeout(100)
        waited += 100


def button(page, name: str | re.Pattern, exact: bool = True):
    """The first button called `name` (a string, exact by default, or a pattern)."""
    if isinstance(name, str):
        return page.get_by_role("button", name=name, exact=exact).first
    return page.get_by_role("button", name=name).first


def reveal(page, locator) -> None:
    """Scroll with the mouse wheel until `locator` lies wholly in the window. (Scrolling the
    accessibility node into view is not enough on a busy machine: Flutter may not have moved
    its own view yet when the click lands.)"""
    height = page.viewport_size["height"]
    for _ in range(30):
        try:
            box = locator.bounding_box(timeout=1_500)
        except PlaywrightTimeout:  # not in the accessibility tree: scrolled out of sight
            box = None
        if box is not None and box["y"] >= 60 and box["y"] + box["height"] <= height - 8:
            return
        step = 250 if box is None or box["y"] + box["height"] > height - 8 else -250
        page.mouse.move(page.viewport_size["width"] // 2, height // 2)
        page.mouse.wheel(0, step)
        page.wait_for_timeout(250)
    raise AssertionError("could not scroll the control into view")


def type_into(page, field, text: str) -> None:
    """Replace what `field` holds with `text` as a player does: tap it where it stands still, and
    type once Flutter has given it the focus (text filled in before that is never seen)."""
    reveal(page, field)
    where = field.bounding_box()
    for _ in range(20):  # a field still moving (the page settling) is tapped where it lands
        page.wait_for_timeout(150)
        again = field.bounding_box()
        if again == where:
            break
        where = again
    for _ in range(20):  # a player waits for the caret before typing
        field.click()
        page.wait_for_timeout(300)
        if field.evaluate("element => element === document.activeElement"):
            break
    field.fill(text)


def _centre(page, locator) -> None:
    """Scroll `locator` to the middle of the window: near an edge a fixed bar (the app bar, a
    panel pinned at the bottom) may cover part of it, and its box is clipped to what shows."""
    height = page.viewport_size["height"]
    for _ in range(3):
        box = locator.bounding_box()
        if box is None:
            return
        offset = box["y"] + box["height"] / 2 - height / 2
        if abs(offset) < 40:
            return
        page.mouse.move(page.viewport_size["width"] // 2, height // 2)
        page.mouse.wheel(0, offset)
        page.wait_for_timeout(300)


def box_of(page, name: str | re.Pattern, *, scroll: bool = False) -> dict:
    """The button's box once it has stopped moving. Flutter clips a semantics node to the
    visible part of its scroll view, so a half-hidden button measures smaller than it is:
    `scroll=True` brings it into view first (to measure a tap target's size; leave it off to
    check where a button sits on the screen as the player sees it)."""
    target = button(page, name)
    if scroll:
        reveal(page, target)
        _centre(page, target)
    painted(page)
    box = target.bounding_box()
    deadline = time.monotonic() + UI_TIMEOUT_MS / 1000
    while True:
        page.wait_for_timeout(100)
        again = target.bounding_box()
        if again == box or time.monotonic() > deadline:
            break
        box = again
    assert box is not None, f"no box for the button {name!r}"
    return box


def in_viewport(page, box: dict) -> bool:
    """Whether `box` lies wholly inside the window as it is scrolled now."""
    size = page.viewport_size
    return (box["x"] >= -0.5 and box["y"] >= -0.5 and box["x"] + box["width"] <= size["width"] + 0.5
            and box["y"] + box["height"] <= size["height"] + 0.5)


def wait_until(page, check, what: str, timeout_ms: int = UI_TIMEOUT_MS) -> None:
    """Poll `check()` until it holds; fail naming `what`."""
    waited = 0
    while not check():
        if waited >= timeout_ms:
            raise AssertionError(f"{what} did not happen within {timeout_ms} ms")
        page.wait_for_timeout(100)
        waited += 100


# -- Bell's Senet: squares are buttons named "Square 19: Ana's piece · can move to 22" --------------
def senet_square(page, number: int) -> str:
    """The accessible name of Senet square `number` (English)."""
    label = button(page, re.compile(rf"^Square {number}:"))
    return (label.get_attribute("aria-label") or label.inner_text()).strip()


def tap_senet_square(page, number: int) -> None:
    button(page, re.compile(rf"^Square {number}:")).click()
    page.wait_for_timeout(700)


def senet_match(store, gate: bool = False, names: tuple[str, str] = ("Ana", "Ben")) -> int:
    """A new Senet match between two players (made if missing); seat 0 plays player 1."""
    from db import SeatSpec

    known = {player.name: player for player in store.players()}
    colours = ("#d32f2f", "#1976d2")
    ids = [(known.get(name) or store.add_player(name, colour)).id for name, colour in zip(names, colours, strict=True)]
    return store.create_match("senet", {"gate_exact_26": gate}, [SeatSpec(ids[0], 0), SeatSpec(ids[1], 1)])


def _senet_playout(stop, seed: int, quiet: float, setup: dict, limit: int = 1000) -> list | None:
    """The actions of a seeded random game (in memory) up to the first state where `stop`
    holds before a throw, or None if the game ends first. `quiet`: how often captures are
    avoided (fewer captures, longer games)."""
    import random

    from companion.senet import GAME, legal_moves
    from companion.session import MatchSession

    session = MatchSession(GAME, setup)
    rng = random.Random(seed)
    for _ in range(limit):
        if session.outcome().over:
            return None
        if stop(session.state):
            return session.actions
        session.apply({"throw": rng.randint(1, 4)})
        state = session.state
        if state.throw is not None:
            moves = legal_moves(state.position, state.throw)
            pool = ([move for move in moves if not move.capture] or moves) if rng.random() < quiet else moves
            move = max(pool, key=lambda m: m.frm) if rng.random() < 0.7 else rng.choice(pool)
            session.apply({"move": {"from": move.frm}})
    return None


def senet_match_at(store, stop, gate: bool = False, seeds: range = range(12)):
    """A stored Senet match played up to a state where `stop(state)` holds (a throw is due).

    Seeded random games are tried in memory and the shortest one that gets there is stored,
    entry by entry through the store's own session (each names what it saw, as a screen's
    would). Returns (match id, state).
    """
    setup = {"players": 2, "gate_exact_26": gate}
    best: list | None = None
    for seed in seeds:
        for quiet in (0.0, 0.5, 1.0):
            limit = len(best) // 2 if best else 1000  # two actions a turn: give up once longer
            actions = _senet_playout(stop, seed, quiet, setup, limit)
            if actions is not None and (best is None or len(actions) < len(best)):
                best = actions
    if best is None:
        raise AssertionError("no seeded game reached the position wanted")
    match_id = senet_match(store, gate=gate)
    session = store.resume(match_id)
    for action in best:
        session.apply(action)
    return match_id, session.state

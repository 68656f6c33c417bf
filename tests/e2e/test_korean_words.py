"""Korean words break only between words, in a real browser (views/words.py).

First on a page of its own (tests/e2e/words_page.py), pixel by pixel: two words too long for one
line, drawn through the app's word joiners, look exactly like the same words with a line break
written at the space and no joiner at all (so a joiner draws nothing, no box, and the line breaks
at the space); drawn without joiners, Flutter breaks inside the second word. Then the app's own
home screen at 360 px and on a desktop, Korean and English: what a screen reader reads has no
joiner in it, and a search for Korean words on the rules page still finds them.
"""

from __future__ import annotations

import io
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.e2e.helpers import (
    DESKTOP,
    SMALL_PHONE,
    START_TIMEOUT_MS,
    buttons_inside_viewport,
    free_port,
    open_app,
    shot,
    visible_text,
    wait_for_font,
    wait_for_text,
)
from views.words import WORD_JOINER

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]


def serve_words_page(tmp_path: Path) -> tuple[subprocess.Popen, str]:
    port = free_port()
    log = (tmp_path / "words_page.log").open("w")
    process = subprocess.Popen([sys.executable, str(ROOT / "tests" / "e2e" / "words_page.py"), str(port)],
                               cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + START_TIMEOUT_MS / 1000
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2):
                return process, url
        except OSError:
            assert process.poll() is None, (tmp_path / "words_page.log").read_text()
            time.sleep(0.3)
    process.kill()
    raise AssertionError("the words page never answered")


def lines_of_ink(page, name: str) -> list[tuple[int, int]]:
    """The box drawn for `name`, as (width of the ink, number of dark pixels) of each line."""
    from PIL import Image

    # The box's semantics node reads "<name> <its words>" on one line (its ancestors read more).
    box = page.evaluate("""name => {
        const node = Array.from(document.querySelectorAll('flt-semantics'))
            .find(e => e.innerText.startsWith(name + ' ') && !e.innerText.includes('\\n'));
        if (!node) return null;
        const r = node.getBoundingClientRect();
        return {x: r.x, y: r.y, width: r.width, height: r.height};
    }""", name)
    assert box is not None, (name, visible_text(page))
    image = Image.open(io.BytesIO(page.screenshot(clip=box))).convert("L")
    dark = image.point(lambda v: 255 if v < 128 else 0)
    half = image.height // 2
    found = []
    for top, bottom in ((0, half), (half, image.height)):
        line = dark.crop((0, top, image.width, bottom))
        ink = line.getbbox()
        found.append((0 if ink is None else ink[2] - ink[0], sum(1 for v in line.get_flattened_data() if v)))
    return found


def test_a_word_joiner_draws_nothing_and_keeps_the_word_on_one_line(browser, tmp_path):
    process, url = serve_words_page(tmp_path)
    try:
        page = open_app(browser, url, SMALL_PHONE)
        wait_for_font(page)
        shot(page, "korean_words_page")
        joined, reference, raw = (lines_of_ink(page, name) for name in ("joined", "reference", "raw"))
        # Line by line as wide as the words broken at the space (joiners only stop the shaping
        # between syllables: a pixel or two), with as much ink: no box drawn for a joiner.
        for (width, ink), (ref_width, ref_ink) in zip(joined, reference, strict=True):
            assert ref_width > 50 and abs(width - ref_width) <= 4, (joined, reference)
            assert abs(ink - ref_ink) <= 0.05 * ref_ink, (joined, reference)
        # Without joiners Flutter breaks inside the second word: a syllable (20 px) moves up a line.
        assert raw[0][0] > reference[0][0] + 15 and raw[1][0] < reference[1][0] - 15, (raw, reference)
        assert page.get_by_role("button", name="새 경기 시작", exact=True).count() == 1  # its name as written
        page.context.close()
    finally:
        process.terminate()
        process.wait(timeout=15)


def test_home_at_360_px_and_desktop_in_both_languages(app_server, browser):
    for lang, viewport, name in (("ko", SMALL_PHONE, "home_ko_360"), ("ko", DESKTOP, "home_ko_desktop"),
                                 ("en", SMALL_PHONE, "home_en_360"), ("en", DESKTOP, "home_en_desktop")):
        (app_server.settings).write_text(f'{{"lang": "{lang}"}}')
        page = open_app(browser, app_server.url, viewport)
        wait_for_font(page)
        wait_for_text(page, "벨의 세네트" if lang == "ko" else "Bell's Senet")
        text = visible_text(page)
        assert WORD_JOINER not in text  # a screen reader reads the words as written
        assert buttons_inside_viewport(page) == []
        shot(page, name)
        page.context.close()
    # Searching the rules for Korean words finds them: the search reads the rules, not the screen.
    app_server.settings.write_text('{"lang": "ko"}')
    page = open_app(browser, f"{app_server.url}rules?q=%EC%9E%A1%EA%B8%B0", SMALL_PHONE)  # 잡기
    wait_for_font(page)
    wait_for_text(page, "SN-6")
    assert WORD_JOINER not in visible_text(page)
    shot(page, "rules_search_ko_360")
    page.context.close()

"""A match survives the app being killed mid-game: restart, resume, same board, same turn."""

from __future__ import annotations

import re
import signal

import pytest

from db import SeatSpec, Store
from tests.e2e.helpers import PHONE, open_app, start_app, stop_app, tap, visible_text, wait_for_font, wait_for_text

pytestmark = pytest.mark.browser


def square(page, number: int) -> str:
    button = page.get_by_role("button", name=re.compile(rf"^Square {number}:")).first
    return (button.get_attribute("aria-label") or button.inner_text()).strip()


def test_a_killed_app_resumes_the_match_where_it_stopped(tmp_path, browser):
    db_url = f"sqlite:///{tmp_path / 'companion.db'}"
    (tmp_path / "settings.json").write_text('{"lang": "en", "dark": false}')
    store = Store(db_url)
    ana, ben = store.add_player("Ana", "#d32f2f"), store.add_player("Ben", "#1976d2")
    match_id = store.create_match("senet", {"house_rules": {"gate_exact_26": True}},
                                  [SeatSpec(ana.id, 1), SeatSpec(ben.id, 2)])

    app = start_app(tmp_path, db_url)
    try:
        page = open_app(browser, app.url, PHONE)
        wait_for_font(page)
        page.get_by_role("button", name=re.compile(rf"#{match_id}")).first.click()
        wait_for_text(page, "Ana to move")
        tap(page, "3")
        page.get_by_role("button", name=re.compile(r"^Square 19:")).first.click()
        wait_for_text(page, "Ben to move")
        assert len(store.events(match_id)) == 1  # committed before the screen showed it
        page.context.close()
        app.process.send_signal(signal.SIGKILL)  # no clean shutdown
        app.process.wait(timeout=10)
    finally:
        stop_app(app)

    again = start_app(tmp_path, db_url)
    try:
        page = open_app(browser, again.url, PHONE)
        wait_for_font(page)
        wait_for_text(page, "Unfinished matches")
        page.get_by_role("button", name=re.compile(rf"#{match_id}")).first.click()
        wait_for_text(page, "Ben to move")
        assert square(page, 22) == "Square 22: Ana's piece"
        assert square(page, 19) == "Square 19: empty"
        assert "Ana moved the piece on 19 to 22 (throw 3)" in visible_text(page)
        assert "House rule: every piece must stop on square 26" in visible_text(page)  # the setup came back too
        page.context.close()
    finally:
        stop_app(again)

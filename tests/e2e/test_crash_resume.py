"""A match survives the app being killed mid-game: restart, resume, same board, same turn.

Killed twice: once with a throw waiting for its move (the throw was stored when it was
tapped, so it comes back), once right after a move (the move comes back, the turn passed).
"""

from __future__ import annotations

import re
import signal

import pytest

from db import Store
from tests.e2e.helpers import (
    PHONE,
    button,
    open_app,
    senet_match,
    senet_square,
    start_app,
    stop_app,
    tap,
    tap_senet_square,
    visible_text,
    wait_for_font,
    wait_for_path,
    wait_for_text,
)

pytestmark = pytest.mark.browser


def kill(app) -> None:
    app.process.send_signal(signal.SIGKILL)  # no clean shutdown
    app.process.wait(timeout=10)


def reopen(tmp_path, db_url: str, browser, match_id: int):
    """A fresh server on the same database, and the match opened from home's unfinished list."""
    app = start_app(tmp_path, db_url, name="again", lang="en")
    page = open_app(browser, app.url, PHONE)
    wait_for_font(page)
    wait_for_text(page, "Unfinished matches")
    button(page, re.compile(rf"#{match_id}\b")).click()
    wait_for_path(page, f"/match/{match_id}")
    return app, page


def test_a_killed_app_resumes_the_match_where_it_stopped(tmp_path, browser):
    db_url = f"sqlite:///{tmp_path / 'companion.db'}"
    store = Store(db_url)
    match_id = senet_match(store, gate=True)

    app = start_app(tmp_path, db_url, lang="en")
    try:
        page = open_app(browser, f"{app.url}match/{match_id}", PHONE)
        wait_for_font(page)
        wait_for_text(page, "Ana to move")
        tap(page, "Throw 3")
        wait_for_text(page, "Ana threw 3.")
        assert len(store.events(match_id)) == 1  # committed before the screen showed it
        page.context.close()
        kill(app)
    finally:
        stop_app(app)

    # The throw came back, waiting for its move: the same pieces light up.
    app, page = reopen(tmp_path, db_url, browser, match_id)
    try:
        wait_for_text(page, "Ana threw 3.")
        assert senet_square(page, 19) == "Square 19: Ana's piece · can move to 22"
        tap_senet_square(page, 19)
        wait_for_text(page, "Ben to move")
        assert len(store.events(match_id)) == 2
        page.context.close()
        kill(app)
    finally:
        stop_app(app)

    # The move came back; the turn passed; the set-up (the house rule) came back too.
    app, page = reopen(tmp_path, db_url, browser, match_id)
    try:
        wait_for_text(page, "Ben to move")
        assert senet_square(page, 22) == "Square 22: Ana's piece"
        assert senet_square(page, 19) == "Square 19: empty"
        assert "Ana moved the piece on 19 to 22 (throw 3)" in visible_text(page)
        assert "House rule: every piece must stop on square 26" in visible_text(page)
        assert store.match(match_id).status == "active"
        page.context.close()
    finally:
        stop_app(app)

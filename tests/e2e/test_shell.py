"""The app shell in a real browser: Korean by default, English on demand, players, a match, history."""

from __future__ import annotations

import pytest

from companion.games import registry
from companion.i18n import t
from db import Store
from tests.e2e.helpers import (
    DESKTOP,
    PHONE,
    buttons_inside_viewport,
    open_app,
    shot,
    tap,
    visible_text,
    wait_for_font,
    wait_for_text,
    wait_until,
)
from views.games import game_views

pytestmark = pytest.mark.browser


def decode_qr(path) -> list[str]:
    import zxingcpp
    from PIL import Image

    return [result.text for result in zxingcpp.read_barcodes(Image.open(path))]


def add_player(page, name: str, add_label: str) -> None:
    field = page.get_by_role("textbox").first
    field.click()
    field.fill(name)
    tap(page, add_label)
    wait_for_text(page, name)


def test_home_screen_in_korean_at_phone_and_desktop_size(app_server, browser):
    for size, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        page = open_app(browser, app_server.url, viewport)
        assert wait_for_font(page) == 200  # the shipped Hangul font, not boxes
        wait_for_text(page, "벨의 세네트")
        text = visible_text(page)
        assert "컴패니언" in text and "벨의 세네트" in text
        # Only a game with an engine and a screen offers a new match (whichever those are today;
        # the served app knows its own games only, not a test game registered in this process).
        for game in registry():
            label = t("home.new_match_of", "ko", game=t(f"game.{game}", "ko"))
            offered = page.get_by_role("button", name=label, exact=True).count()
            assert offered == (1 if game_views(game) is not None else 0), game
        assert page.get_by_role("button", name="새 벨의 세네트 경기").count() == 1
        assert buttons_inside_viewport(page) == []  # nothing cut off at the sides
        path = shot(page, f"home_ko_{size}")
        assert path.stat().st_size > 10_000
        page.context.close()


def test_language_switch_players_match_and_history(app_server, browser):
    page = open_app(browser, app_server.url, PHONE)
    wait_for_font(page)

    # Korean is the default; switch to English and back.
    tap(page, "설정")
    tap(page, "English")
    wait_for_text(page, "Language")
    tap(page, "Back")
    wait_for_text(page, "New Bell's Senet match")
    assert "새 벨의 세네트 경기" not in visible_text(page)
    tap(page, "Settings")
    tap(page, "한국어")
    wait_for_text(page, "언어")
    # Settings offer the address as a QR code for phones at the table: it scans to this app.
    # The picture is decoded and painted after the text shows, later on a busy machine: look
    # again until it scans (a wrong address would still fail at the deadline).
    wait_until(page, lambda: decode_qr(shot(page, "settings_ko_phone")) == [app_server.url],
               "the QR code in Settings scanning to this app's address")
    tap(page, "뒤로")
    wait_for_text(page, "새 벨의 세네트 경기")

    # A new Senet match with two new players: its address is /new/senet.
    tap(page, "새 벨의 세네트 경기", nth=0)
    page.wait_for_url("**/new/senet")
    wait_for_text(page, "플레이어 추가")
    add_player(page, "Ada", "플레이어 추가")
    add_player(page, "보라", "플레이어 추가")
    wait_for_text(page, "2번 자리")
    tap(page, "경기 시작")
    page.wait_for_url("**/match/*")
    wait_for_text(page, "Ada")
    assert "보라" in visible_text(page)

    # The match is stored, with its players in their seats and the game's set-up filled in.
    store = Store(app_server.db_url)
    (match,) = store.unfinished_matches()
    assert match.game == "senet" and match.status == "active"
    assert match.setup == {"players": 2, "gate_exact_26": False}
    assert page.url.endswith(f"/match/{match.id}")
    assert [(p.seat, p.name) for p in match.participants] == [(0, "Ada"), (1, "보라")]
    assert {p.name for p in store.players()} == {"Ada", "보라"}

    # Home offers to resume it; history lists it.
    tap(page, "뒤로")
    wait_for_text(page, "끝나지 않은 경기")
    tap(page, "경기 기록", nth=0)
    wait_for_text(page, f"#{match.id}")
    assert "Ada" in visible_text(page) and "보라" in visible_text(page)
    shot(page, "history_ko_phone")

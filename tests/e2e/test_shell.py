"""The app shell in a real browser: Korean by default, English on demand, players, a match, history."""

from __future__ import annotations

import re

import pytest

from companion.games import registry
from companion.i18n import t
from db import Store
from tests.e2e.helpers import (
    DESKTOP,
    PHONE,
    SMALL_PHONE,
    box_of,
    button,
    buttons_inside_viewport,
    in_viewport,
    open_app,
    reveal,
    shot,
    tap,
    type_into,
    visible_text,
    wait_for_font,
    wait_for_path,
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
    type_into(page, page.get_by_role("textbox").first, name)
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
    wait_for_text(page, t("history_ui.row_title", "ko", game=t("game.senet", "ko"), id=match.id))
    assert "Ada" in visible_text(page) and "보라" in visible_text(page)
    shot(page, "history_ko_phone")


def test_home_on_a_phone_back_steps_and_the_rules_search(app_server, browser):
    """Issue 17's shell items, in Korean at 360 px: the places a player goes from home sit in a
    bar at the bottom; home opens at its top after Back; the app's own Back is the browser's
    (rules → Back → match, then the browser's Back goes home, not to the rules again); the rules
    search keeps what is typed, and Back from a rule found keeps the query."""
    store = Store(app_server.db_url)
    ana, ben = store.add_player("Ana", "#d32f2f").id, store.add_player("Ben", "#1976d2").id
    from db import SeatSpec

    match = store.create_match("senet", {}, [SeatSpec(ana, 0), SeatSpec(ben, 1)])
    store.close()
    page = open_app(browser, app_server.url, SMALL_PHONE)
    wait_for_font(page)
    wait_for_text(page, t("table.to_move", "ko", name="Ana"))  # the unfinished match says whose turn
    for label in ("app.history", "app.stats", "app.players", "rules.search_short", "app.exchange_short"):
        box = box_of(page, t(label, "ko"))
        assert box["height"] >= 48 and box["y"] > SMALL_PHONE["height"] * 0.8 and in_viewport(page, box), label
    assert buttons_inside_viewport(page) == []
    shot(page, "home_ko_360")

    # Down to the last game, into its rules, and Back: home is at its top again.
    rules = t("app.rules_of", "ko", game=t("game.pig", "ko"))
    reveal(page, button(page, rules))
    shot(page, "home_ko_360_scrolled")
    tap(page, rules)
    wait_for_path(page, "/rules/pig")
    tap(page, "뒤로")
    wait_for_path(page, "/")
    tagline = page.get_by_text(t("app.tagline", "ko")).first
    wait_until(page, lambda: (box := tagline.bounding_box()) is not None and in_viewport(page, box),
               "home shown from its top")

    # Home → match → its rules → the app's Back → the match; the browser's Back then goes home.
    page.get_by_role("button", name=re.compile(rf"{re.escape(t('game.senet', 'ko'))} · #{match}\b")).first.click()
    wait_for_path(page, f"/match/{match}")
    tap(page, "규칙")
    wait_for_path(page, "/rules/senet")
    tap(page, "뒤로")
    wait_for_path(page, f"/match/{match}")
    page.go_back()
    wait_for_path(page, "/")
    wait_for_text(page, t("app.tagline", "ko"))

    # The rules search: typed at a thumb's speed, every time the whole "PA-12" stays.
    tap(page, t("rules.search_short", "ko"))
    wait_for_path(page, "/rules")
    field = page.get_by_role("textbox").first
    for _ in range(3):
        field.click()
        field.fill("")
        page.keyboard.type("PA-12", delay=40)
        wait_until(page, lambda: field.input_value() == "PA-12" and "PA-12" in visible_text(page),
                   "PA-12 typed and found")
    shot(page, "rules_search_ko_360")
    page.get_by_role("button", name=re.compile(r"^PA-12\b")).first.click()
    wait_for_path(page, "/rules/parchis/PA-12")
    tap(page, "뒤로")
    wait_for_path(page, "/rules")
    assert page.url.endswith("/rules?q=PA-12")
    # (A text field's text is in the page only while it has the focus: the hit shows the query.)
    wait_until(page, lambda: page.get_by_role("button", name=re.compile(r"^PA-12\b")).count() == 1,
               "the query kept, and its rule found again")
    shot(page, "rules_search_back_ko_360")
    page.context.close()


def test_home_on_a_desktop_in_english(app_en, browser):
    page = open_app(browser, app_en.url, DESKTOP)
    wait_for_font(page)
    wait_for_text(page, "New Bell's Senet match")
    for label in ("History", "Statistics", "Players", "Rules", "Export"):
        box = box_of(page, label)
        assert box["height"] >= 48 and box["y"] > DESKTOP["height"] * 0.8, label
    assert buttons_inside_viewport(page) == []
    shot(page, "home_en_desktop")
    page.context.close()

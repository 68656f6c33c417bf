"""In a real browser the page keeps the app's language once Flutter runs: Flutter writes the page
locale into `<html lang>`, and left alone it wrote "en-US" over a Korean page."""

from __future__ import annotations

import json

import pytest

from tests.e2e.helpers import PHONE, open_app, wait_for_text

pytestmark = pytest.mark.browser


def html_lang(page) -> str:
    return page.evaluate("document.documentElement.lang")


def test_a_korean_page_says_ko_after_flutter_has_drawn_it(app_server, browser):
    page = open_app(browser, app_server.url, PHONE)
    wait_for_text(page, "벨의 세네트")  # the home screen is drawn: Flutter has set its locale by now
    assert html_lang(page) == "ko"
    assert page.title() == "컴패니언"
    page.context.close()


def test_an_english_page_says_en(app_server, browser):
    (app_server.log.parent / "settings.json").write_text(json.dumps({"lang": "en", "dark": False}))
    page = open_app(browser, app_server.url, PHONE)
    wait_for_text(page, "Bell's Senet")
    assert html_lang(page) == "en"
    assert page.title() == "Companion"
    page.context.close()

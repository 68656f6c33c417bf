"""BG Stats in a real browser: a finished match's record offers "Send to BG Stats", and its tap
opens BG Stats' push-play link with the match in it; the export screen offers a BG Stats file.
On a 360 px phone in Korean and on a desktop in English.
"""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from db import SeatSpec, Store
from tests.e2e.helpers import (
    DESKTOP,
    SMALL_PHONE,
    buttons_inside_viewport,
    open_app,
    reveal,
    shot,
    tap,
    wait_for_text,
)

pytestmark = pytest.mark.browser


def pig_played_out(store: Store) -> int:
    known = {player.name: player.id for player in store.players()}
    cy = known.get("Cy") or store.add_player("Cy", "#388e3c").id
    ana = known.get("아나") or store.add_player("아나", "#d32f2f").id
    match_id = store.create_match("pig", {"target": 20}, [SeatSpec(cy, 0), SeatSpec(ana, 1)])
    session = store.resume(match_id)
    for action in ({"roll": 6}, {"roll": 6}, {"roll": 4}, {"roll": 5}, {"hold": True}):
        session.apply(action)
    assert session.outcome().over
    return match_id


def test_a_finished_match_goes_to_bg_stats(app_server, browser):
    store = Store(app_server.db_url)
    match_id = pig_played_out(store)
    uid = store.match(match_id).uid
    page = open_app(browser, f"{app_server.url}record/{match_id}", SMALL_PHONE)
    wait_for_text(page, "BG Stats로 보내기")
    send = page.get_by_role("button", name="BG Stats로 보내기", exact=True)
    reveal(page, send)
    assert buttons_inside_viewport(page) == []
    shot(page, "record_bgstats_ko_360")
    # No network here: the BG Stats page is answered by the test; on a phone BG Stats opens instead.
    page.context.route("https://app.bgstatsapp.com/**", lambda route: route.fulfill(body="BG Stats"))
    with page.context.expect_page() as opened:  # the link opens beside the app
        send.click()
    opened.value.wait_for_load_state()
    link = opened.value.url
    parts = urlsplit(link)
    assert f"{parts.scheme}://{parts.netloc}{parts.path}" == "https://app.bgstatsapp.com/createPlay.html"
    play = json.loads(parse_qs(parts.query)["data"][0])
    assert play["sourcePlayId"] == uid and play["game"]["name"] == "Pig"
    assert [(p["name"], p["score"], p["rank"], p["winner"], p["startPlayer"]) for p in play["players"]] == [
        ("Cy", 21, 1, True, True), ("아나", 0, 2, False, False)]
    page.context.close()

    app_server.settings.write_text('{"lang": "en"}')
    page = open_app(browser, f"{app_server.url}exchange", DESKTOP)
    wait_for_text(page, "BG Stats to log the finished ones")
    tap(page, "BG Stats")
    shot(page, "exchange_bgstats_en_desktop")
    with page.expect_download() as downloading:
        tap(page, "Export")
    download = downloading.value
    assert download.suggested_filename.endswith(".bgsplay")
    exported = json.loads(Path(download.path()).read_text(encoding="utf-8"))
    assert [p["uuid"] for p in exported["plays"]] and exported["games"][0]["name"] == "Pig"
    wait_for_text(page, "1 match exported to")
    page.context.close()

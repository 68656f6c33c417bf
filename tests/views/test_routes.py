"""Every screen has an address: routes round-trip, and a bad link opens something sensible."""

from __future__ import annotations

import pytest

from views.model import SIMPLE, WITH_ID, Screen, parse_route
from views.screens import SCREENS

ROUTES = [
    "/", "/history", "/history?game=quacks&player=3&since=2026-01-01&until=2026-02-01",
    "/record/5", "/record/5?step=7", "/table/4?key=abc_-x", "/match/3", "/stats?game=senet&player=2",
    "/exchange", "/new/quacks", "/rules", "/rules/senet", "/rules/senet/SN-1", "/rules?q=%EC%84%B8",
    "/players", "/settings", "/tool/cavasie/scorer",
]


@pytest.mark.parametrize("route", ROUTES)
def test_an_address_opens_the_screen_that_gives_it_back(route):
    screen = parse_route(route)
    assert screen.name in SCREENS
    assert screen.route == route
    assert parse_route(screen.route) == screen


def test_query_values_are_typed_and_ids_come_from_the_path():
    assert parse_route("/record/5?step=7") == Screen("record", (("id", 5), ("step", 7)))
    assert parse_route("/history?player=3").get("player") == 3
    # an id in the query cannot override the path's; an empty value is no filter
    assert parse_route("/match/3?id=9").get("id") == 3
    assert parse_route("/history?game=").params == ()


BAD_ADDRESSES = [
    # each of these replaced the page with "Error running app" (issue 14): "²" is a digit to
    # Python's isdigit() but not to int(); the long id overflowed the store's integer
    "/match/²", "/record/1?step=²", "/history?player=²", "/match/99999999999999999999999",
    # digits of other scripts, ids past the store's integers, numbers that are not numbers
    "/match/٣", "/table/2147483648?key=k", "/record/-1", "/stats?player=Ana", "/record/5?step=1.5",
    # addresses the app does not have at all
    "/nowhere", "/match/x", "/match", "/record/1/2", "/history/3", "/new", "/new/chess", "/rules/chess",
    "/rules/senet/SN-1/x",
]


@pytest.mark.parametrize("route", BAD_ADDRESSES)
def test_a_bad_address_shows_no_such_page_and_keeps_the_address(route):
    screen = parse_route(route)
    assert screen == Screen("missing", (("address", route),))
    assert screen.route == route  # the browser keeps showing what was typed
    assert SCREENS["missing"].body is not None


def test_the_largest_id_every_store_holds_is_an_address():
    assert parse_route("/match/2147483647").get("id") == 2147483647


def test_every_named_screen_is_registered():
    assert set(SIMPLE) | set(WITH_ID) | {"home", "new", "rules", "missing", "locked", "damaged", "tool"} == set(SCREENS)


def test_special_characters_survive_the_query():
    screen = Screen("history", (("since", "2026-01-01"), ("game", "a&b=c")))
    assert parse_route(screen.route) == Screen("history", (("game", "a&b=c"), ("since", "2026-01-01")))

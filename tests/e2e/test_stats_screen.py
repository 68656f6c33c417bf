"""The statistics screen in a real browser: numbers worked out by hand, charts drawn, phone and desktop.

Seeded through the Store API (create_match + finish_match with the engines' `result.detail`, as
db/stats.py's docstring describes), three players over Senet, Quacks and Çävasie:

    Senet   S1 Ana 7 (1st) v Ben 5 (2nd)      S2 Ben 7 (1st) v Ana 4 (2nd)      S3 Ana 6 (1st) v Cy 3 (2nd)
    Quacks  Q1 Ana 50 (1st), Ben 45 (2nd), Cy 30 (3rd); rounds Ana 3, 5*  Ben 4, 6  Cy 1*, 2*  (* exploded)
            Q2 Ben 60 (1st), Ana 40 (2nd); rounds Ana 7*  Ben 9
    Çävasie C1 Cy 20 (1st), Ana 10 (2nd); best hands Ana felox (10), Cy livizax (15)

Ana: 6 matches, 3 wins (S1, S3, Q1): 50%. Senet 3 / 2 / 67%, best 7, average 17/3 = 5.7; Quacks 2 / 1 /
50%, best 50, average 45; Çävasie 1 / 0 / 0%, best 10, average 10. Head to head: Ben 4 met, won S1 and Q1,
lost S2 and Q2 (2–2–0); Cy 3 met, won S3 and Q1, lost C1 (2–1–0).
Ana's Quacks rounds: round 1 VP 3 and 7* (average 5, one of two exploded), round 2 VP 5* (5, exploded):
2 explosions in 3 rounds = 67%, 15 VP / 3 = 5 a round. Quacks leaders (wins, then win rate, then the
average placing, then the average score): Ben 1 of 2 (1.5, 52.5), Ana 1 of 2 (1.5, 45), Cy 0 of 1.
Ben in Quacks: 2 matches, 1 win, best 60, average 52.5; rounds 4 and 9 (6.5), then 6: no explosion in
3 rounds, 19 VP / 3 = 6.3 a round.
"""

from __future__ import annotations

import pytest

from db import SeatSpec, Store
from tests.e2e.helpers import (
    DESKTOP,
    SMALL_PHONE,
    box_of,
    buttons_inside_viewport,
    in_viewport,
    open_app,
    shot,
    tap,
    visible_text,
    wait_for_path,
    wait_for_text,
)

pytestmark = pytest.mark.browser


def finish(store: Store, game: str, seats: list[tuple[int, int, int]], detail: dict) -> int:
    """A finished match: seats as (player id, score, placing), seat numbers in order."""
    match = store.create_match(game, {}, [SeatSpec(pid, seat) for seat, (pid, _, _) in enumerate(seats)])
    places: dict[int, list[int]] = {}
    for seat, (_, _, placing) in enumerate(seats):
        places.setdefault(placing, []).append(seat)
    result = {"over": True, "places": [places[p] for p in sorted(places)],
              "scores": {str(seat): score for seat, (_, score, _) in enumerate(seats)}, "detail": detail}
    store.finish_match(match, result, {seat: s for seat, (_, s, _) in enumerate(seats)},
                       {seat: p for seat, (_, _, p) in enumerate(seats)})
    return match


def seats(**by_seat: dict) -> dict:
    return {"seats": {seat.lstrip("s"): facts for seat, facts in by_seat.items()}}


def rounds(*played: tuple[int, bool]) -> dict:
    return {"rounds": [{"vp": vp, "exploded": boom} for vp, boom in played]}


def seed(db_url: str) -> dict[str, int]:
    store = Store(db_url)
    try:
        ana, ben, cy = (store.add_player(name, colour).id
                        for name, colour in (("Ana", "#d32f2f"), ("Ben", "#1976d2"), ("Cy", "#388e3c")))
        finish(store, "senet", [(ana, 7, 1), (ben, 5, 2)], seats(s0={"captures": 2}, s1={"captures": 1}))
        finish(store, "senet", [(ben, 7, 1), (ana, 4, 2)], seats(s0={"captures": 0}, s1={"captures": 3}))
        finish(store, "senet", [(ana, 6, 1), (cy, 3, 2)], seats(s0={"captures": 1}, s1={"captures": 2}))
        finish(store, "quacks", [(ana, 50, 1), (ben, 45, 2), (cy, 30, 3)],
               seats(s0=rounds((3, False), (5, True)), s1=rounds((4, False), (6, False)),
                     s2=rounds((1, True), (2, True))))
        finish(store, "quacks", [(ben, 60, 1), (ana, 40, 2)], seats(s0=rounds((9, False)), s1=rounds((7, True))))
        finish(store, "cavasie", [(cy, 20, 1), (ana, 10, 2)],
               seats(s0={"best_hand": {"rank": 15, "pattern": "livizax"}},
                     s1={"best_hand": {"rank": 10, "pattern": "felox"}}))
        return {"Ana": ana, "Ben": ben, "Cy": cy}
    finally:
        store.close()


ANA_ALL = [
    "Matches 6 · Wins 3 · Win rate 50%",
    # the win-rate chart's text equivalent (its semantics label), games in home-screen order
    "Win rate per game — The Quacks of Quedlinburg: 50%; Bell's Senet: 67%; Çävasie: 0%",
    # one line per game, then one per opponent (a list tile reads as one line)
    "Bell's Senet Matches 3 · Wins 2 · Win rate 67% Best score 7 · Average score 5.7",
    "The Quacks of Quedlinburg Matches 2 · Wins 1 · Win rate 50% Best score 50 · Average score 45",
    "Çävasie Matches 1 · Wins 0 · Win rate 0% Most chips at the end 10 · average 10",
    "Ben Matches 4 · 2 won, 2 lost, 0 tied 2–2–0",
    "Cy Matches 3 · 2 won, 1 lost, 0 tied 2–1–0",
]
ANA_QUACKS = [
    "Matches 2 · Wins 1 · Win rate 50%",
    "Best score 50 · Average score 45",
    "Explosion rate 67% (2 of 3 rounds)",
    "Average VP per round 5",
    "Average VP per round — round 1: 5; round 2: 5",
    "Explosion rate per round — round 1: 50%; round 2: 100%",
    "1. Ben Wins 1 of 2 (50%) · Best 60 · Average 52.5",
    "2. Ana Wins 1 of 2 (50%) · Best 50 · Average 45",
    "3. Cy Wins 0 of 1 (0%) · Best 30 · Average 30",
]
BEN_QUACKS = [
    "Matches 2 · Wins 1 · Win rate 50%",
    "Best score 60 · Average score 52.5",
    "Explosion rate 0% (0 of 3 rounds)",
    "Average VP per round 6.3",
    "Average VP per round — round 1: 6.5; round 2: 6",
]


CHIPS = ("All games", "The Quacks of Quedlinburg", "Bell's Senet", "Parchís", "Çävasie")


def chip(page, name: str):
    """A game chip (Flutter reads a selectable chip as a checkbox)."""
    return page.get_by_role("checkbox", name=name, exact=True).first


def coloured_pixels(path, colour: str) -> int:
    """How many pixels of the screenshot are exactly `colour` ("#rrggbb"): a bar is a solid block of
    its game's colour, thousands of pixels; the same colour in an 18 px icon is a few dozen."""
    from PIL import Image

    rgb = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return sum(count for count, pixel in Image.open(path).convert("RGB").getcolors(1 << 20) if pixel == rgb)


def assert_shows(page, texts: list[str]) -> None:
    shown = visible_text(page)
    missing = [text for text in texts if text not in shown]
    assert missing == [], f"not on screen: {missing}\nthe page shows:\n{shown[:3000]}"


def test_a_players_statistics_on_a_phone_and_a_desktop(app_en, browser) -> None:
    ids = seed(app_en.db_url)
    ana = ids["Ana"]

    page = open_app(browser, f"{app_en.url}stats?player={ana}", SMALL_PHONE)
    wait_for_text(page, "Matches 6 · Wins 3 · Win rate 50%")
    assert_shows(page, ANA_ALL)
    assert buttons_inside_viewport(page) == []
    sizes = {name: chip(page, name).bounding_box() for name in CHIPS}  # thumb-sized, on the first screen
    assert {name: box["height"] >= 48 and in_viewport(page, box) for name, box in sizes.items()} == {
        name: True for name in CHIPS}, sizes
    assert box_of(page, "Whose numbers: Ana")["height"] >= 48
    picture = shot(page, "stats_phone_360")
    # flet-charts draws in the web client: Quacks' purple and Senet's gold bars are on the screen.
    assert coloured_pixels(picture, "#7b1fa2") > 1000 and coloured_pixels(picture, "#b8860b") > 1000

    # A game chip narrows the numbers to that game and writes it into the address.
    chip(page, "The Quacks of Quedlinburg").click()
    wait_for_path(page, "/stats")
    wait_for_text(page, "Explosion rate 67% (2 of 3 rounds)")
    assert page.url.endswith(f"/stats?game=quacks&player={ana}")
    assert_shows(page, ANA_QUACKS)
    assert buttons_inside_viewport(page) == []
    shot(page, "stats_phone_360_quacks")

    # The player picker: a drop-down named by whose numbers it shows.
    tap(page, "Whose numbers: Ana")
    tap(page, "Ben")
    wait_for_text(page, "Explosion rate 0% (0 of 3 rounds)")
    assert page.url.endswith(f"/stats?game=quacks&player={ids['Ben']}")
    assert_shows(page, BEN_QUACKS)
    page.context.close()

    page = open_app(browser, f"{app_en.url}stats?player={ana}", DESKTOP)
    wait_for_text(page, "Matches 6 · Wins 3 · Win rate 50%")
    assert_shows(page, ANA_ALL)
    assert buttons_inside_viewport(page) == []
    picture = shot(page, "stats_desktop")
    assert coloured_pixels(picture, "#7b1fa2") > 1000 and coloured_pixels(picture, "#b8860b") > 1000

    chip(page, "Bell's Senet").click()
    wait_for_text(page, "Total 6 · Per player per match 2 · Most in one match 3")  # S1 2, S2 3, S3 1
    chip(page, "Çävasie").click()
    wait_for_text(page, "How often each pattern was a player's best hand — 10. felox: 1")
    assert_shows(page, ["Strongest hand: felox (rank 10)", "1. Cy Wins 1 of 1 (100%) · Best 20 · Average 20"])
    page.context.close()

"""The statistics screen's pure helpers (views/stats_data.py, and the games' own in
views/quacks/stats.py and views/cavasie/stats.py) against numbers worked out by hand.

The store is tests/history/seed.py's statistics database (its docstring lists every match);
the hand-computed values below follow from it. Formatting is also pinned on its edges
(rounding half up, a missing score, a count axis without fractions).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.games import app_games, games
from db import Store, StoreError
from db.stats import game_stats, leaders, player_stats
from tests.history.seed import Seeded, seed_statistics
from views.cavasie.stats import hand_bars, pattern_name, pattern_names
from views.model import AppModel
from views.quacks.stats import explosion_bars, vp_bars
from views.reading import fetch
from views.screens.stats import LEADERS_KEY, game_key, needed, player_key, read_game, read_player
from views.stats_charts import rod_width
from views.stats_data import (
    Bar,
    axis_ticks,
    caption,
    chart_top,
    decimal,
    head_to_head_params,
    nice_ceiling,
    percent,
    record_params,
    score,
    win_rate_bars,
)


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Store, Seeded]]:
    path: Path = tmp_path_factory.mktemp("stats-screen") / "companion.db"
    with Store(f"sqlite:///{path}") as store:
        yield store, seed_statistics(store)


# -- formatting ------------------------------------------------------------------------------
@pytest.mark.parametrize(("rate", "text"), [
    (0.0, "0%"), (1.0, "100%"), (0.5, "50%"), (2 / 3, "67%"), (1 / 3, "33%"),
    (0.125, "13%"),  # half up, where round() would give 12
    (0.005, "1%"), (0.0049, "0%"), (0.4, "40%"),
])
def test_percent(rate: float, text: str) -> None:
    assert percent(rate) == text


@pytest.mark.parametrize(("value", "text"), [
    (None, "–"), (6.0, "6"), (0.0, "0"), (16 / 3, "5.3"), (52.5, "52.5"), (3.75, "3.8"),
    (0.25, "0.3"), (4.625, "4.6"), (13 / 3, "4.3"), (9.96, "10"), (-1.25, "-1.3"), (-0.04, "0"),
])
def test_decimal(value: float | None, text: str) -> None:
    assert decimal(value) == text


def test_a_missing_score_is_a_dash() -> None:
    assert (score(None), score(0), score(-3)) == ("–", "0", "-3")


def test_a_players_record_as_text(seeded: tuple[Store, Seeded]) -> None:
    """Anna: 8 matches, 4 wins (50%); Senet S1 won 7, S2 lost 3, S3 drawn 6: 3 / 2 / 67%,
    best 7, average 16/3 = 5.3; Quacks Q1 50, Q2 70: best 70, average 60."""
    store, s = seeded
    anna = player_stats(store, s.anna)
    assert record_params(anna) == {"matches": "8", "wins": "4", "rate": "50%"}
    senet, quacks = anna.game("senet"), anna.game("quacks")
    assert senet is not None and quacks is not None
    assert record_params(senet) == {"matches": "3", "wins": "2", "rate": "67%", "best": "7", "average": "5.3"}
    assert record_params(quacks) == {"matches": "2", "wins": "1", "rate": "50%", "best": "70", "average": "60"}


def test_head_to_head_as_text(seeded: tuple[Store, Seeded]) -> None:
    """Anna v Bo: won S1, P1; lost S2, Q1, C1, C2. v Chen 2-0-1, v Dara 1-1-1 (team mates left out)."""
    store, s = seeded
    lines = [head_to_head_params(h) for h in player_stats(store, s.anna).head_to_head]
    assert lines == [
        {"name": "Bo", "matches": "6", "wins": "2", "losses": "4", "ties": "0", "record": "2–4–0"},
        {"name": "Chen", "matches": "3", "wins": "2", "losses": "0", "ties": "1", "record": "2–0–1"},
        {"name": "Dara", "matches": "3", "wins": "1", "losses": "1", "ties": "1", "record": "1–1–1"},
    ]


def test_a_leader_row_as_text(seeded: tuple[Store, Seeded]) -> None:
    """Quacks: Anna shared Q2's win (70) and was 2nd in Q1 (50); Dara won Q2 with 70; Bo won Q1 with 62."""
    store, _ = seeded
    rows = {row.name: record_params(row) for row in game_stats(store, "quacks").players}
    assert rows["Anna"] == {"matches": "2", "wins": "1", "rate": "50%", "best": "70", "average": "60"}
    assert rows["Bo"] == {"matches": "1", "wins": "1", "rate": "100%", "best": "62", "average": "62"}


# -- chart data ------------------------------------------------------------------------------
def test_win_rate_bars_follow_the_home_screen_order(seeded: tuple[Store, Seeded]) -> None:
    """Anna: Quacks 1/2, Senet 2/3, Parchís 1/1, Çävasie 0/2 (stats order is most played first)."""
    store, s = seeded
    bars = win_rate_bars(player_stats(store, s.anna))
    assert [(b.x, b.key, b.shown) for b in bars] == [
        (0, "quacks", "50%"), (1, "senet", "67%"), (2, "parchis", "100%"), (3, "cavasie", "0%"),
    ]
    assert [b.value for b in bars] == pytest.approx([50, 200 / 3, 100, 0])


def test_win_rate_bars_of_a_player_without_matches(seeded: tuple[Store, Seeded]) -> None:
    store, s = seeded
    assert win_rate_bars(player_stats(store, s.dara, game="senet")) == []


def test_quacks_bars_per_round(seeded: tuple[Store, Seeded]) -> None:
    """Round 1: VP 3, 4, 1, 7 (and an "x") = 15 / 4 = 3.75, 2 of 5 pots exploded;
    round 2: 5, 6, 2 = 13 / 3, 2 of 3 exploded."""
    store, _ = seeded
    quacks = game_stats(store, "quacks").quacks
    assert quacks is not None
    vp = vp_bars(quacks)
    assert [(b.x, b.key, b.shown, b.axis) for b in vp] == [(1, "1", "3.8", "1"), (2, "2", "4.3", "2")]
    assert [b.value for b in vp] == pytest.approx([3.75, 13 / 3])
    booms = explosion_bars(quacks)
    assert [(b.x, b.shown) for b in booms] == [(1, "40%"), (2, "67%")]
    assert [b.value for b in booms] == pytest.approx([40, 200 / 3])


def test_quacks_bars_of_one_player(seeded: tuple[Store, Seeded]) -> None:
    """Anna: round 1 VP 3 and 7* (5 a round, 1 of 2 exploded); round 2 5* (5, exploded)."""
    store, s = seeded
    quacks = game_stats(store, "quacks", s.anna).quacks
    assert quacks is not None
    assert [(b.x, b.shown) for b in vp_bars(quacks)] == [(1, "5"), (2, "5")]
    assert [(b.x, b.shown) for b in explosion_bars(quacks)] == [(1, "50%"), (2, "100%")]


def test_a_round_without_vp_numbers_gets_no_vp_bar(tmp_path: Path) -> None:
    from tests.history.seed import T0, Seat, add_match, add_player, rounds

    with Store(f"sqlite:///{tmp_path / 'one.db'}") as store:
        anna = add_player(store, "Anna")
        add_match(store, "quacks", [Seat(anna, 1, 1)], finished=T0, detail=rounds([("x", True)]))
        quacks = game_stats(store, "quacks").quacks
        assert quacks is not None
        assert vp_bars(quacks) == []
        assert [(b.x, b.shown) for b in explosion_bars(quacks)] == [(1, "100%")]


def test_hand_bars_strongest_first(seeded: tuple[Store, Seeded]) -> None:
    """C1: felox 10, livizax 15 twice, aloxolef 3; C2: alon 4, doliahin 8. The ladder is read
    from its top, as the rules page lists it."""
    store, _ = seeded
    hands = game_stats(store, "cavasie").hands
    assert hands is not None
    assert hand_bars(hands) == [
        Bar(0, "livizax", 2.0, "2", "15"),
        Bar(1, "felox", 1.0, "1", "10"),
        Bar(2, "doliahin", 1.0, "1", "8"),
        Bar(3, "alon", 1.0, "1", "4"),
        Bar(4, "aloxolef", 1.0, "1", "3"),
    ]


def test_pattern_names_come_from_the_ladder() -> None:
    names = pattern_names()
    assert pattern_name("felox_ad_livizax", names) == "felox ad livizax"
    assert pattern_name("quoy", names) == "quôy"
    assert pattern_name("new_rung", names) == "new rung"  # a table's own rung: its id, readable
    assert pattern_name("felox_ad_livizax") == "felox ad livizax"


@pytest.mark.parametrize(("value", "top"), [
    (0, 1), (0.4, 1), (1, 1), (1.2, 2), (2, 2), (3.75, 5), (5, 5), (5.01, 10), (7, 10), (10, 10),
    (12, 20), (62, 100), (250, 500),
])
def test_nice_ceiling(value: float, top: float) -> None:
    assert nice_ceiling(value) == top


def test_chart_top_and_ticks() -> None:
    bars = [Bar(0, "a", 13 / 3, "4.3"), Bar(1, "b", 1.0, "1")]
    assert chart_top(bars) == 5
    assert chart_top(bars, percent_scale=True) == 100
    assert chart_top([Bar(0, "a", 1.0, "1")], whole=True) == 2  # a count axis: 0, 1, 2
    assert chart_top([]) == 1
    assert axis_ticks(100) == [0, 50, 100]
    assert axis_ticks(5) == [0, 2.5, 5]
    assert axis_ticks(5, whole=True) == [0, 5]  # never "2.5 times"
    assert axis_ticks(2, whole=True) == [0, 1, 2]


def test_caption_reads_the_chart_aloud(seeded: tuple[Store, Seeded]) -> None:
    store, s = seeded
    bars = win_rate_bars(player_stats(store, s.anna))
    text = caption("Win rate per game", bars, lambda bar: bar.key)
    assert text == "Win rate per game — quacks: 50%; senet: 67%; parchis: 100%; cavasie: 0%"


def test_games_in_home_screen_order_then_others() -> None:
    """Every playable game in its record's order (Pig too), then a game only stored here."""
    listed = app_games(["zeta", "pig"])
    assert listed[:5] == ["quacks", "senet", "parchis", "cavasie", "pig"] and listed[-1] == "zeta"
    assert listed[:-1] == list(games())


def test_bars_fit_a_phone() -> None:
    """Rods are 8..28 px; eighteen hand patterns stay inside the 300 px a phone's chart has."""
    assert rod_width(3) == 28
    assert rod_width(18) == 11 and 18 * rod_width(18) < 300
    assert rod_width(40) == 8
    assert rod_width(0) == 28


# -- reading -------------------------------------------------------------------------------------
def test_reads_are_memoised_and_a_refusal_is_kept(seeded: tuple[Store, Seeded]) -> None:
    store, s = seeded
    model = AppModel(store=store)
    first = read_player(model, s.anna, None)
    assert read_player(model, s.anna, None) is first  # no second query in the same data version
    model.changed()  # a write: the screen reads again (off the app's thread), showing the last meanwhile
    assert not model.is_memoised(player_key(s.anna, None)) and read_player(model, s.anna, None) is first
    fresh = fetch(store, needed(s.anna, None))[player_key(s.anna, None)]
    model.keep_read(player_key(s.anna, None), fresh)
    assert read_player(model, s.anna, None) is fresh and fresh is not first and fresh == first
    missing = read_player(model, 999, "senet")
    assert isinstance(missing, StoreError) and "999" in missing.message("en")
    stats = read_game(model, "senet", s.anna)
    assert not isinstance(stats, StoreError) and stats.matches == 3


def test_each_screen_reads_what_it_shows(seeded: tuple[Store, Seeded]) -> None:
    """(player, all games): the player's record; (player, game): it, the game's and the player's
    numbers in it; (everyone, all games): every game's leaders in one read (Pig's too), none of a
    game's own numbers."""
    store, s = seeded
    assert [what for what, _ in needed(s.anna, None)] == [player_key(s.anna, None)]
    assert [what for what, _ in needed(s.anna, "senet")] == [
        player_key(s.anna, "senet"), game_key("senet"), game_key("senet", s.anna)]
    assert [what for what, _ in needed(None, None)] == [LEADERS_KEY]
    assert fetch(store, needed(None, None))[LEADERS_KEY] == leaders(store)
    got = fetch(store, needed(s.anna, "quacks"))
    assert got[player_key(s.anna, "quacks")] == player_stats(store, s.anna, "quacks")
    assert got[game_key("quacks", s.anna)] == game_stats(store, "quacks", s.anna)
    unknown = fetch(store, needed(999, None))
    assert isinstance(unknown[player_key(999, None)], StoreError)


def test_fetched_numbers_fill_the_memo(seeded: tuple[Store, Seeded]) -> None:
    """What the worker thread read is what the screen then shows, without reading again."""
    store, s = seeded
    model = AppModel(store=store)
    got = fetch(store, needed(s.bo, "senet"))
    for what, value in got.items():
        model.keep_read(what, value)
    assert read_player(model, s.bo, "senet") is got[player_key(s.bo, "senet")]
    assert read_game(model, "senet") is got[game_key("senet")]

"""Benchmarks on 100,000 generated matches (skipped by default).

Run: pytest tests/history/test_bench.py --benchmark-only -n 0
(on a busy machine add --benchmark-timer=time.process_time: the CPU time this process used)
Targets (issues 10 and 18, not asserted): a history page with a filter <= 30 ms, a player's
statistics <= 150 ms, everyone's statistics <= 150 ms, an export of everything <= 20 s. The first run builds the store
(see bulk.py) and caches it under /tmp.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from db import Store
from db.exchange import export_json
from db.history import HistoryFilter, history_page, match_page
from db.stats import game_stats, leaders, player_stats
from tests.history.bulk import MATCHES, RARE_PLAYER, REGULAR_PLAYER, bench_store_file


@pytest.fixture(scope="module")
def big() -> Iterator[Store]:
    # Not built under --benchmark-skip (the default): pytest-benchmark skips these tests
    # at collection, before any fixture runs.
    with Store(f"sqlite:///{bench_store_file()}") as store:
        yield store


def _deep_mark(store: Store, where: HistoryFilter) -> Any:
    """A mark 20 pages into the filtered history: seeking must not get slower with depth."""
    page = history_page(store, where, limit=1000)
    return page.next


@pytest.mark.parametrize(
    "where",
    [
        HistoryFilter(),
        HistoryFilter(game="parchis"),
        HistoryFilter(player_id=REGULAR_PLAYER),
        HistoryFilter(player_id=RARE_PLAYER),
        HistoryFilter(game="quacks", player_id=REGULAR_PLAYER, include_abandoned=True),
    ],
    ids=["all", "game", "regular-player", "rare-player", "game-player-abandoned"],
)
def test_bench_history_page(benchmark: Any, big: Store, where: HistoryFilter) -> None:
    after = _deep_mark(big, where)
    page = benchmark(history_page, big, where, after, 50)
    assert page.rows or where.player_id == RARE_PLAYER


def test_bench_history_page_by_date(benchmark: Any, big: Store) -> None:
    first = history_page(big, limit=MATCHES // 2).rows[-1].finished_at
    assert first is not None
    where = HistoryFilter(since=first.replace(month=1, day=1), until=first)
    page = benchmark(history_page, big, where, None, 50)
    assert len(page.rows) == 50


def test_bench_match_page(benchmark: Any, big: Store) -> None:
    page = benchmark(match_page, big, MATCHES // 2)
    assert page.log


def test_bench_player_stats(benchmark: Any, big: Store) -> None:
    stats = benchmark(player_stats, big, REGULAR_PLAYER)
    assert stats.matches > 5000


@pytest.mark.parametrize("game", ["quacks", "senet", "cavasie"])
def test_bench_game_stats_of_a_player(benchmark: Any, big: Store, game: str) -> None:
    stats = benchmark(game_stats, big, game, REGULAR_PLAYER)
    assert stats.matches > 500


@pytest.mark.parametrize("game", ["quacks", "parchis", "cavasie"])
def test_bench_game_stats_of_everyone(benchmark: Any, big: Store, game: str) -> None:
    stats = benchmark(game_stats, big, game)
    assert stats.matches > 10000


def test_bench_everyones_leaders(benchmark: Any, big: Store) -> None:
    """The statistics screen's first view: every game's leaders (target 150 ms, issue 18)."""
    overview = benchmark(leaders, big)
    assert sum(game.matches for game in overview) > 90_000


def test_bench_export_everything(benchmark: Any, big: Store, tmp_path: Path) -> None:
    target = tmp_path / "everything.json"
    summary = benchmark.pedantic(export_json, (big, target), rounds=1, iterations=1)
    assert summary.matches == MATCHES
    benchmark.extra_info.update(events=summary.events, megabytes=round(target.stat().st_size / 1e6, 1))

"""The store's figures: statistics over a big history, and long matches reopened from the store.

- Everyone's statistics (every game's leaders, the statistics screen's first view) and one
  player's statistics over 100,000 generated matches (tests/history/bulk.py: 40 players, three
  years, about 3 million log entries), a SQLite file built once and kept in the temporary
  folder (about a minute the first time; the smoke pass builds 300 matches).
- Reopening a long match the way the match screen does (`LiveMatch.load`: read the match,
  rebuild the session from the stored log through the engine, read the match again), from a
  SQLite store: a whole 9-round 4-player Quacks match (the recorded one of
  benchmarks/streams/quacks_match.json.gz, 576 entries) and a long Çävasie session (30 hands of
  five players, 1,300 entries). The 500-entry Parchís match is benchmarks/boards.py's.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from functools import cache
from typing import Any

from benchmarks import Figure, median_time, scratch_folder

SMOKE_MATCHES = 300
HISTORY = 100_000
SESSION_HANDS = 30
SMOKE_HANDS = 2
START = datetime(2026, 3, 1, 18, 0, tzinfo=UTC)


# -- a big history ---------------------------------------------------------------------------
def _big_store_url(smoke: bool) -> str:
    from tests.history.bulk import bench_store_file

    return f"sqlite:///{bench_store_file(SMOKE_MATCHES if smoke else HISTORY)}"


def history_figure(name: str, target_ms: float, read: Callable[[Any], object], note: str) -> Figure:
    def measure(smoke: bool) -> float:
        from db import Store

        with Store(_big_store_url(smoke)) as store:
            read(store)  # the first read warms the connection and the file's pages, as a running app has
            return median_time(lambda: read(store), repeat=1 if smoke else 5, scale=1000)

    return Figure(name, target_ms, "ms", measure, note)


def _everyones(store: Any) -> object:
    from db.stats import leaders

    return leaders(store)


def _a_regulars(store: Any) -> object:
    from db.stats import player_stats
    from tests.history.bulk import REGULAR_PLAYER

    return player_stats(store, REGULAR_PLAYER)


# -- long matches reopened ----------------------------------------------------------------------
def _filed(game: str, setup: dict[str, Any], players: int, log: Sequence[dict[str, Any]]) -> tuple[str, int]:
    """A SQLite store in a temporary folder holding one match of `game` with `log`, filed as the
    store files it (the status, result and places its replay gives): its URL and the match id."""
    from companion.games import game as game_record
    from companion.session import MatchSession
    from db import Store
    from db.history import insert_record
    from db.models import new_uid
    from db.records import EventRecord, MatchRecord, SeatRecord
    from db.values import loose_json

    rules = game_record(game)
    assert rules is not None, game
    setup = rules.check_setup({**setup, "players": players})
    outcome = MatchSession.resume(rules, setup, log).outcome()
    url = f"sqlite:///{scratch_folder(f'store-{game}') / 'bench.db'}"
    with Store(url) as store:
        ids = [store.add_player(f"Player {seat + 1}", "#d32f2f").id for seat in range(players)]
        seats = tuple(SeatRecord(seat, f"Player {seat + 1}", None, outcome.scores.get(seat) if outcome.over else None,
                                 outcome.placing(seat) if outcome.over else None) for seat in range(players))
        record = MatchRecord(
            uid=new_uid(), game=game, variant=None, setup=setup, status="finished" if outcome.over else "active",
            started_at=START, finished_at=START + timedelta(hours=2) if outcome.over else None,
            result=loose_json(outcome.to_json(), "result") if outcome.over else None, seats=seats,
            events=tuple(EventRecord(seq, entry["kind"], entry.get("action"), START + timedelta(seconds=seq))
                         for seq, entry in enumerate(log, start=1)),
        )
        with store.writing() as session:
            match = insert_record(session, record, dict(zip(seats, ids, strict=True)))
            session.flush()
            return url, match.id


@cache
def _quacks(smoke: bool) -> tuple[str, int]:
    from benchmarks.quacks import match_log

    data = match_log()
    log = data["log"][:60] if smoke else data["log"]
    setup = {key: value for key, value in data["setup"].items() if key != "players"}
    return _filed("quacks", setup, int(data["setup"]["players"]), log)


@cache
def _cavasie(smoke: bool) -> tuple[str, int]:
    return _filed("cavasie", {"dealer": False}, 5, cavasie_session(5, SMOKE_HANDS if smoke else SESSION_HANDS))


def cavasie_session(players: int, hands: int, seed: int = 5) -> list[dict[str, Any]]:
    """A Çävasie session without a dealer (CV-4): each hand dealt from a shuffled deck, every
    player standing, checking, passing and checking, then the showdown; the next hand after it."""
    rng = random.Random(seed)
    log: list[dict[str, Any]] = []
    for hand in range(hands):
        codes = [f"{colour}{number}" for colour in "ASGP" for number in range(1, 9)]
        rng.shuffle(codes)
        deck = iter(codes)
        actions: list[dict[str, Any]] = [{"place": next(deck), "to": "center"} for _ in range(2)]
        floors = [[next(deck), next(deck)] for _ in range(players)]
        held = [[next(deck), next(deck)] for _ in range(players)]
        actions += [{"place": code, "seat": seat, "to": "floor"} for seat in range(players) for code in floors[seat]]
        actions += [{"place": code, "seat": seat, "to": "hand"} for seat in range(players) for code in held[seat]]
        actions += [{"done": True}] * players + [{"check": True}] * players
        actions += [{"interact": "none"}] * players + [{"check": True}] * players + [{"showdown": True}]
        if hand < hands - 1:
            actions.append({"next_hand": True})
        log += [{"kind": "action", "action": action} for action in actions]
    return log


def reopen(store: Any, match_id: int) -> None:
    """What the match screen's `LiveMatch.load` asks of the store."""
    store.match(match_id)
    session = store.resume(match_id)
    store.match(match_id)
    if session.seq == 0:
        raise RuntimeError("the match reopened without its log")


def reopen_figure(name: str, filed: Callable[[bool], tuple[str, int]], note: str) -> Figure:
    def measure(smoke: bool) -> float:
        from db import Store

        url, match_id = filed(smoke)
        with Store(url) as store:
            reopen(store, match_id)  # the first one loads the engine's modules and warms the file
            return median_time(lambda: reopen(store, match_id), repeat=1 if smoke else 9, scale=1000)

    return Figure(name, 150, "ms", measure, note)


FIGURES = (
    history_figure("store: everyone's statistics, 100,000 matches", 150, _everyones,
                   "db.stats.leaders: every game's leaders (median of 5, warm)"),
    history_figure("store: a regular's statistics, 100,000 matches", 150, _a_regulars,
                   "db.stats.player_stats of a player in 7,000 matches (median of 5)"),
    reopen_figure("store: a 9-round 4-player Quacks match reopened", _quacks,
                  "LiveMatch.load's reads and replay on SQLite, 576 entries (median of 9)"),
    reopen_figure("store: a 30-hand Çävasie session reopened", _cavasie,
                  "LiveMatch.load's reads and replay on SQLite, 5 players, 1,349 entries (median of 9)"),
)

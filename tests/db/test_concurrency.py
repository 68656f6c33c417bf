"""Optimistic concurrency: every write names the entries its screen saw, and a stale one
is refused with nothing stored, within one process and across processes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from companion.session import MatchSession
from db import SeatSpec, Store, errors
from db.models import Event
from tests.db.counter_game import GAME

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
TIMEOUT = 60  # seconds a child may take; far above what it needs


def add(n: int) -> dict[str, Any]:
    return {"kind": "action", "action": {"op": "add", "n": n}}


def _url(store: Store) -> str:
    return store.engine.url.render_as_string(hide_password=False)


def _seqs(store: Store, match_id: int) -> list[int]:
    """The stored seqs as the table holds them (store.events would refuse a gap)."""
    with store.engine.connect() as connection:
        return list(connection.scalars(select(Event.seq).where(Event.match_id == match_id).order_by(Event.seq)))


@pytest.fixture
def race_match(store: Store, anna_and_min: tuple[int, int]) -> int:
    """A match for 2 that cannot end: any interleaving of moves replays."""
    anna, min_ = anna_and_min
    return store.create_match("counter", {"start": 0}, [SeatSpec(anna, 0), SeatSpec(min_, 1)])


@pytest.fixture
def short_match(store: Store, anna_and_min: tuple[int, int]) -> int:
    """A match for 2 that is won by whoever brings the total to 10."""
    anna, min_ = anna_and_min
    return store.create_match("counter", {"start": 0, "target": 10}, [SeatSpec(anna, 0), SeatSpec(min_, 1)])


# -- in one process ----------------------------------------------------------------------


def test_a_write_naming_an_old_seen_is_refused_and_stores_nothing(store: Store, match_id: int) -> None:
    assert store.append_event(match_id, add(3), seen=0) == 1
    assert store.append_event(match_id, add(5), seen=1) == 2
    before = store.match(match_id)

    with pytest.raises(errors.StaleWrite) as raised:
        store.append_event(match_id, add(6), seen=1)
    assert raised.value.params == {"match_id": match_id, "seen": 1, "current": 2}
    assert f"match {match_id}" in str(raised.value)  # the message names the match
    assert f"{match_id}번 경기" in raised.value.message("ko")

    for seen in (0, 3):  # long before, or entries that were never stored
        with pytest.raises(errors.StaleWrite):
            store.append_event(match_id, {"kind": "undo"}, seen=seen)
    assert store.last_seq(match_id) == 2
    assert store.events(match_id) == [add(3), add(5)]
    assert store.match(match_id) == before


def test_a_stale_winning_move_neither_stores_nor_finishes(store: Store, short_match: int) -> None:
    first = store.resume(short_match, GAME)
    first.apply({"op": "add", "n": 6})
    second = store.resume(short_match, GAME)
    second_view = second.state
    first.apply({"op": "add", "n": 2})  # total 8; the second screen still shows 6
    with pytest.raises(errors.StaleWrite):
        second.apply({"op": "add", "n": 4})  # would end the game on its stale board
    assert second.state == second_view and second.seq == 1
    info = store.match(short_match)
    assert (info.status, info.result, info.event_count) == ("active", None, 2)
    assert [p.placing for p in info.participants] == [None, None]


def test_the_second_screen_is_refused_unchanged_then_plays_after_resume(store: Store, match_id: int) -> None:
    first = store.resume(match_id, GAME)
    second = store.resume(match_id, GAME)
    assert first.apply({"op": "add", "n": 3})  # the first screen plays

    with pytest.raises(errors.StaleWrite) as raised:
        second.apply({"op": "add", "n": 4})  # the same player, on the board before that move
    assert raised.value.params["match_id"] == match_id
    assert second.seq == 0 and second.state.moves == () and second.state.turn == 0
    assert not second.can_undo and not second.can_redo
    assert store.events(match_id) == [add(3)]

    reloaded = store.resume(match_id, GAME)  # what the refused screen does next
    assert reloaded.seq == 1 and reloaded.state.moves == (3,) and reloaded.to_move() == 1
    reloaded.apply({"op": "add", "n": 4})
    assert store.events(match_id) == [add(3), add(4)]
    assert store.resume(match_id, GAME).state.moves == (3, 4)
    # ...and now the first screen is the one behind.
    with pytest.raises(errors.StaleWrite):
        first.apply({"op": "add", "n": 1})
    assert first.state.moves == (3,)


def test_a_stale_undo_is_refused_and_never_takes_back_the_wrong_move(store: Store, match_id: int) -> None:
    first = store.resume(match_id, GAME)
    first.apply({"op": "add", "n": 3})
    second = store.resume(match_id, GAME)  # both screens show 3
    first.apply({"op": "add", "n": 5})
    with pytest.raises(errors.StaleWrite):
        second.undo()  # meant to take back 3; stored now, it would take back 5
    assert second.state.moves == (3,) and second.can_undo and not second.can_redo
    assert store.events(match_id) == [add(3), add(5)]
    assert store.resume(match_id, GAME).state.moves == (3, 5)

    first.undo()  # the first screen takes back 5, then the second redoes it: stale as well
    second = store.resume(match_id, GAME)
    first.redo()
    with pytest.raises(errors.StaleWrite):
        second.redo()
    assert store.events(match_id) == [add(3), add(5), {"kind": "undo"}, {"kind": "redo"}]
    assert store.resume(match_id, GAME).state.moves == (3, 5)


def test_a_write_that_names_no_seen_is_appended_unchecked(store: Store, match_id: int) -> None:
    """The check is the store's: a write that names no `seen` is appended as before."""
    store.append_event(match_id, add(1))
    assert store.append_event(match_id, add(2)) == 2
    session = MatchSession.resume(GAME, store.match(match_id).setup, store.events(match_id))
    assert session.state.moves == (1, 2)


# -- across processes ------------------------------------------------------------------------


def _spawn(script: str, *args: object) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    return subprocess.Popen(
        [sys.executable, str(HERE / script), *map(str, args)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )


def _line(child: subprocess.Popen[str]) -> str:
    assert child.stdout is not None
    line = child.stdout.readline()
    if not line:
        child.wait(timeout=TIMEOUT)
        stderr = child.stderr.read() if child.stderr else ""
        pytest.fail(f"a child process stopped (exit {child.returncode}): {stderr}")
    return line


@contextmanager
def _children(*children: subprocess.Popen[str]) -> Iterator[None]:
    """Children are killed on the way out, and by a watchdog should one hang the test."""

    def kill_all() -> None:
        for child in children:
            child.kill()

    watchdog = threading.Timer(TIMEOUT, kill_all)
    watchdog.start()
    try:
        yield
    finally:
        watchdog.cancel()
        for child in children:
            if child.poll() is None:
                child.kill()
            child.wait(timeout=TIMEOUT)
            for stream in (child.stdin, child.stdout, child.stderr):
                if stream:
                    stream.close()


def test_three_processes_racing_on_one_match_store_a_gapless_log(store: Store, race_match: int) -> None:
    """Stale writes are refused, never half-done: each process counts what the store said.

    On SQLite this needs BEGIN IMMEDIATE: a deferred transaction reads the log's end, and
    its insert then finds another process's commit in the way ("database is locked").
    """
    iterations = 40
    racers = [_spawn("race_child.py", _url(store), race_match, iterations, tag) for tag in "abc"]
    with _children(*racers):
        for racer in racers:
            assert _line(racer).strip() == "ready"
        for racer in racers:  # all at once
            assert racer.stdin is not None
            racer.stdin.write("go\n")
            racer.stdin.flush()
        reports = {tag: json.loads(_line(racer)) for tag, racer in zip("abc", racers, strict=True)}

    for tag, report in reports.items():
        assert report["other"] == [], f"racer {tag} saw errors other than StaleWrite"
        assert len(report["stored"]) + report["stale"] == iterations
    total = sum(len(report["stored"]) for report in reports.values())
    assert sum(report["stale"] for report in reports.values()) > 0, "the racers never overlapped"

    assert _seqs(store, race_match) == list(range(1, total + 1))  # no gap, no duplicate
    log = store.events(race_match)
    for tag, report in reports.items():  # every seq a racer was given holds that racer's entry
        for seq, i in report["stored"]:
            assert log[seq - 1]["action"] == {"op": "add", "n": i % 6 + 1, "by": tag, "i": i}
    resumed = store.resume(race_match, GAME)
    assert resumed.seq == total and len(resumed.state.moves) == total
    assert resumed.state.total == sum(entry["action"]["n"] for entry in log)
    assert store.match(race_match).status == "active"


def _ask(child: subprocess.Popen[str], **command: Any) -> dict[str, Any]:
    assert child.stdin is not None
    child.stdin.write(json.dumps(command) + "\n")
    child.stdin.flush()
    reply: dict[str, Any] = json.loads(_line(child))
    return reply


def test_a_store_in_another_process_sees_the_moves_and_is_refused_when_behind(store: Store, match_id: int) -> None:
    """Two app servers on one database: each one's screen sees the other's moves."""
    here = store.resume(match_id, GAME)
    there = _spawn("screen_child.py", _url(store), match_id)
    with _children(there):
        assert json.loads(_line(there)) == {"ready": True}  # its session is open at seq 0
        here.apply({"op": "add", "n": 3})
        assert _ask(there, op="last_seq") == {"seq": 1}  # the cheap poll sees the move
        # Its screen has not reloaded yet: its move is refused and its board is unchanged.
        assert _ask(there, op="add", n=4) == {"error": "StaleWrite", "match_id": match_id, "seq": 0, "moves": []}
        assert store.events(match_id) == [add(3)]
        assert _ask(there, op="resume") == {"seq": 1, "moves": [3]}
        assert _ask(there, op="add", n=4) == {"seq": 2, "moves": [3, 4]}

        assert store.last_seq(match_id) == 2  # and this process sees that move
        with pytest.raises(errors.StaleWrite):
            here.apply({"op": "add", "n": 1})
        here = store.resume(match_id, GAME)
        assert here.state.moves == (3, 4)
        here.apply({"op": "add", "n": 1})
        assert _ask(there, op="resume") == {"seq": 3, "moves": [3, 4, 1]}

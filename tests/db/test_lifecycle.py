"""Atomic lifecycle: a move and the finish it causes, or an undo and the reopen, are one
transaction; a match whose log and status disagree is settled when it is resumed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.game import Outcome
from db import MatchInfo, SeatSpec, Store, errors
from tests.db.counter_game import GAME

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]

# Counter to 10 for two: seat 0 adds 4, seat 1 adds 4, seat 0 adds 2 and wins on exactly 10.
OPENING = (4, 4)
WINNING = 2
WON = {"over": True, "places": [[0], [1]], "scores": {"0": 10}, "detail": {}}


def add(n: int) -> dict[str, Any]:
    return {"kind": "action", "action": {"op": "add", "n": n}}


@pytest.fixture
def short_match(store: Store, anna_and_min: tuple[int, int]) -> int:
    """A match for 2 that is won by whoever brings the total to 10."""
    anna, min_ = anna_and_min
    return store.create_match("counter", {"start": 0, "target": 10}, [SeatSpec(anna, 0), SeatSpec(min_, 1)])


def assert_active(info: MatchInfo, events: int) -> None:
    assert (info.status, info.finished_at, info.result, info.event_count) == ("active", None, None, events)
    assert [(p.final_score, p.placing) for p in info.participants] == [(None, None), (None, None)]


def assert_won_by_seat_0(info: MatchInfo, events: int) -> None:
    assert (info.status, info.result, info.event_count) == ("finished", WON, events)
    assert info.finished_at is not None
    assert [(p.seat, p.final_score, p.placing) for p in info.participants] == [(0, 10, 1), (1, None, 2)]


class SettleFault(Exception):
    pass


def _fail_settle(session: Any, match: Any, outcome: Outcome) -> None:
    raise SettleFault("injected between the entry and the finish")


# -- one transaction -------------------------------------------------------------------


def test_the_winning_move_finishes_the_match_with_its_places(store: Store, short_match: int) -> None:
    session = store.resume(short_match, GAME)
    for n in OPENING:
        session.apply({"op": "add", "n": n})
        assert_active(store.match(short_match), events=session.seq)
    session.apply({"op": "add", "n": WINNING})
    assert_won_by_seat_0(store.match(short_match), events=3)
    assert short_match not in [m.id for m in store.unfinished_matches()]
    assert [m.id for m in store.history()] == [short_match]


def test_a_fault_in_the_finish_stores_no_winning_move(
    store: Store, short_match: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = store.resume(short_match, GAME)
    for n in OPENING:
        session.apply({"op": "add", "n": n})
    monkeypatch.setattr(Store, "_settle", staticmethod(_fail_settle))
    with pytest.raises(SettleFault):
        session.apply({"op": "add", "n": WINNING})
    assert store.events(short_match) == [add(4), add(4)]  # the entry went with the finish
    assert_active(store.match(short_match), events=2)
    assert session.seq == 2 and session.state.total == 8  # the screen shows what is stored

    monkeypatch.undo()  # the fault is gone: the same screen plays the same move
    session.apply({"op": "add", "n": WINNING})
    assert_won_by_seat_0(store.match(short_match), events=3)


def test_the_undo_of_the_winning_move_reopens_in_its_own_transaction(
    store: Store, short_match: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = store.resume(short_match, GAME)
    for n in (*OPENING, WINNING):
        session.apply({"op": "add", "n": n})
    won = store.match(short_match)

    monkeypatch.setattr(Store, "_settle", staticmethod(_fail_settle))
    with pytest.raises(SettleFault):
        session.undo()
    assert store.events(short_match) == [add(4), add(4), add(2)]  # no undo without the reopen
    assert store.match(short_match) == won
    assert session.seq == 3 and session.outcome().over

    monkeypatch.undo()
    session.undo()
    assert store.events(short_match)[-1] == {"kind": "undo"}
    assert_active(store.match(short_match), events=4)
    assert store.match(short_match).id in [m.id for m in store.unfinished_matches()]
    session.redo()  # and the redo finishes it again, in one transaction too
    assert_won_by_seat_0(store.match(short_match), events=5)


def test_a_finished_match_takes_only_an_entry_that_reopens_it(store: Store, short_match: int) -> None:
    session = store.resume(short_match, GAME)
    for n in (*OPENING, WINNING):
        session.apply({"op": "add", "n": n})
    for outcome in (None, Outcome(True, ((0,), (1,)), {0: 10})):
        with pytest.raises(errors.MatchFinished):
            store.append_event(short_match, {"kind": "undo"}, seen=3, outcome=outcome)
    assert store.last_seq(short_match) == 3
    assert_won_by_seat_0(store.match(short_match), events=3)


def test_only_an_undo_reopens_a_finished_match(store: Store, short_match: int) -> None:
    """An action or a redo after the winning move would make the log unreplayable (the
    engine refuses moves once the game is over): the store must refuse it, whatever
    outcome the caller claims."""
    session = store.resume(short_match, GAME)
    for n in (*OPENING, WINNING):
        session.apply({"op": "add", "n": n})
    for entry in (add(1), {"kind": "redo"}):
        with pytest.raises(errors.MatchFinished):
            store.append_event(short_match, entry, seen=3, outcome=Outcome(over=False))
    assert store.events(short_match) == [add(4), add(4), add(2)]
    assert store.resume(short_match, GAME).outcome().over


# -- settled on load ---------------------------------------------------------------------------


def test_a_won_log_with_an_active_match_is_finished_by_resume(store: Store, short_match: int) -> None:
    """As an older version left it: the entries were written without their outcome."""
    for seen, n in enumerate((*OPENING, WINNING)):
        store.append_event(short_match, add(n), seen=seen)
    assert_active(store.match(short_match), events=3)
    assert short_match in [m.id for m in store.unfinished_matches()]

    session = store.resume(short_match, GAME)
    assert session.outcome().over and session.state.total == 10
    assert_won_by_seat_0(store.match(short_match), events=3)
    assert short_match not in [m.id for m in store.unfinished_matches()]
    finished_at = store.match(short_match).finished_at
    store.resume(short_match, GAME)  # a settled match is left as it is
    assert store.match(short_match).finished_at == finished_at


def test_an_unfinished_log_with_a_finished_match_is_reopened_by_resume(store: Store, short_match: int) -> None:
    store.append_event(short_match, add(4), seen=0)
    store.finish_match(short_match, {"over": True}, scores={0: 4}, placings={0: 1, 1: 2})
    session = store.resume(short_match, GAME)
    assert session.state.total == 4
    assert_active(store.match(short_match), events=1)
    session.apply({"op": "add", "n": 3})  # it is playable again
    assert store.last_seq(short_match) == 2


def test_resume_leaves_an_abandoned_match_abandoned(store: Store, short_match: int) -> None:
    for seen, n in enumerate((*OPENING, WINNING)):
        store.append_event(short_match, add(n), seen=seen)
    store.abandon_match(short_match)
    store.resume(short_match, GAME)
    info = store.match(short_match)
    assert (info.status, info.result) == ("abandoned", None)


# -- a real crash between the entry and the finish -------------------------------------------


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_process_killed_between_the_winning_entry_and_the_finish_leaves_a_consistent_match(
    store: Store, short_match: int
) -> None:
    url = store.engine.url.render_as_string(hide_password=False)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    moves = [str(n) for n in (*OPENING, WINNING, 1)]  # the last one is never reached
    child = subprocess.run(
        [sys.executable, str(HERE / "finish_kill_child.py"), url, str(short_match), *moves],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=60,
    )
    assert child.returncode == -signal.SIGKILL, child.stderr
    # It stored the opening, then died inside the winning move's transaction, after its insert.
    assert child.stdout.splitlines() == ["seq 1", "seq 2", "dying 3"]

    with Store(url) as fresh:  # as the app finds it after a restart
        if fresh.engine.dialect.name == "sqlite":
            with fresh.engine.connect() as connection:
                assert connection.exec_driver_sql("PRAGMA integrity_check").scalar() == "ok"
        assert fresh.events(short_match) == [add(4), add(4)]  # the winning entry is absent
        assert_active(fresh.match(short_match), events=2)
        assert short_match in [m.id for m in fresh.unfinished_matches()]

        session = fresh.resume(short_match, GAME)  # it resumes and replays...
        assert (session.seq, session.state.total, session.to_move()) == (2, 8, 0)
        assert_active(fresh.match(short_match), events=2)
        session.apply({"op": "add", "n": WINNING})  # ...and the winning move can be made again
        assert_won_by_seat_0(fresh.match(short_match), events=3)

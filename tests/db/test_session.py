"""The store as the session's recorder: what is played is what is stored and resumed."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from companion.errors import IllegalMove
from companion.session import CorruptLog, MatchSession
from db import Store, errors
from tests.db.counter_game import GAME, play, script

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


def test_undo_and_redo_round_trip_and_resume_gives_the_same_state(
    store: Store, match_id: int
) -> None:
    setup = store.match(match_id).setup
    session = MatchSession(GAME, setup, record=store.recorder(match_id))
    session.apply({"op": "add", "n": 3})
    session.apply({"op": "add", "n": 5})
    session.undo()
    session.apply({"op": "add", "n": 6})
    session.apply({"op": "add", "n": 2})
    session.undo()
    session.undo()
    session.redo()
    assert session.state.moves == (3, 6) and session.can_redo

    assert store.events(match_id) == [
        {"kind": "action", "action": {"op": "add", "n": 3}},
        {"kind": "action", "action": {"op": "add", "n": 5}},
        {"kind": "undo"},
        {"kind": "action", "action": {"op": "add", "n": 6}},
        {"kind": "action", "action": {"op": "add", "n": 2}},
        {"kind": "undo"},
        {"kind": "undo"},
        {"kind": "redo"},
    ]
    resumed = store.resume(match_id, GAME)
    assert resumed.state == session.state
    assert resumed.actions == session.actions
    assert (resumed.can_undo, resumed.can_redo) == (session.can_undo, session.can_redo)
    # The resumed session goes on from the same redo stack, and records to the store.
    assert resumed.redo() == {"op": "add", "n": 2}
    assert store.events(match_id)[-1] == {"kind": "redo"}
    again = store.resume(match_id, GAME)
    assert again.state == resumed.state and again.state.moves == (3, 6, 2)
    assert not again.can_redo


def test_a_long_scripted_match_resumes_identically(store: Store, match_id: int) -> None:
    setup = store.match(match_id).setup
    session = MatchSession(GAME, setup, record=store.recorder(match_id))
    for entry in script(60):
        play(session, entry)
    assert store.events(match_id) == script(60)
    resumed = MatchSession.resume(GAME, setup, store.events(match_id))
    assert resumed.state == session.state
    assert resumed.history == session.history


def test_a_refused_action_stores_nothing(store: Store, match_id: int) -> None:
    session = MatchSession(GAME, store.match(match_id).setup, record=store.recorder(match_id))
    with pytest.raises(IllegalMove):
        session.apply({"op": "add", "n": 9})
    assert store.events(match_id) == []


def test_a_refused_record_leaves_the_session_as_it_was(store: Store, match_id: int) -> None:
    session = MatchSession(GAME, store.match(match_id).setup, record=store.recorder(match_id))
    session.apply({"op": "add", "n": 1})
    store.abandon_match(match_id)
    with pytest.raises(errors.MatchAbandoned):
        session.apply({"op": "add", "n": 2})
    with pytest.raises(errors.MatchAbandoned):
        session.undo()
    assert session.state.moves == (1,) and session.can_undo and not session.can_redo
    # A tuple in an action would replay as a list: refused at the tap, not at resume.
    other = MatchSession(GAME, store.match(match_id).setup, record=store.recorder(match_id))
    with pytest.raises(errors.NotJson):
        store.recorder(match_id)({"kind": "action", "action": {"op": "add", "n": (1,)}}, seen=1, outcome=None)
    assert other.state.moves == ()


def test_a_log_the_engine_refuses_is_reported_by_the_session(store: Store, match_id: int) -> None:
    store.append_event(match_id, {"kind": "action", "action": {"op": "add", "n": 2}})
    store.append_event(match_id, {"kind": "action", "action": {"op": "add", "n": 7}})
    with pytest.raises(CorruptLog) as raised:
        store.resume(match_id, GAME)
    assert raised.value.index == 1


# -- a real crash ---------------------------------------------------------------------------


def _run_and_kill(db_url: str, wanted: int) -> tuple[int, list[tuple[int, dict]]]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    child = subprocess.Popen(
        [sys.executable, str(HERE / "crash_child.py"), db_url, "1000000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )
    printed: list[tuple[int, dict]] = []
    match_id = -1
    try:
        assert child.stdout is not None
        for line in child.stdout:
            word, rest = line.split(" ", 1)
            if word == "match":
                match_id = int(rest)
                continue
            assert word == "seq", line
            seq, entry = rest.split(" ", 1)
            printed.append((int(seq), json.loads(entry)))
            if len(printed) >= wanted:
                break
        else:
            pytest.fail(f"the child stopped early: {child.stderr.read() if child.stderr else ''}")
        child.send_signal(signal.SIGKILL)  # mid-way: it keeps writing until it dies
    finally:
        if child.poll() is None:
            child.kill()
        child.wait(timeout=10)
        if child.stdout:
            child.stdout.close()
        if child.stderr:
            child.stderr.close()
    assert child.returncode == -signal.SIGKILL
    return match_id, printed


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_killed_process_loses_no_committed_entry(db_url: str) -> None:
    match_id, printed = _run_and_kill(db_url, wanted=40)
    assert [seq for seq, _ in printed] == list(range(1, 41))

    with Store(db_url) as store:  # opens cleanly after the crash (WAL recovered)
        with store.engine.connect() as connection:
            assert connection.exec_driver_sql("PRAGMA integrity_check").scalar() == "ok"
        log = store.events(match_id)
        assert len(log) >= 40  # it may have committed more before the kill landed
        assert log[:40] == [entry for _, entry in printed]
        assert log == script(len(log))  # in order, nothing torn or duplicated
        assert [m.id for m in store.unfinished_matches()] == [match_id]

        info = store.match(match_id)
        session = store.resume(match_id, GAME)
        expected = MatchSession(GAME, info.setup)
        for entry in script(len(log)):
            play(expected, entry)
        assert session.state == expected.state
        # ...and the match goes on where it stopped.
        session.apply({"op": "add", "n": 4})
        assert store.events(match_id)[-1] == {"kind": "action", "action": {"op": "add", "n": 4}}
        assert store.match(match_id).event_count == len(log) + 1

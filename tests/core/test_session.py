"""The generic match session: validate before record, undo/redo, resume from the log."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import IllegalMove
from companion.session import CorruptLog, MatchSession, NothingToUndo


class Tally:
    """A toy game: players add 1–3 to a shared total; whoever reaches 10 wins."""

    name = "tally"

    def new_state(self, setup):
        return (0, setup.get("start", 0))  # (to move, total)

    def apply(self, state, action):
        to_move, total = state
        if total >= 10:
            raise IllegalMove("session.nothing_to_undo", rule="T-2")
        step = action.get("add")
        if step not in (1, 2, 3):
            raise IllegalMove("session.nothing_to_undo", rule="T-1")
        return (1 - to_move, total + step), [{"type": "added", "by": to_move}]

    def result(self, state):
        return {"over": state[1] >= 10, "winner": 1 - state[0] if state[1] >= 10 else None,
                "draw": False, "score": {}}


def test_apply_records_then_changes_state():
    log = []
    session = MatchSession(Tally(), {}, record=log.append)
    assert session.apply({"add": 2}) == [{"type": "added", "by": 0}]
    assert session.state == (1, 2)
    assert log == [{"kind": "action", "action": {"add": 2}}]


def test_an_illegal_action_is_neither_recorded_nor_applied():
    log = []
    session = MatchSession(Tally(), {}, record=log.append)
    with pytest.raises(IllegalMove) as refused:
        session.apply({"add": 5})
    assert refused.value.rule == "T-1"
    assert log == [] and session.state == (0, 0)


def test_a_failing_store_leaves_the_session_unchanged():
    def broken_store(entry):
        raise OSError("disk full")

    session = MatchSession(Tally(), {}, record=broken_store)
    with pytest.raises(OSError):
        session.apply({"add": 1})
    assert session.state == (0, 0) and not session.can_undo


def test_undo_and_redo_round_trip():
    log = []
    session = MatchSession(Tally(), {}, record=log.append)
    for step in (1, 2, 3):
        session.apply({"add": step})
    assert session.state == (1, 6)
    session.undo()
    session.undo()
    assert session.state == (1, 1)
    session.redo()
    assert session.state == (0, 3)
    session.redo()
    assert session.state == (1, 6) and not session.can_redo
    assert [e["kind"] for e in log] == ["action"] * 3 + ["undo", "undo", "redo", "redo"]


def test_a_new_action_after_undo_drops_the_redo_branch():
    session = MatchSession(Tally(), {})
    session.apply({"add": 1})
    session.undo()
    session.apply({"add": 3})
    assert not session.can_redo and session.state == (1, 3)


def test_nothing_to_undo_or_redo_is_an_error_not_a_crash():
    session = MatchSession(Tally(), {})
    with pytest.raises(NothingToUndo):
        session.undo()
    with pytest.raises(NothingToUndo):
        session.redo()


def test_resume_rebuilds_the_same_state_without_recording_again():
    log = []
    session = MatchSession(Tally(), {"start": 1}, record=log.append)
    for step in (3, 2, 1):
        session.apply({"add": step})
    session.undo()
    again = []
    resumed = MatchSession.resume(Tally(), {"start": 1}, log, record=again.append)
    assert resumed.state == session.state and resumed.can_redo
    assert again == []
    resumed.redo()
    assert again == [{"kind": "redo"}]


def test_resume_names_the_entry_that_cannot_be_replayed():
    log = [{"kind": "action", "action": {"add": 1}}, {"kind": "action", "action": {"add": 9}}]
    with pytest.raises(CorruptLog) as broken:
        MatchSession.resume(Tally(), {}, log)
    assert broken.value.index == 1 and "T-1" in str(broken.value)
    with pytest.raises(CorruptLog):
        MatchSession.resume(Tally(), {}, [{"kind": "shrug"}])


@settings(max_examples=200)
@given(st.lists(st.one_of(st.sampled_from(["undo", "redo"]), st.integers(1, 3)), max_size=40))
def test_any_sequence_of_actions_undos_and_redos_resumes_identically(script):
    log = []
    session = MatchSession(Tally(), {}, record=log.append)
    for item in script:
        try:
            if item == "undo":
                session.undo()
            elif item == "redo":
                session.redo()
            else:
                session.apply({"add": item})
        except (NothingToUndo, IllegalMove):
            pass
    resumed = MatchSession.resume(Tally(), {}, log)
    assert resumed.state == session.state
    assert resumed.actions == session.actions
    assert resumed.can_redo == session.can_redo

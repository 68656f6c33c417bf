"""The generic match session: validate before record, undo/redo, resume from the log."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import IllegalMove
from companion.game import Game, Option, Outcome
from companion.session import CorruptLog, MatchSession, NothingToUndo


class TallyEngine:
    """A toy game: players add 1–3 to a shared total; whoever reaches 10 wins."""

    name = "tally"

    def new_state(self, setup):
        return (0, setup["start"])  # (to move, total)

    def apply(self, state, action):
        to_move, total = state
        if total >= 10:
            raise IllegalMove("session.nothing_to_undo", rule="T-2")
        step = action.get("add")
        if step not in (1, 2, 3):
            raise IllegalMove("session.nothing_to_undo", rule="T-1")
        return (1 - to_move, total + step), [{"type": "added", "by": to_move}]

    def outcome(self, state):
        if state[1] < 10:
            return Outcome(False)
        winner = 1 - state[0]
        return Outcome(True, ((winner,), (state[0],)), {winner: 1, state[0]: 0})

    def to_move(self, state):
        return state[0]

    def roll(self, state, rng):
        return {"add": rng.randint(1, 3)}


TALLY = Game("tally", 2, 2, TallyEngine(), ops={}, options=(Option("start", "int", 0, low=0, high=9),))


def Tally():  # reads like the old engine class at the call sites
    return TALLY


class Log(list):
    """A recorder that keeps the entries, and the outcome each one was stored with."""

    def __init__(self):
        super().__init__()
        self.outcomes = []
        self.seen = []

    def __call__(self, entry, *, seen, outcome):
        self.append(entry)
        self.outcomes.append(outcome)
        self.seen.append(seen)
        return seen + 1


def test_apply_records_then_changes_state():
    log = Log()
    session = MatchSession(Tally(), {"players": 2}, record=log)
    assert session.apply({"add": 2}) == [{"type": "added", "by": 0}]
    assert session.state == (1, 2)
    assert log == [{"kind": "action", "action": {"add": 2}}]


def test_an_illegal_action_is_neither_recorded_nor_applied():
    log = Log()
    session = MatchSession(Tally(), {"players": 2}, record=log)
    with pytest.raises(IllegalMove) as refused:
        session.apply({"add": 5})
    assert refused.value.rule == "T-1"
    assert log == [] and session.state == (0, 0)


def test_a_failing_store_leaves_the_session_unchanged():
    def broken_store(entry, *, seen, outcome):
        raise OSError("disk full")

    session = MatchSession(Tally(), {"players": 2}, record=broken_store)
    with pytest.raises(OSError):
        session.apply({"add": 1})
    assert session.state == (0, 0) and not session.can_undo


def test_undo_and_redo_round_trip():
    log = Log()
    session = MatchSession(Tally(), {"players": 2}, record=log)
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
    assert log.seen == list(range(7))  # each write names the entries seen before it


def test_a_new_action_after_undo_drops_the_redo_branch():
    session = MatchSession(Tally(), {"players": 2})
    session.apply({"add": 1})
    session.undo()
    session.apply({"add": 3})
    assert not session.can_redo and session.state == (1, 3)


def test_nothing_to_undo_or_redo_is_an_error_not_a_crash():
    session = MatchSession(Tally(), {"players": 2})
    with pytest.raises(NothingToUndo):
        session.undo()
    with pytest.raises(NothingToUndo):
        session.redo()


def test_resume_rebuilds_the_same_state_without_recording_again():
    log = Log()
    session = MatchSession(Tally(), {"players": 2, "start": 1}, record=log)
    for step in (3, 2, 1):
        session.apply({"add": step})
    session.undo()
    again = Log()
    resumed = MatchSession.resume(Tally(), {"players": 2, "start": 1}, log, record=again)
    assert resumed.state == session.state and resumed.can_redo
    assert again == [] and resumed.seq == 4
    resumed.redo()
    assert again == [{"kind": "redo"}] and again.seen == [4]  # it names the 4 entries it replayed


def test_resume_names_the_entry_that_cannot_be_replayed():
    log = [{"kind": "action", "action": {"add": 1}}, {"kind": "action", "action": {"add": 9}}]
    with pytest.raises(CorruptLog) as broken:
        MatchSession.resume(Tally(), {"players": 2}, log)
    assert broken.value.index == 1 and "T-1" in str(broken.value)
    with pytest.raises(CorruptLog):
        MatchSession.resume(Tally(), {"players": 2}, [{"kind": "shrug"}])


@settings(max_examples=200)
@given(st.lists(st.one_of(st.sampled_from(["undo", "redo"]), st.integers(1, 3)), max_size=40))
def test_any_sequence_of_actions_undos_and_redos_resumes_identically(script):
    log = Log()
    session = MatchSession(Tally(), {"players": 2}, record=log)
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
    resumed = MatchSession.resume(Tally(), {"players": 2}, log)
    assert resumed.state == session.state
    assert resumed.actions == session.actions
    assert resumed.can_redo == session.can_redo


def test_each_write_carries_the_outcome_it_leads_to():
    """The store finishes a match in the same transaction as its last move, and reopens it
    in the same transaction as the undo: the session hands it the outcome of each entry."""
    log = Log()
    session = MatchSession(Tally(), {"players": 2, "start": 7}, record=log)
    session.apply({"add": 3})
    session.undo()
    session.redo()
    assert [outcome.over for outcome in log.outcomes] == [True, False, True]
    assert log.outcomes[0].winners == (0,) and session.seq == 3


def test_a_refused_write_changes_nothing():
    """A stale write (another screen played first) raises from the recorder: nothing moves."""

    class Stale(Exception):
        pass

    def stale(entry, *, seen, outcome):
        raise Stale

    session = MatchSession(Tally(), {"players": 2}, record=stale)
    with pytest.raises(Stale):
        session.apply({"add": 2})
    assert session.state == (0, 0) and session.seq == 0 and not session.can_undo


def test_roll_for_me_plays_the_engines_roll():
    import random

    log = Log()
    session = MatchSession(Tally(), {"players": 2}, record=log)
    session.roll(random.Random(3))
    assert log[0]["action"]["add"] in (1, 2, 3) and session.state[1] == log[0]["action"]["add"]

"""The match session: one generic piece that every game uses.

A session applies entered actions to a game engine, validates each one before it is
recorded, supports unlimited undo and redo, and rebuilds its state from a stored log.

The log is append-only. Each entry is one of
    {"kind": "action", "action": {...}}   an entered action (throw, move, draw, ...)
    {"kind": "undo"}                      take back the last effective action
    {"kind": "redo"}                      put back the last undone action
The current state is the replay of the effective actions; undo and redo are entries
too, so a dispute at the table can be settled by reading the log.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from companion.errors import RefereeError
from companion.game import Game, Outcome

LogEntry = dict[str, Any]
Action = Mapping[str, Any]


class NothingToUndo(RefereeError):
    code = "bad_request"


class NothingToRoll(RefereeError):
    code = "bad_request"


@dataclass(frozen=True)
class Step:
    """One effective action with the state it produced and the events it raised."""

    action: Action
    state: Any
    events: list[dict[str, Any]]


class Recorder(Protocol):
    """Stores one entry after the `seen` entries the session knows; returns the new count.

    `outcome` is the game's outcome once the entry takes effect, so that the store can
    finish (or reopen) the match in the same transaction. A store refuses the write when
    its log has moved on past `seen` (another screen played first).
    """

    def __call__(self, entry: LogEntry, *, seen: int, outcome: Outcome) -> int: ...


def _no_record(entry: LogEntry, *, seen: int, outcome: Outcome) -> int:
    return seen + 1


class MatchSession:
    """Holds a match's current state; records entries through `record` before showing them.

    `record` is called with each log entry *before* the in-memory state changes: if it
    raises (the store failed, or another screen wrote first), the session is left exactly
    as it was. `seq` counts the log entries this session has seen.
    """

    def __init__(self, game: Game, setup: Mapping[str, Any], record: Recorder | None = None) -> None:
        self.game = game
        self.engine = game.engine
        self.setup = game.check_setup(setup)
        self.initial_state = self.engine.new_state(self.setup)
        self._record: Recorder = record if record is not None else _no_record
        self.seq = 0
        self._done: list[Step] = []  # effective actions, oldest first
        self._undone: list[Step] = []  # redo stack, most recently undone last

    # -- reading ---------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self._done[-1].state if self._done else self.initial_state

    @property
    def actions(self) -> list[Action]:
        return [step.action for step in self._done]

    @property
    def history(self) -> list[Step]:
        return list(self._done)

    @property
    def can_undo(self) -> bool:
        return bool(self._done)

    @property
    def can_redo(self) -> bool:
        return bool(self._undone)

    def outcome(self) -> Outcome:
        return self.engine.outcome(self.state)

    def to_move(self) -> int | None:
        return self.engine.to_move(self.state)

    # -- changing --------------------------------------------------------------
    def apply(self, action: Action) -> list[dict[str, Any]]:
        """Validate and play `action`; record it; return its events."""
        new_state, events = self.engine.apply(self.state, action)  # raises if illegal
        self._write({"kind": "action", "action": dict(action)}, new_state)
        self._done.append(Step(dict(action), new_state, events))
        self._undone.clear()
        return events

    def roll(self, rng: random.Random) -> list[dict[str, Any]]:
        """'Roll for me': the engine draws the roll, and it is played and logged like a typed one."""
        action = self.engine.roll(self.state, rng)
        if action is None:
            raise NothingToRoll("session.nothing_to_roll")
        return self.apply(action)

    def undo(self) -> Action:
        if not self._done:
            raise NothingToUndo("session.nothing_to_undo")
        before = self._done[-2].state if len(self._done) > 1 else self.initial_state
        self._write({"kind": "undo"}, before)
        step = self._done.pop()
        self._undone.append(step)
        return step.action

    def redo(self) -> Action:
        if not self._undone:
            raise NothingToUndo("session.nothing_to_redo")
        self._write({"kind": "redo"}, self._undone[-1].state)
        step = self._undone.pop()
        self._done.append(step)
        return step.action

    def _write(self, entry: LogEntry, state_after: Any) -> None:
        if self._record is _no_record:  # replaying or unstored: no outcome to compute
            self.seq += 1
            return
        self.seq = self._record(entry, seen=self.seq, outcome=self.engine.outcome(state_after))

    # -- resuming --------------------------------------------------------------
    @classmethod
    def resume(
        cls,
        game: Game,
        setup: Mapping[str, Any],
        log: Iterable[LogEntry],
        record: Recorder | None = None,
    ) -> MatchSession:
        """Rebuild a session from its stored log, replaying every entry through the engine.

        Nothing is re-recorded while replaying. A log entry the engine refuses means the
        store holds something this engine never accepted: that raises, naming the entry.
        """
        session = cls(game, setup)
        for index, entry in enumerate(log):
            kind = entry.get("kind")
            try:
                if kind == "action":
                    session.apply(entry["action"])
                elif kind == "undo":
                    session.undo()
                elif kind == "redo":
                    session.redo()
                else:
                    raise CorruptLog(index, f"unknown entry kind {kind!r}")
            except RefereeError as error:
                raise CorruptLog(index, error.message("en")) from error
        session._record = record if record is not None else _no_record
        return session


class CorruptLog(Exception):
    """A stored log that cannot be replayed: which entry, and why."""

    def __init__(self, index: int, reason: str) -> None:
        self.index = index
        self.reason = reason
        super().__init__(f"stored event #{index + 1} cannot be replayed: {reason}")

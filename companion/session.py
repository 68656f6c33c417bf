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

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from companion.errors import RefereeError

LogEntry = dict[str, Any]
Action = Mapping[str, Any]


class GameEngine(Protocol):
    """What a game offers the session. All functions are pure."""

    name: str

    def new_state(self, setup: Mapping[str, Any]) -> Any:
        """The start state for a match set up with `setup` (players, house rules...)."""

    def apply(self, state: Any, action: Action) -> tuple[Any, list[dict[str, Any]]]:
        """The next state and its events; raises a RefereeError if the action is illegal."""

    def result(self, state: Any) -> dict[str, Any]:
        """At least {"over": bool, "winner": ..., "draw": bool, "score": {...}}."""


class NothingToUndo(RefereeError):
    code = "bad_request"


@dataclass(frozen=True)
class Step:
    """One effective action with the state it produced and the events it raised."""

    action: Action
    state: Any
    events: list[dict[str, Any]]


Recorder = Callable[[LogEntry], None]


class MatchSession:
    """Holds a match's current state; records entries through `record` before showing them.

    `record` is called with each log entry *before* the in-memory state changes: if it
    raises (the store failed), the session is left exactly as it was.
    """

    def __init__(
        self,
        engine: GameEngine,
        setup: Mapping[str, Any],
        record: Recorder | None = None,
    ) -> None:
        self.engine = engine
        self.setup = dict(setup)
        self.initial_state = engine.new_state(self.setup)
        self._record = record or (lambda entry: None)
        self._done: list[Step] = []  # effective actions, oldest first
        self._undone: list[Step] = []  # redo stack, most recently undone last

    # -- reading ---------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self._done[-1].state if self._done else self.initial_state

    @property
    def last_events(self) -> list[dict[str, Any]]:
        return self._done[-1].events if self._done else []

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

    def result(self) -> dict[str, Any]:
        return self.engine.result(self.state)

    # -- changing --------------------------------------------------------------
    def apply(self, action: Action) -> list[dict[str, Any]]:
        """Validate and play `action`; record it; return its events."""
        new_state, events = self.engine.apply(self.state, action)  # raises if illegal
        self._record({"kind": "action", "action": dict(action)})
        self._done.append(Step(dict(action), new_state, events))
        self._undone.clear()
        return events

    def undo(self) -> Action:
        if not self._done:
            raise NothingToUndo("session.nothing_to_undo")
        self._record({"kind": "undo"})
        step = self._done.pop()
        self._undone.append(step)
        return step.action

    def redo(self) -> Action:
        if not self._undone:
            raise NothingToUndo("session.nothing_to_redo")
        self._record({"kind": "redo"})
        step = self._undone.pop()
        self._done.append(step)
        return step.action

    # -- resuming --------------------------------------------------------------
    @classmethod
    def resume(
        cls,
        engine: GameEngine,
        setup: Mapping[str, Any],
        log: Iterable[LogEntry],
        record: Recorder | None = None,
    ) -> MatchSession:
        """Rebuild a session from its stored log, replaying every entry through the engine.

        Nothing is re-recorded while replaying. A log entry the engine refuses means the
        store holds something this engine never accepted: that raises, naming the entry.
        """
        session = cls(engine, setup)
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
        session._record = record or (lambda entry: None)
        return session


class CorruptLog(Exception):
    """A stored log that cannot be replayed: which entry, and why."""

    def __init__(self, index: int, reason: str) -> None:
        self.index = index
        self.reason = reason
        super().__init__(f"stored event #{index + 1} cannot be replayed: {reason}")

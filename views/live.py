"""A match being played: the store, the game engine and the session wired together.

The flow of design.md: a tap calls `LiveMatch.apply(action)`; the session validates it
with the engine, the store commits it, and only then the screen shows its effect.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from companion.errors import RefereeError
from companion.games import engine_for
from companion.i18n import error_text
from companion.session import MatchSession
from db import Store, StoreError


class StoreFailure(RefereeError):
    """The store could not record an action (a damaged or unreachable database, an
    abandoned match): shown like a rule refusal, with the store's own message."""

    code = "store_failed"


def placings(scores: dict[int, int]) -> dict[int, int]:
    """Competition ranking by score: equal scores share a place (1, 1, 3 ...)."""
    ordered = sorted(scores.values(), reverse=True)
    return {seat: 1 + ordered.index(score) for seat, score in scores.items()}


@ft.observable
@dataclass
class LiveMatch:
    store: Store
    match_id: int
    session: MatchSession
    info: Any  # the store's MatchInfo
    error: RefereeError | None = None  # the last refused action, shown with its rule
    revision: int = 0  # bumped on every change so screens re-render
    events: list[dict[str, Any]] = field(default_factory=list)  # of the last action

    @classmethod
    def load(cls, store: Store, match_id: int) -> LiveMatch:
        info = store.match(match_id)
        engine = engine_for(info.game)
        if engine is None:
            raise LookupError(info.game)
        return cls(store=store, match_id=match_id, session=store.resume(match_id, engine), info=info)

    @property
    def state(self) -> Any:
        return self.session.state

    @property
    def result(self) -> dict[str, Any]:
        return self.session.result()

    def error_text(self, lang: str) -> str | None:
        return error_text(self.error, lang) if self.error else None

    def apply(self, action: dict[str, Any]) -> bool:
        """Play `action`. False (and `error` set) if the rules refuse it or it cannot be
        stored; nothing is stored or shown as played then."""
        try:
            self.events = self.session.apply(action)
        except RefereeError as refused:
            return self._refused(refused)
        except StoreError as failed:  # the move is legal but was not saved: it did not happen
            return self._refused(StoreFailure(failed.message_id, **failed.params))
        self.error = None
        self._settle()
        return True

    def undo(self) -> bool:
        if not self.session.can_undo:
            return False
        return self._step_back_or_forth(lambda: (self._reopen_if_finished(), self.session.undo()))

    def redo(self) -> bool:
        if not self.session.can_redo:
            return False
        return self._step_back_or_forth(self.session.redo)

    def _step_back_or_forth(self, step: Callable[[], Any]) -> bool:
        try:
            step()
        except StoreError as failed:
            return self._refused(StoreFailure(failed.message_id, **failed.params))
        self.error, self.events = None, []
        self._settle()
        return True

    def _refused(self, error: RefereeError) -> bool:
        self.error = error
        self.revision += 1
        return False

    def _reopen_if_finished(self) -> None:
        if self.info.status == "finished":
            self.store.reopen_match(self.match_id)

    def _settle(self) -> None:
        """Record the result when the game is over; refresh the match's stored summary."""
        result = self.result
        info = self.store.match(self.match_id)  # one read per tap: the status may have changed elsewhere
        if result.get("over") and info.status != "finished":
            scores = {int(seat): int(score) for seat, score in result.get("score", {}).items()}
            info = self.store.finish_match(self.match_id, result, scores, placings(scores))
        self.info = info
        self.revision += 1

"""A stored match replayed step by step, read-only, and its log in words.

`ReplayMatch` is what the record page hands a game's own match screen in its place of a
`LiveMatch`: the same interface, with a session rebuilt from the first N log entries only
(no recorder: the session cannot write), and every tap that would change the match
(apply, roll, undo, redo, abandon) refused with a message and nothing stored.

`log_lines` tells every stored entry in words, the way the game screens tell their last
entry (each game's own sentences where it has them, else who made the entry: never the
entry's raw data).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import flet as ft

from companion.errors import RefereeError
from companion.game import Game
from companion.session import MatchSession
from db import MatchInfo, Store
from db.history import MatchPage
from views.games import LoggedStep, said
from views.live import LiveMatch

Tr = Callable[..., str]
READ_ONLY = "record.replay_read_only"  # message id of the refusal


class ReadOnly(RefereeError):
    """A tap on a replayed match: a replay shows the record, it never changes it."""

    code = "read_only"


def replay_step(step: Any, total: int) -> int:
    """The step asked for (a route's value), kept within 0..total; nonsense means the start."""
    if isinstance(step, bool) or not isinstance(step, int):
        return 0
    return max(0, min(step, total))


@ft.observable
@dataclass
class ReplayMatch(LiveMatch):
    step: int = 0  # how many log entries the session holds
    total: int = 0  # how many the stored log has
    read_only: ClassVar[bool] = True  # for shared tools to hide what only a live match offers

    @classmethod
    def build(cls, store: Store, page: MatchPage, info: MatchInfo, game: Game, step: Any) -> ReplayMatch:
        """The match as it stood after `step` of its stored entries (raises CorruptLog if
        the engine refuses one of them)."""
        entries = page.entries
        at = replay_step(step, len(entries))
        session = MatchSession.resume(game, page.setup, entries[:at])  # no recorder: writes nothing
        return cls(store=store, match_id=page.row.id, game=game, session=session, info=info,
                   step=at, total=len(entries))

    # -- every change is refused; nothing reaches the store ---------------------------------
    def apply(self, action: dict[str, Any], *, seen: int | None = None) -> bool:
        return self._read_only()

    def roll(self, *, seen: int | None = None) -> bool:
        return self._read_only()

    def undo(self, *, seen: int | None = None) -> bool:
        return self._read_only()

    def redo(self, *, seen: int | None = None) -> bool:
        return self._read_only()

    def abandon(self) -> None:
        self._read_only()

    def refresh(self) -> bool:
        return False  # a replay follows nobody: the record does not move under it

    def _read_only(self) -> bool:
        return self._refused(ReadOnly(READ_ONLY))


# -- the log in words -----------------------------------------------------------------------------
def log_lines(tr: Tr, lang: str, game: Game | None, page: MatchPage, names: Mapping[int, str]) -> list[str]:
    """Every stored entry of the match in words, in order (one line each).

    The log is replayed once through the engine; an entry the engine refuses (a damaged
    log) and the ones after it, or every entry of a game this version does not know, say
    that this version cannot replay them (the JSON export still holds them as stored).
    """
    try:
        session = MatchSession(game, page.setup) if game is not None else None
    except RefereeError:
        session = None  # a stored set-up this version refuses: the entries as stored
    effective: list[int] = []  # the numbers of the entries in effect, for undo's and redo's lines
    undone: list[int] = []
    lines: list[str] = []
    broken = session is None
    for number, line in enumerate(page.log, start=1):
        if line.kind == "undo":
            taken = effective.pop() if effective else None
            if taken is not None:
                undone.append(taken)
            lines.append(tr("record.log.undo", entry=taken if taken is not None else "?"))
            if session is not None and not broken and session.can_undo:
                session.undo()
            continue
        if line.kind == "redo":
            back = undone.pop() if undone else None
            if back is not None:
                effective.append(back)
            lines.append(tr("record.log.redo", entry=back if back is not None else "?"))
            if session is not None and not broken and session.can_redo:
                session.redo()
            continue
        action = line.action or {}
        effective.append(number)
        undone.clear()
        unreadable = tr("record.log.unreadable", number=number)
        if broken or session is None:
            lines.append(unreadable)
            continue
        mover = session.to_move()
        before = session.state
        try:
            session.apply(action)
        except RefereeError:
            broken = True
            lines.append(unreadable)
            continue
        history = session.history
        logged = LoggedStep(history[-1], before, history, session.initial_state, names, mover)
        lines.append(said(session.game.id, tr, lang, logged, number))
    return lines

"""A match being played: the store, the game record and the session wired together.

The flow of docs/architecture.md: a tap calls `LiveMatch.apply(action)` (or `roll`, `undo`, `redo`); the
session validates it with the engine, the store commits the entry together with the finish or
reopening it causes (one transaction per tap), and only then the screen shows its effect.

Several screens may hold one match (phones at the table, two server processes). Each write
names the match it was seen on (its uid: a deleted match's id is never reused, and a write
never lands in another match) and how many log entries its screen had seen; when another
screen wrote first the store refuses it, nothing is stored, and this screen reloads the match
as it stands. Screens also poll `refresh()` (one cheap query) so that they follow each
other's moves without a reload; a match deleted meanwhile sets `gone`.

One tap, one entry: a screen passes each write the `seen` of the rendering its button was
drawn on (`live.seq` read while rendering). A second tap on a rendering this screen has
already changed (a double tap) is ignored quietly; one on a rendering another screen has
changed since is refused as stale.

A screen may ask to hear of every change it stores (`announce_to`): the match screen uses it
to tell the live table views of this server process at once (Flet pubsub).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

import flet as ft

from companion.errors import RefereeError
from companion.game import Game, Outcome
from companion.games import game as game_record
from companion.i18n import error_text
from companion.session import MatchSession
from db import MatchInfo, Store, StoreError
from db.errors import MatchGone, StaleWrite, UnknownMatch


class StoreFailure(RefereeError):
    """The store could not record an entry (a damaged or unreachable database, an abandoned
    match, another screen writing first): shown like a rule refusal, with the store's message."""

    code = "store_failed"


_DICE = random.SystemRandom()  # 'roll for me': the engine decides what a roll is, this draws it


@ft.observable
@dataclass
class LiveMatch:
    store: Store
    match_id: int
    game: Game
    session: MatchSession
    info: MatchInfo
    error: RefereeError | None = None  # the last refused entry, shown with its rule
    revision: int = 0  # bumped on every change so screens re-render
    events: list[dict[str, Any]] = field(default_factory=list)  # of the last entry this screen made
    reloaded: bool = False  # the match was reloaded because another screen changed it
    gone: bool = False  # the match was deleted (here or on another screen): nothing more is stored
    read_only: ClassVar[bool] = False  # a replay of the log (views/replay.py) says True
    # Called after every change this screen stores (set by the screen; private, so setting it
    # re-renders nothing).
    _announce: Callable[[LiveMatch], Any] | None = field(default=None, init=False, repr=False, compare=False)
    # Called whenever the stored match changed as this screen sees it (its own write, another
    # screen's found by `refresh`): the app's model bumps its data version, so lists read again.
    _on_change: Callable[[], Any] | None = field(default=None, init=False, repr=False, compare=False)
    _mine = frozenset[int]()  # the seqs of the entries this screen stored (private: no re-render)

    @classmethod
    def load(cls, store: Store, match_id: int) -> LiveMatch:
        info = store.match(match_id)
        game = game_record(info.game)
        if game is None:
            raise LookupError(info.game)
        session = store.resume(match_id, game)  # settles a match whose log and status disagree
        return cls(store=store, match_id=match_id, game=game, session=session, info=store.match(match_id))

    # -- reading ---------------------------------------------------------------------
    @property
    def seq(self) -> int:
        """How many log entries this screen shows: read it while rendering, and pass it as
        `seen` with the taps drawn then."""
        return self.session.seq

    @property
    def state(self) -> Any:
        return self.session.state

    @property
    def outcome(self) -> Outcome:
        return self.session.outcome()

    @property
    def names(self) -> dict[int, str]:
        """Player names by engine seat (0-based, in seat order)."""
        return {index: p.name for index, p in enumerate(self.info.participants)}

    @property
    def colours(self) -> dict[int, str]:
        return {index: p.colour for index, p in enumerate(self.info.participants)}

    @property
    def active(self) -> bool:
        return self.info.status != "abandoned"

    def name(self, seat: int | None) -> str:
        return self.names.get(seat, "?") if seat is not None else "?"

    def error_text(self, lang: str) -> str | None:
        return self.describe(self.error, lang) if self.error else None

    def describe(self, error: RefereeError, lang: str) -> str:
        """The refusal in `lang`, with the players' names where it names a seat."""
        return error_text(error, lang, names=self.names)

    # -- changing --------------------------------------------------------------------
    def apply(self, action: dict[str, Any], *, seen: int | None = None) -> bool:
        """Play `action`. False (and `error` set) if the rules refuse it or it cannot be
        stored; nothing is stored or shown as played then. `seen`: see the module's doc."""
        return self._write(lambda: self.session.apply(action), seen)

    def roll(self, *, seen: int | None = None) -> bool:
        """'Roll for me': the engine's die, logged like a typed roll (undo takes it back)."""
        return self._write(lambda: self.session.roll(_DICE), seen)

    def undo(self, *, seen: int | None = None) -> bool:
        return self.session.can_undo and self._write(self._undo, seen)

    def redo(self, *, seen: int | None = None) -> bool:
        return self.session.can_redo and self._write(self._redo, seen)

    def _undo(self) -> list[dict[str, Any]]:
        self.session.undo()
        return []  # an undo raises no events of its own

    def _redo(self) -> list[dict[str, Any]]:
        self.session.redo()
        return []

    def abandon(self) -> None:
        self.info = self.store.abandon_match(self.match_id)
        self._changed()
        self._announced()

    def on_change(self, listener: Callable[[], Any] | None) -> None:
        """Call `listener()` whenever the stored match changed, here or on another screen (the
        app's model: `AppModel.live_match` sets it, so no screen has to say it after a tap)."""
        self._on_change = listener

    def _changed(self) -> None:
        self.revision += 1
        if self._on_change is not None:
            self._on_change()

    def announce_to(self, listener: Callable[[LiveMatch], Any] | None) -> None:
        """Call `listener(self)` after every change this screen stores (a move, a roll, an
        undo or redo, abandoning); None stops. A failing listener never undoes the change."""
        self._announce = listener

    def _announced(self) -> None:
        listener = self._announce
        if listener is None:
            return
        try:
            listener(self)
        except Exception:  # telling others is best effort: they also poll the store
            logging.getLogger(__name__).warning("announcing match %s failed", self.match_id, exc_info=True)

    def refresh(self) -> bool:
        """Reload if another screen changed the match since this one last looked. True then,
        and when the match turns out to be gone (or back again: a delete undone)."""
        try:
            if self.store.last_seq(self.match_id, self.info.uid) == self.session.seq and not self.gone:
                return False
            self._reload()
        except UnknownMatch:  # deleted on another screen
            if self.gone:
                return False
            self._lost()
            return True
        except StoreError:
            return False  # the database is briefly unreachable: keep showing what we have
        if self.gone:
            self.gone, self.error = False, None
        self.reloaded = True
        self._changed()
        return True

    def _write(self, step: Callable[[], list[dict[str, Any]]], seen: int | None = None) -> bool:
        if self.gone:
            return False
        if seen is not None and seen != self.session.seq:
            if seen < self.session.seq and all(n in self._mine for n in range(seen + 1, self.session.seq + 1)):
                return False  # the same tap again on a rendering this screen has already changed
            return self._refused(StoreFailure(  # drawn before another screen's entry came in
                StaleWrite.message_id, match_id=self.match_id, seen=seen, current=self.session.seq))
        try:
            events = step()
        except RefereeError as refused:
            return self._refused(refused)
        except StaleWrite as stale:  # another screen wrote first: show the match as it is now
            try:
                self._reload()
            except UnknownMatch:
                return self._lost()
            self._changed()
            return self._refused(StoreFailure(stale.message_id, **stale.params))
        except UnknownMatch:  # deleted meanwhile: nothing was stored anywhere
            return self._lost()
        except StoreError as failed:  # legal, but not saved: it did not happen
            return self._refused(StoreFailure(failed.message_id, **failed.params))
        self._mine = self._mine | {self.session.seq}
        self.info = self.store.match(self.match_id)  # status, result and placings as committed
        self.error, self.events, self.reloaded = None, events, False
        self._changed()
        self._announced()
        return True

    def _lost(self) -> bool:
        self.gone = True
        if self._on_change is not None:
            self._on_change()
        return self._refused(StoreFailure("store.match_gone", match_id=self.match_id))

    def _reload(self) -> None:
        info = self.store.match(self.match_id)
        if info.uid != self.info.uid:  # the id names another match now: this one is gone
            raise MatchGone(match_id=self.match_id)
        self.session = self.store.resume(self.match_id, self.game)
        self.info = self.store.match(self.match_id)
        self.events = []

    def _refused(self, error: RefereeError) -> bool:
        self.error = error
        self.revision += 1
        return False

"""Reading the store without making the screen wait: every read a screen draws from is memoised on
the model's data version, and what is not in the memo yet is read in a worker thread (the store is
thread-safe) while the screen says it is loading. The app's one event loop never waits on the
database, however big it is; a write bumps the data version, so each read runs again once.

A read is `(what, read)`: its memo key (a tuple) and a function of the store. A refusal
(`StoreError`: a match that is gone, a damaged file) is kept in the memo as the error it is and
shown by the screen in words.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import flet as ft

from companion.errors import RefereeError
from companion.games import game as game_record
from companion.session import CorruptLog, MatchSession
from db import MatchInfo, Store, StoreError
from views.browser import in_background
from views.model import AppModel, StoreRead

T = TypeVar("T")
Read = Callable[[Store], Any]
Wanted = StoreRead


def safe(read: Callable[[Store], T], store: Store) -> T | StoreError:
    try:
        return read(store)
    except StoreError as error:
        return error


def fetch(store: Store, reads: Sequence[Wanted]) -> dict[tuple[Any, ...], Any]:
    """Every read's result (or refusal) by its memo key (run in a worker thread)."""
    return {what: safe(read, store) for what, read in reads}


async def fetch_in_turn(store: Store, reads: Sequence[Wanted]) -> dict[tuple[Any, ...], Any]:
    """`fetch`, one read at a time off the app's thread. In the browser build, which has no
    threads, each read runs inline (views.browser.in_background): the screen draws between two."""
    got: dict[tuple[Any, ...], Any] = {}
    for wanted in reads:
        got.update(await in_background(fetch, store, [wanted]))
    return got


def recall(model: AppModel, what: tuple[Any, ...], read: Callable[[Store], T]) -> T | StoreError:
    """What `read` read last (`AppModel.recalled`); read now, on this thread, only if nothing has
    read it yet (`use_reads` reads it first, off the app's thread)."""
    if model.has_read(what):
        found: T | StoreError = model.recalled(what)
        return found
    return model.memoised(what, lambda: safe(read, model.store))


def state_read(info: MatchInfo) -> Wanted:
    """An unfinished match's state, replayed from its log without a recorder (this read writes
    nothing); None where it cannot be (a game this version lacks, a log the engine refuses)."""
    def replay(store: Store) -> Any:
        game = game_record(info.game)
        if game is None:
            return None
        try:
            return MatchSession.resume(game, info.setup, store.events(info.id)).state
        except (CorruptLog, RefereeError):
            return None

    return ("state", info.id), replay


def use_reads(model: AppModel, reads: Sequence[Wanted]) -> bool:
    """Whether every read has a value to draw. Those not read at this data version are read in a
    worker thread; a screen meanwhile draws what they read before (after a write: the list as it
    was, for a moment) or, the first time, that it is loading. Once they are in, the model says
    so (`arrived`) and the screen draws again."""
    version = model.data_version
    missing = [(what, read) for what, read in reads if not model.is_memoised(what)]
    keys = tuple(what for what, _ in reads)

    async def load() -> None:
        if not missing:
            return
        got = await fetch_in_turn(model.store, missing)
        if model.data_version == version:  # else a write came in meanwhile: this runs again
            for what, value in got.items():
                model.keep_read(what, value)
            model.arrived += 1

    ft.use_effect(load, [keys, version])
    return all(model.has_read(what) for what, _ in reads)

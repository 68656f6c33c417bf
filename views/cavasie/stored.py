"""What a device keeps for Çävasie in its own storage (Flet's SharedPreferences: localStorage in a
browser): the table's edited deck and the names typed into the quick scorer. They belong to the
device in the players' hands, like its language; where the device keeps nothing (no storage, a
browser that refuses) the page works as if nothing had been kept.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from typing import Any, TypeVar, cast

import flet as ft

from companion.cavasie import deck_problems
from views.hooks import use_state

log = logging.getLogger(__name__)

DECK_KEY = "companion.cavasie.deck"  # the edited deck, as the JSON of deck.json
NAMES_KEY = "companion.cavasie.quick_names"  # the quick scorer's names, in seat order
READ_TIMEOUT_S = 5.0
MAX_NAMES, MAX_NAME = 5, 40

T = TypeVar("T")


def read_deck(raw: Any) -> dict[str, Any] | None:
    """A kept deck, if it is one the engine accepts (a damaged or outdated one is dropped)."""
    if not isinstance(raw, str):
        return None
    try:
        data = json.loads(raw)
    except ValueError:
        return None
    return data if isinstance(data, dict) and not deck_problems(data) else None


def read_names(raw: Any) -> list[str] | None:
    if not isinstance(raw, list) or not all(isinstance(name, str) for name in raw):
        return None
    return [name[:MAX_NAME] for name in raw[:MAX_NAMES]]


def dump_deck(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False)


def use_kept(key: str, read: Callable[[Any], T | None], dump: Callable[[Any], Any] | None = None,
             ) -> tuple[T | None, bool, Callable[[T | None], None]]:
    """A value kept on the device: (the value or None, whether it has been read, keep(new)).
    `read` turns what the device kept into the value (None: nothing usable); `dump` the value
    into what it keeps (a string, a number, a list of strings)."""
    value, set_value = use_state(cast("T | None", None))
    loaded, set_loaded = use_state(False)
    storage: Any = ft.use_ref(None)
    page = ft.context.page

    async def load() -> None:
        raw = None
        try:
            storage.current = ft.SharedPreferences()
            raw = await asyncio.wait_for(storage.current.get(key), READ_TIMEOUT_S)
        except Exception as failed:  # no storage here: nothing was kept
            log.info("no device storage for %s: %s", key, failed)
        set_value(read(raw))
        set_loaded(True)

    ft.use_effect(load, [])

    def keep(new: T | None) -> None:
        set_value(new)

        async def write() -> None:
            if storage.current is None:
                return
            try:
                if new is None:
                    await storage.current.remove(key)
                else:
                    await storage.current.set(key, new if dump is None else dump(new))
            except Exception as failed:
                log.info("the device did not keep %s: %s", key, failed)

        page.run_task(write)

    return value, loaded, keep


def use_changing(make: Callable[[], T]) -> tuple[T, Callable[[Callable[[T], T]], None], Callable[[T], None]]:
    """State made by `make()` on the first render, then changed by functions of what it is when
    each change lands (two quick taps never undo each other), or set outright. (Flet's setter
    takes either; the two names say which one is meant.)"""
    value, change = ft.use_state(cast(Any, make))
    return cast(T, value), cast("Callable[[Callable[[T], T]], None]", change), cast("Callable[[T], None]", change)

"""The app running in the browser itself (a site built by `companion build-web`): what differs.

`IN_BROWSER` is the one test for it (Pyodide reports the platform `emscripten`); screens ask
this module, never the platform. There is no server there, no thread, and no disk but the
browser's own storage:

- **The data folder** (the store's SQLite file, the settings) is mounted on the browser's
  IndexedDB (Emscripten's IDBFS) and filled from it before the store opens. After anything in
  it changes (a commit, a setting), the next message to the screen waits until the folder has
  been copied back (`FS.syncfs`): whatever a screen shows is already kept. The copy takes a few
  milliseconds; a tab killed meanwhile loses only the change it had not shown yet. Each file
  copied gets a time stamp of its own first (`Keeper.stamp`), because IDBFS copies a file only
  when its time differs from the kept one's, and two writes within one millisecond would
  otherwise look the same.
- **One tab at a time**: two tabs would each hold their own copy of the folder and overwrite
  each other's writes, so the first tab's worker holds a Web Lock; another tab says why it waits
  (views/browser_main.py, Flet's entry point there, which sets all this up).
- **No threads**: `in_background(fn)` runs fn in a thread on a server and, in the browser,
  inline after letting the screen draw (Pyodide's executor runs everything inline anyway).
- **No server**: the live table view, sharing a table and several phones on one match need one
  (`companion --web`); the screens hide them here and say so in one line (`SERVER_ONLY`).
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

IN_BROWSER = sys.platform == "emscripten"
DATA_DIR = Path("/home/pyodide/data")  # mounted on IndexedDB (the home folder holds the app's code)
SETTINGS_FILE = "settings.json"
LOCK_NAME = "companion-store"
SERVER_ONLY = "browser.server_only"  # the one line in place of what needs a server

log = logging.getLogger("companion.browser")
T = TypeVar("T")


async def in_background(work: Callable[..., T], *args: Any) -> T:
    """`work(*args)` off the screen's thread on a server; in the browser (no threads) inline,
    after the screen has had a turn to draw what it was showing."""
    if not IN_BROWSER:
        return await asyncio.to_thread(work, *args)
    await asyncio.sleep(0)
    return work(*args)


# -- the data folder on IndexedDB ------------------------------------------------------------
def _fs() -> Any:
    import pyodide_js  # type: ignore[import-not-found]

    return pyodide_js.FS


def has_indexed_db() -> bool:
    import js  # type: ignore[import-not-found]

    return getattr(js, "indexedDB", None) is not None


def _syncfs(populate: bool) -> asyncio.Future[str | None]:
    """Copy the mounted folder from IndexedDB (populate) or to it; the future gives the error text."""
    from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]

    done: asyncio.Future[str | None] = asyncio.get_running_loop().create_future()

    def finished(error: Any = None) -> None:
        if not done.done():
            done.set_result(None if absent(error) else str(error))

    _fs().syncfs(populate, create_once_callable(finished))
    return done


def absent(value: Any) -> bool:
    """JavaScript's null or undefined, as Pyodide hands them over."""
    return value is None or type(value).__name__ in ("JsNull", "JsUndefined") or str(value) in ("jsnull", "null",
                                                                                             "undefined")


def folder_state(folder: Path) -> dict[str, tuple[int, int]]:
    """Each file's (modification time, size): what tells a changed folder from a kept one."""
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return {}
    return {entry.name: (entry.stat().st_mtime_ns, entry.stat().st_size) for entry in entries if entry.is_file()}


class Keeper:
    """The data folder, kept in IndexedDB; `hold(send)` makes a screen wait for it."""

    def __init__(self, folder: Path, persistent: bool) -> None:
        self.folder = folder
        self.persistent = persistent
        self.kept: dict[str, tuple[int, int]] = {}
        self.waiting: list[Any] = []
        self.copying = False
        self.problem: str | None = None  # why the last copy failed, for the settings screen
        self.next_stamp = (time.time_ns() // 1_000_000 - 1) * 1_000_000  # below any real write's time

    async def open(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        if self.persistent:
            fs = _fs()
            fs.mount(fs.filesystems.IDBFS, js_object({}), str(self.folder))
            await self.reload()

    async def reload(self) -> None:
        """The folder as IndexedDB holds it (at start, and after another tab let go)."""
        if self.persistent:
            error = await _syncfs(True)
            if error:
                self.problem = error
                log.warning("could not read the kept data: %s", error)
        self.kept = folder_state(self.folder)
        lowest = min((mtime for mtime, _ in self.kept.values()), default=self.next_stamp)
        self.next_stamp = min(self.next_stamp, (lowest // 1_000_000 - 1) * 1_000_000)

    def changed(self) -> bool:
        return self.persistent and folder_state(self.folder) != self.kept

    def stamp(self) -> None:
        """Give every changed file a time no real write gives and no kept file has (each one
        lower than the last, all before this start and before every kept file's), so IDBFS
        copies it even if two writes shared a millisecond."""
        for name, state in folder_state(self.folder).items():
            if self.kept.get(name) != state:
                os.utime(self.folder / name, ns=(self.next_stamp, self.next_stamp))
                self.next_stamp -= 1_000_000

    async def save(self) -> None:
        """Copy the folder to IndexedDB until nothing in it changed meanwhile."""
        while self.changed():
            self.stamp()
            state = folder_state(self.folder)
            error = await _syncfs(False)
            if error:
                self.problem = error
                log.warning("could not keep the data: %s", error)
                return
            self.problem = None
            self.kept = state

    def hold(self, send: Callable[[Any], Any]) -> Callable[[Any], None]:
        """`send`, but a message to the screen waits while a change is being kept."""
        def held(message: Any) -> None:
            if not self.copying and not self.waiting and not self.changed():
                send(message)
                return
            self.waiting.append(message)
            if not self.copying:
                self.copying = True
                asyncio.get_running_loop().create_task(release())

        async def release() -> None:
            try:
                await self.save()
            finally:
                waiting, self.waiting = self.waiting, []
                self.copying = False
                for message in waiting:
                    send(message)

        return held


def js_object(values: dict[str, Any]) -> Any:
    import js
    from pyodide.ffi import to_js

    return to_js(values, dict_converter=js.Object.fromEntries)


KEEPER: Keeper | None = None


def storage_problem() -> str | None:
    """Why the last change could not be kept in the browser, if it could not."""
    return KEEPER.problem if KEEPER is not None else None


def server_only_note(model: Any) -> Any:
    """The one line shown where a feature that needs a server would be."""
    import flet as ft

    return ft.Text(model.tr(SERVER_ONLY), size=14, color=ft.Colors.ON_SURFACE_VARIANT, key="server-only")

"""Flet's entry point in the browser (a site written by `companion build-web`): the data folder
first, then the same app as anywhere.

The data folder is mounted on IndexedDB and filled from it (views.browser.Keeper); the store and
the settings are told to live there; every message to the screen goes through the keeper, so it
waits while a change is being kept; and the store is opened only in the one tab that holds the
Web Lock (two tabs would each keep a copy of the folder and overwrite each other's writes).
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any

from views import browser
from views.browser import DATA_DIR, LOCK_NAME, SETTINGS_FILE, Keeper, absent, has_indexed_db, js_object


async def hold_the_store() -> bool:
    """Whether this tab may use the store: a Web Lock its worker holds until it ends (granted at
    once if the browser has no Web Locks: then nothing can tell two tabs apart)."""
    import js  # type: ignore[import-not-found]
    from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]

    locks = getattr(getattr(js, "navigator", None), "locks", None)
    if locks is None:
        return True
    granted: asyncio.Future[bool] = asyncio.get_running_loop().create_future()

    def given(lock: Any) -> Any:
        held = not absent(lock)
        granted.set_result(held)
        if not held:
            return None
        return js.Promise.new(create_once_callable(lambda resolve, reject: None))  # never settles

    locks.request(LOCK_NAME, js_object({"ifAvailable": True}), create_once_callable(given))
    return await granted


def use_data_folder(folder: Path) -> None:
    """The store and the settings live in `folder` (read by db.engine and views.prefs)."""
    os.environ["FLET_APP_STORAGE_DATA"] = str(folder)
    os.environ["COMPANION_SETTINGS_FILE"] = str(folder / SETTINGS_FILE)


async def other_tab_closed(page: Any, lang: str) -> None:
    """Say that another tab has the app open; return when the player taps Try again."""
    import flet as ft

    from companion.i18n import t

    retry: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def try_again() -> None:
        if not retry.done():
            retry.set_result(None)

    page.controls.clear()
    page.add(ft.SafeArea(content=ft.Column(spacing=16, controls=[
        ft.Text(t("browser.other_tab", lang), size=18),
        ft.FilledButton(content=t("browser.try_again", lang), height=48, on_click=try_again),
    ])))
    await retry
    page.controls.clear()
    page.update()


async def main(page: Any) -> None:
    """Flet's entry point in the browser: the data folder first, then the same app as anywhere."""
    import flet as ft

    from companion.i18n import t
    from views.prefs import load_prefs

    keeper = Keeper(DATA_DIR, persistent=has_indexed_db())
    browser.KEEPER = keeper  # the settings screen asks it whether the last change was kept
    await keeper.open()
    use_data_folder(DATA_DIR)
    connection = page.session.connection
    connection.send_callback = keeper.hold(connection.send_callback)
    lang = load_prefs().lang

    while not await hold_the_store():
        await other_tab_closed(page, lang)
        await keeper.reload()  # what the other tab kept before it closed

    from db import StoreError
    from views.main import main as start_app

    try:
        await start_app(page)
    except StoreError as failed:
        page.add(ft.SafeArea(content=ft.Text(t("browser.store_failed", lang, detail=failed.message(lang)), size=16)))

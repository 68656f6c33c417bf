"""What belongs to the device in a player's hand, not to the server it talks to.

- Its language and theme, kept in the device's own storage (Flet's SharedPreferences:
  localStorage in a browser, the platform's preferences in a window): one player switching to
  English changes that phone only. The server's settings file (views/prefs.py) gives the
  language and theme of a device that has chosen none.
- Its screen kept on while a match is open (Flet's Wakelock: the Screen Wake Lock API in a
  browser), and let sleep again once the player leaves the match.
- Whether it has a system share sheet (phones and tablets do; a desktop browser offers the
  clipboard instead).

Each is a convenience: where the device says no (no storage, no wake lock, a browser that
refuses), the app carries on as if it had not asked.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import flet as ft

from views.prefs import Prefs, checked

log = logging.getLogger(__name__)

KEYS = {"lang": "companion.lang", "theme": "companion.theme"}  # in the device's storage
READ_TIMEOUT_S = 5.0  # a client that does not answer must not keep the first screen waiting
AWAKE_SCREENS = ("match", "table")  # a match is being played or watched
SHARE_SHEET_PLATFORMS = (ft.PagePlatform.ANDROID, ft.PagePlatform.IOS)


def share_sheet_here(page: ft.Page) -> bool:
    """Whether this device has a system share sheet: phones and tablets, in a browser or not
    (a desktop browser's is missing or opens mail; it gets the clipboard instead)."""
    return page.platform in SHARE_SHEET_PLATFORMS


class Device:
    """The page's device services, made once per page (a service nothing holds is dropped)."""

    def __init__(self, page: ft.Page) -> None:
        self.page = page
        self._storage: ft.SharedPreferences | None = None
        self._wakelock: ft.Wakelock | None = None
        self.awake = False
        try:
            self._storage = ft.SharedPreferences()
            self._wakelock = ft.Wakelock()
        except Exception as failed:  # no page context (a test) or no such service here
            log.info("device services unavailable: %s", failed)

    async def prefs(self, default: Prefs) -> Prefs:
        """The device's own choices, each falling back to `default` (the server's)."""
        if self._storage is None:
            return default
        try:
            lang, theme = await asyncio.wait_for(
                asyncio.gather(self._storage.get(KEYS["lang"]), self._storage.get(KEYS["theme"])), READ_TIMEOUT_S)
        except Exception as failed:
            log.info("the device's storage did not answer: %s", failed)
            return default
        return checked(lang if isinstance(lang, str) else default.lang,
                       theme if isinstance(theme, str) else default.theme)

    async def remember(self, prefs: Prefs) -> None:
        if self._storage is None:
            return
        try:
            await self._storage.set(KEYS["lang"], prefs.lang)
            await self._storage.set(KEYS["theme"], prefs.theme)
        except Exception as failed:
            log.info("the device's storage refused the settings: %s", failed)

    async def keep_awake(self, awake: bool) -> None:
        """Keep the screen on (a match is open) or let it sleep again."""
        if self._wakelock is None or awake == self.awake:
            return
        self.awake = awake
        try:
            # Flet's Wakelock methods carry no annotations.
            await (self._wakelock.enable() if awake else self._wakelock.disable())  # type: ignore[no-untyped-call]
        except Exception as failed:  # a browser may refuse (no wake lock API, a hidden tab)
            log.info("the screen's wake lock was refused: %s", failed)

    def run(self, job: Callable[..., Awaitable[None]], *args: Any) -> None:
        """Start `job(*args)` (a coroutine function) on the page's loop: a tap must not wait for it."""
        self.page.run_task(job, *args)


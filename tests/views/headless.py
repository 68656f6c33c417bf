"""The real app rendered without a browser: Flet's own session, page and component renderer,
talking to a connection that keeps what it would send instead of sending it.

What a screen draws is then in the session's index of mounted controls, so a test can read every
text on it and tap a control by its key, in well under a second. The browser tests (tests/e2e)
remain the check of what a player sees; this is for what a screen lists and does.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from itertools import pairwise
from typing import Any

import msgpack
from flet.controls.base_control import BaseControl
from flet.controls.context import _context_page
from flet.messaging.connection import Connection
from flet.messaging.protocol import MessageAction, configure_encode_object_for_msgpack
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

from db import Store

PHONE = (360, 640)
ENCODE = configure_encode_object_for_msgpack(BaseControl)
TEXT_FIELDS = ("value", "content", "label", "text", "tooltip", "semantics_label", "hint_text")


class QuietConnection(Connection):
    """A connection to no client: each message is encoded as for the wire (which is when Flet
    takes its snapshots for the next patch) and kept."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__()
        self.loop = loop
        self.executor = ThreadPoolExecutor(max_workers=2)
        self.pubsubhub = PubSubHub(loop=loop, executor=self.executor)
        self.page_url = "http://127.0.0.1:8550/"
        self.sent = 0
        self.crashes: list[str] = []  # what the session told the client went wrong (a screen that raised)
        self.session: Session | None = None
        self.calls: list[str] = []  # the client methods the app called (storage, wake lock...)

    def send_message(self, message: Any) -> None:
        msgpack.packb([message.action, message.body], default=ENCODE)
        self.sent += 1
        if message.action == MessageAction.SESSION_CRASHED:
            self.crashes.append(str(message.body))
        elif message.action == MessageAction.INVOKE_METHOD and self.session is not None:
            # A client with nothing stored and no device features: every call answers "nothing".
            body = message.body
            self.calls.append(body.name)
            self.loop.call_soon(self.session.handle_invoke_method_results, body.control_id, body.call_id, None, None)


class Headless:
    """One page of the app open at `route`, on `store`, in a window of `size`."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.page = session.page

    @classmethod
    async def open(cls, store: Store, route: str = "/", size: tuple[int, int] = PHONE) -> Headless:
        from views.app import start

        connection = QuietConnection(asyncio.get_running_loop())
        session = connection.session = Session(connection)
        page = session.page
        _context_page.set(page)
        session.apply_page_patch({"route": route, "width": size[0], "height": size[1], "web": True})
        msgpack.packb(session.get_page_patch(), default=ENCODE)  # the client's first copy of the page
        await start(page, store)
        app = cls(session)
        await app.settle()
        return app

    @property
    def model(self) -> Any:
        """The page's AppModel (the root component's one argument)."""
        return self.page.views.args[0]

    def controls(self) -> Iterator[BaseControl]:
        return iter(list(self.session.index.values()))

    def texts(self) -> list[str]:
        """Every text the mounted controls carry: labels, values, button captions, tooltips."""
        found = []
        for control in self.controls():
            for name in TEXT_FIELDS:
                value = getattr(control, name, None)
                if isinstance(value, str) and value:
                    found.append(value)
        return found

    def find(self, key: str) -> BaseControl | None:
        return next((c for c in self.controls() if getattr(c, "key", None) == key), None)

    def check(self) -> None:
        """Raise what a screen raised: in rendering (which stops Flet's updates for good) or in an
        effect (which Flet reports to the client as a crash)."""
        connection = self.session.connection
        assert isinstance(connection, QuietConnection)
        assert connection.crashes == [], connection.crashes
        updates = getattr(self.session, "_Session__updates_task", None)
        if updates is not None and updates.done() and not updates.cancelled() and updates.exception():
            raise updates.exception()

    async def settle(self, seconds: float = 0.05) -> None:
        """Let the renderer and the screens' effects run (a worker thread's read included)."""
        await asyncio.sleep(seconds)
        self.check()

    async def wait_for(self, holds: Callable[[], bool], what: str, seconds: float = 10.0) -> None:
        deadline = time.monotonic() + seconds
        while not holds():
            self.check()
            if time.monotonic() > deadline:
                raise AssertionError(f"never saw {what}; the screen shows: {self.texts()}")
            await asyncio.sleep(0.05)

    async def wait_for_text(self, text: str, seconds: float = 10.0) -> None:
        await self.wait_for(lambda: any(text in shown for shown in self.texts()), repr(text), seconds)

    async def tap(self, key: str, event: str = "click", data: Any = None) -> None:
        control = self.find(key)
        assert control is not None, f"no control with key {key!r} on {self.page.route}"
        await self.session.dispatch_event(control._i, event, data)
        await self.settle()

    async def type_fast(self, key: str, keystrokes: list[str]) -> None:
        """Type into the field `key` as a quick thumb does: each keystroke's text, its change
        event, then the next key's text before the screen has drawn; every draw must keep what
        was typed since (a field drawn from the screen's state sent the older text back)."""
        field = self.find(key)
        assert field is not None, key
        for typed, then in pairwise(keystrokes):
            self.session.apply_patch(field._i, {"value": typed})  # the client's text, then its event
            await self.session.dispatch_event(field._i, "change", typed)
            self.session.apply_patch(field._i, {"value": then})  # the next key, before the draw
            await self.settle()  # the screen draws what it heard of
            field = self.find(key)
            assert field is not None and field.value == then, f"{then!r} became {field.value!r}"
        await self.session.dispatch_event(field._i, "change", keystrokes[-1])
        await self.settle()

    def close(self) -> None:
        self.session.close()


def run(scenario: Callable[[], Any]) -> Any:
    """Run an async scenario to its end on a fresh event loop (the app's one thread)."""
    return asyncio.run(scenario())


__all__ = ["PHONE", "Headless", "run"]

"""Starting the app: a desktop window, or a web server for browsers.

In a browser the app has its own identity, not Flet's: views/assets holds its web manifest and
icons (Flet's web server serves a file from the assets folder before its own of the same name),
and `WebShell` writes the app's current language into the page shell and the manifest on every
request (`<html lang>`, title, description), so a reload after a language switch is right too.
Once Flutter runs it sets `<html lang>` itself from the page's locale (`app_locale`).
"""

from __future__ import annotations

import gc
import html
import json
import os
import re
import socket
import sys
from collections.abc import Awaitable, Callable, MutableMapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import flet as ft

from companion.i18n import t
from views.delivery import Delivery

if TYPE_CHECKING:
    from db import Store

ASSETS_DIR = str(Path(__file__).parent / "assets")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def free_port(host: str) -> int:
    with socket.socket() as sock:
        sock.bind((host, 0))
        port: int = sock.getsockname()[1]
        return port


@cache
def shared_store() -> Store:
    """One store for the whole process: every browser tab shares it (and its migrations run once)."""
    from db import Store

    return Store.open()


async def main(page: ft.Page) -> None:
    from views.access import admit
    from views.app import start

    guard, route = await admit(page)  # who may use the app (views/access.py)
    await start(page, shared_store(), route, guard)


def current_language() -> str:
    from views.prefs import load_prefs

    return load_prefs().lang


def localised_page(page: str, lang: str) -> str:
    """The HTML shell in `lang`: `<html lang>`, the title and the description."""
    title, tagline = html.escape(t("app.title", lang)), html.escape(t("app.tagline", lang))
    page = re.sub(r"<html\b[^>]*>", f'<html lang="{lang}" dir="ltr">', page, count=1)
    page = re.sub(r"<title>.*?</title>", f"<title>{title}</title>", page, count=1, flags=re.S)
    page = re.sub(r'<meta name="description" content="[^"]*">', f'<meta name="description" content="{tagline}">', page)
    return re.sub(r'<meta name="apple-mobile-web-app-title" content="[^"]*">',
                  f'<meta name="apple-mobile-web-app-title" content="{title}">', page)


def localised_manifest(manifest: str, lang: str) -> str:
    data = json.loads(manifest)
    title = t("app.title", lang)
    data.update(name=title, short_name=title, description=t("app.tagline", lang), lang=lang)
    return json.dumps(data, ensure_ascii=False, indent=2)


class WebShell:
    """ASGI middleware: the HTML shell (every route falls back to it) and manifest.json are
    rewritten into the app's current language; everything else passes through untouched."""

    def __init__(self, app: ASGIApp, language: Callable[[], str] = current_language) -> None:
        self.app = app
        self.language = language

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") != "GET":
            await self.app(scope, receive, send)
            return
        manifest = scope["path"].endswith("/manifest.json")
        held: Message | None = None
        chunks: list[bytes] = []

        async def rewrite(message: Message) -> None:
            nonlocal held
            if message["type"] == "http.response.start":
                kind = dict(message.get("headers", [])).get(b"content-type", b"")
                if message["status"] == 200 and (manifest or kind.startswith(b"text/html")):
                    held = message  # sent once the whole body is here, with its new length
                    return
            elif message["type"] == "http.response.body" and held is not None:
                chunks.append(message.get("body", b""))
                if message.get("more_body", False):
                    return
                lang = self.language()
                text = b"".join(chunks).decode("utf-8")
                body = (localised_manifest(text, lang) if manifest else localised_page(text, lang)).encode("utf-8")
                # The language can change between two loads: no validators, so no stale 304.
                headers = [(name, value) for name, value in held.get("headers", [])
                           if name.lower() not in (b"content-length", b"etag", b"last-modified")]
                headers += [(b"content-length", str(len(body)).encode()), (b"cache-control", b"no-cache")]
                await send({**held, "headers": headers})
                await send({"type": "http.response.body", "body": body})
                return
            await send(message)

        await self.app(scope, receive, rewrite)


def web_app() -> ASGIApp:
    """The app served to browsers: Flet's web app under its own name, icons and language.

    No file is fetched from a CDN (`no_cdn`): the app must work offline."""
    import flet_web.fastapi as flet_fastapi

    lang = current_language()
    inner = flet_fastapi.app(
        main,
        assets_dir=ASSETS_DIR,
        app_name=t("app.title", lang),
        app_short_name=t("app.title", lang),
        app_description=t("app.tagline", lang),
        no_cdn=True,
    )
    outer = flet_fastapi.FastAPI(docs_url=None, redoc_url=None, openapi_url=None)  # runs Flet's session manager
    outer.mount("/", inner)
    return Delivery(WebShell(outer))  # compressed, cacheable, only what a screen uses


def keep_for_good() -> None:
    """What the app made before its first page (the modules it imported, the store) lives as long
    as the process: out of the garbage collector's sight (gc.freeze). Each tap replaces controls,
    so every so many taps Python collects its oldest objects, and such a collection went over the
    150,000-odd objects the imports made: about 100 ms added to that tap on this machine."""
    gc.freeze()


def port_taken(host: str, port: int) -> bool:
    with socket.socket() as sock:
        try:
            sock.bind((host, port))
        except OSError:
            return True
    return False


def run_app(web: bool = False, host: str = "127.0.0.1", port: int = 8550, open_browser: bool = False) -> int:
    from db import StoreError

    try:
        shared_store()  # open (and migrate) the store before the first screen, so errors show here
    except StoreError as failed:
        print(f"companion: {failed.message('en')}", file=sys.stderr)
        return 2
    if not web:
        keep_for_good()
        ft.run(main, view=ft.AppView.FLET_APP, assets_dir=ASSETS_DIR)
        return 0
    # Served as an ASGI app so that we choose the port and print the address ourselves.
    import uvicorn

    if port == 0:
        port = free_port(host)
    elif port_taken(host, port):
        print(f"companion: port {port} on {host} is already in use; choose another with --port (0 picks a free one)",
              file=sys.stderr)
        return 2
    from views.access import gate_token, invite_url, open_gate
    from views.share import SHARE_URL_ENV, public_url

    app = web_app()
    url = public_url(host, port)
    os.environ[SHARE_URL_ENV] = url  # shown as a QR code in Settings, for phones at the table
    if gate_token() is None:
        open_gate(host)  # beyond loopback only the devices given the token may use the app
    print(f"companion is serving at {invite_url(url)}", flush=True)
    keep_for_good()
    if open_browser:
        import webbrowser

        webbrowser.open(url)
    uvicorn.run(app, host=host, port=port, log_level=os.environ.get("COMPANION_LOG_LEVEL", "warning"))
    return 0

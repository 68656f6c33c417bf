"""How `companion --web` hands its files to a browser: compressed, cacheable, and only what is used.

An ASGI middleware around the whole web app (`web_app()` wraps itself in `Delivery`):

- **Compressed**: every text-like or wasm file of 1 kB or more goes out gzipped when the browser
  accepts it (the engine's 8.5 MB `main.dart.wasm` becomes 2.8 MB). A file is compressed once and
  kept in memory, keyed by its ETag.
- **Cacheable**: the engine's files (`main.dart.*`, CanvasKit) and the app's fonts are given
  addresses under `/_v/<flet-web version>-<fonts' digest>/` by the page shell and the font
  manifest, and are cached for a year as immutable: a new Flet or a new font gives new addresses.
  Everything else (the shell, the icons, the manifest) may be cached but is revalidated on every
  load (`no-cache` with an ETag: an unchanged file answers 304 and no body).
- **Only what is used**: the font manifest drops the fonts no screen uses, the emoji slices the
  engine asks for are all answered by the one emoji font the app ships, and the page shell gets
  the guard that keeps Rive's runtime from being fetched from a CDN (see `views.webclient`).
"""

from __future__ import annotations

import gzip
import re
from collections.abc import Awaitable, Callable, MutableMapping
from functools import cache
from typing import Any

from views import webclient

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

VERSIONED = "/_v/"
IMMUTABLE = b"public, max-age=31536000, immutable"
REVALIDATE = b"no-cache"
COMPRESSIBLE = (b"text/", b"application/javascript", b"application/json", b"application/wasm",
                b"application/manifest+json", b"font/", b"application/font", b"application/x-font",
                b"application/octet-stream", b"image/svg+xml", b"application/xml")
MIN_SIZE = 1024
_compressed: dict[tuple[str, bytes], bytes] = {}  # (path, ETag) → gzip body


@cache
def version_tag() -> str:
    """Changes with Flet's web client and with the app's fonts."""
    return f"{webclient.flet_web_version()}-{webclient.assets_digest()}"


def versioned_shell(page: str, tag: str) -> str:
    """The shell loading the engine from versioned addresses, with the Rive guard."""
    page = re.sub(r'flet\.entrypointBaseUrl="/"', f'flet.entrypointBaseUrl="{VERSIONED}{tag}/"', page)
    page = re.sub(r'flet\.canvasKitBaseUrl="/canvaskit/"', f'flet.canvasKitBaseUrl="{VERSIONED}{tag}/canvaskit/"',
                  page)
    return webclient.with_guard(page)


@cache
def font_manifest(prefix: str) -> bytes:
    path = webclient.web_dir() / "assets" / "FontManifest.json"
    return webclient.font_manifest(path.read_text(encoding="utf-8"), prefix.lstrip("/")).encode("utf-8")


def gzipped(key: tuple[str, bytes], body: bytes) -> bytes:
    if not key[1]:
        return gzip.compress(body, 6, mtime=0)
    if key not in _compressed:
        _compressed[key] = gzip.compress(body, 6, mtime=0)
    return _compressed[key]


def header(headers: list[tuple[bytes, bytes]], name: bytes) -> bytes:
    return next((value for key, value in headers if key.lower() == name), b"")


class Delivery:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.tag = version_tag()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") not in ("GET", "HEAD"):
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        immutable = False
        if path.startswith(VERSIONED):
            tag, _, rest = path[len(VERSIONED):].partition("/")
            immutable = tag == self.tag  # an older page's address still works, but is revalidated
            path = "/" + rest
            scope = {**scope, "path": path, "raw_path": path.encode()}
        fallback = webclient.fallback_font(path)
        if fallback is not None:
            await send({"type": "http.response.start", "status": 301, "headers": [
                (b"location", f"{VERSIONED}{self.tag}/{fallback}".encode()), (b"cache-control", IMMUTABLE),
                (b"content-length", b"0")]})
            await send({"type": "http.response.body", "body": b""})
            return
        request_headers = dict(scope.get("headers", []))
        accepts_gzip = b"gzip" in request_headers.get(b"accept-encoding", b"")
        if path == "/assets/FontManifest.json":
            await self.answer(send, font_manifest(f"{VERSIONED}{self.tag}/"), b"application/json", accepts_gzip, path)
            return

        held: Message | None = None
        chunks: list[bytes] = []

        async def deliver(message: Message) -> None:
            nonlocal held
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", []) if k.lower() != b"cache-control"]
                cache_control = IMMUTABLE if immutable and message["status"] in (200, 304) else REVALIDATE
                message = {**message, "headers": [*headers, (b"cache-control", cache_control)]}
                kind = header(headers, b"content-type")
                html = kind.startswith(b"text/html")
                compressible = accepts_gzip and kind.startswith(COMPRESSIBLE)
                if message["status"] == 200 and scope["method"] == "GET" and (html or compressible):
                    held = {**message, "html": html}
                    return
                await send(message)
                return
            if held is None:
                await send(message)
                return
            chunks.append(message.get("body", b""))
            if message.get("more_body", False):
                return
            body = b"".join(chunks)
            headers = [(k, v) for k, v in held["headers"] if k.lower() != b"content-length"]
            etag = header(headers, b"etag")
            if held["html"]:
                body = versioned_shell(body.decode("utf-8"), self.tag).encode("utf-8")
                etag = b""  # rewritten per request: never cached by its ETag
            if accepts_gzip and len(body) >= MIN_SIZE:
                body = gzipped((path, etag), body)
                headers = [(k, v) for k, v in headers if k.lower() != b"etag"]
                if etag:
                    headers.append((b"etag", etag if etag.startswith(b"W/") else b"W/" + etag))
                headers += [(b"content-encoding", b"gzip")]
            headers += [(b"vary", b"Accept-Encoding"), (b"content-length", str(len(body)).encode())]
            await send({"type": "http.response.start", "status": 200, "headers": headers})
            await send({"type": "http.response.body", "body": body})

        await self.app(scope, receive, deliver)

    async def answer(self, send: Send, body: bytes, kind: bytes, accepts_gzip: bool, path: str) -> None:
        headers = [(b"content-type", kind), (b"cache-control", REVALIDATE), (b"vary", b"Accept-Encoding")]
        if accepts_gzip:
            body = gzipped((path, b"generated"), body)
            headers.append((b"content-encoding", b"gzip"))
        headers.append((b"content-length", str(len(body)).encode()))
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": body})

"""A static web host for a built site, as GitHub Pages or a club's web space would serve it: the
files as they are (gzipped when the browser accepts it, like those hosts), validators for the
browser's cache, 404.html for an address with no file, the types a module worker and
WebAssembly need. It records every request and the bytes it sent."""

from __future__ import annotations

import gzip
import hashlib
import threading
from dataclasses import dataclass, field
from email.utils import formatdate
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
         ".json": "application/json", ".woff2": "font/woff2", ".ttf": "font/ttf", ".otf": "font/otf",
         ".gz": "application/gzip", ".frag": "application/octet-stream"}
COMPRESSED = (".gz", ".png", ".woff2")  # already compressed: sent as they are


@dataclass
class Served:
    path: str
    status: int
    sent: int  # bytes of the body on the wire


@dataclass
class StaticHost:
    folder: Path
    served: list[Served] = field(default_factory=list)
    server: ThreadingHTTPServer | None = None
    _zipped: dict[Path, bytes] = field(default_factory=dict)

    def start(self, port: int = 0) -> str:
        handler = partial(_Handler, self, directory=str(self.folder))
        self.server = ThreadingHTTPServer(("127.0.0.1", port), handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return f"http://127.0.0.1:{self.server.server_address[1]}/"

    def stop(self) -> None:
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
            self.server = None

    def zipped(self, path: Path) -> bytes:
        if path not in self._zipped:
            self._zipped[path] = gzip.compress(path.read_bytes(), 6, mtime=0)
        return self._zipped[path]


class _Handler(SimpleHTTPRequestHandler):
    def __init__(self, host: StaticHost, *args, **kwargs) -> None:
        self.host = host
        super().__init__(*args, **kwargs)

    def log_message(self, format: str, *args) -> None:
        pass

    def do_GET(self) -> None:
        where = self.path.split("?")[0].split("#")[0]
        file = Path(self.translate_path(where))
        if file.is_dir():
            file = file / "index.html"
        status = 200
        if not file.is_file():
            file, status = self.host.folder / "404.html", 404
        body = file.read_bytes()
        tag = '"' + hashlib.sha256(body).hexdigest()[:16] + '"'
        if status == 200 and self.headers.get("If-None-Match") == tag:
            self._answer(where, 304, [("ETag", tag)], b"")
            return
        headers = [("Content-Type", TYPES.get(file.suffix, self.guess_type(str(file)))), ("ETag", tag),
                   ("Last-Modified", formatdate(file.stat().st_mtime, usegmt=True)),
                   ("Cache-Control", "max-age=600")]  # what GitHub Pages sends
        if "gzip" in self.headers.get("Accept-Encoding", "") and not file.name.endswith(COMPRESSED):
            body = self.host.zipped(file)
            headers.append(("Content-Encoding", "gzip"))
        self._answer(where, status, headers, body)

    def _answer(self, where: str, status: int, headers: list[tuple[str, str]], body: bytes) -> None:
        self.send_response(status)
        for name, value in [*headers, ("Content-Length", str(len(body)))]:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)
        self.host.served.append(Served(where, status, len(body)))

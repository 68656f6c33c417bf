"""Starting the app: a desktop window, or a web server for browsers."""

from __future__ import annotations

import os
import socket
import sys
from functools import cache
from pathlib import Path

import flet as ft

ASSETS_DIR = str(Path(__file__).parent / "assets")


def free_port(host: str) -> int:
    with socket.socket() as sock:
        sock.bind((host, 0))
        return sock.getsockname()[1]


@cache
def shared_store():
    """One store for the whole process: every browser tab shares it (and its migrations run once)."""
    from db import Store

    return Store.open()


def main(page: ft.Page) -> None:
    from views.app import start

    start(page, shared_store())


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
        ft.run(main, view=ft.AppView.FLET_APP, assets_dir=ASSETS_DIR)
        return 0
    # Served as an ASGI app so that we choose the port, print the address ourselves and
    # never fetch CanvasKit or fonts from a CDN (the app must work offline).
    import uvicorn

    if port == 0:
        port = free_port(host)
    elif port_taken(host, port):
        print(f"companion: port {port} on {host} is already in use; choose another with --port (0 picks a free one)",
              file=sys.stderr)
        return 2
    from views.share import SHARE_URL_ENV, public_url

    app = ft.run(main, assets_dir=ASSETS_DIR, no_cdn=True, export_asgi_app=True)
    url = public_url(host, port)
    os.environ[SHARE_URL_ENV] = url  # shown as a QR code in Settings, for phones at the table
    print(f"companion is serving at {url}", flush=True)
    if open_browser:
        import webbrowser

        webbrowser.open(url)
    uvicorn.run(app, host=host, port=port, log_level=os.environ.get("COMPANION_LOG_LEVEL", "warning"))
    return 0

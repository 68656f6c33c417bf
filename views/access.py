"""Who may use the app: on a shared network, only the devices its host lets in.

A server that listens on loopback only (the default, `--host 127.0.0.1`) is open: only this
machine can reach it. One that listens beyond it (`--host 0.0.0.0`, a LAN address) is how
phones join, and so is anyone else on the café's Wi-Fi. Then, as Jupyter does, the server has
a secret token (`secrets.token_urlsafe`, 192 bits, kept in a file beside the settings so that
a restart keeps the devices already let in; `companion --web --new-token` makes a new one and
shuts them all out), and prints its address with the token, as text and as a QR code
(Settings shows the same code):

- a browser on this machine (a loopback client) is always let in;
- a device that opens the address with the right token is let in, and remembers the token in
  its own browser storage (Flet's SharedPreferences: localStorage), so the plain address lets
  it in from then on; the token is taken out of the address bar at once;
- every other device sees one screen, saying to scan the host's code, and nothing else: its
  session holds no other control, and every address it tries leads back there;
- except a live table link (`/table/<id>?key=`): a viewer without the token sees that table,
  read-only (with a wrong key, nothing of it), with no way from it into the rest of the app:
  no back, home or settings, and every other address leads to the locked screen.

The token is compared in constant time. Which device is which is decided once, when its
session starts (`admit`); the model then keeps a locked session on its screen (`Guard`).
"""

from __future__ import annotations

import hmac
import ipaddress
import logging
import os
import secrets
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote, unquote

import flet as ft

from views.model import Screen
from views.prefs import prefs_path

TOKEN_PARAM = "token"  # the address's query parameter
PREF_KEY = "companion.access_token"  # the browser's own storage
TOKEN_FILE = "access-token"  # beside the settings file

log = logging.getLogger(__name__)
_gate: dict[str, str] = {}  # "token" once the server listens beyond loopback


# -- the server's side ------------------------------------------------------------------------------
def beyond_loopback(host: str) -> bool:
    """Whether a server listening on `host` can be reached from other devices."""
    if host in ("", "0.0.0.0", "::", "*"):
        return True
    if host == "localhost":
        return False
    try:
        return not ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return True  # a host name: it may resolve to anything


def token_path() -> Path:
    return prefs_path().parent / TOKEN_FILE


def _stored_token(path: Path) -> str | None:
    try:
        token = path.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return token if len(token) >= 32 and token.isascii() else None


def open_gate(host: str, new_token: bool = False) -> str | None:
    """Turn the gate on for a server listening on `host`, if it listens beyond loopback; the
    token (kept from the last run unless `new_token`), or None for an open server."""
    if not beyond_loopback(host):
        _gate.clear()
        return None
    path = token_path()
    token = None if new_token else _stored_token(path)
    if token is None:
        token = secrets.token_urlsafe(24)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="ascii") as handle:
                handle.write(token + "\n")
        except OSError as failed:  # the token then lasts as long as this server
            log.warning("the access token was not saved (%s): devices must scan again after a restart", failed)
    _gate["token"] = token
    return token


def gate_token() -> str | None:
    """The token devices need, or None when the server is open (loopback only, a window)."""
    return _gate.get("token")


def invite_url(base: str | None) -> str | None:
    """The address that lets a device in: `base` with the token, or `base` itself when the
    server is open."""
    token = gate_token()
    if base is None or token is None:
        return base
    return f"{base}?{TOKEN_PARAM}={quote(token, safe='')}"


# -- one device -------------------------------------------------------------------------------------
def is_loopback(client_ip: str | None) -> bool:
    if not client_ip:
        return False  # a web session always has one; no address is no proof of anything
    try:
        address = ipaddress.ip_address(client_ip)
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return address.is_loopback


def split_token(route: str) -> tuple[str | None, str]:
    """The token an address carries (None if none), and the address without it (the rest of
    the query kept as it was written)."""
    path, mark, query = route.partition("?")
    if not mark:
        return None, route
    offered: str | None = None
    rest: list[str] = []
    for pair in query.split("&"):
        key, _, value = pair.partition("=")
        if key == TOKEN_PARAM:
            offered = unquote(value)
        else:
            rest.append(pair)
    if offered is None:
        return None, route
    return offered, path + ("?" + "&".join(rest) if any(rest) else "")


def right_token(offered: object, token: str) -> bool:
    return isinstance(offered, str) and hmac.compare_digest(offered.encode(), token.encode())


@dataclass(frozen=True)
class Guard:
    """What a device that was not let in may see: a live table view (each one still opens
    only with its match's key), else nothing but the locked screen."""

    def allow(self, screen: Screen) -> Screen:
        return screen if screen.name == "table" else Screen("locked")


async def admit(page: ft.Page) -> tuple[Guard | None, str]:
    """Decide, once per session, what this device may use: (None, route) to let it in, or the
    Guard that keeps it on its one screen. `route` is the page's address without a token."""
    route = page.route or "/"
    token = gate_token()
    if token is None or is_loopback(page.client_ip):
        return None, route
    offered, route = split_token(route)
    storage = ft.SharedPreferences()
    if right_token(offered, token):
        try:
            await storage.set(PREF_KEY, token)
        except Exception as failed:  # no storage: let in for this session only
            log.info("the access token could not be remembered: %s", failed)
        return None, route
    try:
        remembered = await storage.get(PREF_KEY)
    except Exception as failed:
        log.info("the browser's storage could not be read: %s", failed)
        remembered = None
    if right_token(remembered, token):
        return None, route
    return Guard(), route

"""'Open on a phone': the address other devices at the table can use, as text and QR code."""

from __future__ import annotations

import io
import ipaddress
import os
import socket

import qrcode

SHARE_URL_ENV = "COMPANION_SHARE_URL"  # set by `companion --web` for its own screens


def lan_address() -> str | None:
    """This machine's first non-loopback IPv4 address, found without sending any packet."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return None
    for info in infos:
        address = info[4][0]
        if not ipaddress.ip_address(address).is_loopback:
            return address
    return None


def public_url(host: str, port: int) -> str:
    """The address to give other devices for a server listening on host:port."""
    if host in ("0.0.0.0", "", "::"):
        host = lan_address() or "127.0.0.1"
    return f"http://{host}:{port}/"


def share_url() -> str | None:
    return os.environ.get(SHARE_URL_ENV) or None


def reachable_from_other_devices(url: str) -> bool:
    host = url.split("//", 1)[-1].split(":", 1)[0].strip("[]")
    try:
        return not ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host != "localhost"


def qr_png(text: str, box_size: int = 8) -> bytes:
    """A PNG of the QR code for `text`, with the quiet zone scanners need."""
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, box_size=box_size, border=4)
    code.add_data(text)
    code.make(fit=True)
    buffer = io.BytesIO()
    code.make_image(fill_color="black", back_color="white").save(buffer, format="PNG")
    return buffer.getvalue()

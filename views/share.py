"""'Open on a phone': the address other devices at the table can use, as text and QR code.

Also the live table view's link (`/table/<id>?key=<token>`) built on that address, and the
address as a QR code drawn in text for the terminal (`companion --web`).
"""

from __future__ import annotations

import io
import ipaddress
import os
import socket
from urllib.parse import quote, urlsplit

import qrcode

SHARE_URL_ENV = "COMPANION_SHARE_URL"  # set by `companion --web` for its own screens


def lan_address() -> str | None:
    """This machine's first non-loopback IPv4 address, found without sending any packet: the
    host name's addresses, else the one a UDP socket would send from (connecting a UDP socket
    only picks a route)."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    for info in infos:
        address = str(info[4][0])
        if not ipaddress.ip_address(address).is_loopback:
            return address
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: routed like any address, never reached
            address = str(probe.getsockname()[0])
        except OSError:
            return None
    return None if ipaddress.ip_address(address).is_loopback or address == "0.0.0.0" else address


def public_url(host: str, port: int) -> str:
    """The address to give other devices for a server listening on host:port."""
    if host in ("0.0.0.0", "", "::"):
        host = lan_address() or "127.0.0.1"
    return f"http://{host}:{port}/"


def share_url() -> str | None:
    return os.environ.get(SHARE_URL_ENV) or None


def page_base(page_url: str | None) -> str | None:
    """The app's address as the browser reached it, from Flet's page URL (the websocket's
    address, e.g. "ws://192.168.1.5:8550"): "http://192.168.1.5:8550/"; None if none."""
    if not page_url:
        return None
    parts = urlsplit(page_url)
    scheme = {"ws": "http", "wss": "https", "http": "http", "https": "https"}.get(parts.scheme)
    if scheme is None or not parts.netloc:
        return None  # a desktop window talks to its server over a socket, not a web address
    return f"{scheme}://{parts.netloc}/"


def table_base(page_url: str | None = None) -> str | None:
    """The address other devices should use: the one `companion --web` chose for the network,
    else the one this page was opened at."""
    return share_url() or page_base(page_url)


def table_url(base: str, match_id: int, key: str) -> str:
    """The live table view of a match: `<base>table/<id>?key=<token>`."""
    return f"{base.rstrip('/')}/table/{int(match_id)}?key={quote(key, safe='')}"


def table_topic(match_id: int) -> str:
    """The pubsub topic a match's writes are announced on (within one server process)."""
    return f"table/{int(match_id)}"


def qr_text(text: str) -> str:
    """The QR code for `text` drawn with block characters, two modules a line, for a terminal:
    dark modules are spaces on the terminal's light-on-dark text, light ones are blocks, with
    the quiet zone scanners need."""
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=2)
    code.add_data(text)
    code.make(fit=True)
    out = io.StringIO()
    code.print_ascii(out=out, invert=True)
    return out.getvalue()


def address_banner(url: str, lan: str | None = None, everywhere: bool = False) -> str:
    """What `companion --web` prints at start-up: where phones at the table open the app, and
    its QR code in text. A server phones cannot reach gets no QR code (a phone could not open
    it) but what to do instead. `lan` is this machine's network address; `everywhere`: the
    server listens on every interface (--host 0.0.0.0)."""
    if reachable_from_other_devices(url):
        return f"Phones on this network can open the app at {url}\nScan this QR code to open it:\n{qr_text(url)}"
    if everywhere:
        return (f"No network address of this machine was found (is it connected to a network?): "
                f"only this device can open {url} for now.")
    where = f" (this machine's address on the network is {lan})" if lan else ""
    return (f"Only this device can open {url}. To open the app on phones on your network{where},\n"
            "start it with --host 0.0.0.0; its QR code is printed then.")


def reachable_from_other_devices(url: str) -> bool:
    host = url.split("//", 1)[-1].split(":", 1)[0].strip("[]")
    try:
        return not ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host != "localhost"


def qr_png(text: str, box_size: int = 8) -> bytes:
    """A PNG of the QR code for `text`, with the quiet zone scanners need (black on white,
    written by PyPNG: pure Python, so the browser build draws it too)."""
    from qrcode.image.pure import PyPNGImage

    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, box_size=box_size, border=4)
    code.add_data(text)
    code.make(fit=True)
    buffer = io.BytesIO()
    code.make_image(image_factory=PyPNGImage).save(buffer)
    return buffer.getvalue()

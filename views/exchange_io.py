"""Files and pictures for the exchange screen, without Flet: what an export holds, what a
picked file or photo says, and importing it. The screen only shows what these return.

- `export_bytes(store, kind, game)`: the export (JSON, db.exchange's versioned format), the
  CSV of results, or a BG Stats play file of the finished matches (db/bgstats.py), as the
  bytes handed to the browser (a download) or to a phone's save dialog;
  `write_export_file(store, kind, game, path)` writes it where the desktop app's dialog chose.
- A picked JSON export is imported by db.exchange.import_json itself (checked whole, merged in
  one transaction: a refused file changes nothing).
- `decode_qr_photo(data)`: the text of the QR code in a photo (PNG, JPEG, ...), read with
  zxing-cpp; `PhotoError` when the picture cannot be read or holds no QR code.
- `import_code(store, text)`: a pasted (or photographed) match code, or a link carrying one.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from companion.i18n import t
from companion.matchcode import BadMatchCode, MatchSummary, code_in, decode
from db.bgstats import bgstats_file, write_bgstats_file
from db.exchange import ImportReport, export_csv, export_json, import_summary, write_csv, write_export

if TYPE_CHECKING:
    from db import Store

Kind = Literal["json", "csv", "bgstats"]
KINDS: tuple[Kind, ...] = ("json", "csv", "bgstats")
EXTENSIONS: dict[Kind, str] = {"json": "json", "csv": "csv", "bgstats": "bgsplay"}  # BG Stats opens .bgsplay
MAX_PHOTO_PIXELS = 50_000_000  # a 50-megapixel photo at most: enough for any phone camera


class PhotoError(Exception):
    """A picture that gives no match code; `message(lang)` says why, for the player."""

    def __init__(self, message_id: str, **params: Any) -> None:
        self.message_id = message_id
        self.params = params
        super().__init__(message_id)

    def message(self, lang: str = "en") -> str:
        return t(self.message_id, lang, **self.params)


# -- export ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Export:
    name: str  # the file name offered: companion-<all|game>-<date>.<json|csv>
    data: bytes
    count: int  # matches (JSON) or result rows (CSV)


def export_name(kind: Kind, game: str | None, now: datetime) -> str:
    return f"companion-{game or 'all'}-{now.strftime('%Y%m%d-%H%M')}.{EXTENSIONS[kind]}"


def export_bytes(store: Store, kind: Kind, game: str | None = None, now: datetime | None = None) -> Export:
    """The whole database (game None) or one game's matches, as an export file's bytes."""
    now = now or datetime.now()
    if kind == "json":
        out = io.BytesIO()
        summary = write_export(store, out, game=game)
        return Export(export_name(kind, game, now), out.getvalue(), summary.matches)
    if kind == "csv":
        text = io.StringIO(newline="")
        rows = write_csv(store, text, game=game)
        return Export(export_name(kind, game, now), text.getvalue().encode("utf-8"), rows)
    if kind == "bgstats":
        data, plays = bgstats_file(store, game)
        return Export(export_name(kind, game, now), data, plays)
    raise ValueError(f"an export is json, csv or bgstats, not {kind!r}")


def write_export_file(store: Store, kind: Kind, game: str | None, path: str | Path) -> int:
    """The export written at `path` (the desktop app's save dialog chose it), whole or not at all;
    returns the matches (JSON) or result rows (CSV) written."""
    if kind == "json":
        return export_json(store, path, game=game).matches
    if kind == "csv":
        return export_csv(store, path, game=game)
    if kind == "bgstats":
        return write_bgstats_file(store, path, game)
    raise ValueError(f"an export is json, csv or bgstats, not {kind!r}")


def default_folder() -> Path:
    """Where the desktop app's save dialog opens: the Downloads folder, else the home folder."""
    downloads = Path.home() / "Downloads"
    return downloads if downloads.is_dir() else Path.home()


# -- import ------------------------------------------------------------------------------------
def import_code(store: Store, text: str) -> tuple[ImportReport, MatchSummary]:
    """File the match a code (or a link carrying one) describes; BadMatchCode if it is damaged.
    Returns the report and what the code said (to show which match arrived)."""
    summary = decode(text)
    return import_summary(store, summary), summary


# -- QR photos ---------------------------------------------------------------------------------
def decode_qr_photo(data: bytes) -> str:
    """The text of the QR code in a photo; the first one that holds a match code if there are
    several. PhotoError("exchange.screen.photo_unreadable") for a file that is no picture,
    PhotoError("exchange.screen.photo_no_code") for a picture without a readable QR code."""
    import zxingcpp
    from PIL import Image, ImageOps

    previous = Image.MAX_IMAGE_PIXELS
    try:
        Image.MAX_IMAGE_PIXELS = MAX_PHOTO_PIXELS
        picture: Image.Image = Image.open(io.BytesIO(data))
        picture.load()
        picture = ImageOps.exif_transpose(picture)  # a phone's photo taken sideways
    except Exception as error:  # PIL raises many kinds (UnidentifiedImageError, OSError, DecompressionBomb...)
        raise PhotoError("exchange.screen.photo_unreadable") from error
    finally:
        Image.MAX_IMAGE_PIXELS = previous
    if picture.mode not in ("L", "RGB"):
        if picture.mode in ("RGBA", "LA", "P", "PA"):  # transparent parts read as white paper
            background = Image.new("RGB", picture.size, "white")
            rgba = picture.convert("RGBA")
            background.paste(rgba, mask=rgba.getchannel("A"))
            picture = background
        else:
            picture = picture.convert("RGB")
    qr_only = zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode)
    found = [barcode.text for barcode in zxingcpp.read_barcodes(picture, formats=qr_only)
             if barcode.valid and barcode.text]
    if not found:
        raise PhotoError("exchange.screen.photo_no_code")
    for text in found:
        try:
            code_in(text)
        except BadMatchCode:  # not a match code: try the next one
            continue
        return text
    return found[0]  # a QR code of something else: the import names what it is not

"""The export and import screen in a real browser, on the smallest phone.

Two finished matches are seeded through the Store API. Export of everything as JSON reaches the
browser as a download, and that file is a valid export of both matches. A match code made by
ANOTHER store (its own sqlite file) is pasted and lands in this store's history, once; the same
code with one letter changed is refused by name and changes nothing, as is the exported file with
one score changed by hand. The card of the imported code copies the exact code and shows a QR code
that decodes back to it; a picture of another match's QR code, opened as a file, is imported too.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from db import SeatSpec, Store
from db.exchange import match_code, read_export
from tests.e2e.helpers import (
    SMALL_PHONE,
    box_of,
    button,
    buttons_inside_viewport,
    open_app,
    painted,
    reveal,
    shot,
    tap,
    type_into,
    visible_text,
    wait_for_text,
)
from tests.history.played import NO_DEALER, cavasie_log, file_match, senet_log
from views.share import qr_png

pytestmark = pytest.mark.browser


def finish(store: Store, game: str, seats: list[tuple[int, int, int]]) -> int:
    """A finished match: seats as (player id, score, placing), seat numbers in order."""
    match = store.create_match(game, {}, [SeatSpec(pid, seat) for seat, (pid, _, _) in enumerate(seats)])
    places: dict[int, list[int]] = {}
    for seat, (_, _, placing) in enumerate(seats):
        places.setdefault(placing, []).append(seat)
    result = {"over": True, "places": [places[p] for p in sorted(places)],
              "scores": {str(seat): score for seat, (_, score, _) in enumerate(seats)}, "detail": {}}
    store.finish_match(match, result, {seat: s for seat, (_, s, _) in enumerate(seats)},
                       {seat: p for seat, (_, _, p) in enumerate(seats)})
    return match


def seed(db_url: str) -> None:
    """Two matches played through their engines (an import replays every log it is given)."""
    with Store(db_url) as store:
        ana, ben = (store.add_player(name, colour).id for name, colour in (("Ana", "#d32f2f"), ("Ben", "#1976d2")))
        file_match(store, "senet", {}, [ana, ben], senet_log(5))
        file_match(store, "cavasie", NO_DEALER, [ben, ana], cavasie_log(2))


def foreign_codes(tmp_path) -> tuple[str, str]:
    """The codes of two matches played on another install (another database file)."""
    with Store(f"sqlite:///{tmp_path / 'other.db'}") as other:
        cy, dee = (other.add_player(name, colour).id for name, colour in (("Cy", "#388e3c"), ("Dee", "#7b1fa2")))
        return (match_code(other, finish(other, "senet", [(cy, 7, 1), (dee, 3, 2)])),
                match_code(other, finish(other, "cavasie", [(dee, 30, 1), (cy, 12, 2)])))


def damaged(code: str) -> str:
    """The code with one letter of its body changed (the checksum no longer matches)."""
    at = len(code) // 2
    return code[:at] + ("A" if code[at] != "A" else "B") + code[at + 1:]


def finished_matches(db_url: str) -> int:
    with Store(db_url) as store:
        return len(store.history(limit=100))


def paste(page, text: str) -> None:
    type_into(page, page.get_by_role("textbox").first, text)
    page.wait_for_timeout(500)


def test_export_a_download_and_import_a_code_from_another_install(app_en, browser, tmp_path) -> None:
    seed(app_en.db_url)
    code, second = foreign_codes(tmp_path)

    page = open_app(browser, f"{app_en.url}exchange", SMALL_PHONE)
    wait_for_text(page, "Which matches")
    assert buttons_inside_viewport(page) == []
    chip = page.get_by_role("checkbox", name="Bell's Senet")  # a game chip: thumb-sized
    reveal(page, chip)
    assert chip.bounding_box()["height"] >= 48

    # Export everything as JSON: the browser downloads it, and it is a valid export of both matches.
    with page.expect_download() as download:
        tap(page, "Export")
    saved = download.value
    assert saved.suggested_filename.startswith("companion-all-") and saved.suggested_filename.endswith(".json")
    export = read_export(Path(saved.path()).read_bytes())
    assert sorted(m.game for m in export.matches) == ["cavasie", "senet"]
    assert sorted(p.name for p in export.players) == ["Ana", "Ben"]
    wait_for_text(page, f"2 matches exported to {saved.suggested_filename}")
    page.mouse.wheel(0, -5000)
    painted(page)
    shot(page, "exchange_phone_360")

    # The same file with one score changed by hand: refused by name, nothing written.
    tampered = tmp_path / "tampered.json"
    tampered.write_bytes(re.sub(rb'"score":(\d+)', lambda m: b'"score":%d' % (int(m[1]) + 1),
                                Path(saved.path()).read_bytes(), count=1))
    with page.expect_file_chooser() as chooser:
        button(page, "Choose a file").click()
    chooser.value.set_files(str(tampered))
    wait_for_text(page, "The file's checksum does not match its content")
    assert finished_matches(app_en.db_url) == 2

    # A code from another install: imported once, shown with its QR code to pass on.
    paste(page, code)
    tap(page, "Import code")
    wait_for_text(page, "Match added to your history: Bell's Senet · Cy 7 · Dee 3.")
    assert finished_matches(app_en.db_url) == 3
    copy = box_of(page, "Copy code", scroll=True)
    assert copy["height"] >= 48, copy
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    tap(page, "Copy code")
    wait_for_text(page, "Copied")
    assert page.evaluate("() => navigator.clipboard.readText()") == code
    assert buttons_inside_viewport(page) == []
    qr = page.get_by_label("QR code of the match code")
    reveal(page, qr)
    picture = shot(page, "share_code_qr")
    box = qr.bounding_box()
    from PIL import Image

    from views.exchange_io import decode_qr_photo

    crop = Image.open(picture).crop((int(box["x"]), int(box["y"]), int(box["x"] + box["width"]),
                                     int(box["y"] + box["height"])))
    buffer = io.BytesIO()
    crop.save(buffer, format="PNG")
    assert decode_qr_photo(buffer.getvalue()) == code  # the QR code on screen carries the exact code

    # Pasting it again adds nothing.
    tap(page, "Import code")
    wait_for_text(page, "This match is already in your history")
    assert finished_matches(app_en.db_url) == 3

    # A damaged code is refused by name, and nothing is written.
    paste(page, damaged(code))
    tap(page, "Import code")
    wait_for_text(page, "This match code is damaged")
    assert finished_matches(app_en.db_url) == 3
    assert "Match added" not in visible_text(page)

    # A photo of another match's QR code (a picture file): read and imported.
    photo = tmp_path / "qr.png"
    photo.write_bytes(qr_png(second))
    photo_button = button(page, "Open a photo of a QR code")
    reveal(page, photo_button)
    with page.expect_file_chooser() as chooser:
        photo_button.click()
    chooser.value.set_files(str(photo))
    wait_for_text(page, "Match added to your history: Çävasie · Dee 30 · Cy 12.")
    assert finished_matches(app_en.db_url) == 4

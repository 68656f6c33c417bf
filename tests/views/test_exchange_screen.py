"""The exchange screen's helpers, without a browser: QR photos read back to the exact code, export
bytes that import, and refusals (a damaged file, a damaged code, a photo without a QR code) that
name the problem and write nothing. The screen's own steps (import_picked_file, import_given_code,
read_photo) are called as its sections call them.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path

import flet as ft
import pytest
from PIL import Image, ImageDraw, ImageFilter

from companion.matchcode import BadMatchCode, code_in, code_url
from db import Store
from db.exchange import DigestMismatch, import_json, match_code, read_export
from tests.history.played import NO_DEALER, cavasie_log, file_match, senet_log
from tests.history.seed import T0, Seat, add_match, add_player
from views.exchange_io import (
    PhotoError,
    decode_qr_photo,
    export_bytes,
    export_name,
    import_code,
    write_export_file,
)
from views.model import AppModel
from views.screens.exchange import import_given_code, import_picked_file, read_photo, report_text
from views.share import qr_png


@pytest.fixture
def home(tmp_path: Path) -> Iterator[Store]:
    """This install: Ana and Ben, a finished Senet match (with a log) and a finished Çävasie one."""
    with Store(f"sqlite:///{tmp_path / 'home.db'}") as store:
        ana, ben = add_player(store, "Ana", "#d32f2f"), add_player(store, "Ben", "#1976d2")
        file_match(store, "senet", {}, [ana, ben], senet_log(5), start=T0)  # played through the engines
        file_match(store, "cavasie", NO_DEALER, [ben, ana], cavasie_log(2), start=T0 + timedelta(hours=1))
        yield store


@pytest.fixture
def away(tmp_path: Path) -> Iterator[Store]:
    """Another install, empty."""
    with Store(f"sqlite:///{tmp_path / 'away.db'}") as store:
        yield store


def a_code(store: Store) -> str:
    """The code of a finished match of `store` (Cy and Dee, whom the other store does not know)."""
    cy, dee = add_player(store, "Cy", "#388e3c"), add_player(store, "Dee", "#7b1fa2")
    return match_code(store, add_match(store, "senet", [Seat(cy, 7, 1), Seat(dee, 3, 2)], finished=T0))


def counts(store: Store) -> tuple[int, int]:
    return len(store.history(limit=None, include_abandoned=True)), len(store.players(include_archived=True))


def png(picture: Image.Image, kind: str = "PNG") -> bytes:
    out = io.BytesIO()
    picture.save(out, format=kind, quality=80) if kind == "JPEG" else picture.save(out, format=kind)
    return out.getvalue()


def photo_of(code_png: bytes) -> bytes:
    """A QR code as a phone would photograph it: smaller, turned a little, on a grey, uneven
    background with a shadow and a blur, saved as a JPEG."""
    qr = Image.open(io.BytesIO(code_png)).convert("L")
    qr = qr.resize((qr.width * 3 // 5, qr.height * 3 // 5), Image.Resampling.BILINEAR)
    qr = qr.rotate(8, resample=Image.Resampling.BICUBIC, expand=True, fillcolor=235)
    scene = Image.new("L", (1200, 900), 120)
    draw = ImageDraw.Draw(scene)
    for x in range(0, 1200, 40):  # an uneven table
        draw.rectangle((x, 0, x + 20, 900), fill=110 + (x // 40) % 5 * 6)
    scene.paste(qr, (430, 210))
    draw.rectangle((0, 700, 1200, 900), fill=80)  # a hand's shadow below the code
    scene = scene.filter(ImageFilter.GaussianBlur(1.2)).convert("RGB")
    return png(scene, "JPEG")


def picked(data: bytes, name: str = "picked") -> ft.FilePickerFile:
    """A file as the browser hands it over (with_data: bytes, no path)."""
    return ft.FilePickerFile(id=0, name=name, size=len(data), bytes=data)


# -- QR photos ------------------------------------------------------------------------------------
def test_a_qr_code_image_reads_back_to_the_exact_code(away: Store) -> None:
    code = a_code(away)
    assert decode_qr_photo(qr_png(code)) == code


def test_a_photo_of_the_qr_code_scaled_turned_on_grey_reads_back_to_the_exact_code(away: Store) -> None:
    code = a_code(away)
    photo = photo_of(qr_png(code))
    assert Image.open(io.BytesIO(photo)).size == (1200, 900)
    assert decode_qr_photo(photo) == code


def test_a_photo_of_a_link_carrying_the_code_imports_too(home: Store, away: Store) -> None:
    code = a_code(away)
    link = code_url(code, "http://192.168.1.20:8550/exchange")
    found = decode_qr_photo(photo_of(qr_png(link)))
    assert found == link
    report, summary = import_code(home, found)
    assert report.matches_added == 1 and [s.name for s in summary.seats] == ["Cy", "Dee"]
    assert code_in(found) == code


def test_of_two_qr_codes_in_a_photo_the_match_code_is_read(away: Store) -> None:
    code = a_code(away)
    scene = Image.new("RGB", (1400, 700), "white")
    scene.paste(Image.open(io.BytesIO(qr_png("https://example.org/menu"))), (20, 20))
    scene.paste(Image.open(io.BytesIO(qr_png(code))), (700, 20))
    assert decode_qr_photo(png(scene)) == code


def test_a_blank_picture_or_a_file_that_is_no_picture_is_refused_by_name() -> None:
    with pytest.raises(PhotoError) as blank:
        decode_qr_photo(png(Image.new("RGB", (640, 480), (200, 200, 200))))
    assert blank.value.message_id == "exchange.screen.photo_no_code"
    assert "No QR code was found" in blank.value.message("en")
    with pytest.raises(PhotoError) as junk:
        decode_qr_photo(b'{"format": "companion-export"}')
    assert junk.value.message_id == "exchange.screen.photo_unreadable"
    cut = qr_png("M1-AAAA")[:200]  # a PNG cut short on the way
    with pytest.raises(PhotoError) as short:
        decode_qr_photo(cut)
    assert short.value.message_id == "exchange.screen.photo_unreadable"


def test_a_transparent_png_reads_as_on_white_paper(away: Store) -> None:
    code = a_code(away)
    qr = Image.open(io.BytesIO(qr_png(code))).convert("L")
    clear = Image.new("RGBA", qr.size, (0, 0, 0, 0))
    clear.putalpha(qr.point(lambda v: 255 - v))  # black modules opaque, the rest see-through
    assert decode_qr_photo(png(clear)) == code


# -- export ---------------------------------------------------------------------------------------
def test_export_bytes_are_an_export_that_another_store_imports_once(home: Store, away: Store) -> None:
    made = export_bytes(home, "json", now=datetime(2026, 5, 3, 18, 30))
    assert made.name == "companion-all-20260503-1830.json" and made.count == 2
    export = read_export(made.data)
    assert sorted(m.game for m in export.matches) == ["cavasie", "senet"]
    senet = next(m for m in export.matches if m.game == "senet")
    assert len(senet.events) == len(senet_log(5))
    first = import_json(away, made.data)
    assert (first.matches_added, first.matches_skipped) == (2, 0)
    assert sorted(first.players_added) == ["Ana", "Ben"]
    again = import_json(away, made.data)
    assert (again.matches_added, again.matches_skipped) == (0, 2)
    assert counts(away) == (2, 2)


def test_one_games_export_holds_that_game_only(home: Store) -> None:
    made = export_bytes(home, "json", "senet", now=datetime(2026, 5, 3, 18, 30))
    assert made.name == "companion-senet-20260503-1830.json" and made.count == 1
    assert [m.game for m in read_export(made.data).matches] == ["senet"]


def test_csv_export_is_one_row_per_seat(home: Store) -> None:
    made = export_bytes(home, "csv", now=datetime(2026, 5, 3, 18, 30))
    assert made.name.endswith(".csv") and made.count == 4
    rows = list(csv.DictReader(io.StringIO(made.data.decode("utf-8"))))
    assert len(rows) == 4
    assert {(r["game"], r["player"], r["score"], r["won"]) for r in rows} == {
        (m.game, p.name, str(p.final_score), str(int(p.placing == 1))) for m in home.history() for p in m.participants
    }
    with pytest.raises(ValueError):
        export_bytes(home, "xml")  # type: ignore[arg-type]


def test_a_bg_stats_export_is_a_play_file_of_the_finished_matches(home: Store, tmp_path: Path) -> None:
    made = export_bytes(home, "bgstats", now=datetime(2026, 5, 3, 18, 30))
    assert made.name == "companion-all-20260503-1830.bgsplay" and made.count == 2
    plays = json.loads(made.data)["plays"]
    assert sorted(len(play["playerScores"]) for play in plays) == [2, 2]
    assert write_export_file(home, "bgstats", "senet", str(tmp_path / "senet.bgsplay")) == 1


def test_the_desktop_app_writes_the_export_where_its_dialog_chose(home: Store, away: Store, tmp_path: Path) -> None:
    json_path, csv_path = tmp_path / "picked.json", tmp_path / "picked.csv"
    assert write_export_file(home, "json", None, str(json_path)) == 2
    assert write_export_file(home, "csv", "senet", csv_path) == 2
    assert import_json(away, json_path.read_bytes()).matches_added == 2
    assert [row["game"] for row in csv.DictReader(csv_path.open(encoding="utf-8"))] == ["senet", "senet"]
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []  # no part file left
    with pytest.raises(ValueError):
        write_export_file(home, "xml", None, tmp_path / "x.xml")  # type: ignore[arg-type]
    assert not (tmp_path / "x.xml").exists()


def test_export_names_are_safe_file_names() -> None:
    assert export_name("csv", None, datetime(2026, 1, 2, 3, 4)) == "companion-all-20260102-0304.csv"


# -- importing through the screen's steps ---------------------------------------------------------
def test_the_screen_imports_a_picked_file_and_says_how_many(home: Store, away: Store) -> None:
    model = AppModel(store=away, lang="en")
    version = model.data_version
    done = import_picked_file(model, picked(export_bytes(home, "json").data, "all.json"))
    assert done.ok and done.text == "Imported: 2 new matches, 0 already here. New players (2): Ana, Ben."
    assert model.data_version == version + 1  # lists re-read the store
    again = import_picked_file(model, picked(export_bytes(home, "json").data, "all.json"))
    assert again.ok and again.text == "Imported: 0 new matches, 2 already here."
    assert model.data_version == version + 1  # nothing new, nothing to re-read


@pytest.mark.parametrize("damage", ["digit", "cut", "not_json", "other"])
def test_a_damaged_file_is_refused_by_name_with_nothing_written(home: Store, away: Store, damage: str) -> None:
    data = export_bytes(home, "json").data
    if damage == "digit":  # one score changed by hand after export
        damaged = re.sub(rb'"score":(\d+)', lambda m: b'"score":%d' % (int(m[1]) + 1), data, count=1)
        assert damaged != data
        expected = "checksum does not match"
    elif damage == "cut":  # half a download
        damaged = data[: len(data) // 2]
        expected = "not valid JSON"
    elif damage == "not_json":
        damaged = qr_png("M1-AAAA")
        expected = "cannot be read"
    else:
        damaged = b'{"format": "somebody-else", "version": 1}'
        expected = "not a companion export"
    ana = add_player(away, "Zed", "#455a64")  # the other store already has a player: kept as is
    before = counts(away)
    model = AppModel(store=away, lang="en")
    version = model.data_version
    done = import_picked_file(model, picked(damaged, "all.json"))
    assert not done.ok and expected in done.text and "nothing was changed" in done.text.lower()
    assert counts(away) == before and model.data_version == version
    assert [p.id for p in away.players()] == [ana]
    if damage == "digit":
        with pytest.raises(DigestMismatch):
            import_json(away, damaged)


def test_a_refusal_reads_in_korean_too(home: Store, away: Store) -> None:
    model = AppModel(store=away, lang="ko")
    done = import_picked_file(model, picked(b"not json at all"))
    assert not done.ok and "JSON" in done.text and any("\uac00" <= ch <= "\ud7a3" for ch in done.text)


def test_a_file_too_big_for_the_browser_is_refused_before_reading(away: Store) -> None:
    model = AppModel(store=away, lang="en")
    huge = ft.FilePickerFile(id=0, name="huge.json", size=64 * 1024 * 1024, path=None, bytes=None)
    done = import_picked_file(model, huge)
    assert not done.ok and "huge.json is too big" in done.text


def test_a_picked_path_is_read_on_a_desktop(home: Store, away: Store, tmp_path: Path) -> None:
    path = tmp_path / "all.json"
    path.write_bytes(export_bytes(home, "json").data)
    model = AppModel(store=away, lang="en")
    done = import_picked_file(model, ft.FilePickerFile(id=0, name="all.json", size=path.stat().st_size,
                                                       path=str(path)))
    assert done.ok and done.text.startswith("Imported: 2 new matches")
    gone = import_picked_file(model, ft.FilePickerFile(id=0, name="gone.json", size=10,
                                                       path=str(tmp_path / "gone.json")))
    assert not gone.ok


def test_the_screen_imports_a_pasted_code_once_and_refuses_a_damaged_one(home: Store, away: Store) -> None:
    code = a_code(away)
    model = AppModel(store=home, lang="en")
    before = counts(home)
    done, shown = import_given_code(model, f"  {code[:40]}\n{code[40:]}  ")  # wrapped over two lines
    assert done == type(done)("Match added to your history: Bell's Senet · Cy 7 · Dee 3.", True)
    assert shown == code
    assert counts(home) == (before[0] + 1, before[1] + 2)
    again, shown = import_given_code(model, code)
    assert again.ok and again.text.startswith("This match is already in your history") and shown == code
    assert counts(home) == (before[0] + 1, before[1] + 2)
    at = len(code) // 2
    broken = code[:at] + ("A" if code[at] != "A" else "B") + code[at + 1:]
    refused, shown = import_given_code(model, broken)
    assert not refused.ok and "damaged" in refused.text and shown is None
    empty, _ = import_given_code(model, "   ")
    assert not empty.ok and empty.text == "Paste or scan a match code first."
    not_code, _ = import_given_code(model, "hello")
    assert not not_code.ok and "starts with M1-" in not_code.text
    assert counts(home) == (before[0] + 1, before[1] + 2)
    with pytest.raises(BadMatchCode):
        import_code(home, broken)


def test_the_screen_reads_a_photo_or_says_why_not(away: Store) -> None:
    code = a_code(away)
    model = AppModel(store=away, lang="en")
    assert read_photo(model, picked(photo_of(qr_png(code)), "photo.jpg")) == code
    blank = read_photo(model, picked(png(Image.new("RGB", (300, 300), "white")), "blank.png"))
    assert not isinstance(blank, str) and not blank.ok and "No QR code was found" in blank.text


def test_an_import_report_names_new_players() -> None:
    from db.exchange import ImportReport

    model = AppModel(store=None, lang="ko")  # type: ignore[arg-type]
    text = report_text(model, ImportReport(3, 1, ("Ana",), 0))
    assert "3" in text and "1" in text and "Ana" in text


# -- the share card's code ------------------------------------------------------------------------
def test_the_share_card_shows_a_finished_matchs_code_and_says_why_not_for_others(home: Store) -> None:
    from db import StoreError
    from views.reading import recall
    from views.sharecode import code_read

    model = AppModel(store=home, lang="en")

    def read_code(model: AppModel, match_id: int) -> object:
        return recall(model, *code_read(match_id))

    finished = home.history(limit=1)[0].id
    assert read_code(model, finished) == match_code(home, finished)
    ana = home.players()[0].id
    active = add_match(home, "senet", [Seat(ana, None, None)], finished=None, status="active")
    refused = read_code(model, active)
    assert isinstance(refused, StoreError)
    assert refused.message("en") == f"Match {active} is not finished, so it has no match code yet."
    missing = read_code(model, 999)
    assert isinstance(missing, StoreError) and "999" in missing.message("en")


def test_the_record_pages_share_section_is_for_finished_matches_only(home: Store) -> None:
    from db.history import match_page
    from views.sharecode import share_section, shareable

    finished = home.history(limit=1)[0].id
    assert shareable(match_page(home, finished))
    ana = home.players()[0].id
    active = add_match(home, "senet", [Seat(ana, None, None)], finished=None, status="active")
    abandoned = add_match(home, "senet", [Seat(ana, None, None)], finished=T0, status="abandoned")
    model = AppModel(store=home, lang="en")
    for match_id in (active, abandoned):
        assert not shareable(match_page(home, match_id))
        assert share_section(model, match_page(home, match_id)) is None  # no card (none drawn)

"""Match codes: round trips, refusal of damaged codes, QR codes read back, filing by code."""

from __future__ import annotations

import io
import random
from datetime import UTC, datetime, timedelta

import pytest
import qrcode
import zxingcpp
from PIL import Image

from companion.matchcode import (
    BadMatchCode,
    CodeSeat,
    MatchSummary,
    code_in,
    code_url,
    decode,
    encode,
)
from db import Store
from db.exchange import NotFinished, import_match_code, match_code
from db.history import HistoryFilter, history_page, match_page
from db.stats import player_stats
from tests.history.seed import T0, Seat, add_match, add_player

SUMMARY = MatchSummary(
    uid="0123456789abcdef0123456789abcdef",
    game="parchis",
    variant="quick",
    started_at=datetime(2026, 5, 2, 19, 0, 5, tzinfo=UTC),
    finished_at=datetime(2026, 5, 2, 20, 12, 47, tzinfo=UTC),
    seats=(
        CodeSeat("Anna", 4, 1, team=0),
        CodeSeat("민수", 2, 3, team=1),
        CodeSeat("Zoë van Dijk", 4, 1, team=0),
        CodeSeat("Bo", None, None, team=1),
    ),
)


def test_a_code_round_trips_exactly() -> None:
    code = encode(SUMMARY)
    assert decode(code) == SUMMARY
    assert code.startswith("M1-")
    assert set(code[3:]) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")  # URL-safe, QR alphanumeric
    assert len(code) < 200


def test_a_code_is_read_from_links_and_sloppy_pastes() -> None:
    code = encode(SUMMARY)
    assert decode(code.lower()) == SUMMARY
    assert decode(f"  {code[:40]}\n{code[40:]}  ") == SUMMARY  # wrapped over two lines
    for link in (
        code_url(code, "http://192.168.1.20:8550/import"),
        f"http://192.168.1.20:8550/#/import?code={code}",
        f"https://example.org/m/{code}",
        code_url(code, "http://host/import?lang=ko"),
    ):
        assert code_in(link) == code
        assert decode(link) == SUMMARY


def test_places_group_the_seats_by_placing() -> None:
    assert SUMMARY.places == ((0, 2), (1,))


def test_every_single_changed_character_is_refused() -> None:
    code = encode(SUMMARY)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
    for i in range(3, len(code)):
        for replacement in {alphabet[(alphabet.index(code[i]) + k) % 32] for k in (1, 5, 17)}:
            damaged = code[:i] + replacement + code[i + 1 :]
            with pytest.raises(BadMatchCode) as raised:
                decode(damaged)
            assert raised.value.message_id == "matchcode.damaged", (i, replacement)


def test_random_damage_is_refused_not_misread() -> None:
    """Dropped, doubled and swapped characters: refused every time (a seeded random loop)."""
    code = encode(SUMMARY)
    rng = random.Random(10)
    for _ in range(500):
        i = rng.randrange(3, len(code) - 1)
        kind = rng.choice(("drop", "double", "swap"))
        if kind == "drop":
            damaged = code[:i] + code[i + 1 :]
        elif kind == "double":
            damaged = code[:i] + code[i] + code[i:]
        else:
            if code[i] == code[i + 1]:
                continue
            damaged = code[:i] + code[i + 1] + code[i] + code[i + 2 :]
        with pytest.raises(BadMatchCode):
            decode(damaged)


@pytest.mark.parametrize(
    ("text", "message_id"),
    [
        ("", "matchcode.empty"),
        ("   ", "matchcode.empty"),
        ("hello", "matchcode.not_a_code"),
        ("M1-ABC!", "matchcode.not_a_code"),
        ("M9-ABCDEFGH", "matchcode.unknown_version"),
        ("M1-", "matchcode.damaged"),
        ("M1-A", "matchcode.damaged"),
        ("https://example.org/nothing/here", "matchcode.not_a_code"),
    ],
)
def test_texts_that_are_not_codes_say_why(text: str, message_id: str) -> None:
    with pytest.raises(BadMatchCode) as raised:
        decode(text)
    assert raised.value.message_id == message_id
    for lang in ("en", "ko"):
        assert "matchcode." not in raised.value.message(lang)


def test_an_intact_code_with_foreign_content_is_refused() -> None:
    """A checksum that holds over content this app did not write (a JSON object, not a list)."""
    import base64
    import zlib

    data = bytes([0]) + bytes(16) + b'{"game": "senet"}'
    data += zlib.crc32(data).to_bytes(4, "big")
    code = "M1-" + base64.b32encode(data).decode().rstrip("=")
    with pytest.raises(BadMatchCode) as raised:
        decode(code)
    assert raised.value.message_id == "matchcode.bad_content"


def test_two_seats_with_one_name_are_foreign_content() -> None:
    twice = MatchSummary(SUMMARY.uid, "senet", None, T0, T0, (CodeSeat("Anna", 1, 1), CodeSeat("ANNA", 0, 2)))
    with pytest.raises(BadMatchCode) as raised:
        decode(encode(twice))
    assert raised.value.message_id == "matchcode.bad_content"


# -- QR codes, read back by a real decoder -------------------------------------------------------
def qr_image(text: str) -> Image.Image:
    """The QR code the share screen shows (error correction M, quiet zone 4), as an image."""
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, box_size=6, border=4)
    code.add_data(text)
    code.make(fit=True)
    buffer = io.BytesIO()
    code.make_image(fill_color="black", back_color="white").save(buffer, format="PNG")
    buffer.seek(0)
    return Image.open(buffer).convert("RGB")


def read_qr(image: Image.Image) -> str:
    found = zxingcpp.read_barcodes(image)
    assert len(found) == 1
    assert found[0].format == zxingcpp.BarcodeFormat.QRCode
    return str(found[0].text)


def test_the_qr_code_of_a_code_reads_back_to_the_exact_code() -> None:
    code = encode(SUMMARY)
    assert read_qr(qr_image(code)) == code
    assert decode(read_qr(qr_image(code))) == SUMMARY


def test_the_qr_code_of_a_link_reads_back_to_the_exact_link() -> None:
    link = code_url(encode(SUMMARY), "http://192.168.1.20:8550/import")
    assert read_qr(qr_image(link)) == link
    table = "http://192.168.1.20:8550/table/7?token=Qm9hcmQgZ2FtZXMgYXJlIGZ1bg"
    assert read_qr(qr_image(table)) == table


def test_a_photo_of_the_qr_code_still_reads() -> None:
    """Slightly turned, shrunk and grey, as a phone photo of a screen would be."""
    code = encode(SUMMARY)
    image = qr_image(code)
    photo = image.rotate(8, expand=True, fillcolor="white").resize((image.width * 2 // 3,) * 2)
    photo = Image.blend(photo, Image.new("RGB", photo.size, (90, 90, 90)), 0.3)
    assert read_qr(photo) == code


# -- codes from and into the store -------------------------------------------------------------
def test_a_finished_match_travels_by_code_to_another_install(store: Store, other_sqlite_store: Store) -> None:
    anna, bo = add_player(store, "Anna"), add_player(store, "민수")
    match_id = add_match(store, "senet", [Seat(anna, 7, 1), Seat(bo, 5, 2)], finished=T0, minutes=47)
    code = match_code(store, match_id)
    original = match_page(store, match_id).row

    add_player(other_sqlite_store, "anna", "#000000")  # the same Anna, by name
    report = import_match_code(other_sqlite_store, code_url(code, "http://x/import"))
    assert (report.matches_added, report.matches_skipped, report.players_added) == (1, 0, ("민수",))
    (row,) = history_page(other_sqlite_store).rows
    assert (row.uid, row.game, row.duration) == (original.uid, "senet", timedelta(minutes=47))
    assert row.finished_at == original.finished_at.replace(microsecond=0)  # type: ignore[union-attr]
    assert [(s.name, s.score, s.placing) for s in row.seats] == [("anna", 7, 1), ("민수", 5, 2)]
    page = match_page(other_sqlite_store, row.id)
    assert page.log == () and page.result is not None and page.result["from_code"] is True
    assert page.result["places"] == [[0], [1]]

    again = import_match_code(other_sqlite_store, code)
    assert (again.matches_added, again.matches_skipped) == (0, 1)
    assert len(history_page(other_sqlite_store, HistoryFilter(include_abandoned=True)).rows) == 1
    newcomer = next(p for p in other_sqlite_store.players() if p.name == "민수")
    assert player_stats(other_sqlite_store, newcomer.id).matches == 1


def test_only_a_finished_match_has_a_code(store: Store) -> None:
    anna = add_player(store, "Anna")
    active = add_match(store, "senet", [Seat(anna)], finished=None, status="active")
    with pytest.raises(NotFinished):
        match_code(store, active)


def test_a_damaged_code_writes_nothing(sqlite_store: Store) -> None:
    code = encode(SUMMARY)
    with pytest.raises(BadMatchCode):
        import_match_code(sqlite_store, code[:-1] + ("A" if code[-1] != "A" else "B"))
    assert sqlite_store.players(include_archived=True) == []
    assert history_page(sqlite_store).rows == ()

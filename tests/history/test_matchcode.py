"""Match codes: round trips, refusal of damaged codes, QR codes read back, filing by code."""

from __future__ import annotations

import base64
import io
import json
import random
import zlib
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
from db.exchange import ExchangeError, NotFinished, import_match_code, match_code
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


def forge(body: bytes, *, flags: int = 0, uid: bytes = bytes.fromhex("81" + "00" * 15)) -> str:
    """A code put together by hand from the documented layout: flags, uid, body, CRC-32."""
    data = bytes([flags]) + uid + body
    data += zlib.crc32(data).to_bytes(4, "big")
    return "M1-" + base64.b32encode(data).decode().rstrip("=")


def test_a_code_made_by_hand_from_the_layout_reads_back() -> None:
    """2026-05-02 19:00:05 UTC is 20,575 days and 68,405 s after 1970-01-01: 1,777,748,405 s."""
    assert 20_575 * 86_400 + 19 * 3600 + 5 == 1_777_748_405
    body = json.dumps(["senet", None, 1_777_748_405, 3_600, [["Anna", 7, 1, None], ["Bo", 5, 2, None]]])
    summary = decode(forge(body.encode()))
    assert summary == MatchSummary(
        uid="81" + "00" * 15,
        game="senet",
        variant=None,
        started_at=datetime(2026, 5, 2, 19, 0, 5, tzinfo=UTC),
        finished_at=datetime(2026, 5, 2, 20, 0, 5, tzinfo=UTC),
        seats=(CodeSeat("Anna", 7, 1), CodeSeat("Bo", 5, 2)),
    )
    deflated = zlib.compress(body.encode(), 9, wbits=-15)
    assert decode(forge(deflated, flags=1)) == summary


def test_the_encoder_follows_the_layout() -> None:
    """The first byte after the prefix's base 32 says deflated or not; the uid comes next."""
    at_5s = datetime(1970, 1, 1, 0, 0, 5, tzinfo=UTC)
    tiny = MatchSummary(SUMMARY.uid, "q", "v", at_5s, at_5s, (CodeSeat("Z", 1, 2, 0),))
    for summary in (SUMMARY, tiny):
        data = base64.b32decode(encode(summary)[3:] + "=" * (-len(encode(summary)[3:]) % 8))
        assert data[1:17].hex() == summary.uid
        body = data[17:-4]
        plain = zlib.decompress(body, wbits=-15) if data[0] == 1 else body
        assert json.loads(plain)[0] == summary.game
        assert zlib.crc32(data[:-4]) == int.from_bytes(data[-4:], "big")
    # ["q","v",5,0,[["Z",1,2,0]]] is 27 bytes, 29 deflated: stored plain; SUMMARY's body shrinks.
    for summary, flags in ((tiny, 0), (SUMMARY, 1)):
        letters = encode(summary)[3:]
        assert base64.b32decode(letters + "=" * (-len(letters) % 8))[0] == flags
        assert decode(encode(summary)) == summary


def test_a_finish_before_the_start_is_stored_as_no_time() -> None:
    backwards = MatchSummary(SUMMARY.uid, "senet", None, T0, T0 - timedelta(minutes=5), (CodeSeat("A", 1, 1),))
    assert decode(encode(backwards)).finished_at == T0


def test_a_summary_is_frozen() -> None:
    with pytest.raises(AttributeError):
        SUMMARY.game = "quacks"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        SUMMARY.seats[0].score = 9  # type: ignore[misc]


def test_a_bad_uid_cannot_be_encoded() -> None:
    with pytest.raises(ValueError):
        encode(MatchSummary("ABC", "senet", None, T0, T0, (CodeSeat("A", 1, 1),)))


@pytest.mark.parametrize(
    "fields",
    [
        {"game": "senet"},
        ["", None, 0, 0, [["A", 1, 1, None]]],
        [7, None, 0, 0, [["A", 1, 1, None]]],
        ["senet", 5, 0, 0, [["A", 1, 1, None]]],
        ["senet", None, "0", 0, [["A", 1, 1, None]]],
        ["senet", None, 0, "0", [["A", 1, 1, None]]],
        ["senet", None, 0, -1, [["A", 1, 1, None]]],
        ["senet", None, True, 0, [["A", 1, 1, None]]],
        ["senet", None, 0, 0, []],
        ["senet", None, 0, 0, {"A": 1}],
        ["senet", None, 0, 0, [["", 1, 1, None]]],
        ["senet", None, 0, 0, [[5, 1, 1, None]]],
        ["senet", None, 0, 0, [["A", True, 1, None]]],
        ["senet", None, 0, 0, [["A", 1, "1", None]]],
        ["senet", None, 0, 0, [["A", 1, 1, 0.5]]],
        ["senet", None, 0, 0, [["A", 1, 1]]],
    ],
)
def test_an_intact_code_with_foreign_content_is_refused(fields: object) -> None:
    """The checksum holds, but this app did not write that content."""
    with pytest.raises(BadMatchCode) as raised:
        decode(forge(json.dumps(fields).encode()))
    assert raised.value.message_id == "matchcode.bad_content"


def test_the_shortest_intact_code_has_no_content() -> None:
    """Flags, uid and checksum with nothing between: intact, but empty."""
    with pytest.raises(BadMatchCode) as raised:
        decode(forge(b""))
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


# -- a code made to do harm: its checksum holds (anyone can compute one), what it says does not ---
HOSTILE_CODES = [
    ("a game this app does not play", ["chess", None, 1_777_748_405, 60, [["Anna", 7, 1, None], ["Bo", 5, 2, None]]],
     "exchange.unknown_game"),
    ("one seat at a table of two", ["senet", None, 1_777_748_405, 60, [["Anna", 7, 1, None]]],
     "exchange.setup_refused"),
    ("a name that shows nothing", ["senet", None, 1_777_748_405, 60, [["\u200b", 7, 1, None], ["Bo", 5, 2, None]]],
     "exchange.bad_field"),
    ("a score of a trillion", ["senet", None, 1_777_748_405, 60, [["Anna", 10**12, 1, None], ["Bo", 5, 2, None]]],
     "exchange.bad_field"),
    ("a placing beyond the table", ["senet", None, 1_777_748_405, 60, [["Anna", 7, 9, None], ["Bo", 5, 2, None]]],
     "exchange.bad_field"),
    ("a start no calendar holds", ["senet", None, 10**15, 60, [["Anna", 7, 1, None], ["Bo", 5, 2, None]]],
     "matchcode.bad_content"),
    ("a start before 1970", ["senet", None, -10**9, 60, [["Anna", 7, 1, None], ["Bo", 5, 2, None]]],
     "exchange.bad_field"),
    ("a lone surrogate in a name", ["senet", None, 1_777_748_405, 60, [["A\ud800", 7, 1, None], ["Bo", 5, 2, None]]],
     "exchange.bad_field"),
]


@pytest.mark.parametrize(("name", "fields", "message_id"), HOSTILE_CODES, ids=[c[0] for c in HOSTILE_CODES])
def test_a_code_made_to_do_harm_is_refused_and_writes_nothing(sqlite_store: Store, name: str, fields: list,
                                                              message_id: str) -> None:
    add_player(sqlite_store, "Here")
    body = json.dumps(fields).encode("utf-8", "surrogatepass")
    with pytest.raises((BadMatchCode, ExchangeError)) as raised:
        import_match_code(sqlite_store, forge(body))
    assert raised.value.message_id == message_id
    assert [p.name for p in sqlite_store.players(include_archived=True)] == ["Here"]
    assert history_page(sqlite_store).rows == ()
    for lang in ("en", "ko"):
        assert "exchange." not in raised.value.message(lang) and "{" not in raised.value.message(lang)


def test_a_codes_names_are_cleaned_as_the_store_cleans_them(sqlite_store: Store) -> None:
    body = json.dumps(["senet", None, 1_777_748_405, 60, [["\u202eAnna\x00", 7, 1, None], ["Bo", 5, 2, None]]])
    report = import_match_code(sqlite_store, forge(body.encode()))
    assert report.players_added == ("Anna", "Bo")

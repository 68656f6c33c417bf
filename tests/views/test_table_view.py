"""The live table view: who may look, its link and QR codes, the scoreboard's pure helpers,
and the announcements a match screen makes after each stored change."""

from __future__ import annotations

import io
import re

import pytest
import zxingcpp
from PIL import Image

from companion.i18n import t
from db import SeatSpec, Store
from views.live import LiveMatch
from views.model import Screen, parse_route
from views.screens.table import (
    Scoreboard,
    may_view,
    moved,
    names_of,
    read_snapshot,
    recent_lines,
    scoreboard,
    status_text,
    turn_text,
)
from views.share import address_banner, page_base, qr_png, qr_text, table_base, table_topic, table_url


def en(key: str, **params: object) -> str:
    return t(key, "en", **params)


@pytest.fixture
def store(tmp_path) -> Store:
    with Store(f"sqlite:///{tmp_path / 'table.db'}") as opened:
        yield opened


def pig_match(store: Store, target: int = 20, seats: tuple[int, int] = (0, 1)) -> int:
    ana = store.add_player("Ana", "#d32f2f")
    ben = store.add_player("Ben", "#1976d2")
    return store.create_match("pig", {"target": target}, [SeatSpec(ana.id, seats[0]), SeatSpec(ben.id, seats[1])])


def play(store: Store, match_id: int, *actions: dict) -> None:
    session = store.resume(match_id)
    for action in actions:
        session.apply(action)


# -- who may look ---------------------------------------------------------------------------------
def test_only_the_matchs_own_key_opens_its_table(store):
    match_id = pig_match(store)
    other = store.create_match("pig", {"target": 20}, [SeatSpec(1, 0), SeatSpec(2, 1)])
    assert not may_view(store, match_id, "guess")  # never shared: no key at all yet
    key = store.table_key(match_id)
    assert may_view(store, match_id, key)
    for wrong in (None, "", key[:-1], key + "A", key.swapcase(), store.table_key(other), 42, ["x"]):
        assert not may_view(store, match_id, wrong), wrong
    assert not may_view(store, other, key)  # a key opens its own match only
    assert not may_view(store, 999, key)  # no such match: refused, not an error
    assert not may_view(store, str(match_id), key)
    assert not may_view(store, None, key)


def test_the_key_stays_the_same_for_the_match(store):
    match_id = pig_match(store)
    assert store.table_key(match_id) == store.table_key(match_id)


# -- the link -------------------------------------------------------------------------------------
def test_the_table_url_opens_the_table_screen_with_its_key():
    key = "Zx-_9aB3cD4eF5gH6iJ7kL"
    url = table_url("http://192.168.1.20:8550/", 7, key)
    assert url == f"http://192.168.1.20:8550/table/7?key={key}"
    assert table_url("http://192.168.1.20:8550", 7, key) == url  # with or without the slash
    route = url.removeprefix("http://192.168.1.20:8550")
    assert parse_route(route) == Screen("table", (("id", 7), ("key", key)))
    assert parse_route(route).route == route  # and the screen's address is the link again


def test_a_key_with_url_characters_is_quoted():
    url = table_url("http://h:1/", 3, "a+b/c=d&e")
    assert url == "http://h:1/table/3?key=a%2Bb%2Fc%3Dd%26e"
    assert parse_route(url.removeprefix("http://h:1")).get("key") == "a+b/c=d&e"


def test_the_base_address_of_a_page():
    assert page_base("ws://192.168.1.5:8550") == "http://192.168.1.5:8550/"
    assert page_base("wss://table.example:443") == "https://table.example:443/"
    assert page_base("http://127.0.0.1:9000/ws") == "http://127.0.0.1:9000/"
    assert page_base("tcp://127.0.0.1:40123") is None  # a desktop window: no web address
    assert page_base(None) is None
    assert page_base("") is None


def test_the_server_s_own_address_comes_first(monkeypatch):
    monkeypatch.setenv("COMPANION_SHARE_URL", "http://192.168.1.5:8550/")
    assert table_base("ws://127.0.0.1:8550") == "http://192.168.1.5:8550/"
    monkeypatch.delenv("COMPANION_SHARE_URL")
    assert table_base("ws://127.0.0.1:8550") == "http://127.0.0.1:8550/"
    assert table_base(None) is None


def test_each_match_has_its_own_topic():
    assert table_topic(3) == "table/3" and table_topic(30) != table_topic(3)


# -- QR codes, decoded back -----------------------------------------------------------------------
def decode_png(png: bytes) -> list[str]:
    return [result.text for result in zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))]


def decode_text(drawing: str, scale: int = 6) -> list[str]:
    """A text QR code (blocks are light, two rows of modules a line) painted back into pixels."""
    rows = [line for line in drawing.splitlines() if line]
    width = max(len(line) for line in rows)
    image = Image.new("L", (width, len(rows) * 2), 255)
    for y, line in enumerate(rows):
        for x, char in enumerate(line.ljust(width)):
            top = char in "█▀"
            bottom = char in "█▄"
            image.putpixel((x, 2 * y), 255 if top else 0)
            image.putpixel((x, 2 * y + 1), 255 if bottom else 0)
    big = image.resize((width * scale, len(rows) * 2 * scale), Image.NEAREST)
    framed = Image.new("L", (big.width + 8 * scale, big.height + 8 * scale), 255)
    framed.paste(big, (4 * scale, 4 * scale))
    return [result.text for result in zxingcpp.read_barcodes(framed)]


def test_the_table_qr_code_decodes_to_the_exact_url(store):
    match_id = pig_match(store)
    url = table_url("http://192.168.1.20:8550/", match_id, store.table_key(match_id))
    assert decode_png(qr_png(url)) == [url]


def test_the_terminal_qr_code_decodes_to_the_exact_url():
    url = "http://192.168.1.20:8550/"
    assert decode_text(qr_text(url)) == [url]
    assert decode_text(qr_text(url + "x")) == [url + "x"]


def test_web_start_up_prints_the_address_and_its_qr_code():
    url = "http://192.168.1.20:8550/"
    banner = address_banner(url, "192.168.1.20")
    assert url in banner
    drawing = banner[banner.index("\n", banner.index("QR code")) + 1:]
    assert decode_text(drawing) == [url]


def test_a_loopback_server_prints_no_qr_code_but_what_to_do():
    banner = address_banner("http://127.0.0.1:8550/", "192.168.1.20")
    assert "█" not in banner and "--host 0.0.0.0" in banner and "192.168.1.20" in banner
    nowhere = address_banner("http://127.0.0.1:8550/", None, everywhere=True)
    assert "█" not in nowhere and "No network address" in nowhere


# -- the scoreboard -------------------------------------------------------------------------------
def test_the_scoreboard_while_playing(store):
    match_id = pig_match(store, seats=(3, 7))  # stored seats need not be 0 and 1
    play(store, match_id, {"roll": 5}, {"roll": 6}, {"hold": True}, {"roll": 4})
    snapshot = read_snapshot(store, match_id)
    board = scoreboard(snapshot.info, snapshot.session)
    assert board.status == "active" and not board.over
    assert board.to_move == 1
    assert [(line.seat, line.name, line.colour, line.score, line.place, line.to_move) for line in board.seats] == [
        (0, "Ana", "#d32f2f", 11, None, False),
        (1, "Ben", "#1976d2", 0, None, True),
    ]
    names = names_of(snapshot.info)
    assert names == {0: "Ana", 1: "Ben"}
    assert turn_text(en, board, names) == "Ben to move"
    assert status_text(en, board) == "Playing now"


def test_the_scoreboard_once_over_lists_by_place(store):
    match_id = pig_match(store)
    play(store, match_id, {"roll": 2}, {"hold": True}, {"roll": 6}, {"roll": 6}, {"roll": 6}, {"roll": 6},
         {"hold": True})
    snapshot = read_snapshot(store, match_id)
    board = scoreboard(snapshot.info, snapshot.session)
    assert board.over and board.status == "finished" and board.to_move is None
    assert [(line.name, line.score, line.place) for line in board.seats] == [("Ben", 24, 1), ("Ana", 2, 2)]
    assert not any(line.to_move for line in board.seats)
    assert turn_text(en, board, names_of(snapshot.info)) == "Ben won!"
    assert status_text(en, board) == "Finished"


def test_an_abandoned_match_says_so_and_names_no_turn(store):
    match_id = pig_match(store)
    play(store, match_id, {"roll": 3})
    store.abandon_match(match_id)
    snapshot = read_snapshot(store, match_id)
    board = scoreboard(snapshot.info, snapshot.session)
    assert board.status == "abandoned" and board.to_move is None
    assert status_text(en, board) == "Abandoned"
    assert turn_text(en, board, names_of(snapshot.info)) is None


def test_a_tie_and_an_open_turn_in_words():
    tie = Scoreboard(status="finished", over=True, to_move=None, winners=(0, 1), seats=())
    assert turn_text(en, tie, {0: "Ana", 1: "Ben"}) == "A tie: Ana, Ben"
    anyone = Scoreboard(status="active", over=False, to_move=None, winners=(), seats=())
    assert turn_text(en, anyone, {}) == "Every player may act now"
    assert turn_text(lambda key, **p: t(key, "ko", **p), Scoreboard("active", False, 1, (), ()), {1: "민수"}) \
        == "민수 차례"


def test_the_last_entries_in_the_game_s_words_newest_first(store):
    pytest.importorskip("views.replay")
    match_id = pig_match(store)
    play(store, match_id, {"roll": 5}, {"roll": 3}, {"hold": True}, {"roll": 1}, {"roll": 6})
    snapshot = read_snapshot(store, match_id)
    lines = recent_lines(en, "en", snapshot.game, snapshot.session, names_of(snapshot.info), most=3)
    assert lines == ["Ana rolled 6.", "Ben rolled a 1 and lost 0.", "Ana held 8 and has 8."]
    assert len(recent_lines(en, "en", snapshot.game, snapshot.session, names_of(snapshot.info))) == 5


def test_an_entry_without_a_sentence_is_still_listed(store, monkeypatch):
    from views import games

    match_id = pig_match(store)
    play(store, match_id, {"roll": 5}, {"roll": 3})
    snapshot = read_snapshot(store, match_id)
    monkeypatch.setattr(games, "game_sentence", lambda *args: None)  # a game whose sentences miss these entries
    lines = recent_lines(en, "en", snapshot.game, snapshot.session, names_of(snapshot.info))
    assert lines == ["Ana made entry 2.", "Ana made entry 1."]


def test_reading_the_table_writes_nothing(store):
    match_id = pig_match(store)
    play(store, match_id, {"roll": 4})
    snapshot = read_snapshot(store, match_id)
    snapshot.session.apply({"roll": 5})  # the view's session has no recorder
    assert store.last_seq(match_id) == 1


def test_moved_sees_new_entries_and_an_abandon(store):
    match_id = pig_match(store)
    snapshot = read_snapshot(store, match_id)
    assert not moved(store, snapshot, match_id, look_at_status=True)
    play(store, match_id, {"roll": 4})
    assert moved(store, snapshot, match_id, look_at_status=False)
    snapshot = read_snapshot(store, match_id)
    store.abandon_match(match_id)
    assert not moved(store, snapshot, match_id, look_at_status=False)  # no new entry ...
    assert moved(store, snapshot, match_id, look_at_status=True)  # ... but a new status
    assert not moved(store, None, match_id, look_at_status=True)


# -- the match screen announces what it stores -----------------------------------------------------
def test_a_stored_change_is_announced_and_a_refused_one_is_not(store):
    match_id = pig_match(store)
    live = LiveMatch.load(store, match_id)
    heard: list[int] = []
    live.announce_to(lambda changed: heard.append(changed.session.seq))
    assert live.apply({"roll": 4})
    assert heard == [1]
    assert not live.apply({"roll": 9})  # the rules refuse it: nothing stored, nothing said
    assert heard == [1]
    assert live.undo() and live.redo()
    assert heard == [1, 2, 3]
    live.abandon()
    assert len(heard) == 4
    live.announce_to(None)
    assert not live.apply({"roll": 2})  # abandoned: refused, and nobody is listening anyway
    assert len(heard) == 4


def test_a_failing_listener_does_not_undo_the_move(store):
    match_id = pig_match(store)
    live = LiveMatch.load(store, match_id)

    def broken(changed: LiveMatch) -> None:
        raise RuntimeError("pubsub is gone")

    live.announce_to(broken)
    assert live.apply({"roll": 4})
    assert store.last_seq(match_id) == 1 and live.error is None


def test_the_refusal_names_the_problem_in_both_languages():
    for lang in ("en", "ko"):
        text = t("table.refused", lang)
        assert text != "table.refused" and len(text) > 20
    assert re.search(r"not valid", t("table.refused", "en"))


def test_a_damaged_or_missing_match_is_a_problem_not_a_crash(store):
    from sqlalchemy import text

    from companion.session import CorruptLog
    from db import StoreError
    from views.screens.table import _load

    match_id = pig_match(store)
    with store.engine.begin() as connection:  # an entry the engine refuses: a die has no 9
        connection.execute(text("INSERT INTO events (match_id, seq, kind, payload, created_at) "
                                "VALUES (:m, 1, 'action', '{\"roll\": 9}', '2026-11-30 10:00:00')"), {"m": match_id})
    snapshot, problem = _load(store, match_id)
    assert snapshot is None and isinstance(problem, CorruptLog)
    snapshot, problem = _load(store, 999)
    assert snapshot is None and isinstance(problem, StoreError)

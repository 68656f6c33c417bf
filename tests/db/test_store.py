"""The Store API: round trips, refusals, all-or-nothing writes, cascade delete."""

from __future__ import annotations

import threading
from dataclasses import FrozenInstanceError
from datetime import UTC, datetime

import pytest
from sqlalchemy import text

from companion.i18n import catalogue, placeholders
from db import MatchInfo, SeatSpec, Store, errors
from tests.db.conftest import sqlite_only

# -- players ------------------------------------------------------------------------


def test_players_round_trip_sorted_by_name(store: Store) -> None:
    before = datetime.now(UTC)
    zoe = store.add_player("  Zoë  van  Dijk ", "#ABC")
    anna = store.add_player("anna", "#1976D2")
    assert (zoe.name, zoe.colour, zoe.archived) == ("Zoë van Dijk", "#aabbcc", False)
    assert anna.colour == "#1976d2"
    assert before <= zoe.created_at <= datetime.now(UTC)
    assert store.players() == [anna, zoe]
    assert store.player(zoe.id) == zoe
    with pytest.raises(FrozenInstanceError):
        zoe.name = "x"  # type: ignore[misc]


def test_rename_recolour_archive_restore(store: Store) -> None:
    anna = store.add_player("Anna", "#d32f2f")
    bo = store.add_player("Bo", "#1976d2")
    assert store.rename_player(anna.id, "Anne").name == "Anne"
    assert store.rename_player(anna.id, "ANNE").name == "ANNE"  # own name, other case
    assert store.set_player_colour(anna.id, "#000").colour == "#000000"
    assert store.archive_player(bo.id).archived
    assert [p.name for p in store.players()] == ["ANNE"]
    assert [p.name for p in store.players(include_archived=True)] == ["ANNE", "Bo"]
    assert not store.restore_player(bo.id).archived
    assert [p.name for p in store.players()] == ["ANNE", "Bo"]


def test_a_name_is_unique_among_players_in_use_without_case(store: Store) -> None:
    anna = store.add_player("Anna", "#d32f2f")
    with pytest.raises(errors.DuplicateName) as raised:
        store.add_player("ANNA", "#000000")
    assert raised.value.params == {"name": "ANNA"}
    bo = store.add_player("Bo", "#000000")
    with pytest.raises(errors.DuplicateName):
        store.rename_player(bo.id, "anna")
    store.archive_player(anna.id)
    new_anna = store.add_player("Anna", "#00ff00")  # the archived one's name is free
    with pytest.raises(errors.DuplicateName):
        store.restore_player(anna.id)
    store.rename_player(new_anna.id, "Anna B")
    assert store.restore_player(anna.id).name == "Anna"


@pytest.mark.parametrize(
    ("name", "colour", "error"),
    [
        ("", "#d32f2f", errors.EmptyName),
        ("   ", "#d32f2f", errors.EmptyName),
        (None, "#d32f2f", errors.EmptyName),
        ("x" * 81, "#d32f2f", errors.NameTooLong),
        ("Anna", "red", errors.BadColour),
        ("Anna", "#12345", errors.BadColour),
        ("Anna", "#gggggg", errors.BadColour),
        ("Anna", None, errors.BadColour),
    ],
)
def test_bad_players_are_refused(store: Store, name: object, colour: object, error: type) -> None:
    with pytest.raises(error):
        store.add_player(name, colour)  # type: ignore[arg-type]
    assert store.players(include_archived=True) == []


@pytest.mark.parametrize(
    "name",
    ["\u200b", "\ufeff", "\x00", "\u200b \ufeff\x00", "\u3164", "\u115f\u1160", "\u2800", "\u202e",
     "\u0301", "\ud800"],
    ids=["zero-width space", "BOM", "NUL", "all three", "Hangul filler", "Hangul jamo fillers", "blank Braille",
         "RTL override", "a combining accent alone", "lone surrogate"],
)
def test_a_name_with_nothing_to_see_is_refused(store: Store, name: str) -> None:
    with pytest.raises(errors.EmptyName) as raised:  # InvisibleName says why
        store.add_player(name, "#d32f2f")
    assert isinstance(raised.value, errors.InvisibleName)
    assert "invisible" in raised.value.message("en") and raised.value.message("ko") != raised.value.message("en")
    anna = store.add_player("Anna", "#d32f2f")
    with pytest.raises(errors.InvisibleName):
        store.rename_player(anna.id, name)
    assert [p.name for p in store.players(include_archived=True)] == ["Anna"]


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("\u202eAnna", "Anna"),  # an RTL override would show it reversed
        ("An\u200bna\ufeff", "Anna"),
        ("Bo\x00\x07\tKim\n", "Bo Kim"),  # a tab or a newline is a space; other control characters go
        ("\u2066민수\u2069", "민수"),
        ("\U0001f469\u200d\U0001f467", "\U0001f469\u200d\U0001f467"),  # an emoji sequence keeps its joiner
        ("\u0645\u06cc\u200c\u062e\u0648\u0627\u0645", "\u0645\u06cc\u200c\u062e\u0648\u0627\u0645"),
        ("Zoe\u0301", "Zoe\u0301"),  # a combining accent on a letter stays
    ],
)
def test_names_lose_control_and_reordering_characters(store: Store, typed: str, kept: str) -> None:
    assert store.add_player(typed, "#d32f2f").name == kept
    assert store.rename_player(store.players()[0].id, typed + " ").name == kept


@pytest.mark.parametrize("player_id", [999, "1", True, None])
def test_unknown_players(store: Store, player_id: object) -> None:
    store.add_player("Anna", "#d32f2f")
    for call in (store.player, store.archive_player, store.restore_player):
        with pytest.raises(errors.UnknownPlayer):
            call(player_id)  # type: ignore[arg-type]
    with pytest.raises(errors.UnknownPlayer):
        store.rename_player(player_id, "Bo")  # type: ignore[arg-type]


# -- matches --------------------------------------------------------------------------


def test_create_match_round_trip(store: Store, anna_and_min: tuple[int, int]) -> None:
    anna, min_ = anna_and_min
    setup = {"start": 3, "target": 50}
    match_id = store.create_match(
        "counter", setup, [SeatSpec(min_, 1, team=0), {"player_id": anna, "seat": 0, "team": 1}],
        variant="parejas",
    )
    info = store.match(match_id)
    assert isinstance(info, MatchInfo)
    assert (info.id, info.game, info.variant, info.setup, info.status) == (
        match_id, "counter", "parejas", {**setup, "players": 2}, "active",
    )
    assert info.is_active and info.finished_at is None and info.result is None
    assert info.started_at.tzinfo is UTC
    assert [(p.seat, p.player_id, p.name, p.colour, p.team) for p in info.participants] == [
        (0, anna, "Anna", "#d32f2f", 1),
        (1, min_, "민수", "#1976d2", 0),
    ]
    assert (info.event_count, info.last_event_at) == (0, None)
    assert info.seat_of(min_) == 1 and info.seat_of(12345) is None


@pytest.mark.parametrize(
    ("game", "setup", "seats", "error"),
    [
        ("chess", {}, "two", errors.GameNotPlayable),
        ("senet", {}, "none", errors.NoSeats),
        ("senet", {}, "dup", errors.DuplicateSeat),
        ("senet", {}, "twice", errors.PlayerSeatedTwice),
        ("senet", {}, "unknown", errors.UnknownPlayer),
        ("senet", {}, "negative", errors.BadSeat),
        ("senet", {}, "bool", errors.BadSeat),
        ("senet", {}, "team", errors.BadTeam),
        ("senet", {"pair": (1, 2)}, "two", errors.NotJson),  # would come back a list
        ("senet", {1: "a"}, "two", errors.NotJson),  # would come back "1"
        ("senet", {"x": float("nan")}, "two", errors.NotJson),
        ("senet", {"x": object()}, "two", errors.NotJson),
        ("senet", [1, 2], "two", errors.NotJson),
    ],
)
def test_bad_matches_are_refused_and_leave_nothing(
    store: Store, anna_and_min: tuple[int, int], game, setup, seats, error
) -> None:
    anna, min_ = anna_and_min
    seatings = {
        "none": [],
        "two": [SeatSpec(anna, 0), SeatSpec(min_, 1)],
        "dup": [SeatSpec(anna, 0), SeatSpec(min_, 0)],
        "twice": [SeatSpec(anna, 0), SeatSpec(anna, 1)],
        "unknown": [SeatSpec(anna, 0), SeatSpec(999, 1)],
        "negative": [SeatSpec(anna, -1)],
        "bool": [SeatSpec(anna, True)],  # type: ignore[arg-type]
        "team": [SeatSpec(anna, 0, team="red")],  # type: ignore[arg-type]
    }
    with pytest.raises(error):
        store.create_match(game, setup, seatings[seats])
    _assert_no_matches(store)


def test_an_archived_player_cannot_be_seated(store: Store, anna_and_min: tuple[int, int]) -> None:
    anna, min_ = anna_and_min
    store.archive_player(min_)
    with pytest.raises(errors.PlayerArchived) as raised:
        store.create_match("senet", {}, [SeatSpec(anna, 0), SeatSpec(min_, 1)])
    assert raised.value.params["name"] == "민수"
    _assert_no_matches(store)


def test_a_failing_write_leaves_nothing_half_written(
    store: Store, anna_and_min: tuple[int, int]
) -> None:
    """The database refuses the second seat after the match row is written: all is undone."""
    sqlite_only(store, "the fault is injected with an SQLite trigger")
    anna, min_ = anna_and_min
    with store.engine.begin() as connection:
        connection.execute(
            text(
                "CREATE TRIGGER no_seat_9 BEFORE INSERT ON participants WHEN NEW.seat = 9 "
                "BEGIN SELECT RAISE(ABORT, 'seat 9 is cursed'); END"
            )
        )
    with pytest.raises(errors.DatabaseFailed, match="seat 9 is cursed"):
        store.create_match("senet", {}, [SeatSpec(anna, 0), SeatSpec(min_, 9)])
    _assert_no_matches(store)
    assert store.create_match("senet", {}, [SeatSpec(anna, 0), SeatSpec(min_, 1)]) > 0


def _assert_no_matches(store: Store) -> None:
    with store.engine.connect() as connection:
        for table in ("matches", "participants", "events"):
            assert connection.execute(text(f"SELECT count(*) FROM {table}")).scalar() == 0


# -- the event log --------------------------------------------------------------------

ENTRIES = [
    {"kind": "action", "action": {"op": "play", "throw": 3, "move": {"from": 24}}},
    {"kind": "action", "action": {"op": "pass", "note": "짝수", "ok": True, "x": 1.5, "n": None}},
    {"kind": "undo"},
    {"kind": "redo"},
    {"kind": "undo"},
    {"kind": "action", "action": {"op": "draw", "chips": ["orange", 1, [2, 3]]}},
]


def test_events_round_trip_in_order(store: Store, match_id: int) -> None:
    seqs = [store.append_event(match_id, entry) for entry in ENTRIES]
    assert seqs == [1, 2, 3, 4, 5, 6]
    assert store.events(match_id) == ENTRIES
    info = store.match(match_id)
    assert info.event_count == 6
    assert info.last_event_at is not None and info.last_event_at >= info.started_at


def test_logs_of_two_matches_do_not_mix(store: Store, match_id: int, anna_and_min) -> None:
    other = store.create_match("counter", {}, [SeatSpec(anna_and_min[0], 0)])
    assert store.append_event(match_id, {"kind": "undo"}) == 1
    assert store.append_event(other, {"kind": "redo"}) == 1
    assert store.append_event(match_id, {"kind": "redo"}) == 2
    assert store.events(match_id) == [{"kind": "undo"}, {"kind": "redo"}]
    assert store.events(other) == [{"kind": "redo"}]


@pytest.mark.parametrize(
    ("entry", "error"),
    [
        ({"kind": "snapshot"}, errors.UnknownKind),
        ({}, errors.UnknownKind),
        ("undo", errors.UnknownKind),
        ({"kind": "undo", "action": {"op": "x"}}, errors.BadEntry),
        ({"kind": "action", "action": {}, "seq": 3}, errors.BadEntry),
        ({"kind": "action"}, errors.MissingAction),
        ({"kind": "action", "action": "roll"}, errors.MissingAction),
        ({"kind": "action", "action": {"move": (1, 2)}}, errors.NotJson),
        ({"kind": "action", "action": {"seats": {0: 1}}}, errors.NotJson),
        ({"kind": "action", "action": {"when": datetime.now()}}, errors.NotJson),
    ],
)
def test_bad_entries_are_refused(store: Store, match_id: int, entry: object, error: type) -> None:
    with pytest.raises(error):
        store.append_event(match_id, entry)  # type: ignore[arg-type]
    assert store.events(match_id) == []
    assert store.append_event(match_id, {"kind": "undo"}) == 1


def test_unknown_match(store: Store) -> None:
    calls = [
        lambda: store.match(5),
        lambda: store.events(5),
        lambda: store.append_event(5, {"kind": "undo"}),
        lambda: store.finish_match(5, {}, {}, {}),
        lambda: store.abandon_match(5),
        lambda: store.delete_match(5),
        lambda: store.match("5"),  # type: ignore[arg-type]
    ]
    for call in calls:
        with pytest.raises(errors.UnknownMatch):
            call()


# -- finishing, abandoning, listing, deleting --------------------------------------------


def test_finish_match(store: Store, match_id: int, anna_and_min) -> None:
    store.append_event(match_id, ENTRIES[0])
    result = {"over": True, "winner": 1, "draw": False, "score": {0: 3, 1: 5}}
    info = store.finish_match(match_id, result, scores={0: 3, 1: 5}, placings={0: 2, 1: 1})
    assert info == store.match(match_id)
    assert info.status == "finished" and info.finished_at is not None
    assert info.result == {"over": True, "winner": 1, "draw": False, "score": {"0": 3, "1": 5}}
    assert [(p.seat, p.final_score, p.placing) for p in info.participants] == [(0, 3, 2), (1, 5, 1)]
    assert store.unfinished_matches() == []
    with pytest.raises(errors.MatchFinished) as raised:
        store.append_event(match_id, {"kind": "undo"})
    assert raised.value.params == {"match_id": match_id, "status": "finished"}
    assert isinstance(raised.value, errors.MatchNotActive)
    with pytest.raises(errors.MatchFinished):
        store.finish_match(match_id, {}, {}, {})
    with pytest.raises(errors.MatchFinished):
        store.abandon_match(match_id)
    assert store.events(match_id) == [ENTRIES[0]]  # the log stays readable


@pytest.mark.parametrize(
    ("result", "scores", "placings", "error"),
    [
        ({}, {0: 3, 7: 1}, {}, errors.UnknownSeat),
        ({}, {0: 3}, {5: 1}, errors.UnknownSeat),
        ({}, {0: "3"}, {}, errors.BadScore),
        ({}, {}, {0: 0}, errors.BadPlacing),
        ({"x": {1, 2}}, {}, {}, errors.NotJson),
        ("won", {}, {}, errors.NotJson),
    ],
)
def test_a_refused_finish_changes_nothing(
    store: Store, match_id: int, result, scores, placings, error
) -> None:
    with pytest.raises(error):
        store.finish_match(match_id, result, scores, placings)
    info = store.match(match_id)
    assert info.status == "active" and info.result is None and info.finished_at is None
    assert all(p.final_score is None and p.placing is None for p in info.participants)


def test_reopen_match_after_an_undo_of_the_last_move(store: Store, match_id: int) -> None:
    store.append_event(match_id, ENTRIES[0])
    store.finish_match(match_id, {"over": True, "winner": 0}, {0: 5, 1: 3}, {0: 1, 1: 2})
    info = store.reopen_match(match_id)
    assert info == store.match(match_id)
    assert (info.status, info.finished_at, info.result) == ("active", None, None)
    assert all(p.final_score is None and p.placing is None for p in info.participants)
    assert store.append_event(match_id, {"kind": "undo"}) == 2
    assert [m.id for m in store.unfinished_matches()] == [match_id]
    assert store.history() == []
    assert store.reopen_match(match_id) == store.match(match_id)  # active: no change
    store.abandon_match(match_id)
    assert store.reopen_match(match_id).status == "active"
    with pytest.raises(errors.UnknownMatch):
        store.reopen_match(match_id + 1)


def test_abandon_match(store: Store, match_id: int) -> None:
    info = store.abandon_match(match_id)
    assert info.status == "abandoned" and info.finished_at is not None
    with pytest.raises(errors.MatchAbandoned):
        store.append_event(match_id, {"kind": "undo"})
    assert store.unfinished_matches() == []
    assert store.history() == []
    assert [m.id for m in store.history(include_abandoned=True)] == [match_id]


def test_unfinished_and_history_are_newest_first(
    store: Store, anna_and_min: tuple[int, int]
) -> None:
    anna, min_ = anna_and_min
    ids = [
        store.create_match(game, {}, [SeatSpec(anna, 0), SeatSpec(min_, 1)])
        for game in ("senet", "counter", "senet", "counter", "senet")
    ]
    solo = store.create_match("counter", {}, [SeatSpec(min_, 0)])
    assert [m.id for m in store.unfinished_matches()] == [solo, *reversed(ids)]
    for match_id in (ids[2], ids[0], ids[1], ids[4]):  # finishing order
        store.finish_match(match_id, {"over": True})
    assert [m.id for m in store.unfinished_matches()] == [solo, ids[3]]
    assert [m.id for m in store.history()] == [ids[4], ids[1], ids[0], ids[2]]
    assert [m.id for m in store.history(limit=2)] == [ids[4], ids[1]]
    assert [m.id for m in store.history(limit=2, offset=2)] == [ids[0], ids[2]]
    assert [m.id for m in store.history(game="senet")] == [ids[4], ids[0], ids[2]]
    assert [m.id for m in store.history(game="parchis")] == []
    store.finish_match(solo, {})
    assert [m.id for m in store.history(player_id=anna)] == [ids[4], ids[1], ids[0], ids[2]]
    assert [m.id for m in store.history(player_id=min_, limit=1)] == [solo]


def test_archived_players_keep_their_history(store: Store, match_id: int, anna_and_min) -> None:
    store.finish_match(match_id, {}, {0: 1, 1: 2}, {0: 2, 1: 1})
    store.archive_player(anna_and_min[0])
    [info] = store.history(player_id=anna_and_min[0])
    assert info.participants[0].name == "Anna" and info.participants[0].final_score == 1


def test_delete_match_cascades_to_seats_and_log(store: Store, match_id: int) -> None:
    for entry in ENTRIES:
        store.append_event(match_id, entry)
    keep = store.create_match("counter", {}, [SeatSpec(store.players()[0].id, 0)])
    store.append_event(keep, {"kind": "undo"})
    store.delete_match(match_id)
    with pytest.raises(errors.UnknownMatch):
        store.match(match_id)
    with store.engine.connect() as connection:
        count = lambda table: connection.execute(  # noqa: E731
            text(f"SELECT count(*) FROM {table} WHERE match_id = :m"), {"m": match_id}
        ).scalar()
        assert count("participants") == 0 and count("events") == 0
    assert len(store.players()) == 2  # players stay
    assert store.events(keep) == [{"kind": "undo"}]  # other matches untouched


# -- rows that cannot be read back ------------------------------------------------------


@pytest.mark.parametrize(
    ("sql", "error", "seq"),
    [
        ("UPDATE events SET payload = '{\"op\": ' WHERE seq = 2", errors.EventBadJson, 2),
        ("UPDATE events SET kind = 'snapshot' WHERE seq = 3", errors.EventUnknownKind, 3),
        ("UPDATE events SET payload = NULL WHERE seq = 1", errors.EventWithoutAction, 1),
        ("UPDATE events SET payload = '[1, 2]' WHERE seq = 2", errors.EventWithoutAction, 2),
        ("DELETE FROM events WHERE seq = 2", errors.EventMissing, 2),
    ],
)
def test_a_corrupt_row_is_named_not_crashed_on(
    store: Store, match_id: int, sql: str, error: type, seq: int
) -> None:
    sqlite_only(store, "PostgreSQL's json type refuses the broken row itself")
    for entry in ENTRIES[:4]:
        store.append_event(match_id, entry)
    with store.engine.begin() as connection:
        connection.execute(text(sql))
    with pytest.raises(error) as raised:
        store.events(match_id)
    assert isinstance(raised.value, errors.CorruptEvent)
    assert (raised.value.match_id, raised.value.seq) == (match_id, seq)
    assert f"Match {match_id}" in str(raised.value) and f"#{seq}" in str(raised.value)
    assert store.match(match_id).event_count in (3, 4)  # the rest of the store still works
    assert [m.id for m in store.unfinished_matches()] == [match_id]


def test_a_corrupt_match_row_is_named(store: Store, match_id: int) -> None:
    sqlite_only(store, "PostgreSQL's json type refuses the broken row itself")
    with store.engine.begin() as connection:
        connection.execute(text("UPDATE matches SET setup = '{broken' WHERE id = :m"), {"m": match_id})
    for call in (lambda: store.match(match_id), store.unfinished_matches):
        with pytest.raises(errors.CorruptMatch) as raised:
            call()
        assert raised.value.params == {"match_id": match_id, "field": "setup"}
    assert store.events(match_id) == []  # the log can still be read
    store.delete_match(match_id)  # and the table's remedy still works
    assert store.unfinished_matches() == []


# -- many writers ------------------------------------------------------------------------


def test_concurrent_appends_get_distinct_seqs(store: Store, match_id: int) -> None:
    def tap(n: int) -> None:
        for i in range(15):
            store.append_event(match_id, {"kind": "action", "action": {"t": n, "i": i}})

    threads = [threading.Thread(target=tap, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    log = store.events(match_id)
    assert len(log) == 60
    for n in range(4):  # each writer's entries are in its own order
        assert [e["action"]["i"] for e in log if e["action"]["t"] == n] == list(range(15))


def test_an_in_memory_store_is_one_database_for_every_thread() -> None:
    with Store("sqlite://") as memory:
        anna = memory.add_player("Anna", "#d32f2f")
        seen: list[object] = []
        thread = threading.Thread(target=lambda: seen.append(memory.players()))
        thread.start()
        thread.join()
        assert seen == [[anna]]


def test_two_stores_on_one_database_share_the_log(store: Store, match_id: int) -> None:
    with Store(store.engine.url.render_as_string(hide_password=False)) as other:
        assert store.append_event(match_id, {"kind": "undo"}) == 1
        assert other.append_event(match_id, {"kind": "redo"}) == 2
        assert store.events(match_id) == other.events(match_id) == [
            {"kind": "undo"},
            {"kind": "redo"},
        ]


# -- messages ------------------------------------------------------------------------------


def _error_classes() -> list[type[errors.StoreError]]:
    found = []
    for value in vars(errors).values():
        if isinstance(value, type) and issubclass(value, errors.StoreError):
            found.append(value)
    return found


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_every_error_has_a_message_in_both_languages(lang: str) -> None:
    texts = catalogue(lang)
    english = catalogue("en")
    for error in _error_classes():
        assert error.message_id in texts, (lang, error.message_id)
        assert placeholders(texts[error.message_id]) == placeholders(english[error.message_id])
    ids = {error.message_id for error in _error_classes()}
    assert {key for key in texts if key.startswith("store.")} == ids


def test_errors_render_in_korean(store: Store) -> None:
    with pytest.raises(errors.UnknownPlayer) as raised:
        store.player(42)
    assert raised.value.message_id == "store.unknown_player"
    assert raised.value.params == {"player_id": 42}
    assert str(raised.value) == "There is no player 42."
    assert raised.value.message("ko") == "42번 플레이어가 없습니다."

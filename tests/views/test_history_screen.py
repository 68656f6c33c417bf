"""The history and record screens' plain parts: the filter read from the address, a row in words,
the read-only replay, the log in words, and delete → undo through the screens' own functions.

Matches are played through LiveMatch on a real SQLite store (Pig to 20: short, every entry a
real one), so the replay is compared with the engine's own replay of the stored log.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from companion.games import game
from companion.i18n import t
from companion.session import MatchSession
from db import SeatSpec, Store
from db.history import HistoryRow, SeatLine, history_page, match_page
from views.history_data import (
    Filters,
    OlderPages,
    add_page,
    duration_text,
    parse_filters,
    players_text,
    row_text,
    row_title,
    row_view,
    shown_pages,
    unfinished_matching,
)
from views.history_widgets import delete_with_undo, undo_delete
from views.live import LiveMatch
from views.model import AppModel, Screen, parse_route
from views.replay import READ_ONLY, ReplayMatch, log_lines, replay_step

GAMES = ("senet", "pig", "quacks")
PIG_GAME = [{"roll": 6}, {"roll": 5}, {"hold": True}, {"roll": 1}, {"roll": 6}, "undo", "redo",
            {"roll": 6}, {"roll": 6}, {"hold": True}]  # Ana: 11, then 6 + 6 + 6 = 18 more: 29 ≥ 20


def tr(key: str, **params) -> str:
    return t(key, "en", **params)


@pytest.fixture
def store(tmp_path) -> Store:
    return Store(f"sqlite:///{tmp_path / 'history.db'}")


def players(store: Store) -> tuple[int, int]:
    return store.add_player("Ana", "#d32f2f").id, store.add_player("Ben", "#1976d2").id


def pig_match(store: Store, ana: int, ben: int, entries=PIG_GAME) -> int:
    match_id = store.create_match("pig", {"target": 20}, [SeatSpec(ana, 0), SeatSpec(ben, 1)])
    live = LiveMatch.load(store, match_id)
    for entry in entries:
        done = live.undo() if entry == "undo" else live.redo() if entry == "redo" else live.apply(entry)
        assert done, live.error
    return match_id


# -- the filter, from the address -----------------------------------------------------------------
def test_the_filter_is_read_from_the_address():
    screen = parse_route("/history?game=senet&player=3&since=2026-03-01&until=2026-03-31")
    filters = parse_filters(screen, GAMES)
    assert filters == Filters("senet", 3, date(2026, 3, 1), date(2026, 3, 31))
    where = filters.where
    assert where.game == "senet" and where.player_id == 3 and where.include_abandoned
    # Days on this device's clock, the end day included: the store's bound is the next midnight.
    assert where.since == datetime(2026, 3, 1).astimezone()
    assert where.until == datetime(2026, 4, 1).astimezone()
    assert where.until - where.since >= timedelta(days=30, hours=23)


def test_a_filter_goes_back_into_the_address_unchanged():
    filters = Filters("pig", 7, date(2026, 1, 2), None)
    route = Screen("history", tuple(sorted(filters.route_params().items()))).route
    assert route == "/history?game=pig&player=7&since=2026-01-02"
    assert parse_filters(parse_route(route), GAMES) == filters
    assert filters.route_params(game=None, until="2026-01-05") == {"player": 7, "since": "2026-01-02",
                                                                    "until": "2026-01-05"}


@pytest.mark.parametrize("bad", ["yesterday", "2026-02-30", "2026-3-1", "20260301", "2026-W09-1"])
def test_a_malformed_date_is_named_and_left_out(bad):
    filters = parse_filters(Screen("history", (("since", bad), ("until", "2026-03-31"))), GAMES)
    assert filters.since is None and filters.until == date(2026, 3, 31)
    assert filters.problems == (("history_ui.bad_since", {"value": bad}),)
    assert bad in tr(*filters.problems[0][:1], **filters.problems[0][1])
    assert parse_filters(Screen("history", (("until", bad),)), GAMES).problems == (
        ("history_ui.bad_until", {"value": bad}),)


def test_reversed_days_and_an_unknown_game_are_said():
    filters = parse_filters(Screen("history", (("game", "chess"), ("since", "2026-03-05"), ("until", "2026-03-01"))),
                            GAMES)
    assert filters.game is None
    assert [key for key, _ in filters.problems] == ["history_ui.unknown_game", "history_ui.dates_reversed"]
    assert filters.since == date(2026, 3, 5) and filters.until == date(2026, 3, 1)  # kept: nothing fits
    assert not parse_filters(Screen("history"), GAMES).any


def test_unfinished_matches_are_filtered_the_same_way(store):
    ana, ben = players(store)
    cy = store.add_player("Cy", "#388e3c").id
    pig = store.create_match("pig", {"target": 20}, [SeatSpec(ana, 0), SeatSpec(ben, 1)])
    senet = store.create_match("senet", {}, [SeatSpec(ben, 0), SeatSpec(cy, 1)])
    playing = store.unfinished_matches()
    today = datetime.now(UTC).astimezone().date()
    ids = lambda filters: sorted(m.id for m in unfinished_matching(playing, filters))  # noqa: E731
    assert ids(Filters()) == sorted([pig, senet])
    assert ids(Filters(game="pig")) == [pig]
    assert ids(Filters(player_id=cy)) == [senet]
    assert ids(Filters(player_id=ben)) == sorted([pig, senet])
    assert ids(Filters(since=today, until=today)) == sorted([pig, senet])
    assert ids(Filters(since=today + timedelta(days=1))) == []
    assert ids(Filters(until=today - timedelta(days=1))) == []


# -- a row in words -----------------------------------------------------------------------------
def history_row(status="finished", minutes=65, seats=None) -> HistoryRow:
    start = datetime(2026, 3, 1, 17, 0, tzinfo=UTC)
    seats = seats or (SeatLine(0, 1, "Ana", "#d32f2f", None, 4, 2), SeatLine(1, 2, "Ben", "#1976d2", None, 7, 1))
    return HistoryRow(5, "u" * 32, "senet", None, status, start,
                      start + timedelta(minutes=minutes) if status != "active" else None, seats)


def test_a_row_names_players_best_first_with_placing_score_date_and_duration():
    row = row_view(history_row())
    when = datetime(2026, 3, 1, 17, 0, tzinfo=UTC).astimezone().strftime("%Y-%m-%d %H:%M")
    assert row_text(tr, row) == f"1. Ben 7 · 2. Ana 4\nFinished · {when} · 1 h 05 min"
    assert row.destination == ("record", 5)
    assert row_title(tr, row) == "Bell's Senet · #5"
    abandoned = row_view(history_row("abandoned", 3, (SeatLine(0, 1, "Ana", "#d32f2f", None, None, None),
                                                      SeatLine(1, 2, "Ben", "#1976d2", None, 2, None))))
    assert row_text(tr, abandoned) == f"Ana · Ben 2\nAbandoned · {when} · 3 min"
    assert abandoned.destination == ("record", 5)


def test_an_unfinished_match_opens_the_match_screen(store):
    ana, ben = players(store)
    match_id = store.create_match("pig", {"target": 20}, [SeatSpec(ana, 0), SeatSpec(ben, 1)])
    row = row_view(store.match(match_id))
    assert row.destination == ("match", match_id)
    assert players_text(tr, row.seats) == "Ana · Ben"
    assert row_text(tr, row).splitlines()[1].startswith("In progress · ")  # no duration yet


@pytest.mark.parametrize(("length", "text"), [
    (timedelta(seconds=59), "under a minute"), (timedelta(minutes=1), "1 min"), (timedelta(minutes=59), "59 min"),
    (timedelta(minutes=60), "1 h 00 min"), (timedelta(hours=2, minutes=7, seconds=59), "2 h 07 min"), (None, None),
])
def test_durations(length, text):
    assert duration_text(tr, length) == text


# -- the replay: the game's own screen, read-only ------------------------------------------------------
def test_step_n_is_the_engine_replaying_the_first_n_entries(store):
    ana, ben = players(store)
    match_id = pig_match(store, ana, ben)
    page = match_page(store, match_id)
    entries = store.events(match_id)
    assert len(entries) == len(PIG_GAME)
    states = set()
    for step in range(len(entries) + 1):
        replay = ReplayMatch.build(store, page, store.match(match_id), game("pig"), step)
        expected = MatchSession.resume(game("pig"), page.setup, entries[:step])
        assert (replay.step, replay.total) == (step, len(entries))
        assert replay.session.seq == step  # the session holds exactly the first `step` entries
        assert replay.state == expected.state
        assert replay.outcome == expected.outcome()
        states.add(repr(replay.state))
    assert len(states) >= len(entries) - 2  # the steps really differ (undo/redo return to earlier states)
    last = ReplayMatch.build(store, page, store.match(match_id), game("pig"), len(entries))
    assert last.outcome.over and last.outcome.winners == (0,)
    assert last.names == {0: "Ana", 1: "Ben"}


@pytest.mark.parametrize(("asked", "step"), [(None, 0), ("3", 0), (True, 0), (-4, 0), (4, 4), (99, 10)])
def test_a_step_out_of_range_is_kept_inside_the_log(asked, step):
    assert replay_step(asked, 10) == step


def test_a_replay_refuses_every_change_and_stores_nothing(store):
    ana, ben = players(store)
    match_id = pig_match(store, ana, ben, PIG_GAME[:4])  # Ben's turn, not finished
    before = (store.events(match_id), store.match(match_id))
    page = match_page(store, match_id)
    replay = ReplayMatch.build(store, page, store.match(match_id), game("pig"), 2)
    state = replay.state
    assert replay.session.can_undo and not replay.session.can_redo
    for attempt in (lambda: replay.apply({"roll": 3}), replay.roll, replay.undo, replay.redo):
        assert attempt() is False
        assert replay.error is not None and replay.error.message_id == READ_ONLY
        replay.error = None
    replay.abandon()
    assert replay.error is not None and replay.error.message_id == READ_ONLY
    assert replay.error_text("en") == tr(READ_ONLY) and "replay" in replay.error_text("en")
    assert replay.error_text("ko") == t(READ_ONLY, "ko") != replay.error_text("en")
    assert replay.refresh() is False
    assert replay.state == state and replay.step == 2
    assert (store.events(match_id), store.match(match_id)) == before  # nothing reached the store
    assert store.match(match_id).status == "active"


# -- the log in words --------------------------------------------------------------------------------
def test_the_log_reads_in_the_games_own_words(store):
    ana, ben = players(store)
    match_id = pig_match(store, ana, ben)
    lines = log_lines(tr, "en", game("pig"), match_page(store, match_id), {0: "Ana", 1: "Ben"})
    assert lines == [
        "Ana rolled 6.", "Ana rolled 5.", "Ana held 11 and has 11.", "Ben rolled a 1 and lost 0.",
        "Ana rolled 6.", "Undo (takes back entry 5)", "Redo (puts back entry 5)",
        "Ana rolled 6.", "Ana rolled 6.", "Ana held 18 and has 29.",
    ]


def test_a_log_the_engine_refuses_or_does_not_know_says_so_in_words(store):
    from tests.history.seed import LOG_SAMPLE, Seat, add_match

    ana, ben = players(store)
    # Senet-shaped entries in a Pig match: the engine refuses the first, every line is plain.
    broken = add_match(store, "pig", [Seat(ana, 5, 1), Seat(ben, 3, 2)], finished=datetime.now(UTC), log=LOG_SAMPLE)
    lines = log_lines(tr, "en", game("pig"), match_page(store, broken), {0: "Ana", 1: "Ben"})
    assert lines == ["Entry 1 cannot be replayed by this version of the app.",
                     "Entry 2 cannot be replayed by this version of the app.",
                     "Undo (takes back entry 2)", "Redo (puts back entry 2)",
                     "Entry 5 cannot be replayed by this version of the app."]
    assert log_lines(tr, "en", None, match_page(store, broken), {})[0] == (
        "Entry 1 cannot be replayed by this version of the app.")
    assert not any("{" in line or ":" in line for line in lines)  # no raw entry


def test_an_entry_the_game_has_no_words_for_says_who_made_it(store, monkeypatch):
    from views import games

    ana, ben = players(store)
    match_id = pig_match(store, ana, ben)
    monkeypatch.setattr(games, "game_sentence", lambda *args: None)  # a game whose sentences miss an entry
    lines = log_lines(tr, "en", game("pig"), match_page(store, match_id), {0: "Ana", 1: "Ben"})
    assert lines[0] == "Ana made entry 1."
    ko = log_lines(lambda key, **p: t(key, "ko", **p), "ko", game("pig"), match_page(store, match_id), {0: "Ana"})
    assert ko[0] == "Ana 님이 1번째 수를 입력했습니다."


# -- delete, then undo -------------------------------------------------------------------------------
def test_delete_then_undo_puts_the_same_match_back(store):
    ana, ben = players(store)
    keep = pig_match(store, ana, ben)
    doomed = pig_match(store, ben, ana)
    model = AppModel(store=store, lang="en")
    before = match_page(store, doomed)
    version = model.data_version

    assert delete_with_undo(model, doomed)
    assert [s.match_id for s in model.deleted] == [doomed]
    assert model.data_version > version
    assert [row.id for row in history_page(store).rows] == [keep]
    with pytest.raises(Exception, match=str(doomed)):
        match_page(store, doomed)

    assert undo_delete(model, doomed) == doomed
    assert model.deleted == []
    assert model.notice == f"Match {doomed} is back."
    assert match_page(store, doomed) == before  # seats, result, log and times as they were
    assert sorted(row.id for row in history_page(store).rows) == sorted([keep, doomed])
    assert undo_delete(model, doomed) is None  # nothing kept any more: nothing happens


def test_deleting_a_match_that_is_gone_says_so_and_keeps_nothing(store):
    model = AppModel(store=store, lang="en")
    assert delete_with_undo(model, 999) is False
    assert model.deleted == [] and "999" in (model.notice or "")


# -- paging: older pages kept by the screen until the data changes -------------------------------
def test_older_pages_follow_the_first_until_the_data_changes(store):
    from tests.history.seed import Seat, add_match

    ana, ben = players(store)
    start = datetime(2026, 3, 1, 12, tzinfo=UTC)
    made = [add_match(store, "pig", [Seat(ana, 20, 1), Seat(ben, 3, 2)], finished=start + timedelta(minutes=i))
            for i in range(5)]
    first = history_page(store, limit=2)
    rows, mark = shown_pages(first, OlderPages(0), version=0)
    assert [r.id for r in rows] == made[:2:-1][:2] == [made[4], made[3]] and mark == first.next
    older = add_page(OlderPages(0), 0, history_page(store, after=mark, limit=2))
    rows, mark = shown_pages(first, older, version=0)
    assert [r.id for r in rows] == [made[4], made[3], made[2], made[1]]
    older = add_page(older, 0, history_page(store, after=mark, limit=2))
    rows, mark = shown_pages(first, older, version=0)
    assert [r.id for r in rows] == made[::-1] and mark is None
    # The data changed (version 1): the pages read before are dropped, the first page stands alone.
    assert shown_pages(first, older, version=1) == (first.rows, first.next)
    assert add_page(older, 1, history_page(store, after=first.next, limit=2)).rows == history_page(
        store, after=first.next, limit=2).rows


def test_a_senet_log_reads_like_its_screen_without_the_screens_last_move_label(store):
    ana, ben = players(store)
    match_id = store.create_match("senet", {}, [SeatSpec(ana, 0), SeatSpec(ben, 1)])
    live = LiveMatch.load(store, match_id)
    for action in ({"throw": 3}, {"move": {"from": 19}}, {"throw": 2}):
        assert live.apply(action), live.error
    lines = log_lines(tr, "en", game("senet"), match_page(store, match_id), {0: "Ana", 1: "Ben"})
    assert lines == ["Ana threw 3.", "Ana moved the piece on 19 to 22 (throw 3).", "Ben threw 2."]
    ko = log_lines(lambda key, **p: t(key, "ko", **p), "ko", game("senet"), match_page(store, match_id),
                   {0: "Ana", 1: "Ben"})
    assert ko[1] == t("senet_ui.said.move", "ko", name="Ana", frm=19, to=22, throw=3)
    assert not ko[1].startswith("지난 수")

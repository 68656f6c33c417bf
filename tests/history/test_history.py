"""History pages (seek paging, filters), a match's page, delete with undo."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy.orm import Session

import db.history
from db import SeatSpec, Store, errors
from db.history import (
    HistoryFilter,
    PageMark,
    delete_match_recoverably,
    history_games,
    history_page,
    match_page,
    restore,
)
from tests.history.conftest import module_store
from tests.history.seed import LOG_SAMPLE, T0, Seat, add_match, add_player

GAMES = ("senet", "quacks", "parchis")


Row = tuple[datetime, int, str, set[int]]  # finished_at, id, game, player ids


@dataclass
class Many:
    anna: int
    bo: int
    chen: int
    expected: list[Row]  # newest first
    abandoned: int
    active: int


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def paged(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, migrated_history_file: Path
) -> Iterator[tuple[Store, Many]]:
    """The paging database, seeded once per module (tests must only read it)."""
    with module_store(request.param, tmp_path_factory.mktemp("paged"), migrated_history_file, "paged") as opened:
        yield opened, seed_many(opened)


def seed_many(store: Store) -> Many:
    with store.writing() as session:
        return _seed_many(session)


def _seed_many(store: Session) -> Many:
    """31 matches: finish times in steps of 10 minutes with every third one repeating its
    predecessor's (ties are broken by id), games in turn, Anna in all, Bo in every other,
    Chen in one; plus an abandoned and an active match."""
    anna, bo, chen = (add_player(store, name) for name in ("Anna", "Bo", "Chen"))
    expected: list[Row] = []
    finished = T0
    for i in range(31):
        if i % 3 != 2:
            finished = T0 + timedelta(minutes=10 * i)
        game = GAMES[i % 3]
        seats = [Seat(anna, i, 1)]
        if i % 2 == 0:
            seats.append(Seat(bo, 0, 2))
        if i == 17:
            seats.append(Seat(chen, 0, 3))
        match_id = add_match(store, game, seats, finished=finished, minutes=5 + i)
        expected.append((finished, match_id, game, {s.player for s in seats}))
    abandoned = add_match(store, "senet", [Seat(anna), Seat(bo)], finished=T0 + timedelta(hours=9), status="abandoned")
    active = add_match(store, "senet", [Seat(anna), Seat(bo)], finished=None, status="active")
    expected.sort(key=lambda row: (row[0], row[1]), reverse=True)
    return Many(anna, bo, chen, expected, abandoned, active)


def walk(store: Store, where: HistoryFilter, size: int) -> list[int]:
    """Every id the pages show, following each page's mark; checks page sizes on the way."""
    ids: list[int] = []
    after = None
    while True:
        page = history_page(store, where, after, size)
        assert len(page.rows) <= size
        ids.extend(row.id for row in page.rows)
        if page.next is None:
            return ids
        assert len(page.rows) == size
        assert page.next == page.rows[-1].mark
        after = page.next


def ids_of(rows: list[Row], keep: Callable[[Row], bool] = lambda row: True) -> list[int]:
    return [row[1] for row in rows if keep(row)]


@pytest.mark.parametrize("size", [1, 4, 31, 50])
def test_pages_run_newest_first_without_gaps_or_repeats(paged: tuple[Store, Many], size: int) -> None:
    store, many = paged
    assert walk(store, HistoryFilter(), size) == ids_of(many.expected)


def test_the_first_page_and_its_rows(paged: tuple[Store, Many]) -> None:
    store, many = paged
    page = history_page(store, limit=3)
    newest = many.expected[0]
    row = page.rows[0]
    assert (row.id, row.game, row.finished_at, row.status) == (newest[1], newest[2], newest[0], "finished")
    assert row.duration == timedelta(minutes=5 + 30)  # match 30 took 35 minutes
    assert [(s.seat, s.name, s.score, s.placing) for s in row.seats] == [(0, "Anna", 30, 1), (1, "Bo", 0, 2)]
    assert [s.name for s in row.winners] == ["Anna"]
    assert len(row.uid) == 32 and int(row.uid, 16) >= 0
    assert len({r.uid for r in page.rows}) == 3


def test_filter_by_game(paged: tuple[Store, Many]) -> None:
    store, many = paged
    for game in GAMES:
        assert walk(store, HistoryFilter(game=game), 4) == ids_of(many.expected, lambda r, g=game: r[2] == g)
    assert walk(store, HistoryFilter(game="cavasie"), 4) == []


@pytest.mark.parametrize("few", [0, 10**9], ids=["walk-the-history", "start-from-the-player"])
def test_filter_by_player_both_ways(paged: tuple[Store, Many], few: int, monkeypatch: pytest.MonkeyPatch) -> None:
    store, many = paged
    monkeypatch.setattr(db.history, "FEW_MATCHES", few)
    for player in (many.anna, many.bo, many.chen):
        expected = ids_of(many.expected, lambda r, p=player: p in r[3])
        assert walk(store, HistoryFilter(player_id=player), 3) == expected
    bo_senet = ids_of(many.expected, lambda r: many.bo in r[3] and r[2] == "senet")
    assert walk(store, HistoryFilter(game="senet", player_id=many.bo), 2) == bo_senet
    with_abandoned = HistoryFilter(player_id=many.bo, include_abandoned=True)
    assert walk(store, with_abandoned, 5)[0] == many.abandoned
    assert walk(store, HistoryFilter(player_id=10_000), 3) == []


def test_filter_by_date_range(paged: tuple[Store, Many]) -> None:
    store, many = paged
    since, until = T0 + timedelta(minutes=60), T0 + timedelta(minutes=150)
    expected = ids_of(many.expected, lambda r: since <= r[0] < until)
    assert len(expected) == 9  # minutes 60, 70, 70, 90, 100, 100, 120, 130, 130
    assert walk(store, HistoryFilter(since=since, until=until), 2) == expected
    assert walk(store, HistoryFilter(game="quacks", since=since, until=until), 2) == ids_of(
        many.expected, lambda r: since <= r[0] < until and r[2] == "quacks"
    )


def test_abandoned_matches_only_when_asked_and_active_never(paged: tuple[Store, Many]) -> None:
    store, many = paged
    plain = walk(store, HistoryFilter(), 10)
    assert many.abandoned not in plain and many.active not in plain
    every = walk(store, HistoryFilter(include_abandoned=True), 7)
    # Finished at 9:00, after all the others: it comes first, then the same list as before.
    assert every == [many.abandoned, *plain]
    row = history_page(store, HistoryFilter(include_abandoned=True), limit=1).rows[0]
    assert (row.status, row.winners) == ("abandoned", ())


def test_page_marks_travel_as_text(paged: tuple[Store, Many]) -> None:
    store, many = paged
    first = history_page(store, limit=5)
    assert first.next is not None
    token = first.next.to_token()
    assert PageMark.from_token(token) == first.next
    second = history_page(store, after=PageMark.from_token(token), limit=5)
    assert [r.id for r in second.rows] == ids_of(many.expected)[5:10]
    with pytest.raises(ValueError):
        PageMark.from_token("yesterday")


def test_a_page_of_nothing(store: Store) -> None:
    page = history_page(store)
    assert (page.rows, page.next) == ((), None)
    assert history_page(store, limit=0).rows == ()
    assert history_games(store) == []


def test_history_games(paged: tuple[Store, Many]) -> None:
    store = paged[0]
    assert history_games(store) == ["parchis", "quacks", "senet"]


def test_a_store_made_match_gets_a_uid(store: Store) -> None:
    anna = store.add_player("Anna", "#d32f2f")
    bo = store.add_player("Bo", "#1976d2")
    first = store.create_match("senet", {"players": 2}, [SeatSpec(anna.id, 0), SeatSpec(bo.id, 1)])
    second = store.create_match("senet", {"players": 2}, [SeatSpec(anna.id, 0), SeatSpec(bo.id, 1)])
    uids = {match_page(store, first).row.uid, match_page(store, second).row.uid}
    assert len(uids) == 2 and all(len(uid) == 32 for uid in uids)


# -- a match's page -------------------------------------------------------------------------
LOG = list(LOG_SAMPLE)


def test_a_match_page_has_seats_result_and_the_whole_log(store: Store) -> None:
    anna, bo = add_player(store, "Anna"), add_player(store, "민수")
    match_id = add_match(store, "senet", [Seat(anna, 5, 1), Seat(bo, 2, 2)], finished=T0, minutes=42, log=LOG,
                         variant="bell", detail={"seats": {"0": {"captures": 1}}})
    page = match_page(store, match_id)
    assert (page.row.game, page.row.variant, page.row.duration) == ("senet", "bell", timedelta(minutes=42))
    assert [(s.name, s.score, s.placing) for s in page.row.seats] == [("Anna", 5, 1), ("민수", 2, 2)]
    assert page.setup == {"players": 2}
    assert page.result is not None and page.result["detail"] == {"seats": {"0": {"captures": 1}}}
    assert page.entries == LOG
    assert [line.seq for line in page.log] == [1, 2, 3, 4, 5]
    assert page.log[1].at - page.log[0].at == timedelta(seconds=10)


def test_an_active_match_has_a_page_too(store: Store) -> None:
    anna = add_player(store, "Anna")
    match_id = add_match(store, "senet", [Seat(anna)], finished=None, status="active", log=LOG[:1])
    page = match_page(store, match_id)
    assert (page.row.status, page.row.finished_at, page.row.duration, page.result) == ("active", None, None, None)
    assert page.entries == LOG[:1]


def test_an_unknown_match_has_no_page(store: Store) -> None:
    with pytest.raises(errors.UnknownMatch):
        match_page(store, 404)


# -- delete with undo -------------------------------------------------------------------------
def test_delete_then_restore_puts_the_match_back_unchanged(store: Store) -> None:
    anna, bo = add_player(store, "Anna"), add_player(store, "Bo")
    keep = add_match(store, "senet", [Seat(anna, 1, 1), Seat(bo, 0, 2)], finished=T0, log=LOG[:2])
    match_id = add_match(store, "parchis", [Seat(anna, 4, 1, team=0), Seat(bo, 1, 2, team=1)],
                         finished=T0 + timedelta(hours=1), log=LOG, detail={"seats": {"1": {"captures": 2}}})
    before = match_page(store, match_id)

    snapshot = delete_match_recoverably(store, match_id)
    assert [r.id for r in history_page(store).rows] == [keep]
    with pytest.raises(errors.UnknownMatch):
        match_page(store, match_id)

    assert restore(store, snapshot) == match_id
    assert match_page(store, match_id) == before
    assert [r.id for r in history_page(store).rows] == [match_id, keep]
    assert restore(store, snapshot) == match_id  # a second undo adds nothing
    assert len(history_page(store).rows) == 2


def test_restore_when_the_id_was_taken_meanwhile(store: Store) -> None:
    anna = add_player(store, "Anna")
    match_id = add_match(store, "senet", [Seat(anna, 1, 1)], finished=T0, log=LOG)
    before = match_page(store, match_id)
    snapshot = delete_match_recoverably(store, match_id)
    # A new match may reuse the freed id (SQLite does); the restored one then gets another.
    newcomer = add_match(store, "quacks", [Seat(anna, 9, 1)], finished=T0)
    restored = restore(store, snapshot)
    page = match_page(store, restored)
    assert (page.row.uid, page.entries, page.row.seats) == (before.row.uid, before.entries, before.row.seats)
    assert match_page(store, newcomer).row.game == "quacks"


def test_deleting_an_unknown_match_is_refused(store: Store) -> None:
    with pytest.raises(errors.UnknownMatch):
        delete_match_recoverably(store, 404)

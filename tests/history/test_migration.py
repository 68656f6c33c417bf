"""Revision 0003: uids for existing matches, the history indexes, and query plans that use them."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import event, inspect, text

import db.history
from db import Store
from db.engine import make_engine
from db.history import HistoryFilter, history_page
from db.migrate import alembic_config, current_revision, head_revision, upgrade
from db.models import Base
from db.stats import player_stats
from tests.history.seed import T0, Seat, add_match, add_player


def _insert_at_0002(url: str, matches: int) -> None:
    engine = make_engine(url)
    upgrade(engine, "0002")
    with engine.begin() as connection:
        connection.execute(
            text("INSERT INTO players (id, name, colour, created_at, archived) VALUES "
                 "(1, 'Anna', '#d32f2f', '2026-01-02 10:00:00', 0), (2, 'Bo', '#1976d2', '2026-01-02 10:00:00', 0)")
        )
        for i in range(1, matches + 1):
            connection.execute(
                text("INSERT INTO matches (id, game, setup, status, started_at, finished_at) VALUES "
                     "(:id, 'senet', '{}', 'finished', '2026-01-02 10:00:00', :finished)"),
                {"id": i, "finished": f"2026-01-02 11:{i % 60:02d}:00"},
            )
            connection.execute(
                text("INSERT INTO participants (match_id, player_id, seat, placing) "
                     "VALUES (:m, 1, 0, 1), (:m, 2, 1, 2)"),
                {"m": i},
            )
    engine.dispose()


def test_existing_matches_get_distinct_uids(db_url: str) -> None:
    _insert_at_0002(db_url, 1500)  # more than one batch of the migration's update
    with Store(db_url) as store:
        assert current_revision(store.engine) == head_revision()
        with store.engine.connect() as connection:
            uids = connection.execute(text("SELECT uid FROM matches")).scalars().all()
            context = MigrationContext.configure(connection, opts={"compare_type": True})
            assert compare_metadata(context, Base.metadata) == []
        assert len(uids) == len(set(uids)) == 1500
        assert all(len(uid) == 32 and int(uid, 16) >= 0 for uid in uids)
        assert player_stats(store, 1).wins == 1500
        assert len(history_page(store, HistoryFilter(player_id=2), limit=10).rows) == 10


def test_indexes_after_0003(db_url: str) -> None:
    with Store(db_url) as store:
        inspector = inspect(store.engine)
        matches = {ix["name"]: (ix["column_names"], bool(ix["unique"])) for ix in inspector.get_indexes("matches")}
        assert matches["uq_matches_uid"] == (["uid"], True)
        assert matches["ix_matches_status_finished_at_id"] == (["status", "finished_at", "id"], False)
        assert matches["ix_matches_game_status_finished_at_id"] == (["game", "status", "finished_at", "id"], False)
        assert "ix_matches_status" not in matches
        participants = {ix["name"]: ix["column_names"] for ix in inspector.get_indexes("participants")}
        assert participants["ix_participants_by_player"] == [
            "player_id", "match_id", "placing", "final_score", "team", "seat",
        ]
        assert participants["ix_participants_by_match"] == ["match_id", "player_id", "placing", "team"]
        assert "ix_participants_player_id" not in participants


def test_the_uid_is_unique(db_url: str) -> None:
    with Store(db_url) as store:
        anna = add_player(store, "Anna")
        add_match(store, "senet", [Seat(anna, 1, 1)], finished=T0, uid="a" * 32)
        with pytest.raises(Exception, match=r"(?i)unique"):
            add_match(store, "senet", [Seat(anna, 1, 1)], finished=T0, uid="a" * 32)


def test_downgrade_to_0002_and_back(db_url: str) -> None:
    _insert_at_0002(db_url, 3)
    with Store(db_url) as store:
        with store.engine.begin() as connection:
            command.downgrade(alembic_config(connection), "0002")
        assert "uid" not in {c["name"] for c in inspect(store.engine).get_columns("matches")}
    with Store(db_url) as store:
        assert current_revision(store.engine) == head_revision()
        assert len(history_page(store).rows) == 3


# -- the plans behind "fast at 100,000 matches" (SQLite, the app's own database) -------------------
def _plans(store: Store, where: HistoryFilter) -> list[str]:
    """The plans SQLite chose for the queries of two history pages with `where`."""
    seen: list[str] = []

    def explain(conn, cursor, statement, parameters, context, executemany):  # type: ignore[no-untyped-def]
        if statement.startswith("SELECT") and "ORDER BY matches.finished_at" in statement:
            rows = cursor.connection.execute("EXPLAIN QUERY PLAN " + statement, parameters).fetchall()
            seen.append(" | ".join(str(row[-1]) for row in rows))

    event.listen(store.engine, "before_cursor_execute", explain)
    try:
        first = history_page(store, where, limit=2)
        history_page(store, where, first.next, limit=2)
    finally:
        event.remove(store.engine, "before_cursor_execute", explain)
    return seen


@pytest.mark.parametrize(
    ("where", "index"),
    [
        (HistoryFilter(), "ix_matches_status_finished_at_id"),
        (HistoryFilter(since=T0), "ix_matches_status_finished_at_id"),
        (HistoryFilter(game="senet"), "ix_matches_game_status_finished_at_id"),
        (HistoryFilter(player_id=1), "ix_matches_status_finished_at_id"),
    ],
)
def test_history_pages_are_read_in_index_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: HistoryFilter, index: str
) -> None:
    """No page sorts its rows: each seeks along an index (SQLite's plan says so)."""
    monkeypatch.setattr(db.history, "FEW_MATCHES", 0)  # a regular: walk the history order
    with Store(f"sqlite:///{tmp_path / 'plans.db'}") as store:
        anna, bo = add_player(store, "Anna"), add_player(store, "Bo")
        for i in range(6):
            add_match(store, "senet" if i % 2 else "quacks", [Seat(anna, 1, 1), Seat(bo, 0, 2)], finished=T0)
        plans = _plans(store, where)  # the seeks; a page's rows are then fetched by id
        assert len(plans) == 2, plans
        for plan in plans:
            assert index in plan, plan
            assert "TEMP B-TREE" not in plan, plan

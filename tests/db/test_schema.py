"""The schema: migrations from the first revision on, pragmas, models agree with migrations."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Column, Integer, MetaData, inspect, text
from sqlalchemy.exc import IntegrityError

from db import SeatSpec, Store, errors
from db.engine import database_location, default_url, make_engine
from db.migrate import (
    SHIPPED_HEAD,
    alembic_config,
    current_revision,
    head_revision,
    is_current,
    script_directory,
    upgrade,
)
from db.models import Base
from tests.db.conftest import sqlite_only

TABLES = {"players", "matches", "participants", "events", "table_keys", "alembic_version"}


def test_revisions_are_a_straight_line_from_0001_to_0006() -> None:
    scripts = list(script_directory().walk_revisions())  # newest first
    assert [s.revision for s in scripts] == ["0006", "0005", "0004", "0003", "0002", "0001"]
    assert [s.down_revision for s in scripts] == ["0005", "0004", "0003", "0002", "0001", None]
    assert head_revision() == "0006"
    assert head_revision() == SHIPPED_HEAD  # the store's quick check compares against this one


def test_opening_an_up_to_date_database_does_not_import_alembic(tmp_path: Path) -> None:
    """Alembic runs when a revision is due, and only then: the open a phone or a server makes
    every time reads one row and goes on (no Alembic import, about 0.1 s here, over 1 s in the
    browser's Python)."""
    import subprocess
    import sys

    url = f"sqlite:///{tmp_path / 'current.db'}"
    Store(url).close()  # created and migrated: Alembic ran here
    probe = ("import sys; from db import Store; s = Store(sys.argv[1]); s.close(); "
             "print(sorted(m for m in sys.modules if m.split('.')[0] == 'alembic'))")
    done = subprocess.run([sys.executable, "-c", probe, url], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]", done.stdout + done.stderr
    # A database one revision behind is still brought up by Alembic.
    with Store(url) as store:
        with store.engine.begin() as connection:
            command.downgrade(alembic_config(connection), "0005")
        assert not is_current(store.engine) and current_revision(store.engine) == "0005"
    with Store(url) as store:
        assert is_current(store.engine) and current_revision(store.engine) == SHIPPED_HEAD


def test_a_fresh_database_is_at_head_with_every_table(db_url: str) -> None:
    with Store(db_url) as store:
        assert set(inspect(store.engine).get_table_names()) == TABLES
        assert current_revision(store.engine) == head_revision()
        columns = {c["name"] for c in inspect(store.engine).get_columns("players")}
        assert columns == {"id", "name", "colour", "created_at", "archived"}


def test_every_sqlite_connection_is_wal_with_foreign_keys(store: Store) -> None:
    sqlite_only(store, "WAL and the foreign_keys pragma are SQLite settings")
    connections = [store.engine.connect() for _ in range(3)]  # distinct pooled connections
    try:
        for connection in connections:
            assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    finally:
        for connection in connections:
            connection.close()


def test_foreign_keys_are_enforced(store: Store, match_id: int) -> None:
    with pytest.raises(IntegrityError, match=r"(?i)foreign key"), store.engine.begin() as connection:
        connection.execute(text("DELETE FROM players"))
    assert len(store.players()) == 2


def test_models_and_migrations_agree(store: Store) -> None:
    with store.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        assert compare_metadata(context, Base.metadata) == []


def test_the_comparison_would_see_a_difference(store: Store) -> None:
    """Guards the test above against comparing nothing."""
    changed = MetaData(naming_convention=Base.metadata.naming_convention)
    for table in Base.metadata.tables.values():
        table.to_metadata(changed)
    changed.tables["events"].append_column(Column("extra", Integer))
    with store.engine.connect() as connection:
        context = MigrationContext.configure(connection)
        diffs = compare_metadata(context, changed)
    assert [(d[0], d[3].name) for d in diffs] == [("add_column", "extra")]


def _insert_at_0001(db_url: str) -> None:
    engine = make_engine(db_url)
    upgrade(engine, "0001")
    assert current_revision(engine) == "0001"
    assert "archived" not in {c["name"] for c in inspect(engine).get_columns("players")}
    with engine.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO players (id, name, colour, created_at) VALUES "
                "(1, 'Anna', '#d32f2f', '2026-01-02 10:00:00'),"
                "(2, '민수', '#1976d2', '2026-01-02 10:01:00')"
            )
        )
        connection.execute(
            text(
                "INSERT INTO matches (id, game, variant, setup, status, started_at) VALUES "
                "(7, 'senet', 'bell', '{\"seats\": 2}', 'active', '2026-01-02 10:05:00')"
            )
        )
        connection.execute(
            text(
                "INSERT INTO participants (match_id, player_id, seat, team) VALUES "
                "(7, 1, 0, NULL), (7, 2, 1, NULL)"
            )
        )
        connection.execute(
            text(
                "INSERT INTO events (match_id, seq, kind, payload, created_at) VALUES "
                "(7, 1, 'action', '{\"op\": \"add\", \"n\": 3}', '2026-01-02 10:06:00'),"
                "(7, 2, 'undo', NULL, '2026-01-02 10:07:00'),"
                "(7, 3, 'redo', NULL, '2026-01-02 10:08:00')"
            )
        )
    engine.dispose()


def test_a_0001_database_with_data_upgrades_to_head_keeping_it(db_url: str) -> None:
    _insert_at_0001(db_url)

    with Store(db_url) as store:  # opening migrates
        assert current_revision(store.engine) == head_revision()
        players = store.players()
        assert [(p.id, p.name, p.colour, p.archived) for p in players] == [
            (1, "Anna", "#d32f2f", False),
            (2, "민수", "#1976d2", False),
        ]
        match = store.match(7)
        assert (match.game, match.variant, match.setup, match.status) == (
            "senet",
            "bell",
            {"seats": 2},
            "active",
        )
        assert [(p.seat, p.name) for p in match.participants] == [(0, "Anna"), (1, "민수")]
        assert match.event_count == 3
        assert store.events(7) == [
            {"kind": "action", "action": {"op": "add", "n": 3}},
            {"kind": "undo"},
            {"kind": "redo"},
        ]
        assert [m.id for m in store.unfinished_matches()] == [7]
        # The players table was rebuilt: its foreign keys and the new rule both hold.
        with store.engine.connect() as connection:
            assert connection.exec_driver_sql("PRAGMA foreign_key_check").all() == []
            assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        store.archive_player(1)
        assert store.add_player("Anna", "#000000").id == 3  # an archived name is free again
        # ...and the upgraded store keeps working.
        assert store.append_event(7, {"kind": "undo"}) == 4
        with store.engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"compare_type": True})
            assert compare_metadata(context, Base.metadata) == []


def test_downgrade_to_0001_and_back(db_url: str) -> None:
    with Store(db_url) as store:
        anna = store.add_player("Anna", "#d32f2f")
        with store.engine.begin() as connection:
            command.downgrade(alembic_config(connection), "0001")
        assert current_revision(store.engine) == "0001"
    with Store(db_url) as store:
        assert store.players() == [anna]


def test_a_database_from_a_newer_app_is_refused(db_url: str) -> None:
    Store(db_url).close()
    engine = make_engine(db_url)
    with engine.begin() as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = '0099'"))
    engine.dispose()
    with pytest.raises(errors.NewerDatabase) as raised:
        Store(db_url)
    assert raised.value.params["revision"] == "0099"
    assert "newer version" in str(raised.value)


def test_a_folder_that_cannot_hold_a_database_is_a_store_error(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("not a folder")
    with pytest.raises(errors.CannotOpen):
        Store(f"sqlite:///{tmp_path / 'file' / 'companion.db'}")


def test_a_malformed_url_is_a_store_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_DB_URL", "not a url at all:secret@")
    with pytest.raises(errors.CannotOpen) as raised:
        Store.open()
    assert "secret" not in str(raised.value)


def test_migrations_can_be_skipped_for_tools(db_url: str) -> None:
    with Store(db_url, migrate=False) as store:
        assert inspect(store.engine).get_table_names() == []


def test_a_store_can_wrap_an_existing_engine(db_url: str) -> None:
    engine = make_engine(db_url)
    with Store(engine) as store:
        anna = store.add_player("Anna", "#d32f2f")
    with Store(engine) as again:  # closing did not dispose what the caller owns
        assert again.players() == [anna]
    engine.dispose()


# -- where the database lives ---------------------------------------------------------
def test_companion_db_url_is_honoured(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "elsewhere" / "games.sqlite"
    monkeypatch.setenv("COMPANION_DB_URL", f"sqlite:///{path}")
    with Store.open() as store:
        assert store.location == str(path)
        store.add_player("Anna", "#d32f2f")
    assert path.exists()
    assert database_location() == str(path)


def test_the_default_is_companion_db_in_the_user_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import db.engine

    monkeypatch.delenv("COMPANION_DB_URL", raising=False)
    data = tmp_path / "user data"
    monkeypatch.setattr(db.engine.platformdirs, "user_data_dir", lambda *args: str(data))
    assert default_url().endswith("companion.db")
    assert data.is_dir()  # created
    with Store.open() as store:
        assert store.location == str(data / "companion.db")


def test_location_masks_a_server_password() -> None:
    where = database_location("postgresql+psycopg://anna:s3cret@db.example:5432/companion")
    assert "s3cret" not in where
    assert where == "postgresql+psycopg://anna:***@db.example:5432/companion"
    assert database_location("sqlite://") == "in memory"


def test_an_in_memory_store_works() -> None:
    with Store("sqlite://") as store:
        anna, bo = store.add_player("Anna", "#d32f2f"), store.add_player("Bo", "#1976d2")
        mid = store.create_match("senet", {}, [SeatSpec(anna.id, 0), SeatSpec(bo.id, 1)])
        assert store.append_event(mid, {"kind": "undo"}) == 1
        assert store.location == "in memory"


def test_a_deleted_matchs_id_is_never_given_again(store: Store, match_id: int) -> None:
    """Revision 0005: not even the newest match's id, once it is deleted (SQLite gave it out
    again before; PostgreSQL's sequence never did)."""
    anna, min_ = store.players()[0].id, store.players()[1].id
    newest = store.create_match("counter", {"start": 0}, [SeatSpec(anna, 0), SeatSpec(min_, 1)])
    store.delete_match(newest)
    again = store.create_match("counter", {"start": 0}, [SeatSpec(anna, 0), SeatSpec(min_, 1)])
    assert again > newest > match_id


def test_0005_keeps_every_match_and_counts_on_from_the_largest_id(db_url: str) -> None:
    engine = make_engine(db_url)
    upgrade(engine, "0004")
    with engine.begin() as connection:
        connection.execute(text("INSERT INTO players (id, name, colour, created_at, archived) VALUES "
                                "(1, 'Anna', '#d32f2f', '2026-01-02 10:00:00', 0)"))
        for match in (3, 9):
            connection.execute(text("INSERT INTO matches (id, uid, game, setup, status, started_at) VALUES "
                                    "(:id, :uid, 'counter', '{\"players\": 1, \"start\": 0}', 'active', "
                                    "'2026-01-02 10:00:00')"), {"id": match, "uid": f"{match:032x}"})
            connection.execute(text("INSERT INTO participants (match_id, player_id, seat) VALUES (:id, 1, 0)"),
                               {"id": match})
            connection.execute(text("INSERT INTO events (match_id, seq, kind, payload, created_at) VALUES "
                                    "(:id, 1, 'action', '{\"op\": \"add\", \"n\": 2}', '2026-01-02 10:01:00')"),
                               {"id": match})
    engine.dispose()
    with Store(db_url) as store:
        assert current_revision(store.engine) == head_revision()
        assert [(m.id, m.uid, m.event_count) for m in store.unfinished_matches()] == [
            (9, f"{9:032x}", 1), (3, f"{3:032x}", 1)]
        assert store.match(3).participants[0].name == "Anna"
        with store.engine.connect() as connection:
            assert connection.exec_driver_sql("PRAGMA foreign_key_check").all() == []
            context = MigrationContext.configure(connection, opts={"compare_type": True})
            assert compare_metadata(context, Base.metadata) == []
        store.delete_match(9)
        assert store.create_match("counter", {"start": 0}, [SeatSpec(1, 0)]) == 10
        with store.engine.begin() as connection:
            command.downgrade(alembic_config(connection), "0004")
            assert connection.exec_driver_sql("SELECT id FROM matches ORDER BY id").scalars().all() == [3, 10]


def test_a_seat_follows_its_matchs_game_and_status(store: Store, match_id: int) -> None:
    """Revision 0006: the database keeps each seat's copy of its match's game and status, for
    every writer (the store, an import, plain SQL)."""
    def seats() -> set[tuple[str | None, str | None]]:
        with store.engine.connect() as connection:
            return set(connection.execute(text(
                "SELECT match_game, match_status FROM participants WHERE match_id = :id"), {"id": match_id}).all())

    assert seats() == {("counter", "active")}
    store.append_event(match_id, {"kind": "action", "action": {"op": "add", "n": 1}})
    store.finish_match(match_id, {"over": True}, {0: 1, 1: 0}, {0: 1, 1: 2})
    assert seats() == {("counter", "finished")}
    store.reopen_match(match_id)
    assert seats() == {("counter", "active")}
    store.abandon_match(match_id)
    assert seats() == {("counter", "abandoned")}
    with store.engine.begin() as connection:  # a tool writing SQL
        connection.execute(text("UPDATE matches SET status = 'finished', game = 'pig' WHERE id = :id"),
                           {"id": match_id})
    assert seats() == {("pig", "finished")}

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from sqlalchemy import create_engine, make_url

from companion.games import register_extra
from db import SeatSpec, Store

# The store tests play a tiny counting game, registered like any game of the app.
register_extra("tests.db.counter_game")


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    """A database file that does not exist yet."""
    return f"sqlite:///{tmp_path / 'companion.db'}"


@pytest.fixture(scope="session")
def migrated_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One database migrated to head, copied for each test instead of migrating again."""
    path = tmp_path_factory.mktemp("template") / "companion.db"
    Store(f"sqlite:///{path}").close()  # the last close checkpoints the WAL into the file
    return path


PG_URL_ENV = "COMPANION_TEST_PG_URL"  # e.g. postgresql+psycopg://postgres@127.0.0.1:55432/companion_test


def postgres_url() -> str:
    """The PostgreSQL test database, emptied; skipped (failed in CI) when none is configured."""
    url = os.environ.get(PG_URL_ENV)
    if not url:
        message = f"no PostgreSQL server for the store tests: set {PG_URL_ENV} (.ci/run starts one)"
        if os.environ.get("COMPANION_REQUIRE_POSTGRES") == "1":
            pytest.fail(message)
        pytest.skip(message)
    url = _workers_own(url)
    engine = create_engine(url)
    with engine.begin() as connection:  # every test starts from an empty database
        connection.exec_driver_sql("DROP SCHEMA public CASCADE")
        connection.exec_driver_sql("CREATE SCHEMA public")
    engine.dispose()
    return url


@cache
def _workers_own(url: str) -> str:
    """Under pytest-xdist each worker gets a database of its own on the server (`<name>_gw1`),
    made on first use: two workers emptying one database would wipe each other's tests."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if not worker:
        return url
    given = make_url(url)
    own = f"{given.database}_{worker}"
    engine = create_engine(given, isolation_level="AUTOCOMMIT")  # CREATE DATABASE takes no transaction
    with engine.connect() as connection:
        known = connection.exec_driver_sql("SELECT 1 FROM pg_database WHERE datname = %(name)s", {"name": own})
        if known.first() is None:
            connection.exec_driver_sql(f'CREATE DATABASE "{own}"')
    engine.dispose()
    return given.set(database=own).render_as_string(hide_password=False)


def sqlite_only(store: Store, reason: str) -> None:
    if store.engine.dialect.name != "sqlite":
        pytest.skip(f"SQLite only: {reason}")


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, db_url: str, migrated_file: Path) -> Iterator[Store]:
    """The store on SQLite (the default) and on PostgreSQL (a club server)."""
    if request.param == "postgresql":
        url = postgres_url()
    else:
        shutil.copyfile(migrated_file, db_url.removeprefix("sqlite:///"))
        url = db_url
    with Store(url) as opened:
        yield opened


@pytest.fixture
def anna_and_min(store: Store) -> tuple[int, int]:
    return store.add_player("Anna", "#d32f2f").id, store.add_player("민수", "#1976d2").id


@pytest.fixture
def match_id(store: Store, anna_and_min: tuple[int, int]) -> int:
    anna, min_ = anna_and_min
    return store.create_match(
        "counter", {"start": 0}, [SeatSpec(anna, 0), SeatSpec(min_, 1)]
    )

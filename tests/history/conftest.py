"""Fixtures: a real store on SQLite (and on PostgreSQL when COMPANION_TEST_PG_URL is set)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from sqlalchemy import create_engine, make_url

from db import Store
from tests.db.conftest import postgres_url
from tests.history.seed import Seeded, seed_statistics


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    """A database file that does not exist yet."""
    return f"sqlite:///{tmp_path / 'companion.db'}"


@pytest.fixture(scope="session")
def migrated_history_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One database migrated to head, copied for each test instead of migrating again."""
    path = tmp_path_factory.mktemp("history-template") / "companion.db"
    Store(f"sqlite:///{path}").close()
    return path


def _open(kind: str, folder: Path, template: Path, name: str = "companion.db") -> Store:
    if kind == "postgresql":
        return Store(postgres_url())
    path = folder / name
    shutil.copyfile(template, path)
    return Store(f"sqlite:///{path}")


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path, migrated_history_file: Path) -> Iterator[Store]:
    """An empty store on SQLite (the app's default) and on PostgreSQL (a club server)."""
    with _open(request.param, tmp_path, migrated_history_file) as opened:
        yield opened


@pytest.fixture
def sqlite_store(tmp_path: Path, migrated_history_file: Path) -> Iterator[Store]:
    with _open("sqlite", tmp_path, migrated_history_file) as opened:
        yield opened


@pytest.fixture
def other_sqlite_store(tmp_path: Path, migrated_history_file: Path) -> Iterator[Store]:
    """A second install's store (the other end of an export or a match code)."""
    with _open("sqlite", tmp_path, migrated_history_file, "other.db") as opened:
        yield opened


def own_postgres_schema(name: str) -> str:
    """A fresh schema of its own on the test database, for a store a whole module reads.

    The function-scoped `store` empties the `public` schema before each test; a store
    kept for a module must live elsewhere: its connections search `name` only.
    """
    url = postgres_url()  # skips (or fails in CI) without a server
    engine = create_engine(url)
    with engine.begin() as connection:
        connection.exec_driver_sql(f'DROP SCHEMA IF EXISTS "{name}" CASCADE')
        connection.exec_driver_sql(f'CREATE SCHEMA "{name}"')
    engine.dispose()
    return make_url(url).update_query_dict({"options": f"-csearch_path={name}"}).render_as_string(
        hide_password=False
    )


@contextmanager
def module_store(kind: str, folder: Path, template: Path, name: str) -> Iterator[Store]:
    """A store that lives for a module: read-only tests share it and its seed."""
    if kind == "postgresql":
        with Store(own_postgres_schema(f"history_{name}")) as opened:
            yield opened
        return
    with _open("sqlite", folder, template, f"{name}.db") as opened:
        yield opened


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def seeded_store(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, migrated_history_file: Path
) -> Iterator[tuple[Store, Seeded]]:
    """The statistics database, seeded once per module (tests must only read it)."""
    with module_store(request.param, tmp_path_factory.mktemp("seeded"), migrated_history_file, "seeded") as opened:
        yield opened, seed_statistics(opened)


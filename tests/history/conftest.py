"""Fixtures: a real store on SQLite (and on PostgreSQL when COMPANION_TEST_PG_URL is set)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from db import Store
from tests.db.conftest import postgres_url
from tests.history.seed import Seeded, seed_statistics


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


@pytest.fixture
def seeded(store: Store) -> Seeded:
    return seed_statistics(store)

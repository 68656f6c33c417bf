from __future__ import annotations

from collections.abc import Iterator
import shutil
from pathlib import Path

import pytest

from db import SeatSpec, Store


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


@pytest.fixture
def store(db_url: str, migrated_file: Path) -> Iterator[Store]:
    shutil.copyfile(migrated_file, db_url.removeprefix("sqlite:///"))
    with Store(db_url) as opened:
        yield opened


@pytest.fixture
def anna_and_min(store: Store) -> tuple[int, int]:
    return store.add_player("Anna", "#d32f2f").id, store.add_player("민수", "#1976d2").id


@pytest.fixture
def match_id(store: Store, anna_and_min: tuple[int, int]) -> int:
    anna, min_ = anna_and_min
    return store.create_match(
        "senet", {"seats": 2, "start": 0}, [SeatSpec(anna, 0), SeatSpec(min_, 1)]
    )

"""The live table view's secret token: made once per match, kept, checked in constant time."""

from __future__ import annotations

import hmac
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect, text

import db.store
from db import SeatSpec, Store, errors
from db.engine import make_engine
from db.migrate import alembic_config, current_revision, head_revision, upgrade
from db.models import Base


def test_the_key_is_made_once_and_then_the_same(store: Store, match_id: int) -> None:
    key = store.table_key(match_id)
    assert isinstance(key, str) and len(key) >= 22  # 16 random bytes, URL-safe base64
    assert key.replace("-", "").replace("_", "").isalnum()
    assert store.table_key(match_id) == key
    assert store.table_key(match_id) == key


def test_each_match_has_its_own_random_key(store: Store, match_id: int, anna_and_min: tuple[int, int]) -> None:
    anna, min_ = anna_and_min
    other = store.create_match("counter", {"start": 0}, [SeatSpec(anna, 0), SeatSpec(min_, 1)])
    keys = {store.table_key(match_id), store.table_key(other)}
    assert len(keys) == 2


def test_the_key_is_checked(store: Store, match_id: int) -> None:
    assert not store.check_table_key(match_id, "anything")  # never shared: no key yet
    key = store.table_key(match_id)
    assert store.check_table_key(match_id, key)
    assert not store.check_table_key(match_id, key[:-1])
    assert not store.check_table_key(match_id, key + "x")
    assert not store.check_table_key(match_id, key.upper() if key != key.upper() else key.lower())
    assert not store.check_table_key(match_id, "")
    assert not store.check_table_key(match_id, None)
    assert not store.check_table_key(match_id, 12345)
    assert not store.check_table_key(match_id, "키" * 22)  # not ASCII: refused, no TypeError
    assert not store.check_table_key(match_id + 1, key)  # another (missing) match
    assert not store.check_table_key(str(match_id), key)
    assert not store.check_table_key(True, key)


def test_checking_never_makes_a_key(store: Store, match_id: int) -> None:
    store.check_table_key(match_id, "guess")
    with store.engine.connect() as connection:
        assert connection.execute(text("SELECT count(*) FROM table_keys")).scalar() == 0


def test_the_check_is_constant_time(store: Store, match_id: int, monkeypatch: pytest.MonkeyPatch) -> None:
    key = store.table_key(match_id)
    compared: list[tuple[bytes, bytes]] = []
    real = hmac.compare_digest

    def spy(a: bytes, b: bytes) -> bool:
        compared.append((a, b))
        return real(a, b)

    monkeypatch.setattr(db.store.hmac, "compare_digest", spy)
    assert store.check_table_key(match_id, key)
    assert not store.check_table_key(match_id, "wrong")
    assert compared == [(key.encode(), key.encode()), (key.encode(), b"wrong")]


def test_a_missing_match_has_no_key(store: Store) -> None:
    with pytest.raises(errors.UnknownMatch):
        store.table_key(999)


def test_the_key_survives_a_restart(db_url: str) -> None:
    with Store(db_url) as store:
        anna = store.add_player("Anna", "#d32f2f").id
        bo = store.add_player("Bo", "#1976d2").id
        match_id = store.create_match("counter", {"start": 0}, [SeatSpec(anna, 0), SeatSpec(bo, 1)])
        key = store.table_key(match_id)
    with Store(db_url) as again, Store(db_url) as other_process:
        assert again.table_key(match_id) == key
        assert other_process.check_table_key(match_id, key)


def test_deleting_a_match_deletes_its_key(store: Store, match_id: int) -> None:
    store.table_key(match_id)
    store.delete_match(match_id)
    with store.engine.connect() as connection:
        assert connection.execute(text("SELECT count(*) FROM table_keys")).scalar() == 0


def test_a_key_made_meanwhile_by_another_process_is_used(store: Store, match_id: int,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Another process stores the match's key between this one's first read and its write:
    the write re-reads inside its own transaction and answers with the other's key."""
    real_reading = Store.reading
    planted = {"done": False}

    @contextmanager
    def reading_then_plant(self: Store) -> Iterator[Any]:
        with real_reading(self) as session:
            yield session
        if not planted["done"]:
            planted["done"] = True
            with store.engine.begin() as connection:
                connection.execute(text("INSERT INTO table_keys (match_id, key, created_at) "
                                        "VALUES (:m, 'theirs', '2026-11-30 10:00:00')"), {"m": match_id})

    monkeypatch.setattr(Store, "reading", reading_then_plant)
    assert store.table_key(match_id) == "theirs"
    assert planted["done"]
    monkeypatch.undo()
    assert store.table_key(match_id) == "theirs"
    assert store.check_table_key(match_id, "theirs")


# -- revision 0004 -------------------------------------------------------------------------------
def test_0004_adds_the_table_to_an_existing_database(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = make_engine(url)
    upgrade(engine, "0003")
    with engine.begin() as connection:
        connection.execute(text("INSERT INTO players (id, name, colour, created_at, archived) VALUES "
                                "(1, 'Anna', '#d32f2f', '2026-01-02 10:00:00', 0)"))
        connection.execute(text("INSERT INTO matches (id, uid, game, setup, status, started_at) VALUES "
                                "(7, :uid, 'counter', '{\"players\": 1, \"start\": 0}', 'active', "
                                "'2026-01-02 10:00:00')"), {"uid": "b" * 32})
    assert "table_keys" not in inspect(engine).get_table_names()
    engine.dispose()
    with Store(url) as store:
        assert current_revision(store.engine) == head_revision()
        with store.engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"compare_type": True})
            assert compare_metadata(context, Base.metadata) == []
        columns = {c["name"] for c in inspect(store.engine).get_columns("table_keys")}
        assert columns == {"match_id", "key", "created_at"}
        key = store.table_key(7)
        assert store.check_table_key(7, key)


def test_0004_downgrades_and_upgrades_again(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'down.db'}"
    with Store(url) as store:
        with store.engine.begin() as connection:
            command.downgrade(alembic_config(connection), "0003")
        assert "table_keys" not in inspect(store.engine).get_table_names()
    with Store(url) as store:
        assert current_revision(store.engine) == head_revision()
        assert "table_keys" in inspect(store.engine).get_table_names()

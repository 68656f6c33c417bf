"""A damaged database and a read-only one (issue 14): each says what is wrong, where the file is
and what to do, lets what can be read be read and exported, and writes nothing."""

from __future__ import annotations

import argparse
import io
import os
import shutil
import sqlite3
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from companion import history_cli
from db import Store, errors
from db import cli as db_cli
from db.exchange import import_json, read_export, write_export
from tests.history.played import play_club

ROOT = Path(__file__).resolve().parents[2]
MATCHES = 8  # the club's (tests/history/played.py)


def club(path: Path) -> Path:
    with Store(f"sqlite:///{path}") as store:
        play_club(store)
    return path


def break_a_page_of(path: Path, table: str) -> None:
    """Overwrite one leaf page of `table` in the middle of the file with garbage, as a disk
    or a copy gone wrong would."""
    connection = sqlite3.connect(path)
    try:
        pages = connection.execute(
            "SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY pageno", (table,)).fetchall()
        size = connection.execute("PRAGMA page_size").fetchone()[0]
    except sqlite3.OperationalError:
        pytest.skip("this SQLite has no dbstat table to find a table's pages with")
    finally:
        connection.close()
    victim = pages[len(pages) // 2][0]
    with path.open("r+b") as handle:
        handle.seek(size * (victim - 1))
        handle.write(b"\xff" * size)


@pytest.fixture
def damaged(tmp_path: Path) -> Path:
    path = club(tmp_path / "damaged.db")
    break_a_page_of(path, "events")
    return path


def cli(monkeypatch: pytest.MonkeyPatch, url: str, *argv: str) -> tuple[int, str, str]:
    monkeypatch.setenv("COMPANION_DB_URL", url)
    top = argparse.ArgumentParser(prog="companion")
    history_cli.add_commands(top.add_subparsers(dest="command"))
    out, err = io.StringIO(), io.StringIO()
    return db_cli.run(top.parse_args(argv), out, err), out.getvalue(), err.getvalue()


def says_damaged(text: str, path: Path) -> None:
    assert "damaged" in text and str(path.resolve()) in text
    assert "companion export" in text and "backup" in text  # how to recover


# -- damaged ----------------------------------------------------------------------------------------
def test_a_damaged_file_says_so_where_it_is_and_how_to_recover(damaged: Path, tmp_path: Path) -> None:
    with Store(f"sqlite:///{damaged}") as store:  # it still opens
        found = store.health()
        assert isinstance(found, errors.DatabaseDamaged)
        says_damaged(found.message("en"), damaged)
        assert "손상" in found.message("ko") and str(damaged.resolve()) in found.message("ko")
        with pytest.raises(errors.DatabaseDamaged):
            store.history()  # a read that meets the broken page
        with pytest.raises(errors.DatabaseDamaged):  # nothing is written into broken pages
            store.add_player("Newcomer", "#123456")
        assert "Newcomer" not in {p.name for p in store.players()}

        # What can be read is exported, whole matches only; the rest is counted.
        out = io.BytesIO()
        summary = write_export(store, out)
        assert summary.skipped >= 1 and summary.matches + summary.skipped <= MATCHES
        assert summary.matches >= 1 and summary.players == 5
    saved = read_export(out.getvalue())  # a valid export: every match in it replays
    assert len(saved.matches) == summary.matches
    with Store(f"sqlite:///{tmp_path / 'new.db'}") as fresh:
        assert import_json(fresh, out.getvalue()).matches_added == summary.matches


def test_the_commands_say_it_and_export_what_can_be_read(damaged: Path, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"sqlite:///{damaged}"
    status, out, err = cli(monkeypatch, url, "history")  # what can be read is shown, and the damage said
    assert status == 1 and out.startswith("Finished")
    says_damaged(err, damaged)
    status, out, err = cli(monkeypatch, url, "export", str(tmp_path / "saved.json"))
    assert status == 1 and out.startswith(f"Exported to {tmp_path / 'saved.json'}: matches ")
    says_damaged(err, damaged)
    assert "Left out, as they could not be read: " in err and "Traceback" not in err
    assert read_export(tmp_path / "saved.json").matches
    status, out, err = cli(monkeypatch, url, "import", str(tmp_path / "saved.json"))
    assert (status, out) == (1, "")  # into a damaged file: refused
    says_damaged(err, damaged)
    assert err.count(" is damaged") == 1  # said once


def test_a_file_that_is_no_database_at_all_is_damaged_not_a_crash(tmp_path: Path) -> None:
    path = tmp_path / "garbage.db"
    path.write_bytes(b"this is not a database, it is a shopping list\n" * 200)
    with pytest.raises(errors.DatabaseDamaged) as raised:
        Store(f"sqlite:///{path}")
    says_damaged(raised.value.message("en"), path)


def test_a_sound_file_is_healthy(tmp_path: Path) -> None:
    with Store(f"sqlite:///{club(tmp_path / 'sound.db')}") as store:
        assert store.health() is None and store.damage is None
        assert write_export(store, io.BytesIO()).skipped == 0


# -- read-only --------------------------------------------------------------------------------------
def test_a_database_opened_read_only_reads_exports_and_says_why_it_cannot_write(tmp_path: Path) -> None:
    path = club(tmp_path / "club.db")
    with Store(f"sqlite:///file:{path}?mode=ro&uri=true") as store:
        assert store.read_only == "url"
        assert len(store.history(limit=None)) == 6
        assert write_export(store, io.BytesIO()).matches == MATCHES
        with pytest.raises(errors.ReadOnlyStore) as raised:
            store.add_player("Newcomer", "#123456")
        text = raised.value.message("en")
        assert "can only be read" in text and "opened read-only" in text and str(path) in text
        assert "읽기 전용" in raised.value.message("ko")


CHILD = """
import io, sys
from db import Store, errors
from db.exchange import write_export
store = Store(sys.argv[1])
print(store.read_only, len(store.history(limit=None)), write_export(store, io.BytesIO()).matches)
try:
    store.add_player("Newcomer", "#123456")
except errors.ReadOnlyStore as refused:
    print(refused.message("en"))
"""


def as_someone_else() -> list[str]:
    """How to run this test's child as a user who may not write the folder: as root, the
    system's own Python as `nobody` (root may write anywhere); else this Python as this user."""
    if os.geteuid() != 0:
        return [sys.executable]
    python = "/usr/bin/python3"
    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    if not shutil.which("setpriv") or not Path(python).exists() or subprocess.run(
            [python, "-c", "import sys; print(f'{sys.version_info[0]}.{sys.version_info[1]}')"],
            capture_output=True, text=True, check=False).stdout.strip() != version:
        pytest.skip("needs setpriv and a system Python like this one to run as another user")
    return ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", python]


def test_a_read_only_folder_is_read_and_exported_and_says_why_writes_fail(tmp_path: Path) -> None:
    folder = tmp_path / "shared"
    folder.mkdir()
    path = club(folder / "companion.db")
    command = as_someone_else()
    for parent in (tmp_path, *tmp_path.parents):  # the way in must be open to the other user
        if parent == Path("/"):
            break
        parent.chmod(parent.stat().st_mode | 0o005)
    folder.chmod(0o555)
    path.chmod(0o444)
    try:
        done = subprocess.run(
            [*command, "-c", CHILD, f"sqlite:///{path}"], capture_output=True, text=True, timeout=120,
            env={**os.environ, "HOME": str(tmp_path), "PYTHONPATH": f"{ROOT}:{sysconfig.get_paths()['purelib']}"},
            check=False)
    finally:
        folder.chmod(0o755)
        path.chmod(0o644)
    assert done.returncode == 0, done.stderr
    first, refusal = done.stdout.splitlines()[:2]
    assert first.split() in (["folder", "6", str(MATCHES)], ["file", "6", str(MATCHES)])
    assert "can only be read" in refusal and "read-only" in refusal and str(path.resolve()) in refusal
    assert sorted(p.name for p in folder.iterdir()) == ["companion.db"]  # not even a journal written

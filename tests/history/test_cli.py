"""`companion export`, `import` and `history` through add_commands() and run()."""

from __future__ import annotations

import argparse
import io
import json
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion import history_cli
from db import Store
from db import cli as db_cli
from db.exchange import match_code
from tests.history.played import play_club
from tests.history.seed import T0, Seat, add_match, add_player, seed_statistics


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="companion")
    history_cli.add_commands(top.add_subparsers(dest="command"))
    return top


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = db_cli.run(parser().parse_args(argv), out, err)
    return status, out.getvalue(), err.getvalue()


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Store]:
    """The store `companion` opens (COMPANION_DB_URL), with the statistics matches."""
    url = f"sqlite:///{tmp_path / 'here.db'}"
    monkeypatch.setenv("COMPANION_DB_URL", url)
    with Store(url) as store:
        seed_statistics(store)
        yield store


def test_history_as_a_table_newest_first(here: Store) -> None:
    status, out, err = run("history")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].split() == ["Finished", "Game", "Time", "Result"]
    assert len(lines) == 1 + 8  # eight finished matches; abandoned and active ones left out
    assert "cavasie" in lines[1] and "1. Bo 15, 2. Anna 5" in lines[1]  # C2, the newest
    assert lines[-1].endswith("1. Anna 7, 2. Bo 5")  # S1, the oldest
    assert "0:30" in lines[1]


def test_history_filters_and_json(here: Store) -> None:
    status, out, _ = run("history", "--game", "senet", "--player", "chen", "--json")
    assert status == 0
    (match,) = json.loads(out)
    assert (match["game"], match["status"], match["duration_seconds"]) == ("senet", "finished", 1800)
    assert [(s["player"], s["score"], s["placing"]) for s in match["seats"]] == [("Anna", 6, 1), ("Chen", 6, 1)]
    assert match["finished_at"].endswith("Z") and len(match["uid"]) == 32
    status, out, _ = run("history", "--player", "Dara", "--json", "--limit", "2")
    assert [m["game"] for m in json.loads(out)] == ["cavasie", "parchis"]
    status, out, _ = run("history", "--abandoned", "--game", "senet", "--limit", "0")
    assert "abandoned" in out and len(out.splitlines()) == 1 + 4


def test_history_by_date(here: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """Days are local days, both ends included: on 1 March (UTC here) S1-S3 finished at 18-20h,
    Q1 at 22h, Q2 at 23h; P1 finished at midnight, on the 2nd."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    try:
        status, out, _ = run("history", "--since", "2026-03-01", "--until", "2026-03-01", "--json")
        assert status == 0
        assert [m["game"] for m in json.loads(out)] == ["quacks", "quacks", "senet", "senet", "senet"]
        status, out, _ = run("history", "--since", "2026-03-02", "--json")
        assert [m["game"] for m in json.loads(out)] == ["cavasie", "cavasie", "parchis"]
    finally:
        monkeypatch.undo()
        time.tzset()


def test_history_of_an_unknown_player_says_so(here: Store) -> None:
    status, out, err = run("history", "--player", "Nobody")
    assert (status, out) == (1, "")
    assert err.strip() == 'There is no player called "Nobody".'


def test_export_import_round_trip_through_the_commands(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"sqlite:///{tmp_path / 'club.db'}"
    with Store(url) as club:
        play_club(club)  # every match played through its engine: an import replays them all
    monkeypatch.setenv("COMPANION_DB_URL", url)
    status, out, _ = run("export", str(tmp_path / "all.json"))
    assert status == 0 and out.startswith(f"Exported to {tmp_path / 'all.json'}: matches 8,")
    status, out, _ = run("export", str(tmp_path / "senet.csv"), "--game", "senet")
    assert (status, out.strip()) == (0, f"Exported to {tmp_path / 'senet.csv'}: result rows 4.")
    monkeypatch.setenv("COMPANION_DB_URL", f"sqlite:///{tmp_path / 'there.db'}")
    status, out, _ = run("import", str(tmp_path / "all.json"))
    assert (status, out.strip()) == (0, "Imported: matches 8 new, 0 already here; new players 5.")
    status, out, _ = run("import", str(tmp_path / "all.json"))
    assert out.strip() == "Imported: matches 0 new, 8 already here; new players 0."


def test_import_refuses_a_damaged_file_with_its_reason(here: Store, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "companion-export", "version": 1, "content": {}, "digest": "sha256:00"}')
    status, out, err = run("import", str(bad))
    assert (status, out) == (1, "")
    assert "checksum does not match" in err


def test_import_takes_a_match_code(here: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    eun, fay = add_player(here, "Eun"), add_player(here, "Fay")
    code = match_code(here, add_match(here, "senet", [Seat(eun, 7, 1), Seat(fay, 2, 2)], finished=T0))
    monkeypatch.setenv("COMPANION_DB_URL", f"sqlite:///{tmp_path / 'there.db'}")
    status, out, _ = run("import", code)
    assert (status, out.strip()) == (0, "Imported: matches 1 new, 0 already here; new players 2.")
    damaged = code[:-1] + ("A" if code[-1] != "A" else "B")  # always a different code
    status, _, err = run("import", damaged)
    assert status == 1 and "damaged" in err


def test_a_store_that_cannot_open_is_exit_status_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "file").write_text("not a folder")
    monkeypatch.setenv("COMPANION_DB_URL", f"sqlite:///{tmp_path / 'file' / 'x.db'}")
    status, _, err = run("history")
    assert status == 2 and err


def test_the_module_imports_neither_db_nor_sqlalchemy() -> None:
    """companion/ stays free of the store until a command runs."""
    code = (
        "import sys, companion.history_cli, companion.matchcode;"
        "print(sorted(m for m in sys.modules if m == 'db' or m.startswith(('db.', 'sqlalchemy'))))"
    )
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert found.stdout.strip() == "[]"

"""Export → import round trips, merging without duplicates, CSV, and refused files."""

from __future__ import annotations

import csv
import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select

import db.exchange.merge
from db import Store
from db.exchange import (
    BadField,
    DigestMismatch,
    DigestMissing,
    DuplicatePlayer,
    DuplicateUid,
    ExchangeError,
    LogOutOfOrder,
    NewerExport,
    NotAnExport,
    NotJsonFile,
    UnknownPlayerName,
    export_csv,
    export_json,
    import_json,
    read_export,
)
from db.history import read_stored_matches
from db.models import Event, Match, Participant, Player
from tests.history.conftest import module_store
from tests.history.played import PIG_WIN, entries, file_match, play_club
from tests.history.seed import add_player


def everything(store: Store) -> tuple[list[Any], list[tuple[str, str, bool]]]:
    """The whole database without its ids: match records (uid order) and players."""
    with store.reading() as session:
        ids = list(session.scalars(select(Match.id)))
        records = sorted((s.record for s in read_stored_matches(session, ids)), key=lambda r: r.uid)
        players = sorted((p.name, p.colour, p.archived) for p in session.scalars(select(Player)))
    return records, players


def row_counts(store: Store) -> tuple[int, ...]:
    with store.reading() as session:
        tables = (Player, Match, Participant, Event)
        return tuple(int(session.scalar(select(func.count()).select_from(t)) or 0) for t in tables)


MATCHES = 8  # the club's matches (tests/history/played.py)


def export_everything(store: Store, path: Path) -> Path:
    """A club's whole history, every match played through its engine, exported whole (Nobody
    Yet, who has played no match, too)."""
    play_club(store)
    summary = export_json(store, path)
    entries_stored = sum(info.event_count for info in store.history(limit=None, include_abandoned=True)) + sum(
        info.event_count for info in store.unfinished_matches())
    assert (summary.players, summary.matches, summary.events) == (5, MATCHES, entries_stored)
    return path


@pytest.fixture
def exported(store: Store, tmp_path: Path) -> Path:
    """Exported from the parametrised store (SQLite, PostgreSQL)."""
    return export_everything(store, tmp_path / "export.json")


@pytest.fixture(scope="module")
def export_file(tmp_path_factory: pytest.TempPathFactory, migrated_history_file: Path) -> Path:
    """One export from SQLite for the refusal tests, which damage copies of it."""
    folder = tmp_path_factory.mktemp("export")
    with module_store("sqlite", folder, migrated_history_file, "source") as source:
        return export_everything(source, folder / "export.json")


def test_round_trip_into_another_install(store: Store, exported: Path, other_sqlite_store: Store) -> None:
    report = import_json(other_sqlite_store, exported)
    assert (report.matches_added, report.matches_skipped, report.players_matched) == (MATCHES, 0, 0)
    assert sorted(report.players_added) == ["Anna", "Bo", "Chen", "Dara", "Nobody Yet"]
    assert everything(other_sqlite_store) == everything(store)

    again = import_json(other_sqlite_store, exported)
    assert (again.matches_added, again.matches_skipped, again.players_added, again.players_matched) == (
        0, MATCHES, (), 5)
    assert everything(other_sqlite_store) == everything(store)


def test_an_export_from_sqlite_imports_into_either_database(
    store: Store, other_sqlite_store: Store, tmp_path: Path
) -> None:
    path = export_everything(other_sqlite_store, tmp_path / "from-sqlite.json")
    report = import_json(store, path)
    assert (report.matches_added, len(report.players_added)) == (MATCHES, 5)
    assert everything(store) == everything(other_sqlite_store)
    assert import_json(store, path).matches_skipped == MATCHES


def test_importing_into_the_same_install_adds_nothing(store: Store, exported: Path) -> None:
    before = row_counts(store)
    report = import_json(store, exported)
    assert (report.matches_added, report.matches_skipped, report.players_added) == (0, MATCHES, ())
    assert row_counts(store) == before


def test_the_file_is_documented_json_one_match_a_line(exported: Path) -> None:
    raw = exported.read_bytes()
    data = json.loads(raw)
    assert (data["format"], data["version"]) == ("companion-export", 1)
    assert data["exported_at"].endswith("Z")
    # The digest covers the content's bytes as written: from after "content": to before "digest".
    written = raw.split(b'\n"content": ', 1)[1].rsplit(b',\n"digest"', 1)[0]
    assert json.loads(written) == data["content"]
    assert data["digest"] == "sha256:" + hashlib.sha256(written).hexdigest()
    lines = raw.decode("utf-8").splitlines()
    assert sum(line.startswith('{"uid":') for line in lines) == MATCHES
    match = next(m for m in data["content"]["matches"] if m["variant"] == "bell")
    first = match["events"][0]
    assert first == {"seq": 1, "kind": "action", "action": {"throw": first["action"]["throw"]}, "at": first["at"]}
    undo = next(e for e in match["events"] if e["kind"] == "undo")
    assert undo == {"seq": undo["seq"], "kind": "undo", "at": undo["at"]}
    assert [s["player"] for s in match["seats"]] == ["Anna", "Bo"]
    assert not list(exported.parent.glob("*.part"))  # written aside, then renamed


def test_players_are_matched_by_name_without_case(store: Store, exported: Path, other_sqlite_store: Store) -> None:
    mine = add_player(other_sqlite_store, "anna", "#000000")
    add_player(other_sqlite_store, "BO", "#000000", archived=True)  # archived: still the same person
    report = import_json(other_sqlite_store, exported)
    assert report.players_matched == 2
    assert sorted(report.players_added) == ["Chen", "Dara", "Nobody Yet"]
    with other_sqlite_store.reading() as session:
        names = sorted(session.scalars(select(Player.name)))
        seated = set(session.scalars(select(Participant.player_id)))
    assert names == ["BO", "Chen", "Dara", "Nobody Yet", "anna"]
    assert mine in seated


def test_a_chosen_game_or_chosen_matches(store: Store, tmp_path: Path, other_sqlite_store: Store) -> None:
    club = play_club(store)
    export_json(store, tmp_path / "pig.json", game="pig")
    file = read_export(tmp_path / "pig.json")
    assert {m.game for m in file.matches} == {"pig"}
    assert len(file.matches) == 3  # finished, abandoned and active ones alike
    assert sorted(p.name for p in file.players) == ["Anna", "Bo", "Chen", "Dara"]
    export_json(store, tmp_path / "two.json", match_ids=[club.matches["quacks"], club.matches["cavasie"]])
    report = import_json(other_sqlite_store, tmp_path / "two.json")
    assert (report.matches_added, sorted(report.players_added)) == (2, ["Anna", "Bo", "Chen", "Dara"])


def test_an_archived_namesake_gets_a_distinct_name_in_the_file(store: Store, tmp_path: Path,
                                                                other_sqlite_store: Store) -> None:
    old = add_player(store, "Anna", archived=True)
    new = add_player(store, "Anna")
    file_match(store, "pig", {"target": 20}, [old, new], entries(PIG_WIN))
    export_json(store, tmp_path / "x.json")
    import_json(other_sqlite_store, tmp_path / "x.json")
    (record,), players = everything(other_sqlite_store)
    assert [s.player for s in record.seats] == ["Anna (2)", "Anna"]
    assert players == [("Anna", "#336699", False), ("Anna (2)", "#336699", True)]


def test_csv_has_one_row_per_seat_of_each_finished_match(store: Store, tmp_path: Path) -> None:
    club = play_club(store)
    rows = export_csv(store, tmp_path / "results.csv", game="parchis")
    assert rows == 3
    with (tmp_path / "results.csv").open(encoding="utf-8", newline="") as handle:
        table = list(csv.DictReader(handle))
    played = store.match(club.matches["parchis"])
    assert [(r["player"], r["team"], r["score"], r["placing"], r["won"]) for r in table] == [
        (p.name, "", "" if p.final_score is None else str(p.final_score), str(p.placing), str(int(p.placing == 1)))
        for p in played.participants
    ]
    assert played.finished_at is not None
    minutes = (played.finished_at - played.started_at).total_seconds() / 60
    assert table[0]["minutes"] == f"{minutes:.1f}" and table[0]["finished_at"].endswith("Z")
    assert export_csv(store, tmp_path / "all.csv") == 2 + 2 + 3 + 3 + 2 + 2  # the finished ones, a row a seat


# -- refused files: a clear reason, and nothing written -----------------------------------------
def rewrite(source: Path, target: Path, change: Callable[[dict[str, Any]], None], *, redigest: bool) -> Path:
    """A copy of an export with `change` applied to its content (and a fresh digest if asked),
    laid out as the format says: the header, then "content", then "digest" last."""
    data = json.loads(source.read_text(encoding="utf-8"))
    change(data["content"])
    content = json.dumps(data["content"], ensure_ascii=False, indent=1).encode("utf-8")
    digest = "sha256:" + hashlib.sha256(content).hexdigest() if redigest else data["digest"]
    head = json.dumps({k: v for k, v in data.items() if k not in ("content", "digest")})[:-1].encode()
    target.write_bytes(head + b', "content": ' + content + b', "digest": "' + digest.encode() + b'"}')
    return target


def refused(store: Store, path: Path, error: type[ExchangeError]) -> ExchangeError:
    before = row_counts(store)
    with pytest.raises(error) as raised:
        import_json(store, path)
    assert row_counts(store) == before
    for lang in ("en", "ko"):
        text = raised.value.message(lang)
        assert text and "exchange." not in text  # every part translated
    return raised.value


def set_in(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """A change that sets content[path] (dotted, with list indexes) to value."""

    def change(content: dict[str, Any]) -> None:
        keys = [int(k) if k.isdigit() else k for k in path.split(".")]
        target: Any = content
        for key in keys[:-1]:
            target = target[key]
        target[keys[-1]] = value

    return change


def test_an_edited_file_is_refused_by_its_checksum(
    export_file: Path, other_sqlite_store: Store, tmp_path: Path
) -> None:
    edited = rewrite(export_file, tmp_path / "edited.json", set_in("matches.0.seats.0.score", 99), redigest=False)
    error = refused(other_sqlite_store, edited, DigestMismatch)
    assert "edited" in error.message("en")


def test_a_truncated_file_is_refused_naming_where(export_file: Path, other_sqlite_store: Store, tmp_path: Path) -> None:
    cut = tmp_path / "cut.json"
    cut.write_bytes(export_file.read_bytes()[:-200])
    error = refused(other_sqlite_store, cut, NotJsonFile)
    assert error.params["line"] > 1


@pytest.mark.parametrize(
    ("content", "error"),
    [
        ({"format": "something else", "version": 1}, NotAnExport),
        ([1, 2, 3], NotAnExport),
        ({"format": "companion-export", "version": 2, "content": {}, "digest": "sha256:00"}, NewerExport),
        ({"format": "companion-export", "version": 1, "content": {"matches": [], "players": []}}, DigestMissing),
    ],
)
def test_files_that_are_not_exports_of_this_version(other_sqlite_store: Store, tmp_path: Path, content: Any,
                                                    error: type[ExchangeError]) -> None:
    path = tmp_path / "odd.json"
    path.write_text(json.dumps(content), encoding="utf-8")
    refused(other_sqlite_store, path, error)


@pytest.mark.parametrize(
    ("change", "error", "where"),
    [
        (set_in("matches.7.seats.1.score", "seven"), BadField, "matches[7].seats[1].score"),
        (set_in("matches.3.uid", "not-a-uid"), BadField, "matches[3].uid"),
        (set_in("matches.0.status", "paused"), BadField, "matches[0].status"),
        (set_in("matches.0.started_at", "2026-03-01 18:00"), BadField, "matches[0].started_at"),
        (set_in("matches.0.seats.1.seat", 0), BadField, "matches[0].seats[1]"),
        (set_in("matches.0.seats", []), BadField, "matches[0].seats"),
        (set_in("players.0.colour", "red"), BadField, "players[0].colour"),
        (set_in("matches.0.seats.0.player", "Zed"), UnknownPlayerName, "matches[0].seats[0].player"),
        (set_in("players.1.name", "ANNA"), DuplicatePlayer, None),
        (lambda c: c["matches"].append(c["matches"][0]), DuplicateUid, None),
        (lambda c: c["matches"][3]["events"].pop(1), LogOutOfOrder, "matches[3].events"),
        (lambda c: c["matches"][3]["events"][40].update(action={"x": 1}), BadField, "matches[3].events[40].kind"),
        (lambda c: c["matches"][5].pop("result"), BadField, "matches[5].result"),
        (lambda c: c.pop("players"), BadField, "players"),
    ],
)
def test_a_damaged_file_with_a_fresh_checksum_is_refused_naming_the_field(
    export_file: Path, other_sqlite_store: Store, tmp_path: Path, change: Callable[[dict[str, Any]], None],
    error: type[ExchangeError], where: str | None,
) -> None:
    """The checksum can be recomputed by hand; every field is still checked before writing."""
    damaged = rewrite(export_file, tmp_path / "damaged.json", change, redigest=True)
    found = refused(other_sqlite_store, damaged, error)
    if where is not None:
        assert found.params["where"] == where
        assert where in found.message("en")


def test_a_failure_while_writing_leaves_nothing_half_written(
    export_file: Path, other_sqlite_store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = db.exchange.merge.insert_record
    calls = {"n": 0}

    def failing(*args: Any, **kwargs: Any) -> Any:
        calls["n"] += 1
        if calls["n"] == 7:
            raise ExchangeError()  # as if the disk filled up at the seventh match
        return original(*args, **kwargs)

    monkeypatch.setattr(db.exchange.merge, "insert_record", failing)
    with pytest.raises(ExchangeError):
        import_json(other_sqlite_store, export_file)
    assert row_counts(other_sqlite_store) == (0, 0, 0, 0)  # not even the players


def test_an_unreadable_path_is_refused(other_sqlite_store: Store, tmp_path: Path) -> None:
    with pytest.raises(db.exchange.FileUnreadable):
        import_json(other_sqlite_store, tmp_path / "missing.json")

"""Export files written to do harm, or just wrong, refused with their reason and nothing written
(issue 14), on SQLite and PostgreSQL, through `import_json` and through `companion import`.

Each file carries a fresh, correct digest: the digest is a checksum anyone can recompute, so
every field must still be checked as the schema and the game would, and every log replayed.
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import io
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select

from companion import history_cli
from db import Store
from db import cli as db_cli
from db.exchange import (
    BadField,
    BadNumber,
    BadText,
    Disagrees,
    ExchangeError,
    LogRefused,
    NoLog,
    SetupRefused,
    TooDeep,
    UnknownGameInFile,
    export_json,
    import_json,
    read_export,
)
from db.models import Event, Match, Participant, Player
from tests.history.conftest import module_store
from tests.history.played import PIG_WIN, entries, file_match
from tests.history.seed import add_player

Content = dict[str, Any]


@pytest.fixture(scope="module")
def genuine(tmp_path_factory: pytest.TempPathFactory, migrated_history_file: Path) -> dict[str, Any]:
    """A genuine export: Anna and Bo; match 0 Pig finished (Anna 22 – Bo 0), match 1 Pig
    still being played (Anna rolled 3)."""
    folder = tmp_path_factory.mktemp("genuine")
    with module_store("sqlite", folder, migrated_history_file, "source") as source:
        anna, bo = add_player(source, "Anna", "#d32f2f"), add_player(source, "Bo", "#1976d2")
        file_match(source, "pig", {"target": 20}, [anna, bo], entries(PIG_WIN))
        file_match(source, "pig", {}, [anna, bo], entries([{"roll": 3}]))
        export_json(source, folder / "genuine.json")
    data: dict[str, Any] = json.loads((folder / "genuine.json").read_text(encoding="utf-8"))
    return data


def signed(data: dict[str, Any], text: Callable[[str], str] = lambda t: t) -> bytes:
    """The file for `data` with a correct digest over its content as written; `text` may edit
    the content's JSON text first (to write what Python cannot build, or would not write)."""
    content = text(json.dumps(data["content"], ensure_ascii=True)).encode("utf-8")
    head = json.dumps({k: v for k, v in data.items() if k not in ("content", "digest")})[:-1].encode()
    digest = "sha256:" + hashlib.sha256(content).hexdigest()
    return head + b', "content": ' + content + b', "digest": "' + digest.encode() + b'"}'


def edited(data: dict[str, Any], change: Callable[[Content], None]) -> bytes:
    data = copy.deepcopy(data)
    change(data["content"])
    return signed(data)


def at(path: str, value: Any) -> Callable[[Content], None]:
    """A change that sets content[path] (dotted, list indexes as numbers) to `value`."""

    def change(content: Content) -> None:
        keys = [int(k) if k.lstrip("-").isdigit() else k for k in path.split(".")]
        target: Any = content
        for key in keys[:-1]:
            target = target[key]
        target[keys[-1]] = value

    return change


def header(data: dict[str, Any], old: bytes, new: bytes) -> bytes:
    """The genuine file with a header field written differently (its digest still right)."""
    raw = signed(data)
    assert old in raw
    return raw.replace(old, new, 1)


# Files that crashed `companion import` and the web page before (a traceback, "Error running
# app"): (name, file builder, refusal, where).
HOSTILE: list[tuple[str, Callable[[dict[str, Any]], bytes], type[ExchangeError], str | None]] = [
    ("nesting 100,000 deep", lambda d: signed(d, lambda t: t.replace(
        json.dumps(d["content"]["matches"][0]["setup"]), "[" * 100_000 + "]" * 100_000, 1)), TooDeep, "content"),
    ("nesting 500 deep in an action", lambda d: signed(d, lambda t: t.replace('"roll": 3', '"roll": ' + "[" * 500
                                                                            + "]" * 500)), TooDeep, None),
    ("version 10^5000", lambda d: header(d, b'"version": 1', b'"version": 1' + b"0" * 5000), BadNumber, None),
    ("a score of 2^63", lambda d: edited(d, at("matches.0.seats.0.score", 2**63)), BadNumber, None),
    ("a seat of 2^63", lambda d: edited(d, at("matches.0.seats.1.seat", 2**63)), BadNumber, None),
    ("a seat of 2^40", lambda d: edited(d, at("matches.0.seats.1.seat", 2**40)), BadField,
     "matches[0].seats[1].seat"),
    ("a team of 2^63 - 1", lambda d: edited(d, at("matches.0.seats.0.team", 2**63 - 1)), BadNumber, None),
    ("a start in year 1 at +05:00", lambda d: edited(d, at("matches.0.started_at", "0001-01-01T00:00:00+05:00")),
     BadField, "matches[0].started_at"),
    ("an export time past year 9999", lambda d: header(d, d["exported_at"].encode(), b"9999-12-31T23:59:59-05:00"),
     BadField, "exported_at"),
    ("a lone surrogate in a name", lambda d: signed(d, lambda t: t.replace('"Bo"', '"B\\ud800o"')), BadText,
     "content.players[1].name"),
    ("a lone surrogate in an action", lambda d: edited(d, at("matches.1.events.0.action.note", "\udfff")), BadText,
     "content.matches[1].events[0].action.note"),
    ("NaN in a set-up", lambda d: signed(d, lambda t: t.replace('"target": 20', '"target": NaN')), BadNumber, None),
    ("1e400 in an action", lambda d: signed(d, lambda t: t.replace('"roll": 3', '"roll": 1e400')), BadNumber, None),
]

# Files that were imported although no game could have made them.
INVALID: list[tuple[str, Callable[[Content], None], type[ExchangeError], str]] = [
    ("an active match whose log the engine refuses", at("matches.1.events.0.action.roll", 7), LogRefused,
     "matches[1].events[0]"),
    ("a game called chess", at("matches.1.game", "chess"), UnknownGameInFile, "matches[1].game"),
    ("a finished match with a garbage result", at("matches.0.result", {"garbage": True}), Disagrees,
     "matches[0].result"),
    ("a finished match without its log", at("matches.0.events", []), NoLog, "matches[0].events"),
    ("placings the log does not give", lambda c: (at("matches.0.seats.0.placing", 2)(c),
                                                  at("matches.0.seats.1.placing", 1)(c)), Disagrees,
     "matches[0].seats[0]"),
    ("an active match whose log is over", lambda c: c["matches"][0].update(
        status="active", finished_at=None, result=None,
        seats=[{**s, "score": None, "placing": None} for s in c["matches"][0]["seats"]]), Disagrees,
     "matches[0].status"),
    ("a set-up the game refuses", at("matches.0.setup.target", 5), SetupRefused, "matches[0].setup"),
    ("a set-up for three at a table of two", at("matches.0.setup.players", 3), BadField, "matches[0].setup.players"),
    ("a name of a zero-width space", lambda c: [at(path, "\u200b")(c) for path in (
        "players.1.name", "matches.0.seats.1.player", "matches.1.seats.1.player")], BadField, "players[1].name"),
    ("a score in a match not yet over", at("matches.1.seats.0.score", 3), Disagrees, "matches[1].seats[0]"),
    ("a result from a match code that its seats do not make", lambda c: c["matches"][0].update(
        events=[], result={"over": True, "places": [[1], [0]], "scores": {}, "detail": {}, "from_code": True}),
     Disagrees, "matches[0].result"),
]


def row_counts(store: Store) -> tuple[int, ...]:
    with store.reading() as session:
        return tuple(int(session.scalar(select(func.count()).select_from(t)) or 0)
                     for t in (Player, Match, Participant, Event))


def refused(store: Store, raw: bytes, error: type[ExchangeError], where: str | None) -> ExchangeError:
    before = row_counts(store)
    with pytest.raises(error) as raised:
        import_json(store, raw)
    assert row_counts(store) == before  # nothing written
    if where is not None:
        assert raised.value.params["where"] == where
    for lang in ("en", "ko"):
        text = raised.value.message(lang)
        assert text and "exchange." not in text and "{" not in text
    return raised.value


@pytest.fixture
def holding(store: Store) -> Iterator[Store]:
    """The store with a player of its own already, so that 'nothing written' means something."""
    add_player(store, "Here", "#123456")
    yield store


def test_the_genuine_file_imports(genuine: dict[str, Any], holding: Store) -> None:
    report = import_json(holding, signed(genuine))
    assert (report.matches_added, report.players_added) == (2, ("Anna", "Bo"))


@pytest.mark.parametrize(("name", "build", "error", "where"), HOSTILE, ids=[h[0] for h in HOSTILE])
def test_a_hostile_file_is_refused_with_its_reason(genuine: dict[str, Any], holding: Store, name: str,
                                                   build: Callable[[dict[str, Any]], bytes],
                                                   error: type[ExchangeError], where: str | None) -> None:
    refused(holding, build(genuine), error, where)


@pytest.mark.parametrize(("name", "change", "error", "where"), INVALID, ids=[i[0] for i in INVALID])
def test_a_file_no_game_could_have_made_is_refused(genuine: dict[str, Any], holding: Store, name: str,
                                                   change: Callable[[Content], None],
                                                   error: type[ExchangeError], where: str) -> None:
    found = refused(holding, edited(genuine, change), error, where)
    assert where in found.message("en")


def test_the_engines_own_refusal_is_named_in_both_languages(genuine: dict[str, Any]) -> None:
    with pytest.raises(LogRefused) as raised:
        read_export(edited(genuine, at("matches.1.events.0.action.roll", 7)))
    assert "PG-" in raised.value.message("en") or "7" in raised.value.message("en")
    assert raised.value.message("ko") != raised.value.message("en")


def test_names_lose_their_control_and_reordering_characters(genuine: dict[str, Any], holding: Store) -> None:
    """An RTL override would show the name reversed; a NUL hides nothing but breaks tools."""
    raw = edited(genuine, lambda c: (at("players.1.name", "\u202eB\x00o")(c), at("matches.0.seats.1.player",
                                                                                 "\u202eB\x00o")(c),
                                     at("matches.1.seats.1.player", "\u202eB\x00o")(c)))
    assert [p.name for p in read_export(raw).players] == ["Anna", "Bo"]
    import_json(holding, raw)
    assert sorted(p.name for p in holding.players()) == ["Anna", "Bo", "Here"]


def test_two_names_that_clean_to_one_are_one_player_too_many(genuine: dict[str, Any]) -> None:
    from db.exchange import DuplicatePlayer

    raw = edited(genuine, lambda c: c["players"].append({**c["players"][1], "name": "B\u200bo"}))
    with pytest.raises(DuplicatePlayer):
        read_export(raw)


def cli_import(path: Path, monkeypatch: pytest.MonkeyPatch, url: str) -> tuple[int, str, str]:
    monkeypatch.setenv("COMPANION_DB_URL", url)
    top = argparse.ArgumentParser(prog="companion")
    history_cli.add_commands(top.add_subparsers(dest="command"))
    out, err = io.StringIO(), io.StringIO()
    status = db_cli.run(top.parse_args(["import", str(path)]), out, err)
    return status, out.getvalue(), err.getvalue()


def test_companion_import_refuses_each_file_with_its_reason(genuine: dict[str, Any], sqlite_store: Store,
                                                            tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every file above through the command: exit status 1, one line saying why, no traceback,
    nothing written."""
    files = [build(genuine) for _, build, _, _ in HOSTILE] + [edited(genuine, change) for _, change, _, _ in INVALID]
    url = sqlite_store.engine.url.render_as_string(hide_password=False)
    before = row_counts(sqlite_store)
    for number, raw in enumerate(files):
        path = tmp_path / f"hostile-{number}.json"
        path.write_bytes(raw)
        status, out, err = cli_import(path, monkeypatch, url)
        assert (status, out) == (1, ""), err
        assert err.count("\n") == 1 and "Traceback" not in err and "Nothing was changed" in err
    assert row_counts(sqlite_store) == before
    assert len(files) == len(HOSTILE) + len(INVALID) == 24

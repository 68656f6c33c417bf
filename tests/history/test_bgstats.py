"""Finished matches for BG Stats: its push-play link (one match) and its play file (many).

The link's JSON follows BG Stats' documentation of the push link; the file follows the play
files BG Stats writes (games, players and a location, referred to by id from each play)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from urllib.parse import parse_qs, urlsplit
from zoneinfo import ZoneInfo

import pytest

from companion.bgstats import Play, PlayerResult, play_date, push_data, start_seat
from db.bgstats import NotFinished, bgstats_file, bgstats_link, write_bgstats_file
from tests.history.seed import T0, Seat, add_match, add_player


def link_data(link: str) -> dict:
    parts = urlsplit(link)
    assert (parts.scheme, parts.netloc, parts.path) == ("https", "app.bgstatsapp.com", "/createPlay.html")
    (data,) = parse_qs(parts.query)["data"]
    return json.loads(data)


def test_the_link_of_a_finished_senet_match(sqlite_store):
    ana, ben = add_player(sqlite_store, "Ana"), add_player(sqlite_store, "민수")
    match_id = add_match(sqlite_store, "senet", [Seat(ana, 7, 1), Seat(ben, 5, 2)], finished=T0, minutes=42,
                         uid="senet-uid-1")
    data = link_data(bgstats_link(sqlite_store, match_id))
    assert data["sourceName"] == "Companion" and data["sourcePlayId"] == "senet-uid-1"
    assert data["game"] == {"name": "Bell's Senet", "sourceGameId": "senet", "highestWins": True, "noPoints": False}
    assert data["playDate"] == (T0 - timedelta(minutes=42)).strftime("%Y-%m-%d %H:%M:%S")  # its start, UTC
    assert data["durationMin"] == 42
    assert data["players"] == [
        {"name": "Ana", "sourcePlayerId": "Ana", "winner": True, "startPlayer": True, "score": 7, "rank": 1},
        {"name": "민수", "sourcePlayerId": "민수", "winner": False, "startPlayer": False, "score": 5, "rank": 2},
    ]


def test_a_team_match_names_its_teams_and_a_game_without_points_says_so(sqlite_store):
    names = [add_player(sqlite_store, name) for name in ("Ana", "Ben", "Cy", "Dee")]
    seats = [Seat(names[0], None, 1, 0), Seat(names[1], None, 2, 1), Seat(names[2], None, 1, 0),
             Seat(names[3], None, 2, 1)]
    match_id = add_match(sqlite_store, "parchis", seats, finished=T0)
    data = link_data(bgstats_link(sqlite_store, match_id))
    assert data["game"]["noPoints"] is True
    assert [(p["name"], p["team"], p["rank"], p["winner"]) for p in data["players"]] == [
        ("Ana", "1", 1, True), ("Ben", "2", 2, False), ("Cy", "1", 1, True), ("Dee", "2", 2, False)]
    assert all("score" not in p for p in data["players"])


def test_an_unfinished_match_has_no_link(sqlite_store):
    ana, ben = add_player(sqlite_store, "Ana"), add_player(sqlite_store, "Ben")
    active = add_match(sqlite_store, "senet", [Seat(ana), Seat(ben)], finished=None, status="active")
    with pytest.raises(NotFinished) as refused:
        bgstats_link(sqlite_store, active)
    assert "not finished" in refused.value.message("en") and "끝나지 않았습니다" in refused.value.message("ko")


def test_the_play_file_holds_every_finished_match_once_with_its_games_and_players(sqlite_store, tmp_path):
    ana, ben, cy = (add_player(sqlite_store, name) for name in ("Ana", "Ben", "Cy"))
    add_match(sqlite_store, "senet", [Seat(ana, 7, 1), Seat(ben, 5, 2)], finished=T0, uid="s1")
    add_match(sqlite_store, "senet", [Seat(ben, 7, 1), Seat(cy, 2, 2)], finished=T0 + timedelta(days=1), uid="s2")
    add_match(sqlite_store, "pig", [Seat(cy, 100, 1), Seat(ana, 80, 2)], finished=T0 + timedelta(days=2), uid="p1")
    add_match(sqlite_store, "pig", [Seat(cy), Seat(ana)], finished=None, status="active")  # not a play yet
    data, count = bgstats_file(sqlite_store)
    play_file = json.loads(data)
    assert count == 3 and len(play_file["plays"]) == 3
    assert [g["name"] for g in play_file["games"]] == ["Bell's Senet", "Pig"]
    assert sorted(p["name"] for p in play_file["players"]) == ["Ana", "Ben", "Cy"]
    players = {p["id"]: p["name"] for p in play_file["players"]}
    games = {g["id"]: g["name"] for g in play_file["games"]}
    first, _, last = play_file["plays"]  # oldest first
    assert games[first["gameRefId"]] == "Bell's Senet" and games[last["gameRefId"]] == "Pig"
    assert [(players[s["playerRefId"]], s["score"], s["rank"], s["winner"], s["seatOrder"])
            for s in last["playerScores"]] == [("Cy", "100", 1, True, 1), ("Ana", "80", 2, False, 2)]
    assert first["locationRefId"] == play_file["locations"][0]["id"]
    assert len({p["uuid"] for p in play_file["plays"]}) == 3
    # One game's file holds that game only; written to a file it is the same document.
    senet, senet_count = bgstats_file(sqlite_store, game="senet")
    assert senet_count == 2 and {g["name"] for g in json.loads(senet)["games"]} == {"Bell's Senet"}
    assert write_bgstats_file(sqlite_store, tmp_path / "plays.bgsplay", game="senet") == 2
    assert len(json.loads((tmp_path / "plays.bgsplay").read_text(encoding="utf-8"))["plays"]) == 2


def test_lowest_score_wins_is_read_from_the_result():
    golfers = (PlayerResult("Ana", 0, 3, 1), PlayerResult("Ben", 1, 9, 2))
    play = Play("u", "pig", T0, T0 + timedelta(minutes=1), golfers)
    assert push_data(play)["game"]["highestWins"] is False
    usual = Play("u", "pig", T0, None, (PlayerResult("Ana", 0, 9, 1), PlayerResult("Ben", 1, 3, 2)))
    assert push_data(usual)["game"]["highestWins"] is True and "durationMin" not in push_data(usual)


def test_dates_are_utc_in_bg_stats_form():
    seoul = datetime(2026, 3, 1, 20, 30, tzinfo=UTC).astimezone(ZoneInfo("Asia/Seoul"))
    assert play_date(seoul) == "2026-03-01 20:30:00"


def test_the_start_player_is_the_seat_the_engine_starts_with():
    assert start_seat("senet", {"players": 2}) == 0
    assert start_seat("chess", {"players": 2}) is None  # no such game: no start player, still a play
    assert start_seat("senet", {"players": 9}) is None  # a set-up this version cannot read

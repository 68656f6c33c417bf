"""Finished matches in the forms BG Stats (Board Game Stats, the app many players log their plays
in) takes in: a link that opens BG Stats with one play filled in, and a play file of many.

The link is BG Stats' documented way for another app to push a play
(bgstatsapp.com, "Push plays to BG Stats from other apps or websites"):
`https://app.bgstatsapp.com/createPlay.html?data=<the play as URL-encoded JSON>`; on a phone with
BG Stats installed it opens the app's import dialog, where the game and the players are matched
to the player's own once (BG Stats remembers the match by `sourceName` and the source ids). The
play names the game, the date (`playDate`, "YYYY-MM-DD HH:MM:SS", in UTC), the duration in
minutes, and each player with score, rank, winner, start player and team.

The play file is the JSON document BG Stats itself writes when a play is shared (a `.bgsplay`
file: `games`, `players`, `locations`, `plays` whose `playerScores` point at them by id) and
opens from a file; it carries the same facts for every finished match exported. BG Stats does not
publish that format: it follows the files BG Stats writes.

Names, not ids, identify players here, as in the app's own export: a player is the same person
on every install that knows the name. A match is identified by its uid, kept across installs.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from urllib.parse import quote

from companion.games import game as registered_game
from companion.i18n import t

SOURCE_NAME = "Companion"  # BG Stats remembers matched games and players per source: keep it stable
PUSH_URL = "https://app.bgstatsapp.com/createPlay.html"
FILE_ABOUT = ("A play file from Companion, the referee and score keeper for board games on a real "
              "table, for Board Game Stats: open it with Board Game Stats (share or open in).")
NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "https://app.bgstatsapp.com/createPlay.html#companion")
FILE_LOCATION = "Companion"


@dataclass(frozen=True)
class PlayerResult:
    name: str
    seat: int
    score: int | None
    rank: int | None  # the place (team places in a team game)
    team: int | None = None


@dataclass(frozen=True)
class Play:
    """One finished match as BG Stats records a play."""

    source_id: str  # the match's uid
    game: str  # the game's id
    started_at: datetime  # UTC
    finished_at: datetime | None  # UTC
    players: tuple[PlayerResult, ...]  # by seat
    start_seat: int | None = None

    @property
    def game_name(self) -> str:
        return t(f"game.{self.game}", "en")  # one name on every device: BG Stats matches it once

    @property
    def uses_teams(self) -> bool:
        return any(player.team is not None for player in self.players)

    @property
    def no_points(self) -> bool:
        return all(player.score is None for player in self.players)

    @property
    def highest_wins(self) -> bool:
        """Whether the best score wins: so unless the winners scored less than everyone else."""
        scored = [p for p in self.players if p.score is not None and p.rank is not None]
        winners = [p.score for p in scored if p.rank == 1 and p.score is not None]
        others = [p.score for p in scored if p.rank != 1 and p.score is not None]
        return not (winners and others and max(winners) < min(others))

    @property
    def minutes(self) -> int | None:
        if self.finished_at is None:
            return None
        return max(1, round((self.finished_at - self.started_at).total_seconds() / 60))


def start_seat(game_id: str, setup: Mapping[str, Any]) -> int | None:
    """The seat that moves first in a match of this set-up, as the engine starts it (None when
    no one seat starts, or the set-up cannot be read)."""
    found = registered_game(game_id)
    if found is None:
        return None
    try:
        seat = found.engine.to_move(found.new_state(setup))
    except Exception:  # a set-up this version no longer reads: no start player, still a play
        return None
    return seat if isinstance(seat, int) and not isinstance(seat, bool) else None


def play_date(moment: datetime) -> str:
    """BG Stats' date: "YYYY-MM-DD HH:MM:SS", in UTC."""
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC)
    return moment.strftime("%Y-%m-%d %H:%M:%S")


def _team(player: PlayerResult) -> str | None:
    return None if player.team is None else str(player.team + 1)  # teams "1", "2" as the table says


def _winner(player: PlayerResult) -> bool:
    return player.rank == 1


def push_data(play: Play) -> dict[str, Any]:
    """The play as the push link's JSON."""
    game: dict[str, Any] = {"name": play.game_name, "sourceGameId": play.game,
                            "highestWins": play.highest_wins, "noPoints": play.no_points}
    data: dict[str, Any] = {"sourceName": SOURCE_NAME, "sourcePlayId": play.source_id,
                            "playDate": play_date(play.started_at), "game": game, "players": []}
    if play.minutes is not None:
        data["durationMin"] = play.minutes
    for player in play.players:
        entry: dict[str, Any] = {
            "name": player.name, "sourcePlayerId": player.name,
            # Android's BG Stats refuses a player without these two, though both are optional
            "winner": _winner(player), "startPlayer": player.seat == play.start_seat,
        }
        if player.score is not None:
            entry["score"] = player.score
        if player.rank is not None:
            entry["rank"] = player.rank
        if (team := _team(player)) is not None:
            entry["team"] = team
        data["players"].append(entry)
    return data


def push_link(play: Play) -> str:
    """The link that opens BG Stats with this play filled in."""
    text = json.dumps(push_data(play), ensure_ascii=False, separators=(",", ":"))
    return f"{PUSH_URL}?data={quote(text, safe='')}"


def _uuid(kind: str, name: str) -> str:
    return str(uuid.uuid5(NAMESPACE, f"{kind}:{name}")).upper()


def play_file(plays: Iterable[Play], now: datetime | None = None) -> dict[str, Any]:
    """Every play in one BG Stats play file (a `.bgsplay` document)."""
    stamp = play_date(now or datetime.now(UTC))
    games: dict[str, dict[str, Any]] = {}
    players: dict[str, dict[str, Any]] = {}
    location = {"id": 1, "uuid": _uuid("location", FILE_LOCATION), "name": FILE_LOCATION, "modificationDate": stamp}
    entries: list[dict[str, Any]] = []
    for play in plays:
        game = games.setdefault(play.game, {
            "id": len(games) + 1, "uuid": _uuid("game", play.game), "name": play.game_name,
            "modificationDate": stamp, "cooperative": False, "highestWins": play.highest_wins,
            "noPoints": play.no_points, "usesTeams": play.uses_teams, "bggId": 0,
        })
        game["usesTeams"] = game["usesTeams"] or play.uses_teams
        scores = []
        for player in play.players:
            known = players.setdefault(player.name, {
                "id": len(players) + 1, "uuid": _uuid("player", player.name), "name": player.name,
                "isAnonymous": False, "modificationDate": stamp, "bggUsername": "",
            })
            score: dict[str, Any] = {
                "playerRefId": known["id"], "score": "" if player.score is None else str(player.score),
                "winner": _winner(player), "newPlayer": False, "startPlayer": player.seat == play.start_seat,
                "rank": player.rank or 0, "seatOrder": player.seat + 1, "role": "",
            }
            if (team := _team(player)) is not None:
                score["team"] = team
            scores.append(score)
        entries.append({
            "uuid": _uuid("play", play.source_id), "playDate": play_date(play.started_at),
            "entryDate": stamp, "modificationDate": stamp, "durationMin": play.minutes or 0,
            "gameRefId": game["id"], "locationRefId": location["id"], "usesTeams": play.uses_teams,
            "ignored": False, "manualWinner": False, "rounds": 0, "board": "", "rating": 0,
            "scoringSetting": 0, "playerScores": scores, "expansionPlays": [],
        })
    return {"about": FILE_ABOUT, "games": list(games.values()), "players": list(players.values()),
            "locations": [location], "plays": entries}


def file_bytes(plays: Sequence[Play], now: datetime | None = None) -> bytes:
    return json.dumps(play_file(plays, now), ensure_ascii=False, indent=1).encode("utf-8")

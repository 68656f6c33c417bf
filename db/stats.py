"""Statistics: per player (matches, wins, win rate, scores, head-to-head) and per game.

Only finished matches count. A win is a placing of 1 (a shared first place is a win for
each; team mates who win all win). Scores are compared within one game only: a Quacks VP
total and a Senet score are not the same number.

Head-to-head counts the finished matches two players sat in on opposite sides (team
mates are left out): a win when one's placing is better (smaller) than the other's, a
loss when worse, a tie otherwise (equal placings, or a placing missing).

Every number is computed by the database (COUNT, SUM, MAX and AVG over the indexes of
revision 0003, and its JSON functions for the per-game numbers), so a player with ten
thousand matches costs a few queries, not ten thousand rows read into Python.

The `result["detail"]` contract
-------------------------------
A finished match's `result` is the engine's outcome as JSON (`Outcome.to_json()`:
"over", "places", "scores", "detail"). The per-game statistics read `result["detail"]`,
where an engine puts, per seat (the seat number as a string key, like "scores"):

    "detail": {"seats": {"0": {...}, "1": {...}}, ...anything else the game wants}

    Senet    seats[s]["captures"]: int   opponent pieces seat s captured (SN-6)
    Parchís  seats[s]["captures"]: int   captures made by seat s (PA-12's exit capture
                                         included, as PA-17 counts it)
    Quacks   seats[s]["rounds"]: list, one entry per round played, round 1 first:
                 {"vp": int,             VP gained that round (step D, the bonus die,
                                         round 9's purchases), and
                  "exploded": bool}      whether the pot exploded that round (QK-8)
    Çävasie  seats[s]["best_hand"]: {"rank": int, "pattern": str}
                                         the seat's best scored hand of the match: its
                                         place on the CV-8 ladder (1 migutin ... 18
                                         vanzie, after CV-9's special hands) and the
                                         pattern's id in lower case ("felox_ad_livizax")

A value that is missing or of another type is simply not counted (a match recorded
before its engine filled `detail`, or imported from a match code, which carries none).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from sqlalchemy import and_, case, func, or_, select, text
from sqlalchemy.orm import Session, aliased

from companion.games import games
from db import errors
from db.models import Match, Participant, Player

if TYPE_CHECKING:
    from db.store import Store

FINISHED = "finished"
# The per-game numbers a game's `detail` may carry (see the contract above); each game's record
# says which of them its own carries (`Game.stats_facts`).
FACTS = ("captures", "rounds", "hands")
BEST_HANDS_SHOWN = 10
LEADERS_SHOWN = 3  # everyone's overview: each game's top three
VP = "(r.value->'vp')"
SEATS = "FROM participants p JOIN matches m ON m.id = p.match_id"


# -- per player -------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class GameRecord:
    """One player's record in one game."""

    game: str
    matches: int
    wins: int
    best_score: int | None
    average_score: float | None

    @property
    def win_rate(self) -> float:
        return self.wins / self.matches if self.matches else 0.0


@dataclass(frozen=True, slots=True)
class HeadToHead:
    opponent_id: int
    opponent_name: str
    matches: int
    wins: int
    losses: int

    @property
    def ties(self) -> int:
        return self.matches - self.wins - self.losses


@dataclass(frozen=True, slots=True)
class PlayerStats:
    player_id: int
    name: str
    matches: int
    wins: int
    games: tuple[GameRecord, ...]  # most played first, then by game id
    head_to_head: tuple[HeadToHead, ...]  # most met first, then by name

    @property
    def win_rate(self) -> float:
        return self.wins / self.matches if self.matches else 0.0

    def game(self, game: str) -> GameRecord | None:
        return next((record for record in self.games if record.game == game), None)


def _won() -> Any:
    return func.sum(case((Participant.placing == 1, 1), else_=0))


def player_stats(store: Store, player_id: int, game: str | None = None) -> PlayerStats:
    """A player's numbers over their finished matches (of one game if `game` is given)."""
    with store.reading() as session:
        player = session.get(Player, player_id) if _is_id(player_id) else None
        if player is None:
            raise errors.UnknownPlayer(player_id=player_id)
        games = _game_records(session, player_id, game)
        meetings = _head_to_head(session, player_id, game)
        return PlayerStats(
            player_id=player.id,
            name=player.name,
            matches=sum(record.matches for record in games),
            wins=sum(record.wins for record in games),
            games=games,
            head_to_head=meetings,
        )


def _game_records(session: Session, player_id: int, game: str | None) -> tuple[GameRecord, ...]:
    query = (
        select(
            Match.game,
            func.count(),
            _won(),
            func.max(Participant.final_score),
            func.avg(Participant.final_score),
        )
        .select_from(Participant)
        .join(Match, Match.id == Participant.match_id)
        .where(Participant.player_id == player_id, Match.status == FINISHED)
        .group_by(Match.game)
    )
    if game is not None:
        query = query.where(Match.game == game)
    records = [
        GameRecord(name, int(count), int(wins or 0), _int(best), _float(average))
        for name, count, wins, best, average in session.execute(query)
    ]
    return tuple(sorted(records, key=lambda record: (-record.matches, record.game)))


def _head_to_head(session: Session, player_id: int, game: str | None) -> tuple[HeadToHead, ...]:
    me, them = aliased(Participant), aliased(Participant)
    query = (
        select(
            them.player_id,
            func.count(),
            func.sum(case((me.placing < them.placing, 1), else_=0)),
            func.sum(case((me.placing > them.placing, 1), else_=0)),
        )
        .select_from(me)
        .join(Match, Match.id == me.match_id)
        .join(them, and_(them.match_id == me.match_id, them.player_id != me.player_id))
        .where(
            me.player_id == player_id,
            Match.status == FINISHED,
            or_(me.team.is_(None), them.team.is_(None), me.team != them.team),
        )
        .group_by(them.player_id)
    )
    if game is not None:
        query = query.where(Match.game == game)
    counts = session.execute(query).all()
    # Names afterwards: a few dozen opponents, not a join on every seat.
    names = dict(
        session.execute(select(Player.id, Player.name).where(Player.id.in_([row[0] for row in counts]))).all()
    )
    meetings = [
        HeadToHead(opponent, names[opponent], int(count), int(wins or 0), int(losses or 0))
        for opponent, count, wins, losses in counts
    ]
    return tuple(sorted(meetings, key=lambda h: (-h.matches, h.opponent_name.casefold(), h.opponent_id)))


# -- per game ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class LeaderRow:
    """One player's line in a game's table."""

    player_id: int
    name: str
    matches: int
    wins: int
    best_score: int | None
    average_score: float | None
    average_placing: float | None = None  # over the matches with a placing

    @property
    def win_rate(self) -> float:
        return self.wins / self.matches if self.matches else 0.0

    @property
    def rank_key(self) -> tuple[float, float, float, float, str, int]:
        """The table's order: most wins, then the best win rate, then the best placings on
        average (a session ending 25 / 19 / 16 lists 19 before 16), then the best average
        score, then by name."""
        placing = self.average_placing if self.average_placing is not None else float("inf")
        score = -self.average_score if self.average_score is not None else float("inf")
        return (-self.wins, -self.win_rate, placing, score, self.name.casefold(), self.player_id)


@dataclass(frozen=True, slots=True)
class GameLeaders:
    """One game in everyone's overview: its finished matches and its best players."""

    game: str
    matches: int
    players: tuple[LeaderRow, ...]  # best first (LeaderRow.rank_key), at most the number asked


@dataclass(frozen=True, slots=True)
class CaptureStats:
    """Senet and Parchís: captures made, over the seats whose match recorded them."""

    seats: int  # (match, seat) pairs with a capture count
    total: int
    most: int  # the most captures one seat made in one match

    @property
    def average(self) -> float:
        return self.total / self.seats if self.seats else 0.0


@dataclass(frozen=True, slots=True)
class RoundStats:
    """Quacks: one round number (1..9) over every seat that played it."""

    round: int
    seats: int
    explosions: int
    vp_total: int
    vp_seats: int  # seats with a VP number for this round

    @property
    def explosion_rate(self) -> float:
        return self.explosions / self.seats if self.seats else 0.0

    @property
    def average_vp(self) -> float:
        return self.vp_total / self.vp_seats if self.vp_seats else 0.0


@dataclass(frozen=True, slots=True)
class QuacksStats:
    by_round: tuple[RoundStats, ...]  # round 1 first

    @property
    def rounds(self) -> int:
        """Seat-rounds counted (a 4-player, 9-round match adds 36)."""
        return sum(r.seats for r in self.by_round)

    @property
    def explosions(self) -> int:
        return sum(r.explosions for r in self.by_round)

    @property
    def explosion_rate(self) -> float:
        return self.explosions / self.rounds if self.rounds else 0.0

    @property
    def average_vp(self) -> float:
        """VP gained per round, over every round of every seat."""
        seats = sum(r.vp_seats for r in self.by_round)
        return sum(r.vp_total for r in self.by_round) / seats if seats else 0.0


@dataclass(frozen=True, slots=True)
class HandCount:
    """Çävasie: how many times a pattern was a seat's best hand of its match."""

    rank: int
    pattern: str
    count: int


@dataclass(frozen=True, slots=True)
class BestHand:
    rank: int
    pattern: str
    player_id: int
    name: str
    match_id: int


@dataclass(frozen=True, slots=True)
class HandStats:
    counts: tuple[HandCount, ...]  # strongest first
    best: tuple[BestHand, ...]  # the strongest hand seen, newest matches first (at most 10)


@dataclass(frozen=True, slots=True)
class GameStats:
    game: str
    player_id: int | None  # the numbers are this player's, or everyone's when None
    matches: int
    players: tuple[LeaderRow, ...]  # most wins first, then win rate, then name
    captures: CaptureStats | None = None  # senet, parchis
    quacks: QuacksStats | None = None
    hands: HandStats | None = None  # cavasie


def game_stats(store: Store, game: str, player_id: int | None = None) -> GameStats:
    """A game's numbers over its finished matches, or over one player's seats in them."""
    with store.reading() as session:
        if player_id is not None and (not _is_id(player_id) or session.get(Player, player_id) is None):
            raise errors.UnknownPlayer(player_id=player_id)
        players = _leaders(session, game, player_id)
        matches_query = select(func.count()).select_from(Match).where(
            Match.status == FINISHED, Match.game == game
        )
        if player_id is not None:
            matches_query = matches_query.where(
                Match.id.in_(select(Participant.match_id).where(Participant.player_id == player_id))
            )
        matches = int(session.scalar(matches_query) or 0)
        record = games().get(game)
        facts = record.stats_facts if record is not None else ()
        sql = _JsonSql(session.get_bind().dialect.name)
        params = {"game": game, "player_id": player_id}
        return GameStats(
            game=game,
            player_id=player_id,
            matches=matches,
            players=players,
            captures=_captures(session, sql, params) if "captures" in facts else None,
            quacks=_quacks(session, sql, params) if "rounds" in facts else None,
            hands=_hands(session, sql, params) if "hands" in facts else None,
        )


def leaders(store: Store, limit: int | None = LEADERS_SHOWN) -> tuple[GameLeaders, ...]:
    """Every game with a finished match, in the app's order of games (then any other by id),
    with its match count and its best `limit` players (all of them with None).

    Only what the tables show: one ordered scan of the seats' index of revision 0006 for
    every game at once, and one count per game; none of a game's own numbers."""
    with store.reading() as session:
        rows = _leader_rows(session, None, None)
        by_game: dict[str, list[LeaderRow]] = {}
        for game, row in rows:
            by_game.setdefault(game, []).append(row)
        counts = {
            game: int(session.scalar(select(func.count()).select_from(Match).where(
                Match.status == FINISHED, Match.game == game)) or 0)
            for game in by_game
        }
    known = list(games())
    order = sorted(by_game, key=lambda game: (known.index(game) if game in known else len(known), game))
    return tuple(
        GameLeaders(game, counts[game], tuple(sorted(by_game[game], key=lambda r: r.rank_key)[:limit]))
        for game in order
    )


def _leaders(session: Session, game: str, player_id: int | None) -> tuple[LeaderRow, ...]:
    return tuple(sorted((row for _, row in _leader_rows(session, game, player_id)), key=lambda r: r.rank_key))


def _leader_rows(session: Session, game: str | None, player_id: int | None) -> list[tuple[str, LeaderRow]]:
    """(game, row) for each player of each game (or of `game`), from the seats alone: each
    seat carries its match's game and status (revision 0006)."""
    query = (
        select(
            Participant.match_game,
            Participant.player_id,
            func.count(),
            _won(),
            func.max(Participant.final_score),
            func.avg(Participant.final_score),
            func.avg(Participant.placing),
        )
        .where(Participant.match_status == FINISHED)
        .group_by(Participant.match_game, Participant.player_id)
    )
    if game is not None:
        query = query.where(Participant.match_game == game)
    if player_id is not None:
        query = query.where(Participant.player_id == player_id)
    found = session.execute(query).all()
    # Names afterwards: a few dozen players, not a join on every seat.
    names: dict[int, str] = {}
    if found:
        query_names = select(Player.id, Player.name).where(Player.id.in_({row[1] for row in found}))
        names = {pid: name for pid, name in session.execute(query_names)}
    return [
        (str(name_of_game), LeaderRow(pid, names[pid], int(count), int(wins or 0), _int(best), _float(average),
                                      _float(placing)))
        for name_of_game, pid, count, wins, best, average, placing in found
    ]


class _JsonSql:
    """SQL for a value inside a seat's `result.detail.seats[<seat>]`, per database.

    `m` is the matches row and `p` the participants row of the query. Keys are fixed
    names from this module, never user text.
    """

    def __init__(self, dialect: str) -> None:
        self.postgres = dialect == "postgresql"

    def _path(self, keys: tuple[str, ...]) -> str:
        tail = "".join(f".{key}" for key in keys)
        return f"'$.detail.seats.\"' || p.seat || '\"{tail}'"

    def _pg(self, keys: tuple[str, ...]) -> str:
        tail = "".join(f"->'{key}'" for key in keys)
        return f"(m.result->'detail'->'seats'->CAST(p.seat AS TEXT){tail})"

    def integer(self, *keys: str) -> str:
        if self.postgres:
            return _pg_integer(self._pg(keys))
        path = self._path(keys)
        return f"(CASE WHEN json_type(m.result, {path}) = 'integer' THEN json_extract(m.result, {path}) END)"

    def string(self, *keys: str) -> str:
        if self.postgres:
            value = self._pg(keys)
            return f"(CASE WHEN json_typeof({value}) = 'string' THEN {value} #>> '{{}}' END)"
        path = self._path(keys)
        return f"(CASE WHEN json_type(m.result, {path}) = 'text' THEN json_extract(m.result, {path}) END)"

    def where(self, params: Mapping[str, Any]) -> str:
        """The game's finished seats (of one player if asked)."""
        where = "WHERE m.status = 'finished' AND m.game = :game"
        if not self.postgres:
            where += " AND json_valid(m.result)"  # a damaged row is skipped, not fatal
        if params.get("player_id") is not None:
            where += " AND p.player_id = :player_id"
        return where

    def seats_where(self, params: Mapping[str, Any]) -> str:
        return f"{SEATS} {self.where(params)}"

    def rounds(self, params: Mapping[str, Any]) -> str:
        """Each round entry of each seat: columns round (1-based), vp, exploded."""
        if self.postgres:
            rounds = self._pg(("rounds",))
            return (
                "SELECT r.idx AS round,"
                f" {_pg_integer(VP)} AS vp,"
                " CASE WHEN json_typeof(r.value->'exploded') = 'boolean'"
                " AND r.value->>'exploded' = 'true' THEN 1 ELSE 0 END AS exploded"
                f" {SEATS} CROSS JOIN LATERAL json_array_elements(CASE WHEN json_typeof({rounds})"
                f" = 'array' THEN {rounds} ELSE '[]'::json END) WITH ORDINALITY AS r(value, idx)"
                f" {self.where(params)}"
            )
        path = self._path(("rounds",))
        return (
            "SELECT CAST(r.key AS INTEGER) + 1 AS round,"
            " CASE WHEN json_type(r.value, '$.vp') = 'integer'"
            " THEN json_extract(r.value, '$.vp') END AS vp,"
            " CASE WHEN json_type(r.value, '$.exploded') = 'true' THEN 1 ELSE 0 END AS exploded"
            f" {SEATS} JOIN json_each(m.result, {path}) AS r"
            f" {self.where(params)} AND json_type(m.result, {path}) = 'array'"
        )


def _pg_integer(value: str) -> str:
    """A JSON number without a fraction as an integer, else NULL (as SQLite's 'integer' type)."""
    return (
        f"(CASE WHEN json_typeof({value}) = 'number' AND CAST({value} AS TEXT) ~ '^-?[0-9]+$'"
        f" THEN CAST(CAST({value} AS TEXT) AS BIGINT) END)"
    )


def _bound(params: Mapping[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in params.items() if value is not None}


def _captures(session: Session, sql: _JsonSql, params: Mapping[str, Any]) -> CaptureStats:
    value = sql.integer("captures")
    seats, total, most = session.execute(
        text(
            f"SELECT count(v), coalesce(sum(v), 0), coalesce(max(v), 0)"
            f" FROM (SELECT {value} AS v {sql.seats_where(params)}) AS seat_captures"
        ),
        _bound(params),
    ).one()
    return CaptureStats(int(seats), int(total), int(most))


def _quacks(session: Session, sql: _JsonSql, params: Mapping[str, Any]) -> QuacksStats:
    rows = session.execute(
        text(
            "SELECT round, count(*), sum(exploded), coalesce(sum(vp), 0), count(vp)"
            f" FROM ({sql.rounds(params)}) AS seat_rounds GROUP BY round ORDER BY round"
        ),
        _bound(params),
    )
    return QuacksStats(
        tuple(
            RoundStats(int(number), int(seats), int(explosions or 0), int(vp_total), int(vp_seats))
            for number, seats, explosions, vp_total, vp_seats in rows
        )
    )


def _hands(session: Session, sql: _JsonSql, params: Mapping[str, Any]) -> HandStats:
    rank, pattern = sql.integer("best_hand", "rank"), sql.string("best_hand", "pattern")
    inner = (
        f"SELECT {rank} AS rank, {pattern} AS pattern, p.player_id AS player_id,"
        f" m.id AS match_id, m.finished_at AS finished_at {sql.seats_where(params)}"
    )
    counts = tuple(
        HandCount(int(r), str(name), int(count))
        for r, name, count in session.execute(
            text(
                f"SELECT rank, pattern, count(*) FROM ({inner}) AS hands"
                " WHERE rank IS NOT NULL AND pattern IS NOT NULL"
                " GROUP BY rank, pattern ORDER BY rank DESC, pattern"
            ),
            _bound(params),
        )
    )
    if not counts:
        return HandStats((), ())
    top = counts[0].rank
    best = tuple(
        BestHand(int(r), str(name), int(pid), str(player), int(mid))
        for r, name, pid, player, mid in session.execute(
            text(
                f"SELECT h.rank, h.pattern, h.player_id, pl.name, h.match_id FROM ({inner}) AS h"
                " JOIN players pl ON pl.id = h.player_id"
                " WHERE h.rank = :top AND h.pattern IS NOT NULL"
                f" ORDER BY h.finished_at DESC, h.match_id DESC, h.player_id LIMIT {BEST_HANDS_SHOWN}"
            ),
            {**_bound(params), "top": top},
        )
    )
    return HandStats(counts, best)


# -- small helpers ------------------------------------------------------------------------
def _is_id(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int(value: object) -> int | None:
    # Aggregates come back as int, float or Decimal depending on the database.
    if isinstance(value, int | float | Decimal):
        return int(value)
    return None


def _float(value: object) -> float | None:
    if isinstance(value, int | float | Decimal):
        return float(value)
    return None

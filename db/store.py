"""The match store: players, matches, their seats and their append-only event logs.

Every method runs in its own short transaction and returns plain frozen dataclasses or
dicts, never live ORM objects: the UI calls the store from its asyncio thread and must
not hold sessions. Writes are serialised inside the process by a lock and, on SQLite,
start with BEGIN IMMEDIATE, so appending one event per tap is one small commit.

Log entries are stored exactly as `companion.session.MatchSession` records them:
    {"kind": "action", "action": {...}}   {"kind": "undo"}   {"kind": "redo"}
so `MatchSession(engine, setup, record=store.recorder(match_id))` writes through, and
`store.resume(match_id, engine)` rebuilds the session from the stored log.
"""

from __future__ import annotations

import hmac
import json
import re
import secrets
import sqlite3
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager, nullcontext
from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine, Text, cast, delete, func, select
from sqlalchemy.engine import URL
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Session, load_only, sessionmaker

from companion.errors import RefereeError
from companion.game import Game, Outcome
from companion.games import games
from db import errors
from db.engine import configure_sqlite, database_location, default_url, make_engine, read_only_reason, writer
from db.migrate import is_current, migration_error, upgrade
from db.models import GAME_MAX, KINDS, VARIANT_MAX, Event, Match, Participant, Player, TableKey
from db.names import clean_name
from db.records import MatchInfo, ParticipantInfo, PlayerInfo, SeatSpec
from db.values import as_datetime, driver_detail, loose_json, now, stored_object, utc

if TYPE_CHECKING:
    from companion.session import MatchSession, Recorder

LogEntry = dict[str, Any]

_COLOUR = re.compile(r"#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})")
SQLITE_READONLY, SQLITE_CORRUPT, SQLITE_NOTADB = 8, 11, 26  # SQLite's primary result codes
DAMAGED_SQLSTATES = ("XX001", "XX002")  # PostgreSQL: data_corrupted, index_corrupted


# -- helpers --------------------------------------------------------------------




def _clean_colour(colour: object) -> str:
    if not isinstance(colour, str) or not _COLOUR.fullmatch(colour.strip()):
        raise errors.BadColour(colour=colour)
    hexdigits = colour.strip()[1:].lower()
    if len(hexdigits) == 3:
        hexdigits = "".join(digit * 2 for digit in hexdigits)
    return "#" + hexdigits


def _is_int(value: object, minimum: int | None = None) -> bool:
    if isinstance(value, bool) or not isinstance(value, int):
        return False
    return minimum is None or value >= minimum


def _exact_json(value: object, field: str) -> dict[str, Any]:
    """`value` as an object that comes back from JSON unchanged, or NotJson.

    Setups and actions are replayed through the engine on resume: a tuple that would
    come back as a list, or an int key that would come back as a string, would make the
    replayed match differ from the one played, so they are refused here, at the tap.
    """
    if not isinstance(value, Mapping):
        raise errors.NotJson(field=field)
    value = dict(value)
    try:
        copy = json.loads(json.dumps(value, allow_nan=False))
    except (TypeError, ValueError) as error:
        raise errors.NotJson(field=field) from error
    if copy != value:
        raise errors.NotJson(field=field)
    return value


def _clean_entry(entry: object) -> tuple[str, dict[str, Any] | None]:
    if not isinstance(entry, Mapping):
        raise errors.UnknownKind(kind=None, kinds=", ".join(KINDS))
    kind = entry.get("kind")
    if kind not in KINDS:
        raise errors.UnknownKind(kind=kind, kinds=", ".join(KINDS))
    allowed = {"kind", "action"} if kind == "action" else {"kind"}
    extra = sorted(str(key) for key in entry if key not in allowed)
    if extra:
        raise errors.BadEntry(kind=kind, fields=", ".join(extra))
    if kind != "action":
        return kind, None
    if not isinstance(entry.get("action"), Mapping):
        raise errors.MissingAction()
    return kind, _exact_json(entry["action"], "action")


# -- the store --------------------------------------------------------------------
class Store:
    """The match store on one database. Thread-safe; one per app is enough."""

    def __init__(self, url: str | URL | Engine | None = None, *, migrate: bool = True) -> None:
        self._read_only: str | None = None  # why this database cannot be written, if it cannot
        self._damage: errors.DatabaseDamaged | None = None  # the damage seen, once seen
        self._checked = False
        if isinstance(url, Engine):
            self._engine = url
            self._owns_engine = False
            configure_sqlite(url)
        else:
            url = url if url is not None else default_url()
            try:
                self._read_only = read_only_reason(url)
                self._engine = make_engine(url, read_only=self._read_only is not None)
            except (SQLAlchemyError, OSError, ImportError) as error:  # ImportError: no driver for that URL
                location = _safe_location(url)
                raise errors.CannotOpen(location=location, detail=driver_detail(error)) from error
            self._owns_engine = True
        self._location = database_location(self._engine)
        self._read = sessionmaker(self._engine, expire_on_commit=False)
        self._write = sessionmaker(writer(self._engine), expire_on_commit=False)
        self._lock = threading.RLock()
        # An in-memory SQLite database is one shared connection: reads queue too.
        self._read_lock: Any = self._lock if _in_memory(self._engine) else nullcontext()
        if migrate:
            try:
                if self._read_only is not None and not is_current(self._engine):
                    raise errors.ReadOnlyOutdated(location=self._location, reason=self._read_only)
                upgrade(self._engine)
            except errors.StoreError:
                self.close()
                raise
            except (SQLAlchemyError, migration_error(), OSError, sqlite3.Error) as error:
                self.close()
                failure = self._failure(error)
                if isinstance(failure, errors.DatabaseDamaged):
                    raise failure from error
                raise errors.CannotOpen(location=self._location, detail=driver_detail(error)) from error

    @classmethod
    def open(cls) -> Store:
        """The app's store: COMPANION_DB_URL, else companion.db in the user data folder."""
        return cls(default_url())

    @property
    def location(self) -> str:
        """Where the data lives, for the settings screen (no password shown)."""
        return self._location

    @property
    def engine(self) -> Engine:
        return self._engine

    @property
    def read_only(self) -> str | None:
        """Why this database can only be read (its file or folder is read-only), or None."""
        return self._read_only

    @property
    def damage(self) -> errors.DatabaseDamaged | None:
        """The damage this store has run into (a SQLite file whose pages are broken), if any."""
        return self._damage

    def health(self) -> errors.DatabaseDamaged | None:
        """`damage`, after checking the whole file once (SQLite's quick_check, once per store:
        a damaged page otherwise shows only when some screen happens to read it)."""
        if not self._checked and self._damage is None and self._engine.dialect.name == "sqlite":
            self._checked = True
            try:
                with self.reading() as session:
                    found = session.connection().exec_driver_sql("PRAGMA quick_check(1)").scalar()
            except errors.DatabaseDamaged:
                pass  # noted by reading()
            except errors.StoreError:
                return self._damage  # locked or unreachable for now: not damage
            else:
                if found != "ok":  # SQLite's report, on one line
                    self._damage = errors.DatabaseDamaged(location=self._location, detail=" ".join(str(found).split()))
        return self._damage

    def _failure(self, error: BaseException) -> errors.StoreError:
        """The store's word for a driver's failure: the file is damaged, it is read-only, or the
        database failed (locked, full, a constraint) and nothing was written."""
        orig = getattr(error, "orig", None) or error
        code = getattr(orig, "sqlite_errorcode", None)
        if (isinstance(code, int) and code & 0xFF in (SQLITE_CORRUPT, SQLITE_NOTADB)) or getattr(
                orig, "sqlstate", None) in DAMAGED_SQLSTATES:
            self._damage = errors.DatabaseDamaged(location=self._location, detail=driver_detail(error))
            return self._damage
        if isinstance(code, int) and code & 0xFF == SQLITE_READONLY:
            return errors.ReadOnlyStore(location=self._location, reason=self._read_only or driver_detail(error))
        return errors.DatabaseFailed(detail=driver_detail(error))

    def close(self) -> None:
        if self._owns_engine:
            self._engine.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Store({self._location!r})"

    @contextmanager
    def writing(self) -> Iterator[Session]:
        """One write transaction: all of it is committed, or none of it. Writers queue
        behind one lock in-process; on SQLite the transaction starts with BEGIN IMMEDIATE.
        A read-only database refuses at once, saying why (ReadOnlyStore)."""
        if self._read_only is not None:
            raise errors.ReadOnlyStore(location=self._location, reason=self._read_only)
        if self._damage is not None:  # writing into broken pages would only spread the damage
            raise self._damage
        try:
            with self._lock, self._write.begin() as session:
                yield session
        except (SQLAlchemyError, sqlite3.Error) as error:
            raise self._failure(error) from error

    @contextmanager
    def reading(self) -> Iterator[Session]:
        """One read transaction: every query inside sees the same data."""
        try:
            with self._read_lock, self._read.begin() as session:
                yield session
        except (SQLAlchemyError, sqlite3.Error) as error:  # sqlite3: the export reads the driver directly
            raise self._failure(error) from error

    # -- players -------------------------------------------------------------------
    def add_player(self, name: str, colour: str) -> PlayerInfo:
        name = clean_name(name)
        colour = _clean_colour(colour)
        with self.writing() as session:
            self._check_name_free(session, name)
            player = Player(name=name, colour=colour, created_at=now(), archived=False)
            session.add(player)
            self._flush_names(session, name)
            return _player_info(player)

    def players(self, include_archived: bool = False) -> list[PlayerInfo]:
        """Players by name (then id); archived ones only when asked."""
        with self.reading() as session:
            query = select(Player)
            if not include_archived:
                query = query.where(Player.archived.is_(False))
            found = [_player_info(player) for player in session.scalars(query)]
        return sorted(found, key=lambda player: (player.name.casefold(), player.id))

    def player(self, player_id: int) -> PlayerInfo:
        with self.reading() as session:
            return _player_info(_get_player(session, player_id))

    def rename_player(self, player_id: int, name: str) -> PlayerInfo:
        name = clean_name(name)
        with self.writing() as session:
            player = _get_player(session, player_id)
            if not player.archived:
                self._check_name_free(session, name, besides=player.id)
            player.name = name
            self._flush_names(session, name)
            return _player_info(player)

    def set_player_colour(self, player_id: int, colour: str) -> PlayerInfo:
        colour = _clean_colour(colour)
        with self.writing() as session:
            player = _get_player(session, player_id)
            player.colour = colour
            return _player_info(player)

    def archive_player(self, player_id: int) -> PlayerInfo:
        """Hide a player from the pickers; their matches and scores stay."""
        with self.writing() as session:
            player = _get_player(session, player_id)
            player.archived = True
            return _player_info(player)

    def restore_player(self, player_id: int) -> PlayerInfo:
        """Bring an archived player back (refused if their name was given away)."""
        with self.writing() as session:
            player = _get_player(session, player_id)
            if player.archived:
                self._check_name_free(session, player.name, besides=player.id)
                player.archived = False
                self._flush_names(session, player.name)
            return _player_info(player)

    @staticmethod
    def _check_name_free(session: Session, name: str, besides: int | None = None) -> None:
        """Names are compared without case among the players in use."""
        folded = name.casefold()
        query = select(Player.id, Player.name).where(Player.archived.is_(False))
        for other_id, other_name in session.execute(query):
            if other_id != besides and other_name.casefold() == folded:
                raise errors.DuplicateName(name=name)

    @staticmethod
    def _flush_names(session: Session, name: str) -> None:
        try:
            session.flush()
        except IntegrityError as error:  # the unique index, should a racer get there
            raise errors.DuplicateName(name=name) from error

    # -- matches -------------------------------------------------------------------
    def create_match(
        self,
        game: str,
        setup: Mapping[str, Any],
        seats: Sequence[SeatSpec],
        variant: str | None = None,
    ) -> int:
        """A new active match with its seats; returns its id.

        The set-up is checked by the game itself (option types, the player count, the
        engine's own checks) and stored with every option filled in, so that a match can
        only be created if it can be played.
        """
        playable = games()
        if not isinstance(game, str) or game not in playable or len(game) > GAME_MAX:
            raise errors.GameNotPlayable(game=game, games=", ".join(playable))
        if variant is not None and (not isinstance(variant, str) or len(variant) > VARIANT_MAX):
            raise errors.BadVariant(variant=variant, max=VARIANT_MAX)
        seats = [SeatSpec(**spec) if isinstance(spec, Mapping) else spec for spec in seats]
        if not seats:
            raise errors.NoSeats()
        taken: set[int] = set()
        for spec in seats:
            if not _is_int(spec.seat, minimum=0):
                raise errors.BadSeat(seat=spec.seat)
            if spec.seat in taken:
                raise errors.DuplicateSeat(seat=spec.seat)
            taken.add(spec.seat)
            if spec.team is not None and not _is_int(spec.team, minimum=0):
                raise errors.BadTeam(seat=spec.seat, team=spec.team)
        setup = _checked_setup(playable[game], {**_exact_json(setup, "setup"), "players": len(seats)})
        with self.writing() as session:
            seated: set[int] = set()
            for spec in seats:
                player = _get_player(session, spec.player_id)
                if player.archived:
                    raise errors.PlayerArchived(player_id=player.id, name=player.name)
                if player.id in seated:
                    raise errors.PlayerSeatedTwice(player_id=player.id, name=player.name)
                seated.add(player.id)
            match = Match(
                game=game,
                variant=variant,
                setup=setup,
                status="active",
                started_at=now(),
                participants=[
                    Participant(player_id=spec.player_id, seat=spec.seat, team=spec.team)
                    for spec in seats
                ],
            )
            session.add(match)
            session.flush()
            return match.id

    def match(self, match_id: int) -> MatchInfo:
        with self.reading() as session:
            _get_match(session, match_id)
            return self._infos(session, select(Match).where(Match.id == match_id))[0]

    def unfinished_matches(self) -> list[MatchInfo]:
        """Active matches, newest first: the 'continue' list."""
        query = (
            select(Match)
            .where(Match.status == "active")
            .order_by(Match.started_at.desc(), Match.id.desc())
        )
        with self.reading() as session:
            return self._infos(session, query)

    def history(
        self,
        limit: int | None = 50,
        game: str | None = None,
        *,
        player_id: int | None = None,
        include_abandoned: bool = False,
        offset: int = 0,
    ) -> list[MatchInfo]:
        """Finished matches (and abandoned ones if asked), newest first."""
        statuses = ("finished", "abandoned") if include_abandoned else ("finished",)
        query = select(Match).where(Match.status.in_(statuses))
        if game is not None:
            query = query.where(Match.game == game)
        if player_id is not None:
            query = query.where(
                Match.id.in_(
                    select(Participant.match_id).where(Participant.player_id == player_id)
                )
            )
        query = query.order_by(Match.finished_at.desc(), Match.id.desc()).offset(offset)
        if limit is not None:
            query = query.limit(limit)
        with self.reading() as session:
            return self._infos(session, query)

    def finish_match(
        self,
        match_id: int,
        result: Mapping[str, Any],
        scores: Mapping[int, int] | None = None,
        placings: Mapping[int, int] | None = None,
    ) -> MatchInfo:
        """Close an active match with its result; scores and placings are by seat."""
        result = loose_json(result, "result")
        scores = dict(scores or {})
        placings = dict(placings or {})
        for seat, score in scores.items():
            if not _is_int(score):
                raise errors.BadScore(seat=seat, score=score)
        for seat, placing in placings.items():
            if not _is_int(placing, minimum=1):
                raise errors.BadPlacing(seat=seat, placing=placing)
        with self.writing() as session:
            match = _get_active_match(session, match_id)
            by_seat = {participant.seat: participant for participant in match.participants}
            for seat in (*scores, *placings):
                if seat not in by_seat:
                    raise errors.UnknownSeat(match_id=match_id, seat=seat)
            for seat, score in scores.items():
                by_seat[seat].final_score = score
            for seat, placing in placings.items():
                by_seat[seat].placing = placing
            match.status = "finished"
            match.finished_at = now()
            match.result = result
            session.flush()
            return self._infos(session, select(Match).where(Match.id == match_id))[0]

    def abandon_match(self, match_id: int) -> MatchInfo:
        """Give up an active match: it leaves the 'continue' list, its log stays."""
        with self.writing() as session:
            match = _get_active_match(session, match_id)
            match.status = "abandoned"
            match.finished_at = now()
            session.flush()
            return self._infos(session, select(Match).where(Match.id == match_id))[0]

    def reopen_match(self, match_id: int) -> MatchInfo:
        """Make a finished or abandoned match active again (an undo after the last move).

        Its result, finish time, scores and placings are cleared; its log is kept.
        Reopening an active match changes nothing.
        """
        with self.writing() as session:
            match = _get_match(session, match_id)
            if match.status != "active":
                _reopen(match)
                session.flush()
            return self._infos(session, select(Match).where(Match.id == match_id))[0]

    def delete_match(self, match_id: int) -> None:
        """Delete a match with its seats and log (the UI asks for confirmation first)."""
        with self.writing() as session:
            _get_match(session, match_id)
            # The database cascades to participants and events (ON DELETE CASCADE).
            session.execute(delete(Match).where(Match.id == match_id))

    # -- the live table view's secret link ----------------------------------------------
    def table_key(self, match_id: int) -> str:
        """The secret token of the match's live table view: made (at random) the first
        time it is asked for, then the same for good, in every process on this database."""
        with self.reading() as session:
            _get_match(session, match_id)
            key = session.scalar(select(TableKey.key).where(TableKey.match_id == match_id))
        if key is not None:
            return key
        try:
            with self.writing() as session:
                _get_match(session, match_id)
                key = session.scalar(select(TableKey.key).where(TableKey.match_id == match_id))
                if key is None:
                    key = secrets.token_urlsafe(16)
                    session.add(TableKey(match_id=match_id, key=key, created_at=now()))
                    session.flush()
                return key
        except errors.DatabaseFailed as error:
            # Another process made the match's token first (a server database): use theirs.
            if not isinstance(error.__cause__, IntegrityError):
                raise
        with self.reading() as session:
            key = session.scalar(select(TableKey.key).where(TableKey.match_id == match_id))
        if key is None:
            raise errors.UnknownMatch(match_id=match_id)  # the match was deleted meanwhile
        return key

    def check_table_key(self, match_id: object, key: object) -> bool:
        """Whether `key` is the match's table token (compared in constant time). False for a
        match that has none (never shared), a match that does not exist, or a key that is
        not a string; never makes a token."""
        if not isinstance(key, str) or not key or isinstance(match_id, bool) or not isinstance(match_id, int):
            return False
        with self.reading() as session:
            stored = session.scalar(select(TableKey.key).where(TableKey.match_id == match_id))
        if stored is None:
            return False
        return hmac.compare_digest(stored.encode("utf-8"), key.encode("utf-8"))

    # -- the event log ---------------------------------------------------------------
    def append_event(
        self,
        match_id: int,
        entry: Mapping[str, Any],
        *,
        seen: int | None = None,
        outcome: Outcome | None = None,
        uid: str | None = None,
    ) -> int:
        """Store one log entry at the end of a match's log; returns its seq.

        `seen` is how many entries the writing screen knew: if the log has moved on since
        (another screen, another process), StaleWrite is raised and nothing is stored.
        `uid` is the match the screen was showing: if `match_id` now names another match, or
        none (it was deleted), MatchGone is raised and nothing is stored.
        `outcome` is the game's outcome once the entry takes effect: the match is finished,
        or reopened (an undo after the end), in the same transaction as the entry, so a
        crash can never leave the log and the match's status disagreeing.
        An abandoned match takes no entry; a finished one only an entry that reopens it
        (an undo of the last move).
        """
        kind, payload = _clean_entry(entry)
        for attempt in range(3):
            try:
                with self.writing() as session:
                    match = _get_match(session, match_id, uid)
                    reopens = kind == "undo" and outcome is not None and not outcome.over
                    if match.status == "abandoned" or (match.status == "finished" and not reopens):
                        raise errors.MatchNotActive.for_status(match.id, match.status)
                    last = int(session.scalar(_last_seq(match_id)) or 0)
                    if seen is not None and seen != last:
                        raise errors.StaleWrite(match_id=match_id, seen=seen, current=last)
                    seq = last + 1
                    session.add(Event(match_id=match_id, seq=seq, kind=kind, payload=payload, created_at=now()))
                    session.flush()
                    if outcome is not None:
                        self._settle(session, match, outcome)
                    return seq
            except errors.DatabaseFailed as error:
                # Another process took this seq first (a server database shared by two
                # apps; SQLite's BEGIN IMMEDIATE queues writers instead).
                if not isinstance(error.__cause__, IntegrityError):
                    raise
                if seen is not None:  # the writer's view is stale: say so, never retry
                    raise errors.StaleWrite(match_id=match_id, seen=seen, current=self.last_seq(match_id)) from error
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def last_seq(self, match_id: int, uid: str | None = None) -> int:
        """How many entries the match's log holds: a cheap poll for screens left open.

        With `uid`, MatchGone if `match_id` is no longer that match (it was deleted)."""
        with self.reading() as session:
            if uid is None:
                return int(session.scalar(_last_seq(match_id)) or 0)
            found = session.execute(
                select(Match.uid, _last_seq(match_id).scalar_subquery()).where(Match.id == match_id)
            ).first()
        if found is None or found[0] != uid:
            raise errors.MatchGone(match_id=match_id)
        return int(found[1] or 0)

    def settle(self, match_id: int, outcome: Outcome, seen: int | None = None) -> MatchInfo:
        """Make the match's status agree with its game's outcome (done on load: a match
        whose log says it is over is finished, one that is not over is active again).

        With `seen`, nothing changes if the log has moved on since the outcome was worked
        out: the write that moved it settled the match itself.
        """
        with self.writing() as session:
            match = _get_match(session, match_id)
            last = int(session.scalar(_last_seq(match_id)) or 0)
            fresh = seen is None or last == seen
            results_only = match.status == "finished" and last == 0  # no log to settle against
            if match.status != "abandoned" and fresh and not results_only:
                self._settle(session, match, outcome)
            return self._infos(session, select(Match).where(Match.id == match_id))[0]

    @staticmethod
    def _settle(session: Session, match: Match, outcome: Outcome) -> None:
        if outcome.over and match.status == "active":
            ordered = sorted(match.participants, key=lambda participant: participant.seat)
            for index, participant in enumerate(ordered):
                participant.final_score = outcome.scores.get(index)
                participant.placing = outcome.placing(index)
            match.status = "finished"
            match.finished_at = now()
            match.result = loose_json(outcome.to_json(), "result")
        elif not outcome.over and match.status == "finished":
            _reopen(match)
        session.flush()

    def events(self, match_id: int) -> list[LogEntry]:
        """The match's log entries in order, shaped as they were appended.

        A row that cannot be read back (bad JSON, a kind this version does not know,
        an action without its action, a gap in the seqs) raises a CorruptEvent naming
        the match and the seq, instead of handing a broken log to the replay.
        """
        with self.reading() as session:
            _get_match(session, match_id)
            rows = session.execute(
                select(Event.seq, Event.kind, cast(Event.payload, Text))
                .where(Event.match_id == match_id)
                .order_by(Event.seq)
            ).all()
        log: list[LogEntry] = []
        for expected, (seq, kind, raw) in enumerate(rows, start=1):
            if seq != expected:
                raise errors.EventMissing(match_id, expected)
            if kind not in KINDS:
                raise errors.EventUnknownKind(match_id, seq, kind=kind)
            if kind != "action":
                log.append({"kind": kind})
                continue
            try:
                action = json.loads(raw) if raw is not None else None
            except ValueError as error:
                raise errors.EventBadJson(match_id, seq) from error
            if not isinstance(action, dict):
                raise errors.EventWithoutAction(match_id, seq)
            log.append({"kind": "action", "action": action})
        return log

    def recorder(self, match_id: int, uid: str | None = None) -> Recorder:
        """A `record` callback for `MatchSession` that appends to this match's log (to the
        match `uid` only, if given: never to a match that took a deleted one's id)."""

        def record(entry: LogEntry, *, seen: int, outcome: Outcome) -> int:
            return self.append_event(match_id, entry, seen=seen, outcome=outcome, uid=uid)

        return record

    def resume(self, match_id: int, game: Game | None = None) -> MatchSession:
        """The match's session rebuilt from its stored log, recording to it from now on.

        The match's status is settled against the replayed outcome (a crash between a
        winning move and its finish, in an older version, left them apart). Raises
        LogNotStored for a match whose log is not here (its result came by match code:
        replaying nothing would wipe it), CorruptEvent for an unreadable row, and
        `companion.session.CorruptLog` if the engine refuses a stored entry.
        """
        from companion.session import CorruptLog, MatchSession

        info = self.match(match_id)
        if not info.log_stored:
            raise errors.LogNotStored(match_id=match_id)
        game = game or games().get(info.game)
        if game is None:
            raise errors.GameNotPlayable(game=info.game, games=", ".join(games()))
        try:
            session = MatchSession.resume(game, info.setup, self.events(match_id),
                                          record=self.recorder(match_id, info.uid))
        except RefereeError as error:  # a stored set-up this version refuses
            raise CorruptLog(-1, error.message("en")) from error
        outcome = session.outcome()
        if info.status != "abandoned" and outcome.over != (info.status == "finished"):
            self.settle(match_id, outcome, seen=session.seq)
        return session

    # -- reading matches -----------------------------------------------------------------
    @staticmethod
    def _infos(session: Session, query: Any) -> list[MatchInfo]:
        """MatchInfos for a `select(Match)...` query, in its order, in three queries."""
        # setup and result are read as text and parsed here, so that one corrupt row
        # raises a CorruptMatch naming it instead of a bare JSON error.
        matches = session.execute(
            query.with_only_columns(
                Match.id,
                Match.uid,
                Match.game,
                Match.variant,
                cast(Match.setup, Text),
                Match.status,
                Match.started_at,
                Match.finished_at,
                cast(Match.result, Text),
            )
        ).all()
        if not matches:
            return []
        ids = [match.id for match in matches]
        counts = {
            match_id: (count, last)
            for match_id, count, last in session.execute(
                select(Event.match_id, func.count(Event.id), func.max(Event.created_at))
                .where(Event.match_id.in_(ids))
                .group_by(Event.match_id)
            )
        }
        seats: dict[int, list[ParticipantInfo]] = {match_id: [] for match_id in ids}
        for participant, name, colour in session.execute(
            select(Participant, Player.name, Player.colour)
            .join(Player, Participant.player_id == Player.id)
            .where(Participant.match_id.in_(ids))
            .order_by(Participant.match_id, Participant.seat)
        ):
            seats[participant.match_id].append(
                ParticipantInfo(
                    seat=participant.seat,
                    player_id=participant.player_id,
                    name=name,
                    colour=colour,
                    team=participant.team,
                    final_score=participant.final_score,
                    placing=participant.placing,
                )
            )
        infos = []
        for match_id, uid, game, variant, setup, status, started, finished, result in matches:
            count, last = counts.get(match_id, (0, None))
            setup = stored_object(setup, match_id, "setup")
            if setup is None:
                raise errors.CorruptMatch(match_id=match_id, field="setup")
            infos.append(
                MatchInfo(
                    id=match_id,
                    uid=uid,
                    game=game,
                    variant=variant,
                    setup=setup,
                    status=status,
                    started_at=utc(started),
                    finished_at=utc(finished),
                    result=stored_object(result, match_id, "result"),
                    participants=tuple(seats[match_id]),
                    event_count=count,
                    last_event_at=utc(as_datetime(last)),
                )
            )
        return infos


def _last_seq(match_id: int) -> Any:
    return select(func.coalesce(func.max(Event.seq), 0)).where(Event.match_id == match_id)


def _reopen(match: Match) -> None:
    """Clear a finished match's result, finish time, scores and placings; keep its log."""
    for participant in match.participants:
        participant.final_score = None
        participant.placing = None
    match.status = "active"
    match.finished_at = None
    match.result = None


def _checked_setup(game: Game, setup: dict[str, Any]) -> dict[str, Any]:
    """The set-up as the game checks it (options filled in), or BadSetup with its reason."""
    try:
        checked = game.check_setup(setup)
        game.engine.new_state(checked)
    except RefereeError as error:
        raise errors.BadSetup(game.id, error) from error
    return _exact_json(checked, "setup")




def _safe_location(url: str | URL) -> str:
    try:
        return database_location(url)
    except SQLAlchemyError:  # not even a URL: show none of it, it may hold a password
        return "(not a database URL)"


def _in_memory(engine: Engine) -> bool:
    return engine.dialect.name == "sqlite" and database_location(engine) == "in memory"






def _player_info(player: Player) -> PlayerInfo:
    return PlayerInfo(
        id=player.id,
        name=player.name,
        colour=player.colour,
        created_at=utc(player.created_at),
        archived=bool(player.archived),
    )


def _get_player(session: Session, player_id: object) -> Player:
    if isinstance(player_id, bool) or not isinstance(player_id, int):
        raise errors.UnknownPlayer(player_id=player_id)
    player = session.get(Player, player_id)
    if player is None:
        raise errors.UnknownPlayer(player_id=player_id)
    return player


def _get_match(session: Session, match_id: object, uid: str | None = None) -> Match:
    """The match `match_id` (and, with `uid`, only if it is still that match: else MatchGone)."""
    if isinstance(match_id, bool) or not isinstance(match_id, int):
        raise errors.UnknownMatch(match_id=match_id)
    # Only what the checks need: a corrupt setup must not stop a delete or a finish.
    match = session.get(Match, match_id, options=[load_only(Match.id, Match.uid, Match.status)])
    if uid is not None and (match is None or match.uid != uid):
        raise errors.MatchGone(match_id=match_id)
    if match is None:
        raise errors.UnknownMatch(match_id=match_id)
    return match


def _get_active_match(session: Session, match_id: object) -> Match:
    match = _get_match(session, match_id)
    if match.status != "active":
        raise errors.MatchNotActive.for_status(match.id, match.status)
    return match

"""The plain frozen records the store hands out and takes in: never live ORM objects.

Two families:
- what the app reads and writes through `Store` (ids of this database): `PlayerInfo`,
  `SeatSpec`, `ParticipantInfo`, `MatchInfo`;
- a whole match without database ids, as it travels between databases (an export, an
  import, a match code, a delete kept for undo): `MatchRecord` with its `SeatRecord`s and
  `EventRecord`s, `PlayerRecord`, and `StoredMatch` (the record with this database's ids).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any


# -- what the store hands out -----------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PlayerInfo:
    id: int
    name: str
    colour: str  # "#rrggbb"
    created_at: datetime  # UTC
    archived: bool


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """Who sits where when a match is created. Seats are small ints, unique per match."""

    player_id: int
    seat: int
    team: int | None = None


@dataclass(frozen=True, slots=True)
class ParticipantInfo:
    seat: int
    player_id: int
    name: str
    colour: str
    team: int | None
    final_score: int | None
    placing: int | None


@dataclass(frozen=True, slots=True)
class MatchInfo:
    id: int
    uid: str  # the match's own name, kept across installs: an id alone can name another match
    game: str
    variant: str | None
    setup: dict[str, Any]
    status: str  # "active" | "finished" | "abandoned"
    started_at: datetime  # UTC
    finished_at: datetime | None  # UTC; set when finished or abandoned
    result: dict[str, Any] | None
    participants: tuple[ParticipantInfo, ...]  # by seat
    event_count: int
    last_event_at: datetime | None  # UTC; when the last entry was stored

    @property
    def is_active(self) -> bool:
        return self.status == "active"

    @property
    def log_stored(self) -> bool:
        """Whether the match's log is here to replay. A finished match without a single entry
        came from a match code (results only): its stored result is all there is."""
        return not (self.status == "finished" and self.event_count == 0)

    def seat_of(self, player_id: int) -> int | None:
        for participant in self.participants:
            if participant.player_id == player_id:
                return participant.seat
        return None


# -- whole matches, database ids left out ---------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SeatRecord:
    seat: int
    player: str  # the player's name: names, not ids, travel between databases
    team: int | None
    score: int | None
    placing: int | None


@dataclass(frozen=True, slots=True)
class EventRecord:
    seq: int
    kind: str
    action: dict[str, Any] | None
    at: datetime  # UTC


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """A whole match, database ids left out: what an export holds and a restore puts back."""

    uid: str
    game: str
    variant: str | None
    setup: dict[str, Any]
    status: str
    started_at: datetime  # UTC
    finished_at: datetime | None  # UTC
    result: dict[str, Any] | None
    seats: tuple[SeatRecord, ...]
    events: tuple[EventRecord, ...] = field(default=())


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    name: str
    colour: str
    archived: bool
    created_at: datetime  # UTC


@dataclass(frozen=True, slots=True)
class StoredMatch:
    """A whole match as this database holds it: its id, its record and its players' ids. A
    deleted match is kept this way in memory, so that `db.history.restore` can put it back."""

    match_id: int
    record: MatchRecord
    player_ids: tuple[int, ...]  # by seat, like record.seats

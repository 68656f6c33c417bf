"""The tables of the match store, as SQLAlchemy 2 typed declarative models.

The schema is owned by the Alembic revisions in `db/migrations/versions/`; these models
must agree with them (a test compares the two with Alembic's autogenerate).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, ClassVar
from uuid import uuid4

from sqlalchemy import (
    JSON,
    DateTime,
    ForeignKey,
    Index,
    MetaData,
    String,
    UniqueConstraint,
    false,
    text,
)
from sqlalchemy.orm import (
    DeclarativeBase,
    Mapped,
    WriteOnlyMapped,
    mapped_column,
    relationship,
)

# Deterministic constraint names, so later migrations (and SQLite batch mode) can refer
# to them by name.
NAMING_CONVENTION = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

NAME_MAX = 80
GAME_MAX = 20
VARIANT_MAX = 40
UID_LENGTH = 32  # uuid4().hex
TABLE_KEY_MAX = 64  # secrets.token_urlsafe(16) is 22 characters; room for longer ones
STATUSES = ("active", "finished", "abandoned")
KINDS = ("action", "undo", "redo")

# A JSON column whose Python None is SQL NULL (not the JSON text 'null').
NullableJSON = JSON(none_as_null=True)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    type_annotation_map: ClassVar[dict[Any, Any]] = {
        datetime: DateTime(timezone=True),
        dict[str, Any]: JSON,
    }


class Player(Base):
    __tablename__ = "players"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(NAME_MAX))
    colour: Mapped[str] = mapped_column(String(7))  # "#rrggbb", lower case
    created_at: Mapped[datetime]
    # Hides a player from pickers without deleting their history (revision 0002).
    archived: Mapped[bool] = mapped_column(default=False, server_default=false())

    participations: Mapped[list[Participant]] = relationship(back_populates="player")

    __table_args__ = (
        # A name is unique among the players in use; an archived player's name is free.
        Index(
            "uq_players_active_name",
            "name",
            unique=True,
            sqlite_where=text("NOT archived"),
            postgresql_where=text("NOT archived"),
        ),
    )

    def __repr__(self) -> str:
        return f"Player(id={self.id!r}, name={self.name!r}, archived={self.archived!r})"


def new_uid() -> str:
    """A match's stable id across installs (export, import, match codes): 32 hex digits."""
    return uuid4().hex


class Match(Base):
    __tablename__ = "matches"

    id: Mapped[int] = mapped_column(primary_key=True)
    # The same match keeps its uid in every database it is exported to (revision 0003).
    uid: Mapped[str] = mapped_column(String(UID_LENGTH), default=new_uid)
    game: Mapped[str] = mapped_column(String(GAME_MAX))
    variant: Mapped[str | None] = mapped_column(String(VARIANT_MAX))
    setup: Mapped[dict[str, Any]]
    status: Mapped[str] = mapped_column(String(10))  # one of STATUSES
    started_at: Mapped[datetime] = mapped_column(index=True)
    finished_at: Mapped[datetime | None]
    result: Mapped[dict[str, Any] | None] = mapped_column(NullableJSON)

    participants: Mapped[list[Participant]] = relationship(
        back_populates="match",
        order_by="Participant.seat",
        cascade="all, delete-orphan",
        passive_deletes=True,
    )
    # The log can be long: never loaded whole by accident, only queried.
    events: WriteOnlyMapped[Event] = relationship(
        back_populates="match",
        order_by="Event.seq",
        cascade="all, delete-orphan",
        passive_deletes=True,
    )

    __table_args__ = (
        Index("uq_matches_uid", "uid", unique=True),
        # History pages seek along these, newest first (revision 0003): the status (and
        # the game) pin a range, finished_at and id order it and mark where a page ends.
        Index("ix_matches_status_finished_at_id", "status", "finished_at", "id"),
        Index("ix_matches_game_status_finished_at_id", "game", "status", "finished_at", "id"),
        # An id is never given out twice, not even the id of a deleted match (revision 0005).
        {"sqlite_autoincrement": True},
    )

    def __repr__(self) -> str:
        return f"Match(id={self.id!r}, game={self.game!r}, status={self.status!r})"


class Participant(Base):
    __tablename__ = "participants"

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"))
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    seat: Mapped[int]
    team: Mapped[int | None]
    final_score: Mapped[int | None]
    placing: Mapped[int | None]
    # Copies of the match's game and status, kept by the database's own triggers (revision
    # 0006: written by no one else), so that everyone's statistics read one index.
    match_game: Mapped[str | None] = mapped_column(String(GAME_MAX))
    match_status: Mapped[str | None] = mapped_column(String(10))

    match: Mapped[Match] = relationship(back_populates="participants")
    player: Mapped[Player] = relationship(back_populates="participations")

    __table_args__ = (
        UniqueConstraint("match_id", "seat"),
        # Statistics read participants by player and, for opponents, by match: these two
        # carry every column those queries need, so the table itself is never read.
        Index("ix_participants_by_player", "player_id", "match_id", "placing", "final_score", "team", "seat"),
        Index("ix_participants_by_match", "match_id", "player_id", "placing", "team"),
        # Every game's leaders in one ordered scan (revision 0006).
        Index(
            "ix_participants_for_leaders",
            "match_status", "match_game", "player_id", "placing", "final_score",
        ),
    )

    def __repr__(self) -> str:
        return f"Participant(match_id={self.match_id!r}, seat={self.seat!r})"


class Event(Base):
    __tablename__ = "events"

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"))
    seq: Mapped[int]  # 1, 2, 3, ... within its match
    kind: Mapped[str] = mapped_column(String(10))  # one of KINDS (unchecked: see store)
    payload: Mapped[dict[str, Any] | None] = mapped_column(NullableJSON)
    created_at: Mapped[datetime]

    match: Mapped[Match] = relationship(back_populates="events")

    __table_args__ = (UniqueConstraint("match_id", "seq"),)

    def __repr__(self) -> str:
        return f"Event(match_id={self.match_id!r}, seq={self.seq!r}, kind={self.kind!r})"


class TableKey(Base):
    """The secret token of a match's live table view (revision 0004): made the first time
    the match is shared, then the same for good; deleted with its match."""

    __tablename__ = "table_keys"

    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    key: Mapped[str] = mapped_column(String(TABLE_KEY_MAX))
    created_at: Mapped[datetime]

    def __repr__(self) -> str:  # never the key itself: reprs end up in logs
        return f"TableKey(match_id={self.match_id!r})"

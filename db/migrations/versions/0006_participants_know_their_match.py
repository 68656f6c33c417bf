"""participants.match_game and participants.match_status: each seat knows its match's game and status

Everyone's statistics (every game's leaders) counted each seat of every finished match by
joining the seats to their matches: at 100,000 matches that read about 300,000 rows through a
join, 1.9 s. With the match's game and status on the seat itself, one covering index
(match_status, match_game, player_id, placing, final_score) answers it in one ordered scan.

The two columns are copies, kept by the database itself, so that no writer can let them drift
(the store, an import, a restore, a tool writing SQL): a trigger fills them when a seat is
added, another follows every change of a match's game or status. On SQLite a later revision
that rebuilds `participants` or `matches` by copy-and-rename (batch mode) drops their triggers:
it must create them again (`create_triggers`).

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-02
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | Sequence[str] | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

INDEX = "ix_participants_for_leaders"

SQLITE_TRIGGERS = (
    """CREATE TRIGGER participants_take_match AFTER INSERT ON participants
    BEGIN
        UPDATE participants SET match_game = (SELECT game FROM matches WHERE id = NEW.match_id),
                                match_status = (SELECT status FROM matches WHERE id = NEW.match_id)
        WHERE id = NEW.id;
    END""",
    """CREATE TRIGGER participants_follow_match AFTER UPDATE OF game, status ON matches
    BEGIN
        UPDATE participants SET match_game = NEW.game, match_status = NEW.status WHERE match_id = NEW.id;
    END""",
)
POSTGRESQL_TRIGGERS = (
    """CREATE FUNCTION participants_take_match() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        SELECT game, status INTO NEW.match_game, NEW.match_status FROM matches WHERE id = NEW.match_id;
        RETURN NEW;
    END $$""",
    """CREATE TRIGGER participants_take_match BEFORE INSERT ON participants
    FOR EACH ROW EXECUTE FUNCTION participants_take_match()""",
    """CREATE FUNCTION participants_follow_match() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        UPDATE participants SET match_game = NEW.game, match_status = NEW.status WHERE match_id = NEW.id;
        RETURN NULL;
    END $$""",
    """CREATE TRIGGER participants_follow_match AFTER UPDATE OF game, status ON matches
    FOR EACH ROW EXECUTE FUNCTION participants_follow_match()""",
)


def create_triggers() -> None:
    postgres = op.get_bind().dialect.name == "postgresql"
    for statement in POSTGRESQL_TRIGGERS if postgres else SQLITE_TRIGGERS:
        op.execute(statement)


def drop_triggers() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER IF EXISTS participants_follow_match ON matches")
        op.execute("DROP TRIGGER IF EXISTS participants_take_match ON participants")
        op.execute("DROP FUNCTION IF EXISTS participants_follow_match()")
        op.execute("DROP FUNCTION IF EXISTS participants_take_match()")
    else:
        op.execute("DROP TRIGGER IF EXISTS participants_follow_match")
        op.execute("DROP TRIGGER IF EXISTS participants_take_match")


def upgrade() -> None:
    with op.batch_alter_table("participants") as batch:
        batch.add_column(sa.Column("match_game", sa.String(length=20), nullable=True))
        batch.add_column(sa.Column("match_status", sa.String(length=10), nullable=True))
    op.execute(
        "UPDATE participants SET match_game = (SELECT game FROM matches WHERE matches.id = participants.match_id),"
        " match_status = (SELECT status FROM matches WHERE matches.id = participants.match_id)"
    )
    op.create_index(INDEX, "participants", ["match_status", "match_game", "player_id", "placing", "final_score"])
    create_triggers()


def downgrade() -> None:
    drop_triggers()
    op.drop_index(INDEX, table_name="participants")
    with op.batch_alter_table("participants") as batch:
        batch.drop_column("match_status")
        batch.drop_column("match_game")

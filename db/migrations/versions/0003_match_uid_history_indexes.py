"""matches.uid and the indexes behind history pages and statistics

Every match gets a stable uid (32 hex digits of a random uuid4) that travels with it in
exports and match codes, so importing the same match twice finds it instead of copying
it. Existing matches get theirs here.

History pages read matches newest first, seeking from the last row shown instead of
counting an offset: (status, finished_at, id) and (game, status, finished_at, id) give
that order straight from an index. They make the single-column status index redundant.
Statistics read a player's seats, and their opponents' seats, from two covering indexes
(by player, by match) that hold every column they need; the first replaces the
player_id index.

Revision ID: 0003
Revises: 0002
Create Date: 2026-05-03
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | Sequence[str] | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

BATCH = 1000


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("uid", sa.String(length=32), nullable=True))
    _fill_uids()
    # NOT NULL once every row has one (on SQLite this copies the table once).
    with op.batch_alter_table("matches") as batch:
        batch.alter_column("uid", existing_type=sa.String(length=32), nullable=False)
    op.create_index("uq_matches_uid", "matches", ["uid"], unique=True)

    op.drop_index("ix_matches_status", table_name="matches")
    op.create_index(
        "ix_matches_status_finished_at_id", "matches", ["status", "finished_at", "id"]
    )
    op.create_index(
        "ix_matches_game_status_finished_at_id",
        "matches",
        ["game", "status", "finished_at", "id"],
    )
    op.drop_index("ix_participants_player_id", table_name="participants")
    op.create_index(
        "ix_participants_by_player",
        "participants",
        ["player_id", "match_id", "placing", "final_score", "team", "seat"],
    )
    op.create_index(
        "ix_participants_by_match", "participants", ["match_id", "player_id", "placing", "team"]
    )


def _fill_uids() -> None:
    connection = op.get_bind()
    matches = sa.table("matches", sa.column("id", sa.Integer), sa.column("uid", sa.String))
    ids = connection.execute(sa.select(matches.c.id).order_by(matches.c.id)).scalars().all()
    update = (
        sa.update(matches)
        .where(matches.c.id == sa.bindparam("match_id"))
        .values(uid=sa.bindparam("new_uid"))
    )
    for start in range(0, len(ids), BATCH):
        rows = [{"match_id": i, "new_uid": uuid.uuid4().hex} for i in ids[start : start + BATCH]]
        connection.execute(update, rows)


def downgrade() -> None:
    op.drop_index("ix_participants_by_match", table_name="participants")
    op.drop_index("ix_participants_by_player", table_name="participants")
    op.create_index("ix_participants_player_id", "participants", ["player_id"])
    op.drop_index("ix_matches_game_status_finished_at_id", table_name="matches")
    op.drop_index("ix_matches_status_finished_at_id", table_name="matches")
    op.create_index("ix_matches_status", "matches", ["status"])
    op.drop_index("uq_matches_uid", table_name="matches")
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("uid")

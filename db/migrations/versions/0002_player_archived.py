"""players.archived: hide a player without deleting their history

A player's name now needs to be unique only among the players in use, so that an
archived player's name can be given to someone new: the table-wide unique constraint
becomes a partial unique index.

Revision ID: 0002
Revises: 0001
Create Date: 2026-05-02
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | Sequence[str] | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

ACTIVE = sa.text("NOT archived")


def upgrade() -> None:
    # On SQLite, dropping a constraint rebuilds the table (copy and rename); the
    # migration runner switches foreign keys off meanwhile, so participants keep theirs.
    with op.batch_alter_table("players") as batch:
        batch.add_column(
            sa.Column("archived", sa.Boolean(), server_default=sa.false(), nullable=False)
        )
        batch.drop_constraint("uq_players_name", type_="unique")
    op.create_index(
        "uq_players_active_name",
        "players",
        ["name"],
        unique=True,
        sqlite_where=ACTIVE,
        postgresql_where=ACTIVE,
    )


def downgrade() -> None:
    op.drop_index("uq_players_active_name", table_name="players")
    with op.batch_alter_table("players") as batch:
        batch.create_unique_constraint("uq_players_name", ["name"])
        batch.drop_column("archived")

"""table_keys: the secret link token of a match's live table view

A match shared as a live table (`/table/<id>?key=<token>`) gets one random token, made the
first time it is shared and kept from then on, so a link handed round the table keeps
working across restarts and on every server process that shares the database. The token
lives in a table of its own: it is not a fact about the game, so exports, match codes and
history never carry it, and deleting a match deletes its token (ON DELETE CASCADE).

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-30
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | Sequence[str] | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "table_keys",
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["match_id"], ["matches.id"], name="fk_table_keys_match_id_matches", ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("match_id", name="pk_table_keys"),
    )


def downgrade() -> None:
    op.drop_table("table_keys")

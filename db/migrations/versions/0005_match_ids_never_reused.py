"""matches.id is never given out twice (SQLite AUTOINCREMENT)

Without AUTOINCREMENT SQLite hands out the largest id in use plus one, so deleting the newest
match gave its id to the next match made: a screen still showing the deleted match then wrote
its move into the new one. With AUTOINCREMENT the largest id ever used is kept (in
`sqlite_sequence`) and never given again. PostgreSQL's sequences already never go back.

On SQLite the table is rebuilt (copy and rename) with its indexes. The sequence starts at
the largest id present: an id deleted before this revision cannot be known any more.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-02
"""

from __future__ import annotations

from collections.abc import Sequence

from alembic import op

revision: str = "0005"
down_revision: str | Sequence[str] | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _rebuild(autoincrement: bool) -> None:
    if op.get_bind().dialect.name != "sqlite":
        return
    with op.batch_alter_table("matches", recreate="always", table_kwargs={"sqlite_autoincrement": autoincrement}):
        pass


def upgrade() -> None:
    _rebuild(True)


def downgrade() -> None:
    _rebuild(False)

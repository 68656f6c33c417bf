"""Alembic environment of the match store.

Run from code (`db.migrate.upgrade`), which passes an open connection in
`config.attributes["connection"]`; or from `python -m db ...`, which gives only
a URL. `render_as_batch=True` lets SQLite change tables by copy-and-rename.
"""

from __future__ import annotations

from typing import Any

from alembic import context
from sqlalchemy import Connection

from db.models import Base

config = context.config
target_metadata = Base.metadata



def configure(**where: Any) -> None:
    """The settings every run shares, plus where it runs (a URL, or an open connection)."""
    context.configure(target_metadata=target_metadata, render_as_batch=True, compare_type=True, **where)


def run_migrations_offline() -> None:
    from db.engine import default_url

    configure(
        url=config.get_main_option("sqlalchemy.url") or default_url(),
        literal_binds=True,
        dialect_opts={"paramstyle": "named"},
    )
    with context.begin_transaction():
        context.run_migrations()


def run_with(connection: Connection) -> None:
    configure(connection=connection)
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        run_with(connection)
        return
    from db.engine import default_url, make_engine, writer

    engine = make_engine(config.get_main_option("sqlalchemy.url") or default_url())
    try:
        with writer(engine).begin() as connection:
            run_with(connection)
    finally:
        engine.dispose()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()

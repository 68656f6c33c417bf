"""Alembic environment of the match store.

Run from code (`db.migrate.upgrade`), which passes an open connection in
`config.attributes["connection"]`; or from `python -m db ...`, which gives only
a URL. `render_as_batch=True` lets SQLite change tables by copy-and-rename.
"""

from __future__ import annotations

from alembic import context

from db.models import Base

config = context.config
target_metadata = Base.metadata

OPTIONS = {
    "target_metadata": target_metadata,
    "render_as_batch": True,
    "compare_type": True,
}


def run_migrations_offline() -> None:
    from db.engine import default_url

    context.configure(
        url=config.get_main_option("sqlalchemy.url") or default_url(),
        literal_binds=True,
        dialect_opts={"paramstyle": "named"},
        **OPTIONS,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_with(connection) -> None:  # noqa: ANN001
    context.configure(connection=connection, **OPTIONS)
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

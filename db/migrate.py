"""Alembic, run from code: the revisions live inside this package, no alembic.ini.

`upgrade(engine)` brings a database to the newest revision; the store calls it on open.
For developers, `python -m db <alembic command...>` runs any Alembic command against
COMPANION_DB_URL (or the default database), e.g.

    COMPANION_DB_URL=sqlite:////tmp/dev.db python -m db upgrade head
    COMPANION_DB_URL=sqlite:////tmp/dev.db python -m db check
    COMPANION_DB_URL=sqlite:////tmp/dev.db python -m db revision --autogenerate \
        --rev-id 0003 -m "add something"
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from alembic import command
from alembic.config import CommandLine, Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine

from db.engine import database_location, default_url, writer

SCRIPT_LOCATION = "db:migrations"
HEAD = "head"


def alembic_config(connection: Connection | None = None, url: str | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", SCRIPT_LOCATION)
    config.set_main_option("file_template", "%%(rev)s_%%(slug)s")
    if url is not None:
        config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


@cache
def script_directory() -> ScriptDirectory:
    """The revisions shipped with this package (read once: they do not change at runtime)."""
    return ScriptDirectory.from_config(alembic_config())


def head_revision() -> str:
    head = script_directory().get_current_head()
    assert head is not None
    return head


def current_revision(engine: Engine) -> str | None:
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def upgrade(engine: Engine, revision: str = HEAD) -> None:
    """Run the migrations up to `revision` in one transaction.

    On SQLite, foreign keys are switched off while migrating (batch mode rebuilds
    tables by copy-and-rename, which must not cascade) and checked afterwards.
    """
    from db.errors import CannotOpen, NewerDatabase

    known = {script.revision for script in script_directory().walk_revisions()}
    current = current_revision(engine)
    if current is not None and current not in known:
        raise NewerDatabase(location=database_location(engine), revision=current)
    if revision == HEAD and current == head_revision():
        return  # the usual open: nothing to do, and no need to run env.py

    sqlite = engine.dialect.name == "sqlite"
    with writer(engine).connect() as connection:
        if sqlite:
            # A no-op inside a transaction: send it before anything begins.
            _driver(connection).execute("PRAGMA foreign_keys=OFF")
        try:
            with connection.begin():
                command.upgrade(alembic_config(connection), revision)
                if sqlite:
                    broken = connection.exec_driver_sql("PRAGMA foreign_key_check").all()
                    if broken:
                        raise CannotOpen(
                            location=database_location(engine),
                            detail=f"foreign key check failed after migrating: {broken[:5]}",
                        )
        finally:
            if sqlite:
                _driver(connection).execute("PRAGMA foreign_keys=ON")


def _driver(connection: Connection) -> Any:
    """The DBAPI connection under `connection`, for pragmas that must bypass SQLAlchemy's BEGIN."""
    driver = connection.connection.driver_connection
    if driver is None:  # only a connection that was closed or invalidated has none
        raise RuntimeError("the database connection is closed")
    return driver


def main(argv: Sequence[str] | None = None) -> None:
    cli = CommandLine(prog="python -m db")
    options = cli.parser.parse_args(argv)
    if not hasattr(options, "cmd"):
        cli.parser.error("too few arguments")
    cli.run_cmd(alembic_config(url=default_url()), options)

"""Alembic, run from code: the revisions live inside this package, no alembic.ini.

`upgrade(engine)` brings a database to the newest revision; the store calls it on open.
Opening a database that is already at `SHIPPED_HEAD` (nearly every open) reads its revision
with one plain query and never imports Alembic, which costs a server or a CLI command about
0.1 s and the phone's in-browser Python more than a second of its start.
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
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, Engine, inspect, text

from db.engine import database_location, default_url, writer

if TYPE_CHECKING:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

SCRIPT_LOCATION = "db:migrations"
HEAD = "head"
SHIPPED_HEAD = "0006"  # the newest revision in migrations/versions (a test holds it to Alembic's head)
VERSION_TABLE = "alembic_version"  # where Alembic writes the revision a database is at


def alembic_config(connection: Connection | None = None, url: str | None = None) -> Config:
    from alembic.config import Config

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
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(alembic_config())


def head_revision() -> str:
    head = script_directory().get_current_head()
    assert head is not None
    return head


def current_revision(engine: Engine) -> str | None:
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def is_current(engine: Engine) -> bool:
    """Whether the database is at `SHIPPED_HEAD`, read without Alembic: its revision table
    holds that one revision and nothing else (a new database has no table yet)."""
    with engine.connect() as connection:
        if not inspect(connection).has_table(VERSION_TABLE):
            return False
        stamped = connection.execute(text(f"SELECT version_num FROM {VERSION_TABLE}")).scalars().all()
    return list(stamped) == [SHIPPED_HEAD]


def migration_error() -> type[Exception]:
    """The error Alembic raises for a revision it cannot run (imported only when one is caught)."""
    from alembic.util import CommandError

    return CommandError


def upgrade(engine: Engine, revision: str = HEAD) -> None:
    """Run the migrations up to `revision` in one transaction.

    On SQLite, foreign keys are switched off while migrating (batch mode rebuilds
    tables by copy-and-rename, which must not cascade) and checked afterwards.
    """
    if revision == HEAD and is_current(engine):
        return  # the usual open: nothing to do, and no Alembic to import
    from alembic import command

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
    from alembic.config import CommandLine

    cli = CommandLine(prog="python -m db")
    options = cli.parser.parse_args(argv)
    if not hasattr(options, "cmd"):
        cli.parser.error("too few arguments")
    cli.run_cmd(alembic_config(url=default_url()), options)

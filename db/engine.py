"""Where the match store lives and how to connect to it.

By default a SQLite file `companion.db` in the user's data folder (platformdirs);
the environment variable COMPANION_DB_URL overrides it with any SQLAlchemy URL.

SQLite connections get, on every connect: WAL journal mode (readers never block the
writer, and a killed process loses nothing that was committed) and
`PRAGMA foreign_keys=ON` (cascade deletes, no dangling player ids). SQLAlchemy takes
over BEGIN from the sqlite3 driver, so transactions are real ones (DDL included, which
makes each migration run all-or-nothing); writes start with BEGIN IMMEDIATE so two
writers queue on the file lock instead of failing halfway.

A SQLite file this process may not write (a read-only file or folder: a backup on a CD, a
folder shared read-only) is opened read-only (`read_only_reason`, `make_engine(read_only=)`):
every match can be read and exported, and the store says why a write cannot happen.
"""

from __future__ import annotations

import functools
import json
import os
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote

import platformdirs
from sqlalchemy import Connection, Engine, create_engine, event, make_url
from sqlalchemy.engine import URL
from sqlalchemy.pool import StaticPool

ENV_VAR = "COMPANION_DB_URL"
APP_NAME = "companion"
FILE_NAME = "companion.db"

# Execution option read by the BEGIN hook: "IMMEDIATE" for write transactions.
BEGIN_OPTION = "companion_sqlite_begin"

json_serializer = functools.partial(json.dumps, ensure_ascii=False, allow_nan=False)


def default_data_dir() -> Path:
    # A packaged Flet app (flet build apk/ipa) is told its private data folder this way.
    packaged = os.environ.get("FLET_APP_STORAGE_DATA")
    if packaged:
        return Path(packaged)
    return Path(platformdirs.user_data_dir(APP_NAME, APP_NAME))


def default_url() -> str:
    """COMPANION_DB_URL if set, else the SQLite file in the user's data folder."""
    override = os.environ.get(ENV_VAR, "").strip()
    if override:
        return override
    folder = default_data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return URL.create("sqlite", database=str(folder / FILE_NAME)).render_as_string()


def _is_sqlite(url: URL) -> bool:
    return url.get_backend_name() == "sqlite"


def _sqlite_file(url: URL) -> str | None:
    """The file of a SQLite URL, or None for an in-memory database."""
    database = url.database or ""
    if database in ("", ":memory:") or database.startswith("file::memory:"):
        return None
    if url.query.get("mode") == "memory":
        return None
    return database


def database_location(where: str | URL | Engine | None = None) -> str:
    """A human-readable place for the settings screen.

    The file path for SQLite, "in memory" for an in-memory SQLite database, and the
    URL with its password masked otherwise. Without an argument: the default URL.
    """
    if where is None:
        where = default_url()
    url = where.url if isinstance(where, Engine) else make_url(where)
    if _is_sqlite(url):
        file = _sqlite_file(url)
        if file is None:
            return "in memory"
        if file.startswith("file:"):
            file = unquote(file[len("file:") :])
        return str(Path(file).expanduser().resolve())
    return url.render_as_string(hide_password=True)


def read_only_reason(url: str | URL) -> str | None:
    """Why this process may not write the SQLite file of `url`: "file" (the file is read-only),
    "folder" (its folder is), "url" (the URL asks for read-only); None if it may, or if it is
    not a SQLite file that exists yet."""
    url = make_url(url)
    file = _sqlite_file(url) if _is_sqlite(url) else None
    if file is None or file.startswith("file:") or url.query.get("mode") == "ro":
        return "url" if url.query.get("mode") == "ro" else None
    path = Path(file).expanduser()
    if not path.exists():
        return None
    if not os.access(path, os.W_OK):
        return "file"
    if not os.access(path.parent, os.W_OK):
        return "folder"  # SQLite writes its journal files beside the database
    return None


def _read_only_url(url: URL) -> URL:
    """The same file opened read-only. `immutable` lets SQLite read a WAL database whose folder
    it cannot add its shared-memory file to; it is used only when no unfinished journal is
    beside the file (else plain read-only, which reads the journal too)."""
    file = str(Path(_sqlite_file(url) or "").expanduser().resolve())
    query = {"mode": "ro", "uri": "true"}
    if not Path(f"{file}-wal").exists():
        query["immutable"] = "1"
    return url.set(database=f"file:{quote(file)}", query=query)


def configure_sqlite(engine: Engine, read_only: bool = False) -> None:
    """Install the per-connection pragmas and the BEGIN hook (idempotent)."""
    if not _is_sqlite(engine.url):
        return
    if event.contains(engine, "connect", _on_connect) or event.contains(engine, "connect", _on_connect_read_only):
        return
    event.listen(engine, "connect", _on_connect_read_only if read_only else _on_connect)
    event.listen(engine, "begin", _on_begin)


def _on_connect_read_only(dbapi_connection: Any, connection_record: Any) -> None:
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("PRAGMA query_only=ON")  # the journal mode is the file's: it cannot be set here
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=5000")
    finally:
        cursor.close()


def _on_connect(dbapi_connection: Any, connection_record: Any) -> None:
    # Let SQLAlchemy emit BEGIN (see _on_begin) instead of the driver's legacy mode,
    # which skips BEGIN before DDL and SELECT.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=5000")
    finally:
        cursor.close()


def _on_begin(connection: Connection) -> None:
    mode = connection.get_execution_options().get(BEGIN_OPTION, "")
    connection.exec_driver_sql(f"BEGIN {mode}".strip())


def make_engine(url: str | URL | None = None, *, read_only: bool = False, **kwargs: Any) -> Engine:
    """An engine for `url` (default: `default_url()`), configured for the store; with
    `read_only`, a SQLite file is opened read-only (see `read_only_reason`)."""
    url = make_url(url if url is not None else default_url())
    read_only = read_only and _is_sqlite(url) and _sqlite_file(url) is not None
    if read_only and not (_sqlite_file(url) or "").startswith("file:"):
        url = _read_only_url(url)
    if _is_sqlite(url) and not read_only:
        file = _sqlite_file(url)
        if file is not None and not file.startswith("file:"):
            Path(file).expanduser().parent.mkdir(parents=True, exist_ok=True)
    kwargs.setdefault("json_serializer", json_serializer)
    if _is_sqlite(url) and _sqlite_file(url) is None and "poolclass" not in kwargs:
        # One in-memory database shared by every thread (the store locks around it);
        # the default pool would give each thread its own empty database.
        kwargs["poolclass"] = StaticPool
        kwargs.setdefault("connect_args", {}).setdefault("check_same_thread", False)
    engine = create_engine(url, **kwargs)
    configure_sqlite(engine, read_only)
    return engine


def writer(engine: Engine) -> Engine:
    """The same engine (same pool) whose transactions start with BEGIN IMMEDIATE on SQLite."""
    if not _is_sqlite(engine.url):
        return engine
    return engine.execution_options(**{BEGIN_OPTION: "IMMEDIATE"})

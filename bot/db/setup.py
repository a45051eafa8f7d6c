"""Tortoise initialisation from ``DATABASE_URL`` and migrations applied at start-up."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from tortoise import Tortoise
from tortoise.backends.base.config_generator import expand_db_url
from tortoise.migrations.api import migrate

from bot.db.checkpoints import Checkpointer

APP_LABEL = "models"
MODELS_MODULE = "bot.db.models"
MIGRATIONS_MODULE = "bot.db.migrations"
SUPPORTED_SCHEMES = ("sqlite", "postgres", "asyncpg", "psycopg")
# Tortoise's SQLite client sets every other parameter of the URL as a pragma, and WAL itself.
# WAL with synchronous=NORMAL: a commit does not wait for the disk (checkpoints still do); a
# killed process loses nothing, a power cut may lose the last commits but never corrupts the
# file. ``?synchronous=FULL`` in the URL waits for the disk on every commit. The bot's
# connection never checkpoints (``wal_autocheckpoint=0``): bot.db.checkpoints does, beside it.
SQLITE_PRAGMAS = {"synchronous": "NORMAL", "wal_autocheckpoint": "0"}
LOCK_WAIT_SECONDS = 2.0  # how long start-up waits for a SQLite file another process locked


def tortoise_config(database_url: str) -> dict[str, Any]:
    """The Tortoise config dict for our one app and its migrations package."""
    return {
        "connections": {"default": _connection(database_url)},
        "apps": {
            APP_LABEL: {
                "models": [MODELS_MODULE],
                "default_connection": "default",
                "migrations": MIGRATIONS_MODULE,
            }
        },
        "use_tz": True,
        "timezone": "UTC",
    }


def _connection(database_url: str) -> str | dict[str, Any]:
    """The URL as it is, or for SQLite its parts with our default pragmas (the URL's win)."""
    if urlsplit(database_url).scheme != "sqlite":
        return database_url
    config = expand_db_url(database_url)
    config["credentials"] = {**SQLITE_PRAGMAS, **config["credentials"]}
    return config


def check_database_url(database_url: str) -> None:
    """Raise ValueError with the reason when the URL cannot work; make the SQLite folder."""
    parts = urlsplit(database_url)
    if parts.scheme not in SUPPORTED_SCHEMES:
        raise ValueError(f"unsupported scheme {parts.scheme!r}")
    if parts.scheme == "sqlite":
        path = parts.netloc + parts.path
        if not path:
            raise ValueError("no SQLite file path given")
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            check_sqlite_writable(path)


def check_sqlite_writable(path: str) -> None:
    """Raise ValueError unless the SQLite file can be opened and written (a write rolled
    back). Tortoise keeps its connection lock when the first connect fails, so an unusable
    file (read-only, locked, on a full disk) hung start-up instead of failing: checked here
    first, within :data:`LOCK_WAIT_SECONDS`."""
    try:
        connection = sqlite3.connect(path, timeout=LOCK_WAIT_SECONDS, isolation_level=None)
    except sqlite3.Error as error:
        raise ValueError(f"cannot open {path}: {error}") from None
    try:
        connection.execute("BEGIN IMMEDIATE")
        connection.execute("CREATE TABLE gm_startup_probe (x INTEGER)")
        connection.execute("ROLLBACK")
    except sqlite3.Error as error:
        raise ValueError(f"cannot write {path}: {error}") from None
    finally:
        connection.close()


async def apply_migrations(database_url: str) -> None:
    """Apply every committed migration that the database has not seen yet."""
    await migrate(config=tortoise_config(database_url))
    await Tortoise.close_connections()


_checkpointers: list[Checkpointer] = []  # the one of the open SQLite file, if any


async def init_database(database_url: str, *, run_migrations: bool = True) -> None:
    """Check the URL, apply migrations, open the connections and, for a SQLite file, start
    its checkpointer."""
    check_database_url(database_url)
    if run_migrations:
        await apply_migrations(database_url)
    await Tortoise.init(config=tortoise_config(database_url))
    # Touch the connection now, so an unreachable server fails at start-up, not mid-game.
    await Tortoise.get_connection("default").execute_query("SELECT 1")
    path = sqlite_path(database_url)
    if path is not None and path != ":memory:":
        checkpointer = Checkpointer(path)
        checkpointer.start()
        _checkpointers.append(checkpointer)


async def close_database() -> None:
    while _checkpointers:
        await _checkpointers.pop().stop()
    await Tortoise.close_connections()


def checkpointer() -> Checkpointer | None:
    """The checkpointer of the open SQLite file, None for PostgreSQL or nothing open."""
    return _checkpointers[-1] if _checkpointers else None


def sqlite_path(database_url: str) -> str | None:
    """The file path of a ``sqlite://`` URL, else None."""
    parts = urlsplit(database_url)
    return parts.netloc + parts.path if parts.scheme == "sqlite" else None

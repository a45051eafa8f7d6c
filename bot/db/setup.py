"""Tortoise initialisation from ``DATABASE_URL`` and migrations applied at start-up."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import asyncpg
from tortoise import Tortoise
from tortoise.backends.asyncpg.client import AsyncpgDBClient
from tortoise.backends.base.config_generator import expand_db_url
from tortoise.migrations.api import migrate

from bot.db import sqlite_inline, statements
from bot.db.pg_pool import StatementPool, connector

APP_LABEL = "models"
MODELS_MODULE = "bot.db.models"
MIGRATIONS_MODULE = "bot.db.migrations"
SUPPORTED_SCHEMES = ("sqlite", "postgres", "asyncpg", "psycopg")


class KeptSession(asyncpg.Connection):  # type: ignore[misc]
    """A pooled PostgreSQL connection given back as it is. asyncpg resets every connection the
    pool takes back with a query (``RESET ALL``, ``UNLISTEN *``, closing cursors, releasing
    advisory locks): one more round trip for every statement outside a transaction, ~8 % of
    the event loop in the bench. The bot sets none of that state, so there is nothing to undo;
    the pool still rolls back a transaction left open."""

    def get_reset_query(self) -> str:
        return ""


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
    """The URL as it is, or for SQLite its parts on our backend (``bot.db.sqlite_inline``)."""
    if urlsplit(database_url).scheme != "sqlite":
        return database_url
    return {**expand_db_url(database_url), "engine": sqlite_inline.__name__}


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


async def apply_migrations(database_url: str) -> None:
    """Apply every committed migration that the database has not seen yet."""
    await migrate(config=tortoise_config(database_url))
    await Tortoise.close_connections()


async def init_database(database_url: str, *, run_migrations: bool = True) -> None:
    """Check the URL, apply migrations and open the connections."""
    check_database_url(database_url)
    if run_migrations:
        await apply_migrations(database_url)
    await Tortoise.init(config=tortoise_config(database_url))
    db = Tortoise.get_connection("default")
    if isinstance(db, AsyncpgDBClient):  # before its pool exists
        db.connection_class = KeptSession
    # Touch the connection now, so an unreachable server fails at start-up, not mid-game.
    await Tortoise.get_connection("default").execute_query("SELECT 1")
    if isinstance(db, AsyncpgDBClient):  # its parameters are known once its pool exists
        pool = StatementPool(connector(db._template, db.password), db.pool_maxsize)
        statements.use_pool(db.connection_name, pool)
        _statement_pools.append((db.connection_name, pool))


_statement_pools: list[tuple[str, StatementPool]] = []


async def close_database() -> None:
    while _statement_pools:
        name, pool = _statement_pools.pop()
        statements.use_pool(name, None)
        await pool.close()
    await Tortoise.close_connections()

"""The bot as production builds it, for every part of the bench: a fresh database with the
migrations applied, and the production dispatcher with production settings."""

from __future__ import annotations

import contextlib
import tempfile
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from aiogram import Dispatcher
from pydantic import SecretStr
from tortoise.backends.base.executor import EXECUTOR_CACHE

from bot.app import build_dispatcher
from bot.config import Settings
from bot.db.setup import close_database, init_database
from bot.i18n import Translator
from bot.pacing import OFF
from bot.storage import Storage

MAX_REDIS_CONNECTIONS = 50  # the production default (REDIS_MAX_CONNECTIONS)


@contextlib.asynccontextmanager
async def database(postgres: str | None) -> AsyncIterator[str]:
    """A fresh database with the migrations applied: SQLite in a temporary folder, or a
    throwaway database on the PostgreSQL server of ``postgres``."""
    # Tortoise caches each model's INSERT/DELETE SQL by connection name, not by backend: a
    # process that goes from SQLite to PostgreSQL must forget the SQLite dialect's.
    EXECUTOR_CACHE.clear()
    if postgres is None:
        with tempfile.TemporaryDirectory(prefix="gm-bench-") as folder:
            url = f"sqlite://{Path(folder) / 'bench.sqlite3'}"
            await init_database(url)
            try:
                yield url
            finally:
                await close_database()
        return
    import asyncpg  # only with PostgreSQL

    name = f"gm_bench_{uuid.uuid4().hex[:12]}"
    parts = urlsplit(postgres.replace("postgres://", "postgresql://", 1))
    admin = await asyncpg.connect(postgres.replace("postgres://", "postgresql://", 1))
    await admin.execute(f'CREATE DATABASE "{name}"')
    url = urlunsplit(("postgres", parts.netloc, f"/{name}", parts.query, ""))
    try:
        await init_database(url)
        try:
            yield url
        finally:
            await close_database()
    finally:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await admin.close()


def settings(token: str, throttle: bool = True) -> Settings:
    """Production settings (every default: the throttle, the concurrency bound); ``throttle``
    False for the one-fight-alone query count only."""
    return Settings(  # type: ignore[call-arg]
        _env_file=None,
        bot_token=SecretStr(token),
        throttle_rate=10 if throttle else 0,
    )


def dispatcher(
    storage: Storage, token: str, throttle: bool = True, *, paced: bool = True
) -> Dispatcher:
    """The production dispatcher on ``storage`` (the production dice: each game's seed).
    ``paced`` False: the courier sends at once (the fights' fake Telegram answers instantly and
    has no limits; Telegram's own would cap any bot at ~30 messages/s, which the busy group
    measures)."""
    return build_dispatcher(
        storage=storage.fsm,
        isolation=storage.isolation,
        translator=Translator("ru"),
        settings=settings(token, throttle),
        redis=storage.redis,
        limits=None if paced else OFF,
    )

"""Which errors mean that Redis or the database is unreachable: what :mod:`bot.health` and
:mod:`bot.outage` act on, and the courier logs in one line."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator

import asyncpg
from aiogram.exceptions import TelegramAPIError
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError
from tortoise.exceptions import DBConnectionError

# sqlite3.OperationalError is also a bad query: only these messages mean the file is unusable.
SQLITE_OUTAGES = (
    "unable to open database file",
    "disk i/o error",
    "database is locked",
    "readonly database",
    "database or disk is full",
)
_POSTGRES_OUTAGES = (
    asyncpg.PostgresConnectionError,
    asyncpg.ConnectionDoesNotExistError,
    asyncpg.CannotConnectNowError,
    asyncpg.AdminShutdownError,
    asyncpg.CrashShutdownError,
    asyncpg.TooManyConnectionsError,
)
_OUTAGES = (RedisConnectionError, RedisTimeoutError, DBConnectionError, *_POSTGRES_OUTAGES)


def _chain(error: BaseException) -> Iterator[BaseException]:
    """The error and the ones it was raised from or while handling (a library's wrapper, or
    a bug in a ``finally`` that ran because of the outage)."""
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        yield current
        current = current.__cause__ or current.__context__


def is_outage(error: BaseException) -> bool:
    """Whether ``error`` comes from Redis or the database being unreachable (never from a
    Telegram call: those are not ours to wait out)."""
    chain = list(_chain(error))
    if any(isinstance(link, TelegramAPIError) for link in chain):
        return False
    for link in chain:
        if isinstance(link, _OUTAGES):
            return True
        if isinstance(link, sqlite3.OperationalError):
            message = str(link).lower()
            if any(sign in message for sign in SQLITE_OUTAGES):
                return True
        if isinstance(link, ConnectionError):  # the OS's: refused, reset, broken pipe
            return True
    return False

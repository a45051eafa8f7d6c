"""Which errors mean that Redis or the database is unreachable, or that the database refuses
writes: what :mod:`bot.health` and :mod:`bot.outage` act on, and the courier logs in one line."""

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
_SQLITE_WRITE_REFUSALS = ("readonly database", "database or disk is full")
# A read-only transaction (a standby after a failover, default_transaction_read_only), a full disk.
_POSTGRES_WRITE_REFUSALS = (asyncpg.ReadOnlySQLTransactionError, asyncpg.DiskFullError)
_POSTGRES_OUTAGES = (
    asyncpg.PostgresConnectionError,
    asyncpg.ConnectionDoesNotExistError,
    asyncpg.CannotConnectNowError,
    asyncpg.AdminShutdownError,
    asyncpg.CrashShutdownError,
    asyncpg.TooManyConnectionsError,
)
_OUTAGES = (
    RedisConnectionError,
    RedisTimeoutError,
    DBConnectionError,
    *_POSTGRES_OUTAGES,
    *_POSTGRES_WRITE_REFUSALS,
)


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
    """Whether ``error`` comes from Redis or the database being unreachable or refusing
    writes (never from a Telegram call: those are not ours to wait out)."""
    chain = list(_chain(error))
    if any(isinstance(link, TelegramAPIError) for link in chain):
        return False
    for link in chain:
        if isinstance(link, _OUTAGES):
            return True
        if _sqlite_says(link, SQLITE_OUTAGES):
            return True
        if isinstance(link, ConnectionError):  # the OS's: refused, reset, broken pipe
            return True
    return False


def refuses_writes(error: BaseException) -> bool:
    """Whether the database refused ``error``'s write (a read-only file or transaction, a full
    disk), as opposed to being unreachable."""
    for link in _chain(error):
        if isinstance(link, _POSTGRES_WRITE_REFUSALS):
            return True
        if _sqlite_says(link, _SQLITE_WRITE_REFUSALS):
            return True
    return False


def _sqlite_says(link: BaseException, signs: tuple[str, ...]) -> bool:
    """SQLite's OperationalError is also a bad query: only its message tells the cause."""
    return isinstance(link, sqlite3.OperationalError) and any(
        sign in str(link).lower() for sign in signs
    )


def of_the_database(error: BaseException) -> bool:
    """Whether the database itself answered ``error`` (a file it cannot use, a refused write):
    it may be reachable and refuse only writes. A lost connection is simply down."""
    return refuses_writes(error) or any(
        isinstance(link, sqlite3.OperationalError) for link in _chain(error)
    )

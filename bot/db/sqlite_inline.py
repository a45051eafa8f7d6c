"""Tortoise's SQLite backend with its statements run in the event loop's own thread.

Tortoise talks to SQLite through aiosqlite: every statement is handed to a worker thread and
its answer handed back to the event loop. A bot's statements take tens of microseconds in
SQLite, but under load the worker waits for the GIL several times per statement (the sqlite3
module lets it go around each step), while the event loop's thread is busy: in the bench a
statement held the one connection ~0.45 ms of wall time for ~0.06 ms of work, and the worker,
not the CPU, bounded how many presses the bot could answer (``docs/performance.md``).

Here the same ``sqlite3`` connection is used directly, in the loop's thread: a statement runs
to its end when awaited, with no thread, queue or wake-up. What Tortoise relies on is kept:
one connection, its lock (a transaction holds it; other statements wait for it), its
exceptions, its pragmas. The database stays in WAL mode with ``synchronous=NORMAL``: a commit
writes the WAL without waiting for the disk (the checkpoints still do), so no commit blocks the
loop on ``fsync``; a process that dies loses nothing, a power cut may lose the last commits
but never corrupts the file.

The loop does wait for each statement. That suits what the bot asks of SQLite (rows by key, a
few writes a press); a long statement (a migration, a big export) holds the loop as long as it
holds the database, which under aiosqlite it held for every other query anyway. So does a
write that waits for another process's write lock on the file (an admin's ``sqlite3`` shell
in the middle of a transaction): up to ``sqlite3``'s 5 s, then an error. Reads and
``.backup`` never block it (WAL). A deployment that outgrows one SQLite file moves to
PostgreSQL (``DATABASE_URL``).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence
from typing import Any

from tortoise.backends.sqlite.client import SqliteClient

# See the module's docstring; Tortoise sets WAL itself. A URL's query can set others
# (``sqlite:///data/bot.sqlite3?synchronous=FULL``).
PRAGMAS = {"synchronous": "NORMAL"}


class InlineCursor:
    """The part of ``aiosqlite.Cursor`` Tortoise's SQLite client uses: it closes it."""

    def __init__(self, cursor: sqlite3.Cursor) -> None:
        self._cursor = cursor

    async def close(self) -> None:
        self._cursor.close()


class InlineConnection:
    """The part of ``aiosqlite.Connection`` Tortoise uses, run in the caller's thread."""

    def __init__(self, raw: sqlite3.Connection) -> None:
        self.raw = raw

    @property
    def total_changes(self) -> int:
        return self.raw.total_changes

    async def execute(self, sql: str, parameters: Sequence[Any] | None = None) -> InlineCursor:
        return InlineCursor(self.raw.execute(sql, parameters or ()))

    async def execute_fetchall(self, sql: str, parameters: Sequence[Any] | None = None) -> Any:
        return self.raw.execute(sql, parameters or ()).fetchall()

    async def execute_insert(self, sql: str, parameters: Sequence[Any] | None = None) -> Any:
        self.raw.execute(sql, parameters or ()).close()
        return self.raw.execute("SELECT last_insert_rowid()").fetchone()

    async def executemany(self, sql: str, parameters: Iterable[Sequence[Any]]) -> InlineCursor:
        return InlineCursor(self.raw.executemany(sql, parameters))

    async def executescript(self, script: str) -> InlineCursor:
        return InlineCursor(self.raw.executescript(script))

    async def commit(self) -> None:
        self.raw.commit()

    async def rollback(self) -> None:
        self.raw.rollback()

    async def close(self) -> None:
        self.raw.close()


class InlineSqliteClient(SqliteClient):
    """:class:`SqliteClient` on an :class:`InlineConnection`."""

    async def create_connection(self, with_db: bool) -> None:
        if self._connection:
            return
        raw = sqlite3.connect(self.filename, isolation_level=None)
        raw.row_factory = sqlite3.Row
        connection = InlineConnection(raw)
        for pragma, value in {**PRAGMAS, **self.pragmas}.items():  # the URL's win
            raw.execute(f"PRAGMA {pragma}={value}").close()
        self._connection = connection  # type: ignore[assignment]
        await self._post_connect()
        self.log.debug("Created connection %s: filename=%s", connection, self.filename)


def raw_connection(db: object) -> sqlite3.Connection | None:
    """The ``sqlite3`` connection under a Tortoise client (or transaction) of this backend."""
    connection = getattr(db, "_connection", None)
    return connection.raw if isinstance(connection, InlineConnection) else None


client_class = InlineSqliteClient  # Tortoise's engine module protocol: "engine": this module

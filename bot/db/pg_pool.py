"""PostgreSQL connections for the prepared statements (``bot/db/statements.py``) outside
transactions: one statement per turn, each connection back at once.

Taking a connection from asyncpg's pool and giving it back costs ~45 µs of CPU (a queue, a
timeout, a shielded task for the release, an idle timer), more than the statement itself
(~35 µs on the client). A button press sends four to six such statements. Here an idle
connection is taken from a list and put back on it; a caller waits only when all ``size``
are busy. A connection is used for one statement at a time and never held across anything
else, so two pools cannot wait on each other.

Tortoise keeps its own pool for the ORM's queries and for transactions; a transaction's
statements run on the transaction's connection, as before.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
from collections.abc import Awaitable, Callable
from typing import Any

import asyncpg

Connect = Callable[[], Awaitable[asyncpg.Connection]]
# asyncpg.create_pool's own arguments, which asyncpg.connect does not take.
POOL_ONLY = frozenset(
    {"min_size", "max_size", "max_queries", "max_inactive_connection_lifetime"}
    | {"setup", "init", "reset", "loop"}
)


class StatementPool:
    """``await pool.run(sql, values, write)``: ``(rows changed or found, rows)``."""

    def __init__(self, connect: Connect, size: int) -> None:
        self._connect = connect
        self.size = size
        self.opened = 0
        self._closed = False
        self._idle: list[asyncpg.Connection] = []
        # A waiter gets a connection, or None: a slot is free to open one.
        self._waiters: collections.deque[asyncio.Future[asyncpg.Connection | None]] = (
            collections.deque()
        )

    async def run(self, sql: str, values: list[Any], write: bool) -> tuple[int, list[Any]]:
        connection = await self._acquire()
        try:
            if write:
                status = await connection.execute(sql, *values)
                result: tuple[int, list[Any]] = (_changed(status), [])
            else:
                rows = await connection.fetch(sql, *values)
                result = (len(rows), rows)
        except asyncpg.PostgresError:  # the statement failed, the connection is fine
            self._release(connection)
            raise
        except BaseException:  # cancelled mid-statement, or the connection broke
            self._discard(connection)
            raise
        self._release(connection)
        return result

    async def _acquire(self) -> asyncpg.Connection:
        while self._idle:
            connection = self._idle.pop()
            if not connection.is_closed():
                return connection
            self.opened -= 1
        if self.opened < self.size:
            return await self._open()
        waiter: asyncio.Future[asyncpg.Connection | None] = (
            asyncio.get_running_loop().create_future()
        )
        self._waiters.append(waiter)
        try:
            given = await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():  # handed over as it was cancelled
                handed = waiter.result()
                if handed is not None:
                    self._release(handed)
                else:
                    self._free_slot()
            raise
        if given is None or given.is_closed():
            if given is not None:
                self.opened -= 1
            return await self._open()
        return given

    async def _open(self) -> asyncpg.Connection:
        self.opened += 1
        try:
            return await self._connect()
        except BaseException:
            self.opened -= 1
            self._free_slot()
            raise

    def _release(self, connection: asyncpg.Connection) -> None:
        if self._closed:  # a statement that outlived the pool: its connection goes too
            self._discard(connection)
            return
        while self._waiters:
            waiter = self._waiters.popleft()
            if not waiter.done():
                waiter.set_result(connection)
                return
        self._idle.append(connection)

    def _discard(self, connection: asyncpg.Connection) -> None:
        self.opened -= 1
        connection.terminate()
        self._free_slot()

    def _free_slot(self) -> None:
        """A slot is free: the first waiter opens a connection in it."""
        while self._waiters:
            waiter = self._waiters.popleft()
            if not waiter.done():
                waiter.set_result(None)
                return

    async def close(self) -> None:
        self._closed = True
        idle, self._idle = self._idle, []
        for connection in idle:
            self.opened -= 1
            with contextlib.suppress(Exception):
                await connection.close(timeout=5)


def _changed(status: str) -> int:
    """Rows changed, from a command's status (``UPDATE 3``, ``INSERT 0 1``, ``DELETE 0``)."""
    try:
        return int(status.rsplit(" ", 1)[1])
    except (IndexError, ValueError):
        return 0


def connector(template: dict[str, Any], password: Any) -> Connect:
    """``asyncpg.connect`` with the arguments Tortoise built for its own pool."""
    arguments = {k: v for k, v in template.items() if k not in POOL_ONLY}

    async def connect() -> asyncpg.Connection:
        return await asyncpg.connect(password=password, **arguments)

    return connect

"""Prepared statements for the hot path: a button press's reads and versioned writes.

Tortoise builds every query anew: resolving the filters, building a pypika tree and rendering
its SQL cost 0.15-0.45 ms of CPU a statement, several times the statement itself on SQLite
(``docs/performance.md``). The few shapes a button press runs are rendered here once per model,
dialect and shape, then only bound to new values. Values go through each field's own
``to_db_value`` and rows come back through Tortoise's ``_init_from_db``, so the conversions are
the ORM's; the connection is the model's own (``_choose_db``), so a surrounding
``in_transaction()`` applies as it does to a QuerySet.

Only plain equality (``IN`` for a list or tuple, ``IS NULL`` for None) and ``AND``; anything
richer stays a QuerySet.

On SQLite, outside a transaction, a statement holds the connection's lock only while it is put
in the connection's queue, not until its answer is back (:func:`_sqlite_pipelined`). Inside a
:func:`transaction`, a versioned write (:func:`update_versioned`) is queued without waiting for
its answer and checked when the block ends, before the commit.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextvars import ContextVar
from typing import Any, Literal, TypeVar

from tortoise import connections
from tortoise.backends.base.client import BaseDBAsyncClient, TransactionalDBClient
from tortoise.backends.sqlite.client import SqliteClient
from tortoise.exceptions import IntegrityError, OperationalError
from tortoise.models import Model
from tortoise.transactions import in_transaction

M = TypeVar("M", bound=Model)
# A queued write's answer, and the error to raise when it changed no row (None: no check).
Check = tuple["asyncio.Future[Any]", Callable[[], BaseException] | None]
# The versioned writes queued in the current transaction (:func:`transaction`), if any.
_QUEUED: ContextVar[list[Check] | None] = ContextVar("queued_writes", default=None)
Shape = tuple[tuple[str, int], ...]  # (field, the length of a list, or ONE or NULL)
ONE, NULL = -1, -2


def _shape(where: dict[str, Any]) -> Shape:
    return tuple(
        (
            name,
            len(value) if isinstance(value, list | tuple) else NULL if value is None else ONE,
        )
        for name, value in where.items()
    )


class _Marks:
    """Placeholders in the connection's dialect: ``?`` (SQLite) or ``$1, $2...`` (PostgreSQL)."""

    def __init__(self, dialect: str) -> None:
        if dialect not in ("sqlite", "postgres"):
            raise NotImplementedError(f"no prepared statements for the {dialect} dialect")
        self._numbered = dialect == "postgres"
        self.count = 0

    def next(self) -> str:
        self.count += 1
        return f"${self.count}" if self._numbered else "?"


def _column(model: type[Model], name: str) -> str:
    return model._meta.fields_db_projection.get(name, name)


def _where(model: type[Model], shape: Shape, marks: _Marks) -> str:
    terms = []
    for name, length in shape:
        column = f'"{_column(model, name)}"'
        if length == NULL:
            terms.append(f"{column} IS NULL")
        elif length == ONE:
            terms.append(f"{column} = {marks.next()}")
        else:
            terms.append(f"{column} IN ({', '.join(marks.next() for _ in range(length))})")
    return " AND ".join(terms)


@functools.lru_cache(maxsize=256)
def _select_sql(model: type[Model], dialect: str, shape: Shape, names: tuple[str, ...] = ()) -> str:
    """``SELECT`` of ``names`` (every column when empty) where ``shape`` holds."""
    marks = _Marks(dialect)
    columns = ", ".join(f'"{_column(model, name)}"' for name in names) or "*"
    return f'SELECT {columns} FROM "{model._meta.db_table}" WHERE {_where(model, shape, marks)}'


@functools.lru_cache(maxsize=256)
def _update_sql(
    model: type[Model], dialect: str, sets: tuple[str, ...], bumps: tuple[str, ...], shape: Shape
) -> str:
    marks = _Marks(dialect)
    assignments = [f'"{_column(model, name)}" = {marks.next()}' for name in sets]
    assignments += [f'"{_column(model, name)}" = "{_column(model, name)}" + 1' for name in bumps]
    where = _where(model, shape, marks)
    return f'UPDATE "{model._meta.db_table}" SET {", ".join(assignments)} WHERE {where}'


def _db_value(model: type[Model], name: str, value: Any) -> Any:
    field = model._meta.fields_map.get(name)
    return value if field is None or value is None else field.to_db_value(value, model)


def _values(model: type[Model], where: dict[str, Any]) -> list[Any]:
    values: list[Any] = []
    for name, value in where.items():
        if value is None:
            continue  # IS NULL: nothing to bind
        if isinstance(value, list | tuple):
            values.extend(_db_value(model, name, item) for item in value)
        else:
            values.append(_db_value(model, name, value))
    return values


def _db(model: type[Model], for_write: bool) -> tuple[BaseDBAsyncClient, str]:
    db = model._choose_db(for_write)
    return db, db.capabilities.dialect


class PipelineLock(asyncio.Lock):
    """The SQLite connection's lock (:func:`pipeline`), taken two ways. A pipelined statement
    (:func:`_sqlite_pipelined`) holds it only to put itself in aiosqlite's queue. Tortoise's own
    statements and transactions hold it throughout, and count changed rows in the event loop
    around their statement, so they take it (``acquire``) and then also wait until every
    pipelined statement still in the queue is answered."""

    def __init__(self) -> None:
        super().__init__()
        self.in_flight: set[asyncio.Future[Any]] = set()

    async def acquire(self) -> Literal[True]:
        await super().acquire()
        try:
            while self.in_flight:
                await asyncio.wait(tuple(self.in_flight))
        except BaseException:
            self.release()
            raise
        return True

    async def acquire_to_enqueue(self) -> None:
        await super().acquire()


def pipeline(db: BaseDBAsyncClient) -> None:
    """Let prepared statements pipeline on ``db`` if it is SQLite (call once it is connected,
    before anything else uses it: the lock is replaced)."""
    if (
        isinstance(db, SqliteClient)
        and not isinstance(db, TransactionalDBClient)
        and not isinstance(db._lock, PipelineLock)
        and not db._lock.locked()
        # aiosqlite's queue and its sqlite3 connection (0.20-0.22): else Tortoise's own path
        and hasattr(db._connection, "_tx")
        and hasattr(db._connection, "_conn")
    ):
        db._lock = PipelineLock()


async def _execute(db: BaseDBAsyncClient, sql: str, values: list[Any]) -> tuple[int, Any]:
    """``db.execute_query``: the rows changed (else found), and the rows."""
    if isinstance(db, SqliteClient) and isinstance(db._lock, PipelineLock):
        return await _sqlite_pipelined(db, db._lock, sql, values)
    result: tuple[int, Any] = await db.execute_query(sql, values)
    return result


async def _sqlite_pipelined(
    db: SqliteClient, lock: PipelineLock, sql: str, values: list[Any]
) -> tuple[int, Any]:
    """Tortoise's ``execute_query`` on SQLite holds the one connection's lock until the answer
    is back from aiosqlite's thread and the event loop has turned to it: under load, most of a
    millisecond a statement, during which every other statement waits (and the loop idles when
    all presses wait on the database). Here the lock is held only while the statement is put in
    aiosqlite's queue. The thread runs the queue in order, so a transaction begun after this
    (under the same lock) still runs after it, and no statement lands inside someone's
    transaction. The count of changed rows is taken in the thread, next to the statement."""
    connection = db._connection
    if connection is None:  # not connected yet: Tortoise's own path connects
        result: tuple[int, Any] = await db.execute_query(sql, values)
        return result
    await lock.acquire_to_enqueue()
    try:
        db.log.debug("%s: %s", sql, values)  # as Tortoise logs every statement
        answer: asyncio.Future[tuple[int, Any]] = asyncio.get_running_loop().create_future()
        connection._tx.put_nowait((answer, functools.partial(_run, connection._conn, sql, values)))
        lock.in_flight.add(answer)
        answer.add_done_callback(lock.in_flight.discard)
    finally:
        lock.release()
    # Shielded: a press cancelled here leaves its statement in the queue, and the lock's
    # in-flight set must keep it until the thread has run it.
    answered: tuple[int, Any] = await _answer(asyncio.shield(answer))
    return answered


async def _answer(answer: Awaitable[Any]) -> Any:
    """A statement's answer from aiosqlite's thread, its errors as Tortoise's."""
    try:
        return await answer
    except sqlite3.IntegrityError as error:  # as Tortoise's translate_exceptions does
        raise IntegrityError(error) from error
    except sqlite3.OperationalError as error:
        raise OperationalError(error) from error


def _asks_nothing(where: dict[str, Any]) -> bool:
    """An empty list for ``IN``: no row can match."""
    return any(isinstance(v, list | tuple) and not v for v in where.values())


def _run_many(raw: sqlite3.Connection, sql: str, values: list[list[Any]]) -> None:
    """In aiosqlite's thread, inside a transaction: one statement for many rows."""
    raw.executemany(sql, values)


def _run(raw: sqlite3.Connection, sql: str, values: list[Any]) -> tuple[int, list[Any]]:
    """In aiosqlite's thread: the statement, and the rows it changed (else found)."""
    before = raw.total_changes
    rows = raw.execute(sql, values).fetchall()
    return (raw.total_changes - before) or len(rows), rows


async def select(model: type[M], **where: Any) -> list[M]:
    """``model.filter(**where)``: rows where every field equals its value (``IN`` for a list)."""
    if _asks_nothing(where):
        return []
    db, dialect = _db(model, False)
    _, rows = await _execute(db, _select_sql(model, dialect, _shape(where)), _values(model, where))
    return [model._init_from_db(**row) for row in rows]


async def columns(
    model: type[Model], names: tuple[str, ...], **where: Any
) -> list[tuple[Any, ...]]:
    """``model.filter(**where).values_list(*names)`` as the database gives them: no model is
    built and nothing converted (a JSON column stays text, an enum its stored value)."""
    if _asks_nothing(where):
        return []
    db, dialect = _db(model, False)
    sql = _select_sql(model, dialect, _shape(where), names)
    _, rows = await _execute(db, sql, _values(model, where))
    return [tuple(row[i] for i in range(len(names))) for row in rows]


async def first(model: type[M], **where: Any) -> M | None:
    """``model.get_or_none(**where)`` for a ``where`` that finds one row at most."""
    found = await select(model, **where)
    return found[0] if found else None


async def update(
    model: type[M],
    where: dict[str, Any],
    values: dict[str, Any],
    bump: Sequence[str] = (),
) -> int:
    """``model.filter(**where).update(**values)``, each field of ``bump`` raised by one
    (``F(name) + 1``); the number of rows changed (0: a lost race on a version)."""
    db, sql, bound = _update_statement(model, where, values, bump)
    changed, _ = await _execute(db, sql, bound)
    return int(changed)


def _update_statement(
    model: type[Model], where: dict[str, Any], values: dict[str, Any], bump: Sequence[str]
) -> tuple[BaseDBAsyncClient, str, list[Any]]:
    """The connection, the ``UPDATE`` and its bound values (the new ones, then the where's)."""
    db, dialect = _db(model, True)
    sql = _update_sql(model, dialect, tuple(values), tuple(bump), _shape(where))
    bound = [_db_value(model, name, value) for name, value in values.items()]
    return db, sql, bound + _values(model, where)


async def update_versioned(
    model: type[Model],
    where: dict[str, Any],
    values: dict[str, Any],
    bump: Sequence[str] = (),
    *,
    stale: Callable[[], BaseException],
) -> None:
    """:func:`update` of a write that must change a row (a versioned one), else ``stale()`` is
    raised. Inside a :func:`transaction` on SQLite it is queued on the connection without
    waiting for its answer, and checked when the block ends: a round's writes then take one
    turn of the database thread, not one each, while every other statement waits for them."""
    db, sql, bound = _update_statement(model, where, values, bump)
    if _queue(db, sql, bound, functools.partial(_run, sql=sql, values=bound), stale):
        return
    changed, _ = await _execute(db, sql, bound)
    if not changed:
        raise stale()


def _queue(
    db: BaseDBAsyncClient,
    sql: str,
    values: Any,
    work: Callable[[sqlite3.Connection], Any],
    stale: Callable[[], BaseException] | None,
) -> bool:
    """Put ``work`` in aiosqlite's queue without waiting, if inside a :func:`transaction` on
    SQLite (the transaction holds the connection: nothing else runs between its statements)."""
    queued = _QUEUED.get()
    connection: Any = getattr(db, "_connection", None)
    if not (
        queued is not None
        and isinstance(db, SqliteClient)
        and isinstance(db, TransactionalDBClient)
        and hasattr(connection, "_tx")
        and hasattr(connection, "_conn")
    ):
        return False
    db.log.debug("%s: %s", sql, values)  # as Tortoise logs every statement
    answer: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
    connection._tx.put_nowait((answer, functools.partial(work, connection._conn)))
    queued.append((answer, stale))
    return True


@contextlib.asynccontextmanager
async def transaction() -> AsyncIterator[None]:
    """``in_transaction()`` whose queued versioned writes (:func:`update_versioned`) are all
    answered and checked before it commits; a lost race raises and rolls everything back."""
    queued: list[Check] = []
    async with in_transaction():
        token = _QUEUED.set(queued)
        try:
            yield
            await _settle(queued)
        finally:
            _QUEUED.reset(token)
            for answer, _ in queued:  # after an error: nobody will read these answers
                answer.add_done_callback(_drop)


async def _settle(queued: list[Check]) -> None:
    while queued:
        answer, stale = queued.pop(0)
        answered = await _answer(answer)
        if stale is not None and not answered[0]:
            raise stale()


def _drop(answer: asyncio.Future[Any]) -> None:
    if not answer.cancelled():
        answer.exception()


@functools.lru_cache(maxsize=64)
def _delete_sql(model: type[Model], dialect: str, shape: Shape) -> str:
    marks = _Marks(dialect)
    return f'DELETE FROM "{model._meta.db_table}" WHERE {_where(model, shape, marks)}'


async def delete(model: type[Model], **where: Any) -> int:
    """``model.filter(**where).delete()``: the number of rows deleted."""
    if _asks_nothing(where):
        return 0
    db, dialect = _db(model, True)
    changed, _ = await _execute(
        db, _delete_sql(model, dialect, _shape(where)), _values(model, where)
    )
    return int(changed)


@functools.lru_cache(maxsize=64)
def _insert_sql(model: type[Model], dialect: str, names: tuple[str, ...], rows: int = 1) -> str:
    marks = _Marks(dialect)
    columns = ", ".join(f'"{_column(model, name)}"' for name in names)
    values = ", ".join(f"({', '.join(marks.next() for _ in names)})" for _ in range(rows))
    return f'INSERT INTO "{model._meta.db_table}" ({columns}) VALUES {values}'


ROWS_PER_INSERT = 100  # PostgreSQL: rows per multi-row INSERT (32,767 parameters at most)


async def insert_many(model: type[Model], rows: Sequence[dict[str, Any]]) -> None:
    """``model.bulk_create`` without building a model per row (Tortoise's ``Model.__init__``
    validates every field): each row gives every column it fills, defaults included. Inside a
    :func:`transaction` on SQLite it is queued, and its errors come when the block ends."""
    if not rows:
        return
    names = tuple(rows[0])
    db, dialect = _db(model, True)
    values = [[_db_value(model, name, row[name]) for name in names] for row in rows]
    sql = _insert_sql(model, dialect, names)
    if _queue(db, sql, values, functools.partial(_run_many, sql=sql, values=values), None):
        return
    if dialect != "postgres":
        await db.execute_many(sql, values)
        return
    # asyncpg's executemany prepares and binds row by row: one multi-row INSERT is one statement.
    for start in range(0, len(values), ROWS_PER_INSERT):
        chunk = values[start : start + ROWS_PER_INSERT]
        sql = _insert_sql(model, dialect, names, len(chunk))
        await _execute(db, sql, [value for row in chunk for value in row])


def atomic() -> contextlib.AbstractAsyncContextManager[object]:
    """:func:`transaction`, or nothing when already inside one: the writes then belong to the
    surrounding transaction, and no savepoint is set and released around them (two statements,
    and on SQLite two turns of the one connection that every other query waits for)."""
    if isinstance(connections.get("default"), TransactionalDBClient):
        return contextlib.nullcontext()
    return transaction()

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

On SQLite the statements run in the event loop's own thread (``bot/db/sqlite_inline.py``): a
statement outside a transaction waits only for someone else's transaction to end. On PostgreSQL
a statement outside a transaction runs on a connection of :class:`StatementPool`
(``bot/db/pg_pool.py``), inside one on the transaction's.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import sqlite3
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import asyncpg
from tortoise import connections
from tortoise.backends.base.client import BaseDBAsyncClient, TransactionalDBClient
from tortoise.exceptions import IntegrityError, OperationalError
from tortoise.models import Model
from tortoise.transactions import in_transaction

from bot.db.pg_pool import StatementPool
from bot.db.sqlite_inline import raw_connection

M = TypeVar("M", bound=Model)
N = TypeVar("N", bound=Model)
WRITES = ("UPDATE", "DELETE", "INSERT")
_POOLS: dict[str, StatementPool] = {}  # by Tortoise connection name (:func:`use_pool`)
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


def _where(model: type[Model], shape: Shape, marks: _Marks, table: str = "") -> str:
    terms = []
    for name, length in shape:
        column = f'{table}"{_column(model, name)}"'
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


async def _execute(db: BaseDBAsyncClient, sql: str, values: list[Any]) -> tuple[int, Any]:
    """``db.execute_query``: the rows changed (else found), and the rows."""
    raw = raw_connection(db)
    if raw is not None:  # SQLite in the loop's thread (bot/db/sqlite_inline.py)
        db.log.debug("%s: %s", sql, values)  # as Tortoise logs every statement
        if isinstance(db, TransactionalDBClient):  # inside the transaction: it holds the lock
            return _inline(raw, sql, values)
        lock: asyncio.Lock = db._lock  # type: ignore[attr-defined]
        if not lock.locked():
            return _inline(raw, sql, values)  # runs to its end: nothing else starts meanwhile
        async with lock:  # someone else's transaction holds the connection: after it
            return _inline(raw, sql, values)
    pool = None if isinstance(db, TransactionalDBClient) else _POOLS.get(db.connection_name)
    if pool is not None:  # PostgreSQL outside a transaction (bot/db/pg_pool.py)
        db.log.debug("%s: %s", sql, values)  # as Tortoise logs every statement
        try:
            return await pool.run(sql, values, write=sql.startswith(WRITES))
        except (asyncpg.SyntaxOrAccessError, asyncpg.DataError) as error:  # as Tortoise's
            raise OperationalError(error) from error
        except asyncpg.IntegrityConstraintViolationError as error:
            raise IntegrityError(error) from error
    result: tuple[int, Any] = await db.execute_query(sql, values)
    return result


def use_pool(connection_name: str, pool: StatementPool | None) -> None:
    """Run the statements on ``connection_name`` outside transactions in ``pool`` (PostgreSQL;
    ``bot.db.setup`` sets it and takes it away), or in Tortoise's own (None)."""
    if pool is None:
        _POOLS.pop(connection_name, None)
    else:
        _POOLS[connection_name] = pool


def _asks_nothing(where: dict[str, Any]) -> bool:
    """An empty list for ``IN``: no row can match."""
    return any(isinstance(v, list | tuple) and not v for v in where.values())


def _inline(raw: sqlite3.Connection, sql: str, values: list[Any]) -> tuple[int, list[Any]]:
    """The statement run in the loop's thread: the rows it changed (else found), and the rows;
    its errors as Tortoise's."""
    before = raw.total_changes
    try:
        rows = raw.execute(sql, values).fetchall()
    except sqlite3.IntegrityError as error:
        raise IntegrityError(error) from error
    except sqlite3.OperationalError as error:
        raise OperationalError(error) from error
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


@functools.lru_cache(maxsize=64)
def _with_sql(
    model: type[Model], dialect: str, shape: Shape, other: type[Model], link: str, linked: Shape
) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    """``SELECT`` of a row of ``model`` and the row of ``other`` linked to it (``LEFT JOIN``),
    and the columns of each, in the order they come."""
    marks = _Marks(dialect)
    mine = tuple(model._meta.fields_db_projection.values())
    theirs = tuple(other._meta.fields_db_projection.values())
    columns = ", ".join([*(f'a."{c}"' for c in mine), *(f'b."{c}"' for c in theirs)])
    on = f'b."{_column(other, link)}" = a."{model._meta.db_pk_column}"'
    on += f" AND {_where(other, linked, marks, 'b.')}"  # its marks before the WHERE's
    where = _where(model, shape, marks, "a.")
    sql = (
        f'SELECT {columns} FROM "{model._meta.db_table}" a '
        f'LEFT JOIN "{other._meta.db_table}" b ON {on} WHERE {where}'
    )
    return sql, mine, theirs


async def first_with(
    model: type[M], where: dict[str, Any], other: type[N], link: str, linked: dict[str, Any]
) -> tuple[M | None, N | None]:
    """:func:`first` of ``model`` and of the ``other`` row whose ``link`` is its key and that
    matches ``linked``, in one statement: ``(None, None)``, ``(row, None)`` or both."""
    db, dialect = _db(model, False)
    sql, mine, theirs = _with_sql(model, dialect, _shape(where), other, link, _shape(linked))
    _, rows = await _execute(db, sql, _values(other, linked) + _values(model, where))
    if not rows:
        return None, None
    row, size = rows[0], len(mine)
    found = model._init_from_db(**{column: row[i] for i, column in enumerate(mine)})
    if row[size + theirs.index(other._meta.db_pk_column)] is None:
        return found, None
    return found, other._init_from_db(**{c: row[size + i] for i, c in enumerate(theirs)})


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
    raised (inside a :func:`transaction`, which then rolls back)."""
    db, sql, bound = _update_statement(model, where, values, bump)
    changed, _ = await _execute(db, sql, bound)
    if not changed:
        raise stale()


def transaction() -> contextlib.AbstractAsyncContextManager[object]:
    """A transaction on the default connection (Tortoise's ``in_transaction``)."""
    return in_transaction()


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
    validates every field): each row gives every column it fills, defaults included. A value
    repeated down a column (a round's game, moment, purpose) is converted once."""
    if not rows:
        return
    converted: dict[tuple[str, type, Any], Any] = {}  # by type too: 1 and True are equal

    def convert(name: str, value: Any) -> Any:
        key = (name, type(value), value)
        try:
            return converted[key]
        except KeyError:
            found = converted[key] = _db_value(model, name, value)
            return found
        except TypeError:  # unhashable (a JSON value): converted each time
            return _db_value(model, name, value)

    names = tuple(rows[0])
    db, dialect = _db(model, True)
    values = [[convert(name, row[name]) for name in names] for row in rows]
    sql = _insert_sql(model, dialect, names)
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
    surrounding transaction, and no savepoint is set and released around them (two
    statements)."""
    if isinstance(connections.get("default"), TransactionalDBClient):
        return contextlib.nullcontext()
    return transaction()

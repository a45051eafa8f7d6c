"""PostgreSQL's statement pool (bot/db/pg_pool.py) on a real server: the prepared statements
outside transactions share a few connections, a connection that broke or was cut off mid-way
is never used again, and errors stay Tortoise's."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextvars import Context

import asyncpg
import pytest
from tortoise import Tortoise
from tortoise.exceptions import IntegrityError, OperationalError
from tortoise.transactions import in_transaction

from bot.db import statements
from bot.db.models import Character, Game, GameSystem
from bot.db.pg_pool import StatementPool
from bot.db.setup import close_database, init_database
from bot.services import games

SIZE = 2


@pytest.fixture
async def pool(postgres_database: str) -> AsyncIterator[StatementPool]:
    await init_database(f"{postgres_database}?maxsize={SIZE}")
    try:
        found = statements._POOLS["default"]
        assert found.size == SIZE
        yield found
    finally:
        await close_database()
    assert "default" not in statements._POOLS


async def _sql(sql: str, *values: object) -> list[asyncpg.Record]:
    _, rows = await statements._execute(Tortoise.get_connection("default"), sql, list(values))
    return list(rows)


async def _pid() -> int:
    return int((await _sql("SELECT pg_backend_pid()"))[0][0])


async def test_statements_outside_transactions_share_the_pool_s_connections(
    pool: StatementPool,
) -> None:
    game = await games.create_game(-1, GameSystem.POOL, 1, "ru")
    found = await asyncio.gather(*(statements.first(Game, id=game.id) for _ in range(40)))
    assert all(g is not None and g.id == game.id for g in found)
    assert 1 <= pool.opened <= SIZE
    pids = set(await asyncio.gather(*(_pid() for _ in range(20))))
    assert 1 <= len(pids) <= SIZE
    changed = await statements.update(Game, {"id": game.id}, {}, bump=("version",))
    assert changed == 1 and (await Game.get(id=game.id)).version == game.version + 1


async def test_a_transaction_s_statements_use_the_transaction_s_connection(
    pool: StatementPool,
) -> None:
    game = await games.create_game(-1, GameSystem.POOL, 1, "ru")
    with pytest.raises(RuntimeError):
        async with in_transaction():
            await statements.update(Game, {"id": game.id}, {"locale": "en"})
            seen = await statements.first(Game, id=game.id)
            assert seen is not None and seen.locale == "en"  # its own write, uncommitted
            outside = asyncio.get_running_loop().create_task(  # outside the transaction
                _sql("SELECT locale FROM games WHERE id = $1", game.id), context=Context()
            )
            assert (await outside)[0][0] == "ru"  # another connection: not yet committed
            raise RuntimeError("rolled back")
    assert (await Game.get(id=game.id)).locale == "ru"


async def test_a_connection_closed_by_the_server_is_replaced(
    pool: StatementPool, postgres_database: str
) -> None:
    killed = await _pid()
    assert pool.opened == 1
    admin = await asyncpg.connect(postgres_database.replace("postgres://", "postgresql://", 1))
    try:  # a server restart, say
        assert await admin.fetchval("SELECT pg_terminate_backend($1)", killed)
    finally:
        await admin.close()
    await asyncio.sleep(0.2)  # the loop sees the closed socket
    pids = {await _pid() for _ in range(5)}
    assert killed not in pids
    assert pool.opened <= SIZE


async def test_a_statement_cut_off_leaves_its_connection_unused(pool: StatementPool) -> None:
    sleeping = asyncio.ensure_future(_sql("SELECT pg_sleep(5)"))
    await asyncio.sleep(0.2)
    assert pool.opened == 1
    sleeping.cancel()
    with pytest.raises(asyncio.CancelledError):
        await sleeping
    assert pool.opened == 0  # terminated, not given back
    assert await _sql("SELECT 41 + 1") == [(42,)]


async def test_errors_are_tortoise_s_and_the_connection_stays(pool: StatementPool) -> None:
    game = await games.create_game(-1, GameSystem.POOL, 1, "ru")
    for number in (1, 2):
        await Character.create(
            game=game,
            user_id=number,
            number=number,
            name=f"Имя {number}",
            name_key=f"имя {number}",
            active_key=f"key {number}",
            state={},
        )
    one, two = await Character.filter(game_id=game.id).order_by("number")
    before = await _pid()
    with pytest.raises(IntegrityError):
        await statements.update(Character, {"id": two.id}, {"active_key": one.active_key})
    with pytest.raises(OperationalError):
        await _sql("SELECT nothing FROM nowhere")
    assert pool.opened == 1 and await _pid() == before


async def test_callers_wait_for_a_free_connection_and_all_get_one(pool: StatementPool) -> None:
    slow = [_sql("SELECT pg_sleep(0.05), $1::int", n) for n in range(8)]
    answers = await asyncio.gather(*slow)
    assert sorted(rows[0][1] for rows in answers) == list(range(8))
    assert pool.opened == SIZE


async def test_a_statement_that_outlives_the_pool_closes_its_connection(
    pool: StatementPool,
) -> None:
    sleeping = asyncio.ensure_future(_sql("SELECT pg_sleep(0.2)"))
    await asyncio.sleep(0.05)
    await pool.close()
    await sleeping
    assert pool.opened == 0  # not left idle in a closed pool

"""PostgreSQL: the committed migrations build exactly the schema the models describe, and due
timers claimed by several replicas at the same moment are each claimed by one of them, and a
pooled connection goes back to the pool without asyncpg's reset query."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import asyncpg
from tortoise import Tortoise
from tortoise.timezone import now

from bot.db.models import Game, GameSystem, Timer, User
from bot.db.setup import KeptSession, close_database, init_database, tortoise_config
from bot.services import games
from bot.services.cycles import AUTO_TICK
from bot.services.timers import claim_due
from tests.postgres import fresh_database

COLUMNS = """
    SELECT table_name, column_name, data_type, is_nullable, character_maximum_length
    FROM information_schema.columns WHERE table_schema = 'public'
    ORDER BY table_name, column_name
"""
CONSTRAINTS = """
    SELECT tc.table_name, tc.constraint_type,
           string_agg(kcu.column_name, ',' ORDER BY kcu.ordinal_position) AS columns
    FROM information_schema.table_constraints tc
    JOIN information_schema.key_column_usage kcu
      ON tc.constraint_name = kcu.constraint_name AND tc.table_schema = kcu.table_schema
    WHERE tc.table_schema = 'public'
    GROUP BY tc.table_name, tc.constraint_name, tc.constraint_type
    ORDER BY 1, 2, 3
"""


async def _schema(url: str) -> dict[str, list[tuple[Any, ...]]]:
    connection = await asyncpg.connect(url.replace("postgres://", "postgresql://", 1))
    try:
        return {
            query: [tuple(row) for row in await connection.fetch(query)]
            for query in (COLUMNS, CONSTRAINTS)
        }
    finally:
        await connection.close()


def _models_only(schema: dict[str, list[tuple[Any, ...]]]) -> dict[str, list[tuple[Any, ...]]]:
    """Without Tortoise's own bookkeeping table of applied migrations."""
    return {
        q: [row for row in rows if row[0] != "tortoise_migrations"] for q, rows in schema.items()
    }


async def test_migrations_build_the_models_schema_on_postgres(
    postgres_database: str, postgres_url: str
) -> None:
    await init_database(postgres_database)  # every committed migration, on an empty database
    game = await Game.create(
        chat_id=-100,
        active_chat_id=-100,
        system=GameSystem.POOL,
        settings="{}",
        seed_hex="00",
        commitment="00",
        created_by=1,
        locale="ru",
    )
    await User.create(telegram_id=42, first_name="Вася")
    await close_database()
    await init_database(postgres_database)  # applied once: nothing is redone, nothing is lost
    assert await Game.filter(id=game.id).exists() and await User.all().count() == 1
    await close_database()
    migrated = _models_only(await _schema(postgres_database))

    async with fresh_database(postgres_url) as direct:
        await Tortoise.init(config=tortoise_config(direct))
        await Tortoise.generate_schemas()
        await close_database()
        generated = await _schema(direct)
    assert migrated[COLUMNS], "no tables were created"
    assert migrated == generated


async def test_replicas_claiming_at_once_fire_each_timer_once(postgres_database: str) -> None:
    await init_database(postgres_database)
    try:
        past = now() - timedelta(seconds=1)
        due = [await Timer.create(kind=AUTO_TICK, ref=n, due_at=past) for n in range(6)]
        await Timer.create(kind=AUTO_TICK, ref=99, due_at=now() + timedelta(hours=1))
        # six schedulers look at the same moment, each through its own pooled connection
        claims = await asyncio.gather(*(claim_due() for _ in range(6)))
        claimed = sorted(timer.id for claim in claims for timer in claim)
        assert claimed == sorted(timer.id for timer in due)
        assert await Timer.filter(fired_at__isnull=True).count() == 1
    finally:
        await close_database()


async def test_a_pooled_connection_goes_back_without_a_reset_query(
    postgres_database: str,
) -> None:
    await init_database(f"{postgres_database}?minsize=1&maxsize=1")  # one pooled connection
    try:
        db = Tortoise.get_connection("default")
        game = await games.create_game(-7, GameSystem.POOL, 1, "ru")
        seed = game.seed_hex
        sent: list[str] = []
        async with db.acquire_connection() as connection:
            assert isinstance(connection, KeptSession)
            connection.add_query_logger(lambda record: sent.append(record.query))
        for _ in range(3):  # the pool's one connection, taken and given back each time
            assert await Game.get_or_none(id=game.id) is not None  # the ORM's pool
        assert len(sent) == 3 and not any("RESET" in query.upper() for query in sent)
        async with db.acquire_connection() as connection:  # an open transaction is still undone
            await connection.execute("BEGIN")
            await connection.execute("UPDATE games SET seed_hex = 'ff'")
        assert (await Game.get(id=game.id)).seed_hex == seed
    finally:
        await close_database()

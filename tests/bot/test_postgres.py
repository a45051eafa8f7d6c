"""PostgreSQL: the committed migrations build exactly the schema the models describe, and due
timers claimed by several replicas at the same moment are each claimed by one of them, and the
bot opens no more connections than the URL's pool size."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import asyncpg
from tortoise import Tortoise
from tortoise.timezone import now

from bot.db.models import Game, GameSystem, Timer, User
from bot.db.setup import close_database, init_database, tortoise_config
from bot.services import games
from bot.services.cycles import AUTO_TICK
from bot.services.timers import claim_due
from bot.services.users import language_of
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


async def test_the_bot_opens_at_most_the_url_s_pool_size(postgres_database: str) -> None:
    await init_database(f"{postgres_database}?minsize=1&maxsize=2")
    try:
        db = Tortoise.get_connection("default")
        game = await games.create_game(-7, GameSystem.POOL, 1, "ru")
        await User.create(telegram_id=42, first_name="Вася", language_code="en")
        slow = [db.execute_query("SELECT pg_sleep(0.05)") for _ in range(10)]
        reads = [language_of(42) for _ in range(20)] + [claim_due() for _ in range(5)]
        found = await asyncio.gather(*slow, *reads, Game.get(id=game.id))
        assert found[10:30] == ["en"] * 20
        name = postgres_database.rsplit("/", 1)[1]
        watcher = await asyncpg.connect(postgres_database.replace("postgres://", "postgresql://"))
        try:
            opened = await watcher.fetchval(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = $1 AND pid <> $2",
                name,
                watcher.get_server_pid(),
            )
        finally:
            await watcher.close()
        assert opened == 2  # the pool filled up under the load, and nothing opened beside it
    finally:
        await close_database()

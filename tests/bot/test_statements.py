"""Prepared statements (bot/db/statements.py) against the ORM they stand in for, on SQLite and
PostgreSQL: the same rows, the same conversions, versioned updates that lose a race."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from tortoise.timezone import now
from tortoise.transactions import in_transaction

from bot.db import statements
from bot.db.models import Character, CharacterStatus, Encounter, Game, GameSystem, RollLog
from bot.db.setup import close_database, init_database
from bot.services import games
from tests.postgres import fresh_database


@pytest.fixture(params=["sqlite", "postgres"])
async def db(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    async with contextlib.AsyncExitStack() as stack:
        if request.param == "sqlite":
            url = f"sqlite://{tmp_path / 'test.sqlite3'}"
        else:  # the cluster is a plain fixture: asked for only when PostgreSQL runs
            server = request.getfixturevalue("postgres_url")
            url = await stack.enter_async_context(fresh_database(server))
        await init_database(url)
        stack.push_async_callback(close_database)
        yield url


async def _table() -> Game:
    game = await games.create_game(-42, GameSystem.POOL, 1, "ru")
    for number, status in ((1, CharacterStatus.ACTIVE), (2, CharacterStatus.DEAD), (3, None)):
        await Character.create(
            game=game,
            user_id=100 + number,
            number=number,
            name=f"Имя {number}",
            name_key=f"имя {number}",
            status=status or CharacterStatus.ACTIVE,
            active_key=f"{game.id}:{100 + number}" if status != CharacterStatus.DEAD else None,
            state={"hp": number, "items": ["меч", "<b>"]},
        )
    return game


def _seen(rows: list[Character]) -> list[tuple[object, ...]]:
    return sorted((r.id, r.number, r.status, r.state, r.version, r.created_at) for r in rows)


async def test_select_returns_what_the_orm_returns(db: str) -> None:
    game = await _table()
    assert _seen(await statements.select(Character, game_id=game.id, number=[1, 3])) == _seen(
        await Character.filter(game_id=game.id, number__in=[1, 3])
    )
    active = await statements.select(Character, game_id=game.id, status=CharacterStatus.ACTIVE)
    assert _seen(active) == _seen(
        await Character.filter(game_id=game.id, status=CharacterStatus.ACTIVE)
    )
    assert [r.number for r in active] and all(r.status == "active" for r in active)
    assert await statements.select(Character, game_id=game.id, number=[]) == []
    assert await statements.select(Character, game_id=game.id + 1) == []
    found = await statements.first(Game, id=game.id)
    assert found is not None and found.seed_hex == game.seed_hex and found.settings == game.settings
    assert await statements.first(Game, id=game.id + 1) is None


async def test_a_versioned_update_changes_one_row_and_loses_a_race(db: str) -> None:
    game = await _table()
    row = await Character.get(game_id=game.id, number=1)
    where = {"id": row.id, "version": row.version}
    state = {"hp": 0, "note": "«кавычки» & <теги>"}
    changes = {"state": state, "status": CharacterStatus.DEAD, "active_key": None}
    assert await statements.update(Character, where, changes, bump=("version",)) == 1
    again = await Character.get(id=row.id)
    assert (again.state, again.status, again.active_key) == (state, "dead", None)
    assert again.version == row.version + 1
    assert await statements.update(Character, where, {"state": {}}, bump=("version",)) == 0
    assert (await Character.get(id=row.id)).state == state  # the stale writer changed nothing


async def test_statements_take_part_in_the_surrounding_transaction(db: str) -> None:
    game = await _table()
    record = await Encounter.create(
        game=game, kind="pool", stage="joining", chat_id=-42, hall=1, state={"a": 1}
    )
    with pytest.raises(RuntimeError):
        async with in_transaction():
            changed = await statements.update(Encounter, {"id": record.id}, {"stage": "fighting"})
            assert changed == 1
            seen = await statements.first(Encounter, id=record.id)
            assert seen is not None and seen.stage == "fighting"  # its own write, inside
            raise RuntimeError("rolled back")
    assert (await Encounter.get(id=record.id)).stage == "joining"


async def test_insert_many_writes_what_bulk_create_writes(db: str) -> None:
    game = await _table()
    moment = now()
    rows = [
        {
            "game_id": game.id,
            "index": i,
            "sides": 10,
            "value": i % 10 + 1,
            "purpose": "p",
            "actor": "бой №1",
            "created_at": moment,
        }
        for i in range(3)
    ]
    await statements.insert_many(RollLog, rows)
    await statements.insert_many(RollLog, [])
    await RollLog.bulk_create(
        [RollLog(game_id=game.id, index=9, sides=20, value=7, purpose="p", actor="бой №1")]
    )
    stored = await RollLog.filter(game_id=game.id).order_by("index")
    assert [(r.index, r.sides, r.value, r.actor) for r in stored] == [
        (0, 10, 1, "бой №1"),
        (1, 10, 2, "бой №1"),
        (2, 10, 3, "бой №1"),
        (9, 20, 7, "бой №1"),
    ]
    assert stored[0].created_at == moment and stored[0].created_at.tzinfo is not None
    assert type(stored[0].created_at) is type(stored[3].created_at)


async def test_atomic_joins_a_surrounding_transaction_or_opens_its_own(db: str) -> None:
    game = await _table()
    record = await Encounter.create(
        game=game, kind="pool", stage="joining", chat_id=-42, hall=1, state={"a": 1}
    )
    with pytest.raises(RuntimeError):
        async with statements.atomic():  # alone: a transaction of its own
            await statements.update(Encounter, {"id": record.id}, {"stage": "fighting"})
            raise RuntimeError("rolled back")
    assert (await Encounter.get(id=record.id)).stage == "joining"
    with pytest.raises(RuntimeError):
        async with in_transaction():
            async with statements.atomic():  # inside one: part of it, no savepoint
                await statements.update(Encounter, {"id": record.id}, {"stage": "fighting"})
            assert (await Encounter.get(id=record.id)).stage == "fighting"
            raise RuntimeError("the outer transaction fails after the inner block")
    assert (await Encounter.get(id=record.id)).stage == "joining"

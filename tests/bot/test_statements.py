"""Prepared statements (bot/db/statements.py) against the ORM they stand in for, on SQLite and
PostgreSQL: the same rows, the same conversions, versioned updates that lose a race."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

import orjson
import pytest
from tortoise import connections
from tortoise.exceptions import IntegrityError, OperationalError
from tortoise.timezone import now
from tortoise.transactions import in_transaction

from bot.db import statements
from bot.db.models import (
    Character,
    CharacterStatus,
    Encounter,
    Game,
    GameSystem,
    RollLog,
    Timer,
)
from bot.db.setup import close_database, init_database
from bot.db.sqlite_inline import InlineSqliteClient, raw_connection
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


def _fields(row: Game | Encounter | None) -> dict[str, object] | None:
    return None if row is None else {name: getattr(row, name) for name in row._meta.db_fields}


async def test_first_with_reads_a_row_and_its_linked_row_as_the_orm_does(db: str) -> None:
    game = await _table()
    other = await games.create_game(-43, GameSystem.POOL, 1, "ru")
    fight = await Encounter.create(
        game=game, kind="pool", stage="fighting", chat_id=-42, hall=2, state={"round": 3}
    )
    theirs = await Encounter.create(
        game=other, kind="pool", stage="joining", chat_id=-43, hall=1, state={}
    )

    async def read(game_id: int, **linked: object) -> tuple[object, object]:
        found, row = await statements.first_with(
            Game, {"id": game_id}, Encounter, "game_id", linked
        )
        return _fields(found), _fields(row)

    expected = (_fields(await Game.get(id=game.id)), _fields(await Encounter.get(id=fight.id)))
    assert await read(game.id, id=fight.id, kind="pool") == expected
    assert expected[1] is not None and expected[1]["state"] == {"round": 3}
    assert await read(game.id, id=fight.id, kind="duel") == (expected[0], None)  # not its kind
    assert await read(game.id, id=theirs.id, kind="pool") == (expected[0], None)  # not its game
    assert await read(game.id + other.id + 1, id=fight.id, kind="pool") == (None, None)


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


async def test_delete_removes_what_the_orm_would(db: str) -> None:
    game = await _table()
    moment = now()
    for kind, ref, fired in (("a", 1, None), ("b", 1, None), ("c", 1, None), ("a", 1, moment)):
        await Timer.create(kind=kind, ref=ref, due_at=moment, fired_at=fired)
    await Timer.create(kind="a", ref=2, due_at=moment)
    assert await statements.delete(Timer, kind=("a", "b"), ref=1, fired_at=None) == 2
    left = sorted((t.kind, t.ref, t.fired_at is None) for t in await Timer.all())
    assert left == [("a", 1, False), ("a", 2, True), ("c", 1, True)]
    assert await statements.delete(Timer, kind=(), ref=1) == 0  # nothing asked, nothing gone
    assert await statements.delete(Character, game_id=game.id, number=[1, 3]) == 2
    assert [c.number for c in await Character.filter(game_id=game.id)] == [2]


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


@pytest.fixture
async def sqlite_db(tmp_path: Path) -> AsyncIterator[str]:
    url = f"sqlite://{tmp_path / 'test.sqlite3'}"
    await init_database(url)
    try:
        yield url
    finally:
        await close_database()


async def test_sqlite_statements_run_in_the_loop_s_thread(sqlite_db: str) -> None:
    db = connections.get("default")
    assert isinstance(db, InlineSqliteClient) and raw_connection(db) is not None
    game = await _table()
    turned = asyncio.Event()
    asyncio.get_running_loop().call_soon(turned.set)
    read = await statements.first(Game, id=game.id)  # no thread, no turn of the loop
    orm = await Game.get(id=game.id)  # Tortoise's own queries too
    assert not turned.is_set()
    assert read is not None and read.id == orm.id == game.id
    await asyncio.sleep(0)
    assert turned.is_set()


async def test_a_statement_never_lands_inside_someone_s_transaction(sqlite_db: str) -> None:
    game = await _table()
    written, release = asyncio.Event(), asyncio.Event()

    async def transaction() -> None:
        async with in_transaction():
            await statements.update(
                Game, {"id": game.id}, {"next_character_number": 7}, bump=("version",)
            )
            written.set()
            await release.wait()
            raise RuntimeError("rolled back")

    writer = asyncio.ensure_future(transaction())
    await written.wait()
    read = asyncio.ensure_future(statements.first(Game, id=game.id))
    await asyncio.sleep(0.05)
    assert not read.done()  # it waits for the transaction instead of reading its writes
    release.set()
    with pytest.raises(RuntimeError):
        await writer
    seen = await read
    assert seen is not None and seen.version == game.version  # the rolled-back write unseen


async def test_orm_counts_are_not_mixed_with_prepared_writes(sqlite_db: str) -> None:
    """Tortoise counts changed rows around its statement: a prepared write sent at the same
    time must not count as its own."""
    game = await _table()
    bumps = [statements.update(Game, {"id": game.id}, {}, bump=("version",)) for _ in range(30)]
    stale = Game.filter(id=game.id, version=-1).update(locale="en")
    *changed, lost = await asyncio.gather(*bumps, stale)
    assert changed == [1] * 30 and lost == 0
    refreshed = await Game.get(id=game.id)
    assert (refreshed.version, refreshed.locale) == (game.version + 30, "ru")


async def test_sqlite_errors_are_tortoises(sqlite_db: str) -> None:
    game = await _table()
    one, two = sorted(await Character.filter(game_id=game.id, number__in=[1, 3]), key=_number)
    with pytest.raises(IntegrityError):
        await statements.update(Character, {"id": two.id}, {"active_key": one.active_key})
    with pytest.raises(OperationalError):
        await statements._execute(connections.get("default"), "SELECT nothing FROM nowhere", [])


def _number(row: Character) -> int:
    return row.number


async def test_sqlite_runs_in_wal_without_waiting_for_the_disk_unless_the_url_says(
    tmp_path: Path,
) -> None:
    async def pragmas(url: str) -> tuple[str, int]:
        await init_database(url)
        try:
            _, rows = await statements._execute(
                connections.get("default"), "PRAGMA journal_mode", []
            )
            _, sync = await statements._execute(
                connections.get("default"), "PRAGMA synchronous", []
            )
            return rows[0][0], sync[0][0]
        finally:
            await close_database()

    assert await pragmas(f"sqlite://{tmp_path / 'normal.sqlite3'}") == ("wal", 1)  # NORMAL
    assert await pragmas(f"sqlite://{tmp_path / 'full.sqlite3'}?synchronous=FULL") == ("wal", 2)


class Lost(Exception):
    """The stale error a test's versioned write raises."""


async def test_a_transaction_s_versioned_writes_are_checked_before_it_commits(db: str) -> None:
    game = await _table()
    record = await Encounter.create(
        game=game, kind="pool", stage="joining", chat_id=-42, hall=1, state={"a": 1}
    )
    current = {"id": record.id, "version": record.version}
    async with statements.transaction():
        await statements.update_versioned(
            Encounter, current, {"stage": "fighting"}, ("version",), stale=Lost
        )
    again = await Encounter.get(id=record.id)
    assert (again.stage, again.version) == ("fighting", record.version + 1)

    # A lost race (the version moved on) raises and rolls back everything.
    with pytest.raises(Lost):
        async with statements.transaction():
            await statements.update_versioned(
                Encounter, current, {"stage": "finished"}, ("version",), stale=Lost
            )
            await statements.update(Encounter, {"id": record.id}, {"hall": 7})
    again = await Encounter.get(id=record.id)
    assert (again.stage, again.hall, again.version) == ("fighting", 1, record.version + 1)

    # Outside a transaction it is checked at once.
    with pytest.raises(Lost):
        await statements.update_versioned(
            Encounter, current, {"stage": "finished"}, ("version",), stale=Lost
        )


async def test_a_transaction_s_versioned_writes_all_land_or_none(sqlite_db: str) -> None:
    game = await _table()
    rows = await Character.filter(game_id=game.id).order_by("number")
    async with statements.transaction():
        for row in rows:
            await statements.update_versioned(
                Character,
                {"id": row.id, "version": row.version},
                {"state": {"hp": 9}},
                ("version",),
                stale=Lost,
            )
    assert {c.state["hp"] for c in await Character.filter(game_id=game.id)} == {9}

    with pytest.raises(RuntimeError):  # the block fails: its writes are rolled back
        async with statements.transaction():
            for row in rows:
                await statements.update_versioned(
                    Character,
                    {"id": row.id, "version": row.version + 1},
                    {"state": {"hp": 1}},
                    ("version",),
                    stale=Lost,
                )
            raise RuntimeError("after the writes")
    assert {c.state["hp"] for c in await Character.filter(game_id=game.id)} == {9}


async def test_an_insert_s_error_rolls_the_transaction_back(db: str) -> None:
    game = await _table()
    moment = now()
    roll = {"game_id": game.id, "sides": 10, "value": 3, "purpose": "t", "actor": ""}
    with pytest.raises(IntegrityError):  # the same index twice
        async with statements.transaction():
            await statements.insert_many(RollLog, [{**roll, "index": 1, "created_at": moment}])
            await statements.update(Encounter, {"game_id": game.id}, {"hall": 3})
            await statements.insert_many(RollLog, [{**roll, "index": 1, "created_at": moment}])
    assert await RollLog.filter(game_id=game.id).count() == 0
    async with statements.transaction():
        await statements.insert_many(RollLog, [{**roll, "index": 2, "created_at": moment}])
    assert [r.index for r in await RollLog.filter(game_id=game.id)] == [2]


async def test_insert_many_writes_rows_past_one_statement_s_worth(db: str) -> None:
    game = await _table()
    moment = now()
    count = statements.ROWS_PER_INSERT * 2 + 7
    rows = [
        {"game_id": game.id, "index": i, "sides": 6, "value": i % 6 + 1, "purpose": "p"}
        | {"actor": "", "created_at": moment}
        for i in range(count)
    ]
    await statements.insert_many(RollLog, rows)
    stored = await RollLog.filter(game_id=game.id).order_by("index")
    assert [(r.index, r.value) for r in stored] == [(i, i % 6 + 1) for i in range(count)]


async def test_columns_are_what_the_database_stores(db: str) -> None:
    game = await _table()
    rows = await statements.columns(
        Character, ("number", "status", "state"), game_id=game.id, number=[1, 2]
    )
    assert sorted((n, s) for n, s, _ in rows) == [(1, "active"), (2, "dead")]
    assert all(isinstance(state, str) for _, _, state in rows)  # JSON as text, not decoded
    assert {orjson.loads(state)["hp"] for _, _, state in rows} == {1, 2}
    assert await statements.columns(Character, ("number",), game_id=game.id, number=[]) == []

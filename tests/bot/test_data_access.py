"""The data on Tortoise's stock clients, on SQLite and PostgreSQL: SQLite's pragmas, and a
step's transaction (its rolls' log and its versioned writes) that keeps both or neither."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from tortoise import Tortoise
from tortoise.expressions import F

from bot.db.models import Character, Game, GameSystem, RollLog
from bot.db.setup import close_database, init_database
from bot.services import games
from bot.services.characters import PoolBuild, create_character
from bot.services.errors import StaleAction
from bot.services.runtime import verifiable_dice
from bot.services.world import load_world, save_fighters
from rules.pool.model import Gender, Stats

ACTOR = "бой №1, раунд 2, ход Бронна и Аню"  # longer than the column's 32 characters


@dataclass(slots=True)
class FighterRow:
    """A fighter's row as a fight read it: what a write needs (``save_fighters``)."""

    id: int
    version: int


@pytest.fixture
def db(each_database: str) -> str:
    return each_database


async def test_sqlite_runs_in_wal_without_waiting_for_the_disk_unless_the_url_says(
    tmp_path: Path,
) -> None:
    async def pragmas(url: str) -> tuple[str, int]:
        await init_database(url)
        try:
            db = Tortoise.get_connection("default")
            _, journal = await db.execute_query("PRAGMA journal_mode")
            _, synchronous = await db.execute_query("PRAGMA synchronous")
            return journal[0][0], synchronous[0][0]
        finally:
            await close_database()

    assert await pragmas(f"sqlite://{tmp_path / 'normal.sqlite3'}") == ("wal", 1)  # NORMAL
    assert await pragmas(f"sqlite://{tmp_path / 'full.sqlite3'}?synchronous=FULL") == ("wal", 2)


async def test_a_step_logs_its_rolls_and_moves_the_roll_index(db: str) -> None:
    game = await games.create_game(-42, GameSystem.POOL, 1, "ru")
    dice = verifiable_dice(game)
    async with games.rolls_kept(game, dice, "attack", ACTOR):
        values = [dice.roll(10) for _ in range(3)]
    logged = await games.latest_rolls(game)
    assert [(r.index, r.sides, r.value, r.purpose) for r in logged] == [
        (index, 10, value, "attack") for index, value in enumerate(values)
    ]
    assert {r.actor for r in logged} == {ACTOR[:32]}
    moments = {row.created_at for row in await RollLog.filter(game_id=game.id)}
    assert len(moments) == 1 and next(iter(moments)).tzinfo is not None  # one moment a step
    assert game.next_roll_index == 3 and (await Game.get(id=game.id)).next_roll_index == 3
    verification = await games.verify_game(await Game.get(id=game.id))
    assert verification.ok and verification.rolls_checked == 3


async def test_a_stale_fighter_loses_and_the_step_keeps_nothing(db: str) -> None:
    game = await games.create_game(-43, GameSystem.POOL, 1, "ru")
    build = PoolBuild(Gender.FEMALE, Stats(2, 3, 2, 4, 1))
    await create_character(game, 11, "Аня", build)
    await create_character(game, 12, "Боря", build)
    world, rows = await load_world(game)
    # another writer moved Боря's row on since this step read it
    await Character.filter(id=rows[2].id).update(version=F("version") + 1)
    before = [world.character(1), world.character(2)]
    after = [replace(before[0], health=1), replace(before[1], health=1)]
    fighters = {n: FighterRow(rows[n].id, rows[n].version) for n in (1, 2)}
    stored = await Game.get(id=game.id)
    dice = verifiable_dice(game)
    with pytest.raises(StaleAction):
        async with games.rolls_kept(game, dice, "attack"):
            dice.roll(10)
            game.next_roll_index = dice.next_index
            await save_fighters(game, fighters, before, after)  # the game and Аня, then Боря
    assert await RollLog.filter(game_id=game.id).count() == 0
    again = await Game.get(id=game.id)
    assert (again.version, again.next_roll_index) == (stored.version, 0)
    anya = await Character.get(id=rows[1].id)
    assert (anya.version, anya.state) == (rows[1].version, rows[1].state)

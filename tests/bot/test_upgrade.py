"""Upgrades: a database at the previous migration, full of games in progress, is migrated to
the current schema with nothing lost.

The games are made by today's services (they need today's schema); then the head migration is
undone in place (its new columns dropped, its new tables too, its record removed), so the
upgrade meets the previous schema holding a duel mid-round, a pool fight joining and a GM log.
(Tortoise's own backward steps rebuild a SQLite table, and the rebuild cascades: it would
empty the characters.) PREVIOUS follows the migrations folder: always the head's predecessor.
"""

from __future__ import annotations

import hashlib
import importlib
from pathlib import Path
from typing import Any

import pytest
from tortoise import Tortoise
from tortoise.migrations import operations as ops

from bot.db import migrations as migrations_package
from bot.db import models as db_models
from bot.db.models import (
    Character,
    DuelRecord,
    Encounter,
    Game,
    GameSystem,
    GmAction,
    RollLog,
    Timer,
    User,
)
from bot.db.setup import close_database, init_database
from bot.services import duels, games, gm_edits, gm_log, timers
from bot.services.characters import DuelBuild, PoolBuild, create_character, rule_state
from bot.services.codec import load
from bot.services.fight_flow import JOIN_TIMER
from bot.services.pause import FROZEN
from bot.services.runtime import Runtime
from rules.dice import commitment
from rules.duel import Duel
from rules.duel.encounter import DuelStage
from rules.gender import Gender
from rules.pool.model import Item, Stats

MIGRATIONS = sorted(p.stem for p in Path(migrations_package.__file__).parent.glob("0*.py"))
HEAD, PREVIOUS = MIGRATIONS[-1], MIGRATIONS[-2]
GENDER = "0008_character_gender"  # the characters' gender column
GM = gm_log.Actor(501, "Сандор")


async def _undo_head() -> list[tuple[str, str | None]]:
    """Take the database back to PREVIOUS without touching a row the head did not add.

    Returns what was undone: (table, column) for a column, (table, None) for a table.
    """
    return await _undo(HEAD)


async def _undo(name: str) -> list[tuple[str, str | None]]:
    """Undo migration ``name`` in place (see :func:`_undo_head`); a data step (RunPython) only
    filled what its migration added, which goes with it."""
    connection = Tortoise.get_connection("default")
    operations = importlib.import_module(f"bot.db.migrations.{name}").Migration.operations
    undone: list[tuple[str, str | None]] = []
    for operation in reversed(operations):
        if isinstance(operation, ops.RunPython):
            continue
        if isinstance(operation, ops.AddField):
            table = getattr(db_models, operation.model_name)._meta.db_table
            column = getattr(operation.field, "source_field", None) or operation.name
            await connection.execute_script(f'ALTER TABLE "{table}" DROP COLUMN "{column}"')
            undone.append((table, column))
        elif isinstance(operation, ops.CreateModel):
            table = (operation.options or {})["table"]
            await connection.execute_script(f'DROP TABLE "{table}"')
            undone.append((table, None))
        else:
            pytest.fail(f"teach the upgrade test to undo {operation.describe()} of {name}")
    await connection.execute_query(
        'DELETE FROM "tortoise_migrations" WHERE "app" = ? AND "name" = ?', ["models", name]
    )
    return undone


async def _tables() -> set[str]:
    connection = Tortoise.get_connection("default")
    _, rows = await connection.execute_query("SELECT name FROM sqlite_master WHERE type='table'")
    return {row["name"] for row in rows}


async def _columns(table: str) -> set[str]:
    connection = Tortoise.get_connection("default")
    _, rows = await connection.execute_query(f"PRAGMA table_info({table})")
    return {row["name"] for row in rows}


async def _games_in_progress() -> tuple[Game, DuelRecord, Duel, Game]:
    """A duel game after round 1 (choices due), a pool game with a fight joining and a GM entry."""
    await User.create(telegram_id=501, first_name="Сандор", started=True)
    await User.create(telegram_id=502, first_name="Бронн", language_code="en")
    game = await games.create_game(-100500, GameSystem.DUEL, 501, "ru", ("пеший", "конный"))
    seed = hashlib.sha256(b"upgrade-0").digest()  # round 1 leaves both standing
    await Game.filter(id=game.id).update(seed_hex=seed.hex(), commitment=commitment(seed))
    await game.refresh_from_db()
    await create_character(game, 501, "Сандор", DuelBuild((("пеший", 9),), 0))
    bronn = await create_character(game, 502, "Бронн", DuelBuild((("пеший", 8),), 20))
    snap = await duels.challenge(game, 501, bronn, "пеший", -100500, None, Runtime())
    fought = await duels.respond(game, snap.record.id, 502, True, Runtime())  # real dice
    assert not fought.duel.finished  # choices are due: a round timer is pending
    await DuelRecord.filter(id=fought.record.id).update(message_id=77)
    await game.refresh_from_db()

    pool = await games.create_game(-100600, GameSystem.POOL, 501, "ru")
    stats = Stats(initiative=2, attack=3, defense=2, vitality=5, charisma=0)
    await create_character(pool, 501, "Арья", PoolBuild(Gender.FEMALE, stats))
    fight = await Encounter.create(
        game_id=pool.id, kind="pool_fight", stage="joining", state={"joined": [1]}, chat_id=-100600
    )
    await timers.schedule(JOIN_TIMER, fight.id, 60)
    await gm_edits.give_item(pool, 1, Item.SWORD, 1, GM, "нашла в сундуке", Runtime())
    return game, fought.record, fought.duel, pool


async def _everything(game: Game) -> dict[str, Any]:
    row = await Game.get(id=game.id)
    return {
        "users": sorted(await User.all().values_list("telegram_id", "first_name", "started")),
        "characters": sorted(
            await Character.all().values_list("game_id", "number", "name", "user_id", "state")
        ),
        "rolls": await RollLog.all()
        .order_by("game_id", "index")
        .values_list("game_id", "index", "sides", "value"),
        "timers": sorted(await Timer.all().values_list("kind", "ref", "due_at")),
        "encounters": await Encounter.all().values_list("id", "kind", "stage", "state"),
        "gm": await GmAction.all().values_list("action", "target_number", "reason", "details"),
        "game": (row.seed_hex, row.commitment, row.next_roll_index, row.settings),
    }


async def test_games_in_progress_survive_the_upgrade(tmp_path: Path) -> None:
    url = f"sqlite://{tmp_path / 'old.sqlite3'}"
    await init_database(url)
    try:
        game, record, duel, pool = await _games_in_progress()
        before = await _everything(game)
        # the duel round's deadline and its reminder, the pool fight's join window
        assert len(before["rolls"]) >= 6 and len(before["timers"]) == 3 and before["gm"]
        undone = await _undo_head()
        assert undone
        connection = Tortoise.get_connection("default")
        _, rows = await connection.execute_query('SELECT "name" FROM "tortoise_migrations"')
        assert max(row["name"] for row in rows) == PREVIOUS
        for table, column in undone:  # really the previous schema now
            if column is None:
                assert table not in await _tables()
            else:
                assert column not in await _columns(table)
    finally:
        await close_database()

    try:
        await init_database(url)  # what the bot does at start-up: apply what is missing
        for table, column in undone:
            assert (column or table) in (
                await _tables() if column is None else await _columns(table)
            )
        assert await _everything(game) == before
        after_game = await Game.get(id=game.id)
        assert after_game.paused_at is None
        assert (await games.verify_game(after_game)).ok  # every die still checks out
        stored = await DuelRecord.get(id=record.id)
        assert stored.stage == record.stage != DuelStage.CHALLENGED
        assert stored.message_id == 77
        assert load(Duel, stored.state) == duel
        hp = rule_state(after_game, await Character.get(game_id=game.id, number=2)).hp
        assert hp == duel.opponent.hp
        # The new column works on the old data: a pause freezes the duel's pending timer.
        [pending] = await Timer.filter(kind=duels.CHOICE_TIMEOUT, fired_at__isnull=True)
        other = await Timer.get(kind=JOIN_TIMER)
        await gm_edits.set_paused(after_game, True, GM, "после обновления", Runtime())
        assert (await Game.get(id=game.id)).paused_at is not None
        assert (await Timer.get(id=pending.id)).due_at - pending.due_at == FROZEN
        assert (await Timer.get(id=other.id)).due_at == other.due_at  # the other game runs on
        assert await GmAction.filter(game_id=pool.id).count() == 1
    finally:
        await close_database()


async def test_pool_genders_are_copied_to_the_new_column(tmp_path: Path) -> None:
    """Before 0008 only a pool character's rule state knew its gender: the upgrade copies it
    to the column; a duel character's stays NULL (its owner is asked under /me)."""
    url = f"sqlite://{tmp_path / 'genders.sqlite3'}"
    await init_database(url)
    try:
        duel = await games.create_game(-100700, GameSystem.DUEL, 501, "ru", ("пеший",))
        bronn = await create_character(duel, 502, "Бронн", DuelBuild((("пеший", 8),), 20))
        pool = await games.create_game(-100800, GameSystem.POOL, 501, "ru")
        stats = Stats(initiative=2, attack=3, defense=2, vitality=5, charisma=0)
        arya = await create_character(pool, 501, "Арья", PoolBuild(Gender.FEMALE, stats))
        gregor = await create_character(pool, 503, "Григор", PoolBuild(Gender.MALE, stats))
        states = {c.id: c.state for c in await Character.all()}
        for name in reversed(MIGRATIONS[MIGRATIONS.index(GENDER) :]):
            await _undo(name)
        assert "gender" not in await _columns("characters")
    finally:
        await close_database()

    try:
        await init_database(url)
        genders = dict(await Character.all().values_list("id", "gender"))
        assert genders == {bronn.id: None, arya.id: Gender.FEMALE, gregor.id: Gender.MALE}
        assert {c.id: c.state for c in await Character.all()} == states  # states untouched
    finally:
        await close_database()

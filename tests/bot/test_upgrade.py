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
import json
from pathlib import Path
from typing import Any

import pytest
from tortoise import Tortoise
from tortoise.migrations import operations as ops
from tortoise.migrations.api import migrate

from bot.callbacks import EncounterCallback
from bot.db import migrations as migrations_package
from bot.db import models as db_models
from bot.db.models import (
    Character,
    Encounter,
    Game,
    GameSystem,
    GmAction,
    LiveMessage,
    OwedMessage,
    RollLog,
    Timer,
    User,
)
from bot.db.setup import close_database, init_database, tortoise_config
from bot.services import duels, games, gm_edits, gm_log, timers
from bot.services.characters import DuelBuild, PoolBuild, create_character, rule_state
from bot.services.codec import dump, load
from bot.services.fights import JOIN_TIMER
from bot.services.outbox import Outgoing
from bot.services.pause import FROZEN
from bot.services.runtime import Runtime
from rules.dice import ScriptedDice, commitment
from rules.duel import Choice, Duel, play_round, start_duel
from rules.duel.encounter import DuelMove, DuelStage, DuelTable, Move
from rules.encounter import Seat
from rules.gender import Gender
from rules.pool.model import Item, Stats

MIGRATIONS = sorted(p.stem for p in Path(migrations_package.__file__).parent.glob("0*.py"))
HEAD, PREVIOUS = MIGRATIONS[-1], MIGRATIONS[-2]
SEED_DICE = {17: [1, 15, 11, 3, 10], 100: [5, 56, 92]}  # round 1 leaves both standing
GENDER = "0008_character_gender"
FOLD = "0010_duels_are_encounters"  # duels become encounters  # the characters' gender column
GM = gm_log.Actor(501, "Сандор")


async def _undo_head(url: str) -> list[tuple[str, str | None]]:
    """Take the database back to PREVIOUS without touching a row the head did not add.

    Returns what was undone: (table, column) for a column, (table, None) for a table. A head
    that moves data both ways (a RunPython with its reverse) is undone by Tortoise itself
    (its steps rebuild no table): then nothing is returned, and the test checks the data.
    """
    return await _undo(HEAD, url)


async def _undo(name: str, url: str) -> list[tuple[str, str | None]]:
    """Undo migration ``name`` (the last one applied) in place (see :func:`_undo_head`); a
    data step (RunPython) without a reverse only filled what its migration added, which goes
    with it."""
    operations = importlib.import_module(f"bot.db.migrations.{name}").Migration.operations
    if any(
        isinstance(op, ops.RunPython) and op.reverse_code not in (None, ops.RunPython.noop)
        for op in operations
    ):
        await close_database()
        before = MIGRATIONS[MIGRATIONS.index(name) - 1]
        await migrate(config=tortoise_config(url), target=f"models.{before}")
        await init_database(url, run_migrations=False)
        return []
    connection = Tortoise.get_connection("default")
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
    marks = ("$1", "$2") if connection.capabilities.dialect == "postgres" else ("?", "?")
    await connection.execute_query(
        f'DELETE FROM "tortoise_migrations" WHERE "app" = {marks[0]} AND "name" = {marks[1]}',
        ["models", name],
    )
    return undone


async def _tables() -> set[str]:
    connection = Tortoise.get_connection("default")
    if connection.capabilities.dialect == "postgres":
        query = "SELECT table_name AS name FROM information_schema.tables"
    else:
        query = "SELECT name FROM sqlite_master WHERE type='table'"
    _, rows = await connection.execute_query(query)
    return {row["name"] for row in rows}


async def _columns(table: str) -> set[str]:
    connection = Tortoise.get_connection("default")
    _, rows = await connection.execute_query(f"PRAGMA table_info({table})")
    return {row["name"] for row in rows}


async def _unsaid(_: Any) -> list[Outgoing]:
    """No chat hears these games (no bot runs here): a step owes no message."""
    return []


async def _games_in_progress() -> tuple[Game, Encounter, Duel, Game]:
    """A duel game after round 1 (choices due), a pool game with a fight joining and a GM entry."""
    await User.create(telegram_id=501, first_name="Сандор", started=True)
    await User.create(telegram_id=502, first_name="Бронн", language_code="en")
    game = await games.create_game(-100500, GameSystem.DUEL, 501, "ru", ("пеший", "конный"))
    seed = hashlib.sha256(b"upgrade-0").digest()  # round 1 leaves both standing
    await Game.filter(id=game.id).update(seed_hex=seed.hex(), commitment=commitment(seed))
    await game.refresh_from_db()
    await create_character(game, 501, "Сандор", DuelBuild((("пеший", 9),), 0))
    bronn = await create_character(game, 502, "Бронн", DuelBuild((("пеший", 8),), 20))
    snap = await duels.challenge(game, 501, bronn, "пеший", -100500, None, Runtime(), _unsaid)
    accept = DuelMove(Move.ACCEPT)
    fought = await duels.move(game, snap.record.id, 502, accept, Runtime(), _unsaid)  # real dice
    assert not fought.duel.finished  # choices are due: a round timer is pending
    await Encounter.filter(id=fought.record.id).update(message_id=77)
    await game.refresh_from_db()

    pool = await games.create_game(-100600, GameSystem.POOL, 501, "ru")
    stats = Stats(initiative=2, attack=3, defense=2, vitality=5, charisma=0)
    await create_character(pool, 501, "Арья", PoolBuild(Gender.FEMALE, stats))
    fight = await Encounter.create(
        game_id=pool.id, kind="pool_fight", stage="joining", state={"joined": [1]}, chat_id=-100600
    )
    await timers.schedule(JOIN_TIMER, fight.id, 60)
    await gm_edits.give_item(pool, 1, Item.SWORD, 1, GM, "нашла в сундуке", Runtime(), _unsaid)
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
        undone = await _undo_head(url)
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
        stored = await Encounter.get(id=record.id)
        assert stored.stage == record.stage != DuelStage.CHALLENGED
        assert stored.message_id == 77
        assert load(DuelTable, stored.state).duel == duel
        hp = rule_state(after_game, await Character.get(game_id=game.id, number=2)).hp
        assert hp == duel.opponent.hp
        # The new column works on the old data: a pause freezes the duel's pending timer.
        [pending] = await Timer.filter(kind=duels.CHOICE_TIMEOUT, fired_at__isnull=True)
        other = await Timer.get(kind=JOIN_TIMER)
        await gm_edits.set_paused(after_game, True, GM, "после обновления", Runtime(), _unsaid)
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
            await _undo(name, url)
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


async def test_duels_move_into_encounters_with_everything_that_names_them(
    tmp_path: Path,
) -> None:
    """0010: a duel keeps its id where no encounter has it, else gets a new one; its timers,
    live message, owed buttons and death notes follow it, and the duel plays on."""
    await _duels_fold(f"sqlite://{tmp_path / 'duels.sqlite3'}", "sqlite")


async def test_duels_move_into_encounters_on_postgres(postgres_database: str) -> None:
    await _duels_fold(postgres_database, "postgres")


async def _duels_fold(url: str, engine: str) -> None:
    await init_database(url)
    try:
        await User.create(telegram_id=501, first_name="Сандор", started=True)
        await User.create(telegram_id=502, first_name="Бронн", started=True)
        game = await games.create_game(-100900, GameSystem.DUEL, 501, "ru", ("пеший",))
        await create_character(game, 501, "Сандор", DuelBuild((("пеший", 9),), 0))
        await create_character(game, 502, "Бронн", DuelBuild((("пеший", 8),), 20))
        await create_character(game, 503, "Павший", DuelBuild((("пеший", 1),), 0))
        for _ in range(2):  # encounters 1 and 2 (gift offers of another game, say)
            await Encounter.create(game_id=game.id, kind="gift", stage="open", chat_id=-1)
        sandor, bronn = (rule_state(game, c) for c in await Character.filter(number__lte=2))
        fought = play_round(start_duel(sandor, bronn, "пеший"), ScriptedDice(SEED_DICE))
        # Made with today's tables; undoing the later migrations drops only their columns.
        await timers.schedule(duels.CHOICE_TIMEOUT, 2, 600)  # with its reminder
        await LiveMessage.create(key="duel:2", chat_id=-100900, message_id=77)
        old_buttons = {"inline_keyboard": [[{"text": "Продолжить", "callback_data": "du:2:g:1"}]]}
        owed = await OwedMessage.create(
            chat_id=-100900, action="send", live="duel:2", text="…", markup=old_buttons, due_at=0
        )
        for name in reversed(MIGRATIONS[MIGRATIONS.index(FOLD) :]):
            await _undo(name, url)
        assert "duels" in await _tables()
        connection = Tortoise.get_connection("default")
        values = "?, ?, ?, ?" if engine == "sqlite" else "$1, $2, $3, $4"
        for duel_id, stage, state in ((2, "fighting", dump(fought)), (5, "declined", {})):
            await connection.execute_query(
                'INSERT INTO "duels" ("id", "game_id", "stage", "state", "challenger_number", '
                '"opponent_number", "skill", "chat_id", "version", "created_at") '
                f"VALUES ({values}, 1, 2, 'пеший', -100900, 3, '2026-12-01 10:00:00')",
                [duel_id, game.id, stage, json.dumps(state)],
            )
        await Character.filter(number=3).update(
            status="dead", state={**(await Character.get(number=3)).state, "death": {"duel": 2}}
        )
    finally:
        await close_database()

    try:
        await init_database(url)
        assert "duels" not in await _tables()
        kept, moved = await Encounter.get(id=5), await Encounter.get(kind="duel", stage="fighting")
        assert kept.kind == "duel" and kept.stage == "declined" and moved.id not in (1, 2, 5)
        table = load(DuelTable, moved.state)
        assert table.duel == fought and table.stage is DuelStage.FIGHTING
        assert (table.challenger, table.opponent) == (Seat(1, 501), Seat(2, 502))
        assert moved.version == 3 and moved.chat_id == -100900
        refs = set(await Timer.filter(fired_at__isnull=True).values_list("kind", "ref"))
        reminder = timers.REMINDERS[duels.CHOICE_TIMEOUT]
        assert refs == {(duels.CHOICE_TIMEOUT, moved.id), (reminder, moved.id)}
        assert await LiveMessage.filter(key=f"duel:{moved.id}", message_id=77).exists()
        assert not await LiveMessage.filter(key="duel:2").exists()
        owed_now = await OwedMessage.get(id=owed.id)
        assert owed_now.live == f"duel:{moved.id}"
        data = owed_now.markup["inline_keyboard"][0][0]["callback_data"]
        expected = EncounterCallback(kind="duel", id=moved.id, move="go_on", at=1)
        assert EncounterCallback.unpack(data) == expected
        assert (await Character.get(number=3)).state["death"] == {"duel": moved.id}
        # The data steps wrote in SQL: the models still write every column of their tables
        # (an ORM write there would have cached a statement without the later columns).
        retire = await OwedMessage.create(
            chat_id=-100900, action="retire", text="", target=77, due_at=0
        )
        assert (await OwedMessage.get(id=retire.id)).target == 77
        game = await Game.get(id=game.id)
        go_on = DuelMove(Move.GO_ON, 1)
        step = await duels.move(game, moved.id, 502, go_on, Runtime(), _unsaid)
        assert step.table.duel.opponent_choice is Choice.GO_ON  # the duel plays on
    finally:
        await close_database()

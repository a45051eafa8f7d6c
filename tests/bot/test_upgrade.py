"""Upgrades: a database made by an earlier migration, full of a game in progress, is migrated
to the current schema with nothing lost."""

from __future__ import annotations

import hashlib
from pathlib import Path

from tortoise import Tortoise
from tortoise.migrations.api import migrate

from bot.db.models import (
    Character,
    DuelRecord,
    DuelStage,
    Encounter,
    Game,
    GameSystem,
    RollLog,
    Timer,
    User,
)
from bot.db.setup import close_database, init_database, tortoise_config
from bot.services import duels, games
from bot.services.characters import DuelBuild, create_character, rule_state
from bot.services.codec import load
from bot.services.runtime import Runtime
from rules.dice import commitment
from rules.duel import Duel

PREVIOUS = "models.0003_timers_duels"  # the schema before encounters (0004)


async def _tables() -> set[str]:
    connection = Tortoise.get_connection("default")
    _, rows = await connection.execute_query("SELECT name FROM sqlite_master WHERE type='table'")
    return {row["name"] for row in rows}


async def test_a_game_in_progress_survives_the_upgrade(tmp_path: Path) -> None:
    url = f"sqlite://{tmp_path / 'old.sqlite3'}"
    await migrate(config=tortoise_config(url), target=PREVIOUS)
    await Tortoise.close_connections()
    await init_database(url, run_migrations=False)
    try:
        assert "encounters" not in await _tables()  # really the old schema
        await User.create(telegram_id=501, first_name="Сандор", started=True)
        await User.create(telegram_id=502, first_name="Бронн", language_code="en")
        game = await games.create_game(-100500, GameSystem.DUEL, 501, "ru", ("пеший", "конный"))
        seed = hashlib.sha256(b"upgrade-0").digest()  # round 1 leaves both standing
        await Game.filter(id=game.id).update(seed_hex=seed.hex(), commitment=commitment(seed))
        await game.refresh_from_db()
        await create_character(game, 501, "Сандор", DuelBuild((("пеший", 9),), 0))
        bronn = await create_character(game, 502, "Бронн", DuelBuild((("пеший", 8),), 20))
        snap = await duels.challenge(game, 501, bronn, "пеший", -100500, None)
        fought = await duels.respond(game, snap.record.id, 502, True, Runtime())  # real dice
        assert not fought.duel.finished  # choices are due: a round timer is pending
        await duels.set_message(fought.record, 77)
        await game.refresh_from_db()
        before = {
            "users": sorted(await User.all().values_list("telegram_id", "first_name", "started")),
            "characters": sorted(
                await Character.all().values_list("number", "name", "user_id", "state")
            ),
            "rolls": await RollLog.filter(game_id=game.id)
            .order_by("index")
            .values_list("index", "sides", "value"),
            "timers": await Timer.all().values_list("kind", "ref"),
            "game": (game.seed_hex, game.commitment, game.next_roll_index, game.settings),
        }
        assert len(before["rolls"]) >= 6 and before["timers"]
    finally:
        await close_database()

    await init_database(url)  # what the bot does at start-up: apply what is missing
    try:
        assert "encounters" in await _tables()
        after_game = await Game.get(id=game.id)
        assert (
            sorted(await User.all().values_list("telegram_id", "first_name", "started"))
            == before["users"]
        )
        assert (
            sorted(await Character.all().values_list("number", "name", "user_id", "state"))
            == before["characters"]
        )
        assert (
            await RollLog.filter(game_id=game.id)
            .order_by("index")
            .values_list("index", "sides", "value")
            == before["rolls"]
        )
        assert await Timer.all().values_list("kind", "ref") == before["timers"]
        assert (
            after_game.seed_hex,
            after_game.commitment,
            after_game.next_roll_index,
            after_game.settings,
        ) == before["game"]
        assert (await games.verify_game(after_game)).ok  # every die still checks out
        record = await DuelRecord.get(id=snap.record.id)
        assert record.stage == fought.record.stage != DuelStage.CHALLENGED
        assert record.message_id == 77
        assert load(Duel, record.state) == fought.duel
        hp = rule_state(after_game, await Character.get(game_id=game.id, number=2)).hp
        assert hp == fought.duel.opponent.hp
        # The new table works next to the old data.
        await Encounter.create(game_id=game.id, kind="pool_fight", stage="open", chat_id=-100500)
        assert await Encounter.filter(game_id=game.id).count() == 1
    finally:
        await close_database()

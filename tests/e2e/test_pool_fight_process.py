"""A whole 1-on-1 pool fight through the real bot process (real dice) and the emulator."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from bot.db.models import Character, GameSystem
from bot.db.setup import close_database, init_database
from bot.services import games
from bot.services.characters import PoolBuild, create_character
from bot.services.codec import dump, load
from rules.pool.model import Gender, PoolCharacter, Stats
from tests.e2e.process import bot_process
from tests.telegram_emulator import TelegramEmulator

STATS = Stats(initiative=2, attack=3, defense=2, vitality=5, charisma=0)


async def _set_up(database_url: str, chat_id: int, users: tuple[int, int]) -> None:
    """The game and two characters, written into the bot's database; Бран starts at health 1
    (wounded: he bleeds to 0 at the end of round 1 unless he dies first), so the fight ends
    after one round whatever the dice."""
    await init_database(database_url)
    try:
        game = await games.create_game(chat_id, GameSystem.POOL, users[0], "ru")
        await create_character(game, users[0], "Арья", PoolBuild(Gender.FEMALE, STATS))
        bran = await create_character(game, users[1], "Бран", PoolBuild(Gender.MALE, STATS))
        wounded = replace(load(PoolCharacter, bran.state), health=1)
        await Character.filter(id=bran.id).update(state=dump(wounded))
    finally:
        await close_database()


async def test_a_whole_fight_through_the_real_bot(tmp_path: Path, clean_redis: str) -> None:
    async with TelegramEmulator(
        "777004:E2E-pool-fight-token-abcdefghijklmnopqrstuvwx", bot_username="gm_test_bot"
    ) as emu:
        arya = emu.add_user("Игрок Арьи", language_code="ru", started=True)
        bran = emu.add_user("Игрок Брана", language_code="ru", started=True)
        group = emu.add_group("Подземелье", admins=[arya], members=[bran])
        async with bot_process(emu, tmp_path, redis_url=clean_redis):
            await _set_up(f"sqlite://{tmp_path / 'bot.sqlite3'}", group.id, (arya.id, bran.id))
            await emu.send_text(arya, group, "/fight 2")
            live = await emu.wait_for_message(group, timeout=15)
            assert "Арья → Бран" in live.body
            call = live
            await emu.press_button(arya, live, "Начать")
            live = await emu.wait_for_message(  # round 1 opens in a new message
                group, lambda m: "⚔️ Атаковать" in m.button_texts, timeout=15
            )
            assert "Раунд 1" in live.body and "Инициатива" not in live.body
            while "Инициатива" not in call.body:  # shown once, in the call to the fight
                await emu.wait_for_edit(call, timeout=15)
            for user in (arya, bran):
                query = await emu.press_button(user, live, "⚔️ Атаковать")
                await emu.wait_for_callback_answer(query, timeout=15)
            result = await emu.wait_for_message(group, lambda m: "раунд 1" in m.body, timeout=15)
            assert "🗡 Арья → Бран" in result.body and "🗡 Бран → Арья" in result.body
            assert "окончен" in result.body and result.buttons == []
            assert "Бран" in result.body.split("окончен")[0]
        log = (tmp_path / "bot.log").read_text(encoding="utf-8")
        assert "Traceback" not in log

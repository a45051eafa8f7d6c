"""A graceful stop in webhook mode: the real bot process gets SIGTERM while a duel press is in
flight, and finishes it before it closes its storage and exits.

The press is made slow deterministically: the emulator holds the bot's answer to the press
(``answerCallbackQuery``, which the handler makes right after the press's transaction, which
owed the new round), until the process has been told to stop. The round is sent (by the
courier: it may go before the answer), nothing is lost or doubled, and the process exits
cleanly.
"""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path

from bot.db.models import Character, Encounter, Game, LiveMessage, RollLog
from bot.db.setup import close_database
from bot.services import games
from bot.services.characters import rule_state
from bot.services.duels import live_key
from tests.conftest import free_port
from tests.e2e.process import bot_process
from tests.e2e.test_crash_safety import SKILL, _duel_game, _press, _replay
from tests.telegram_emulator import TelegramEmulator

TOKEN = "777022:E2E-graceful-stop-token-abcdefghijklmnopqrstuvwxy"


async def test_sigterm_in_webhook_mode_finishes_the_press_in_flight(
    tmp_path: Path, clean_redis: str
) -> None:
    url = f"sqlite://{tmp_path / 'bot.sqlite3'}"
    async with TelegramEmulator(TOKEN, bot_username="gm_test_bot") as emu:
        sandor = emu.add_user("Игрок Сандора", language_code="ru")
        bronn = emu.add_user("Игрок Бронна", language_code="ru")
        group = emu.add_group("Королевская гавань", members=[sandor, bronn])
        try:
            start, seed = await _duel_game(url, group.id, (sandor.id, bronn.id))
            _, second_round, dice_used = _replay(seed, start)
            port = free_port()
            async with bot_process(emu, tmp_path, redis_url=clean_redis, webhook_port=port) as bot:
                await emu.send_text(sandor, group, f"/duel 2 {SKILL}")
                challenge = await emu.wait_for_message(
                    group, lambda m: "Вызов на поединок:" in m.body, timeout=15
                )
                await _press(emu, bronn, challenge, "Принять")
                round_one = await emu.wait_for_message(
                    group, lambda m: "Раунд 1" in m.body, timeout=15
                )
                await _press(emu, sandor, round_one, "Продолжить")
                held = emu.hold_next("answerCallbackQuery")
                query = await emu.press_button(bronn, round_one, "Продолжить")
                await asyncio.wait_for(held.reached.wait(), 15)
                bot.send_signal(signal.SIGTERM)
                await asyncio.sleep(1.0)  # the replica is stopping: no new connections
                assert bot.returncode is None  # ... and waits for the press
                held.release()
                await asyncio.wait_for(bot.wait(), 20)
            assert bot.returncode == 0
            assert (await emu.wait_for_callback_answer(query)).text is not None
            rounds_shown = [m for m in emu.bot_messages(group) if "Раунд 2" in m.body]
            assert len(rounds_shown) == 1
            assert f"{second_round.opponent.hp}/30" in rounds_shown[0].body

            game = await Game.get(chat_id=group.id)
            record = await Encounter.get(game_id=game.id, kind="duel")
            assert len(record.state["duel"]["rounds"]) == 2
            shown = await LiveMessage.get(key=live_key(record.id))
            assert shown.message_id == rounds_shown[0].message_id  # the live message now
            assert await RollLog.filter(game_id=game.id).count() == dice_used
            assert (await games.verify_game(game)).ok
            hp = {c.number: rule_state(game, c).hp for c in await Character.filter(game_id=game.id)}
            assert hp == {1: second_round.challenger.hp, 2: second_round.opponent.hp}
        finally:
            await close_database()
    log = (tmp_path / "bot.log").read_text(encoding="utf-8")
    assert "finishing 1 update(s) in flight" in log
    assert "Traceback" not in log and "lease" not in log and "ERROR" not in log

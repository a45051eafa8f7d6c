"""Redis stops for ten seconds in the middle of a duel, under the real bot process: every
update sent meanwhile (a press, ``/players``, ``/roll``, a ``/start`` deep link) is answered
after it is back, none with the internal-error text, and the process needs no restart.

Polling: the bot stops fetching updates while Redis is down, so the emulator keeps them.
Webhook: the bot answers 503 meanwhile, so the emulator posts them again.

The first update to meet the outage is a press in polling mode (answered at once: «press
again», and pressed again it counts) and ``/roll`` in webhook mode (held, handled after);
the ones after it wait at Telegram's side.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.db.models import Game
from bot.db.setup import close_database
from tests.conftest import free_port
from tests.e2e.process import bot_process
from tests.e2e.redis_server import RedisServer
from tests.e2e.test_crash_safety import SKILL, _duel_game, _press
from tests.telegram_emulator import TelegramEmulator

TOKEN = "777023:E2E-redis-outage-token-abcdefghijklmnopqrstuvw"
OUTAGE_SECONDS = 10.0
INTERNAL_ERROR = "Что-то пошло не так"


@pytest.mark.parametrize("mode", ["polling", "webhook"])
async def test_updates_sent_while_redis_is_down_are_answered_after(
    tmp_path: Path, mode: str
) -> None:
    url = f"sqlite://{tmp_path / 'bot.sqlite3'}"
    async with (
        RedisServer(tmp_path / "redis") as redis,
        TelegramEmulator(TOKEN, bot_username="gm_test_bot") as emu,
    ):
        sandor = emu.add_user("Игрок Сандора", language_code="ru")
        bronn = emu.add_user("Игрок Бронна", language_code="ru")
        tyrion = emu.add_user("Тирион", language_code="ru")
        group = emu.add_group("Королевская гавань", members=[sandor, bronn, tyrion])
        try:
            await _duel_game(url, group.id, (sandor.id, bronn.id))
            game = await Game.get(chat_id=group.id)
            port = free_port() if mode == "webhook" else None
            async with bot_process(emu, tmp_path, redis_url=redis.url, webhook_port=port):
                await emu.send_text(sandor, group, f"/duel 2 {SKILL}")
                challenge = await emu.wait_for_message(
                    group, lambda m: "Вызов на поединок:" in m.body, timeout=15
                )
                await _press(emu, bronn, challenge, "Принять")
                round_one = await emu.wait_for_message(
                    group, lambda m: "Раунд 1" in m.body, timeout=15
                )

                await redis.stop()
                if mode == "polling":
                    press = await emu.press_button(sandor, round_one, "Продолжить")
                    await asyncio.sleep(1.0)
                    await emu.send_text(tyrion, group, "/roll 2d6")
                else:
                    await emu.send_text(tyrion, group, "/roll 2d6")
                    await asyncio.sleep(1.0)
                    press = await emu.press_button(sandor, round_one, "Продолжить")
                await emu.send_text(bronn, group, "/players")
                await emu.open_deep_link(tyrion, f"j{game.id}")
                await asyncio.sleep(OUTAGE_SECONDS - 1.0)
                await redis.start()

                answer = await emu.wait_for_callback_answer(press, timeout=30)
                roster = await emu.wait_for_message(
                    group, lambda m: "Сандор" in m.body and "Бронн" in m.body, timeout=30
                )
                rolled = await emu.wait_for_message(group, lambda m: "2d6" in m.body, timeout=30)
                creation = await emu.wait_for_message(emu.private_chat(tyrion), timeout=30)
                if mode == "polling":  # the press met the outage: asked for again, it counts
                    assert answer.text is not None and "нажмите ещё раз" in answer.text
                    again = await _press(emu, sandor, round_one, "Продолжить")
                    assert "нажмите ещё раз" not in again and INTERNAL_ERROR not in again
                else:  # refused with 503 while down, then handled like any press
                    assert "нажмите ещё раз" not in (answer.text or "")
                    assert any(attempt.status == 503 for attempt in emu.webhook_attempts)
                # After the outage, the bot works as before without a restart.
                await emu.send_text(bronn, group, "/roll 1d6")
                await emu.wait_for_message(group, lambda m: "1d6" in m.body, timeout=30)
        finally:
            await close_database()
    every_text = [answer.text or ""] + [
        m.body for chat in (group, emu.private_chat(tyrion)) for m in emu.bot_messages(chat)
    ]
    assert not [text for text in every_text if INTERNAL_ERROR in text], every_text
    assert roster.body and rolled.body and creation.body
    log = (tmp_path / "bot.log").read_text(encoding="utf-8")
    assert "Traceback" not in log, log[-5000:]
    assert "Redis or the database is unreachable" in log
    assert ("held until Redis" in log) == (mode == "webhook")

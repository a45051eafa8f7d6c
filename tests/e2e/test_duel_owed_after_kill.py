"""A duel round survives a SIGKILL of the real process while its result is saved or delivered
(issue: the outbox). Both fighters go on after round 1; round 2 is fought by the second press,
and the process kills itself at a named point (``GM_KILL_AT``, bot.killpoints) on round 2's
message. A new process on the same SQLite file and Redis then delivers what is owed: round 2's
dice (once; twice only when the kill came after Telegram's answer and before the mark, the
documented repeat), its [Продолжить] [Остановиться] buttons, and round 1 without its buttons.
The dice are the game's real verifiable dice, recomputed here with the rules.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.db.models import Game, OwedMessage, RollLog
from bot.db.setup import close_database, init_database
from tests.e2e.process import bot_process, until
from tests.e2e.test_crash_safety import SKILL, _duel_game, _replay
from tests.telegram_emulator import EmuChat, EmuMessage, EmuUser, TelegramEmulator

TOKEN = "777032:E2E-duel-outbox-kill-token-abcdefghijklmnopq"
ROUND_1, ROUND_2 = "Раунд 1</b>", "Раунд 2</b>"  # as the owed HTML has them
CHOICES = ["Продолжить", "Остановиться"]


def _shown(emu: TelegramEmulator, group: EmuChat, text: str) -> list[EmuMessage]:
    return [m for m in emu.bot_messages(group) if text.replace("</b>", "") in m.body]


async def _press(emu: TelegramEmulator, user: EmuUser, message: EmuMessage, text: str) -> str:
    query = await emu.press_button(user, message, text)
    return (await emu.wait_for_callback_answer(query, timeout=30)).text or ""


async def _database(url: str) -> tuple[list[OwedMessage], int, int]:
    """The owed rows, dice logged, the game's next die."""
    await init_database(url)
    try:
        game = await Game.first()
        assert game is not None
        logged = await RollLog.filter(game_id=game.id).count()
        return await OwedMessage.all().order_by("id"), logged, game.next_roll_index
    finally:
        await close_database()


@pytest.mark.parametrize("point", ["owed", "sending", "unmarked", "marked"])
async def test_a_kill_on_a_duel_rounds_result_loses_no_dice(
    point: str, tmp_path: Path, clean_redis: str
) -> None:
    url = f"sqlite://{tmp_path / 'bot.sqlite3'}"
    async with TelegramEmulator(TOKEN, bot_username="gm_test_bot") as emu:
        sandor = emu.add_user("Игрок Сандора", language_code="ru")
        bronn = emu.add_user("Игрок Бронна", language_code="ru")
        group = emu.add_group("Королевская гавань", members=[sandor, bronn])
        try:
            start, seed = await _duel_game(url, group.id, (sandor.id, bronn.id))
        finally:
            await close_database()
        first_round, second_round, dice_used = _replay(seed, start)
        kill = {"GM_KILL_AT": f"{point}@{ROUND_2}"}
        async with bot_process(emu, tmp_path, redis_url=clean_redis, extra_env=kill) as first:
            await emu.send_text(sandor, group, f"/duel 2 {SKILL}")
            challenge = await emu.wait_for_message(
                group, lambda m: "Вызов на поединок:" in m.body, timeout=30
            )
            await _press(emu, bronn, challenge, "Принять")
            await until(emu, lambda: _shown(emu, group, ROUND_1))
            round_one = _shown(emu, group, ROUND_1)[0]
            await _press(emu, sandor, round_one, "Продолжить")
            await until(emu, lambda: "выбирает «Продолжить»" in round_one.body)
            await emu.press_button(bronn, round_one, "Продолжить")  # fights round 2
            async with asyncio.timeout(30):
                await first.wait()  # killed at the point
        assert first.returncode == -9
        before = _shown(emu, group, ROUND_2)
        assert len(before) == (1 if point in ("unmarked", "marked") else 0)

        async with bot_process(emu, tmp_path, redis_url=clean_redis):
            if point == "owed":  # never committed: the press is lost, the fighter presses again
                await _press(emu, bronn, round_one, "Продолжить")
            expected = 2 if point == "unmarked" else 1
            await until(emu, lambda: len(_shown(emu, group, ROUND_2)) >= expected)
            await until(emu, lambda: not round_one.buttons)
            shown = _shown(emu, group, ROUND_2)
            # Sent and killed before its mark: the one message that may repeat.
            assert len(shown) == (2 if point == "unmarked" else 1)
            assert all(m.body == shown[0].body for m in shown)
            latest = shown[-1]
            assert f"{second_round.challenger.hp}/30" in latest.body
            assert f"{second_round.opponent.hp}/30" in latest.body
            assert latest.button_texts == CHOICES  # the next step waits under the dice
            # Round 1's dice once, still in the chat; the ended steps lost their buttons.
            assert _shown(emu, group, ROUND_1) == [round_one]
            assert f"{first_round.opponent.hp}/30" in round_one.body
            assert round_one.buttons == [] and challenge.buttons == []
            assert "принят" in challenge.body
            # The duel goes on from the delivered message.
            assert "Ваш выбор" in await _press(emu, sandor, latest, "Продолжить")
            await until(emu, lambda: "Сандор выбирает" in latest.body)  # its edit, owed and paced
        rows, logged, next_die = await _database(url)
        print(f"\n{point}:", *(_described(row) for row in rows), sep="\n  ")
        assert all(row.done and not row.failed for row in rows)
        [owed_round] = [row for row in rows if ROUND_2 in (row.head or "")]  # owed once
        assert owed_round.message_id == latest.message_id  # delivered as the message shown
        assert logged == next_die == dice_used  # nothing rolled twice
        assert "Traceback" not in (tmp_path / "bot.log").read_text(encoding="utf-8")


def _described(row: OwedMessage) -> str:
    said = (row.head or row.text).split("\n", 1)[0][:48]
    return f"#{row.id} {row.action} {row.live or row.chat_id}: {said} -> {row.message_id}"

"""Nothing the game owes is lost when the real process is SIGKILLed while saving or delivering
it (issue: the outbox). The kill comes at a named point (``GM_KILL_AT``, bot.killpoints); a new
process starts on the same SQLite file and Redis; the transcript must then hold every round's
dice once, the next round's message with its buttons, and the next chooser's prompt.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.db.models import GameSystem, OwedMessage
from bot.db.setup import close_database, init_database
from bot.services import games
from bot.services.characters import PoolBuild, create_character
from rules.pool.model import Gender, Stats
from tests.e2e.process import bot_process, counted, received, until
from tests.telegram_emulator import EmuChat, EmuMessage, EmuUser, TelegramEmulator

TOKEN = "777031:E2E-outbox-kill-token-abcdefghijklmnopqrstuvwx"
STATS = Stats(initiative=2, attack=3, defense=2, vitality=5, charisma=0)
NAMES = ("Арья", "Бран", "Вера")
ROUND_1 = "Бой №1, раунд 1"


async def _set_up(url: str, chat_id: int, users: list[int]) -> None:
    await init_database(url)
    try:
        game = await games.create_game(chat_id, GameSystem.POOL, users[0], "ru")
        for user, name in zip(users, NAMES, strict=False):
            await create_character(game, user, name, PoolBuild(Gender.FEMALE, STATS))
    finally:
        await close_database()


async def _owed_left(url: str) -> int:
    await init_database(url)
    try:
        return await OwedMessage.filter(done=False).count()
    finally:
        await close_database()


def _dice_messages(emu: TelegramEmulator, group: EmuChat) -> list[EmuMessage]:
    return [m for m in emu.bot_messages(group) if ROUND_1 in m.body]


def _retired(emu: TelegramEmulator, group: EmuChat, kept: list[EmuMessage]) -> bool:
    """Every message before the newest of ``kept`` lost its buttons (a retire is owed work,
    paced: a second after its new message), but ``kept``."""
    newest = kept[-1].message_id if kept else 0
    older = [m for m in emu.bot_messages(group) if m.message_id < newest and m not in kept]
    return all(not m.buttons for m in older)


async def _the_stray_copy_is_stale(
    emu: TelegramEmulator, user: EmuUser, stray: EmuMessage, live: EmuMessage
) -> None:
    """Telegram got the round twice (the first send was never marked): the first copy's
    buttons answer as stale and change nothing; the live copy's work."""
    assert stray.message_id < live.message_id and stray.button_texts == live.button_texts
    if "⚔️ Атаковать" not in live.button_texts:  # the round ended the fight: nothing to press
        return
    query = await emu.press_button(user, stray, "⚔️ Атаковать")
    answer = await emu.wait_for_callback_answer(query, timeout=30)
    assert "не действует" in (answer.text or ""), answer
    query = await emu.press_button(user, live, "⚔️ Атаковать")
    answer = await emu.wait_for_callback_answer(query, timeout=30)
    assert "не действует" not in (answer.text or ""), answer
    await emu.wait_for_edit(live, timeout=30)  # the press is counted on the live copy


@pytest.mark.parametrize("point", ["owed", "sending", "unmarked", "marked"])
async def test_a_kill_around_the_last_press_of_a_round_loses_no_dice(
    point: str,
    tmp_path: Path,
    clean_redis: str,
    record_property: Callable[[str, object], None],
) -> None:
    url = f"sqlite://{tmp_path / 'bot.sqlite3'}"
    async with TelegramEmulator(TOKEN, bot_username="gm_test_bot") as emu:
        users = [emu.add_user(f"Игрок {n}", language_code="ru", started=True) for n in NAMES[:2]]
        group = emu.add_group("Подземелье", admins=[users[0]], members=users[1:])
        kill = {"GM_KILL_AT": f"{point}@{ROUND_1}"}
        async with bot_process(emu, tmp_path, redis_url=clean_redis, extra_env=kill) as first:
            await _set_up(url, group.id, [u.id for u in users])
            await emu.send_text(users[0], group, "/fight 2")
            live = await emu.wait_for_message(group, timeout=30)
            await emu.press_button(users[0], live, "Начать")
            live = await emu.wait_for_message(
                group, lambda m: "⚔️ Атаковать" in m.button_texts, timeout=30
            )
            query = await emu.press_button(users[0], live, "⚔️ Атаковать")
            await emu.wait_for_callback_answer(query, timeout=30)
            await emu.press_button(users[1], live, "⚔️ Атаковать")  # the round's last press
            async with asyncio.timeout(30):
                await first.wait()  # killed at the point
        assert first.returncode == -9
        before = _dice_messages(emu, group)
        async with bot_process(emu, tmp_path, redis_url=clean_redis):
            if point == "owed":  # never committed: the press is lost, the player presses again
                assert before == []
                fresh = [m for m in emu.bot_messages(group) if "⚔️ Атаковать" in m.button_texts]
                await emu.press_button(users[1], fresh[-1], "⚔️ Атаковать")
            expected = 2 if point == "unmarked" else 1
            await until(emu, lambda: len(_dice_messages(emu, group)) >= expected)
            if point == "unmarked":
                await _the_stray_copy_is_stale(emu, users[0], *_dice_messages(emu, group))
            await until(emu, lambda: _retired(emu, group, _dice_messages(emu, group)))
        # Stopped gracefully: the delivery under way was finished and marked, so nothing of it
        # is owed any more and no repeat can come later.
        sent = counted(received(emu, group.id))  # what Telegram received (shown with -s)
        record_property("telegram_received", sent)
        print(f"\nkilled at {point}; Telegram received: {sent}")
        dice = _dice_messages(emu, group)
        # Sent and killed before its mark: the one message that may repeat (README: delivery).
        assert len(dice) == (2 if point == "unmarked" else 1)
        result = dice[-1]
        assert "🗡 Арья → Бран" in result.body and "🗡 Бран → Арья" in result.body
        if "окончен" not in result.body:  # the fight goes on: round 2 waits under the dice
            assert "Раунд 2" in result.body and "⚔️ Атаковать" in result.button_texts
        older = [m for m in emu.bot_messages(group) if m.message_id < result.message_id]
        assert all(not m.buttons for m in older if m not in dice)  # ended steps lost buttons
        assert await _owed_left(url) == 0
        log = (tmp_path / "bot.log").read_text(encoding="utf-8")
        assert "Traceback" not in log


async def test_a_kill_between_two_owed_messages_still_prompts_the_chooser(
    tmp_path: Path, clean_redis: str
) -> None:
    """Three fighters: starting the fight owes the group's edit and the first chooser's
    private prompt; the kill comes after the step is saved, as the prompt is about to go."""
    url = f"sqlite://{tmp_path / 'bot.sqlite3'}"
    async with TelegramEmulator(TOKEN, bot_username="gm_test_bot") as emu:
        users = [emu.add_user(f"Игрок {n}", language_code="ru", started=True) for n in NAMES]
        group = emu.add_group("Подземелье", admins=[users[0]], members=users[1:])
        kill = {"GM_KILL_AT": "sending@ваш черёд выбрать"}
        async with bot_process(emu, tmp_path, redis_url=clean_redis, extra_env=kill) as first:
            await _set_up(url, group.id, [u.id for u in users])
            await emu.send_text(users[0], group, "/fight 2")
            live = await emu.wait_for_message(group, timeout=30)
            await emu.press_button(users[2], live, "Вступить")
            await until(emu, lambda: "Вера" in emu.bot_messages(group)[-1].body)
            await emu.press_button(users[0], live, "Начать")
            async with asyncio.timeout(30):
                await first.wait()
        assert first.returncode == -9
        assert not _prompts(emu, users)  # killed before the prompt went out
        async with bot_process(emu, tmp_path, redis_url=clean_redis):
            await until(emu, lambda: _prompts(emu, users))
        assert len(_prompts(emu, users)) == 1
        chooser = _prompts(emu, users)[0].chat.id
        status = emu.bot_messages(group)[-1]
        assert "Соперника выбирает" in status.body
        assert [e for e in status.entities if e.get("user", {}).get("id") == chooser] or any(
            str(chooser) in str(e.get("url", "")) for e in status.entities
        )
        assert await _owed_left(url) == 0


def _prompts(emu: TelegramEmulator, users: list[EmuUser]) -> list[EmuMessage]:
    return [
        m
        for user in users
        for m in emu.bot_messages(emu.private_chat(user))
        if m.buttons and "Бой №1" in m.body
    ]

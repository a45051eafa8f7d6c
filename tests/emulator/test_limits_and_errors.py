"""Flood limits (429), injected errors and 403s for blocked / never-started users."""

from __future__ import annotations

import pytest
from aiogram import Bot
from aiogram.exceptions import TelegramBadRequest, TelegramForbiddenError, TelegramRetryAfter

from tests.telegram_emulator import TelegramEmulator

from .conftest import TOKEN


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def test_per_chat_and_group_limits() -> None:
    clock = FakeClock()
    async with TelegramEmulator(TOKEN, clock=clock) as emu:
        bot = emu.create_bot()
        try:
            alice = emu.add_user("Alice", started=True)
            group = emu.add_group("Table", members=[alice])
            await bot.send_message(alice.id, "one")
            await bot.send_message(alice.id, "unlimited by default")

            emu.enforce_limits = True
            await bot.send_message(alice.id, "first")
            with pytest.raises(TelegramRetryAfter) as caught:
                await bot.send_message(alice.id, "too fast")
            assert caught.value.retry_after == 1
            record = emu.calls("sendMessage")[-1]
            assert record.status == 429
            assert record.response == {
                "ok": False,
                "error_code": 429,
                "description": "Too Many Requests: retry after 1",
                "parameters": {"retry_after": 1},
            }
            clock.now += 1.0
            await bot.send_message(alice.id, "after waiting")

            for _ in range(20):  # 1 message per second keeps the per-chat limit happy
                await bot.send_message(group.id, "spam")
                clock.now += 1.0
            with pytest.raises(TelegramRetryAfter) as caught:
                await bot.send_message(group.id, "21st within a minute")
            assert caught.value.retry_after == 40
        finally:
            await bot.session.close()


async def test_fail_next_injects_an_error_once(emu: TelegramEmulator, bot: Bot) -> None:
    alice = emu.add_user("Alice", started=True)
    sent = await bot.send_message(alice.id, "v1")
    emu.fail_next(
        "editMessageText",
        error_code=400,
        description="Bad Request: message is not modified: injected",
    )
    with pytest.raises(TelegramBadRequest, match="message is not modified: injected"):
        await bot.edit_message_text(text="v2", chat_id=alice.id, message_id=sent.message_id)
    assert emu.bot_messages(emu.private_chat(alice))[0].text == "v1"
    await bot.edit_message_text(text="v2", chat_id=alice.id, message_id=sent.message_id)
    assert emu.bot_messages(emu.private_chat(alice))[0].text == "v2"

    emu.fail_next("sendMessage", 429, retry_after=7, when=lambda p: p.get("text") == "b")
    await bot.send_message(alice.id, "a")
    with pytest.raises(TelegramRetryAfter) as caught:
        await bot.send_message(alice.id, "b")
    assert caught.value.retry_after == 7


async def test_blocked_and_never_started_users(emu: TelegramEmulator, bot: Bot) -> None:
    stranger = emu.add_user("Stranger")
    with pytest.raises(TelegramForbiddenError, match="bot can't initiate conversation"):
        await bot.send_message(stranger.id, "hi")

    alice = emu.add_user("Alice")
    await emu.send_text(alice, "/start")
    await bot.send_message(alice.id, "welcome")
    await emu.block_bot(alice)
    with pytest.raises(TelegramForbiddenError) as caught:
        await bot.send_message(alice.id, "are you there?")
    assert caught.value.message == "Forbidden: bot was blocked by the user"
    assert emu.calls("sendMessage")[-1].response["error_code"] == 403
    update = emu.last_update
    assert update is not None and update.kind == "my_chat_member"
    assert update.payload["new_chat_member"]["status"] == "kicked"

    await emu.unblock_bot(alice)
    await bot.send_message(alice.id, "welcome back")


async def test_kicked_bot_cannot_post(emu: TelegramEmulator, bot: Bot) -> None:
    gm = emu.add_user("Gm")
    group = emu.add_group("Table", admins=[gm])
    await emu.set_bot_status(group, "kicked")
    with pytest.raises(TelegramForbiddenError, match="bot was kicked from the supergroup chat"):
        await bot.send_message(group.id, "hello?")

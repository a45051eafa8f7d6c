"""An aiogram Dispatcher polling the emulator with getUpdates."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from aiogram import Bot, Dispatcher, F, Router
from aiogram.exceptions import TelegramConflictError
from aiogram.filters import Command, CommandObject, CommandStart
from aiogram.types import (
    CallbackQuery,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    Message,
    TelegramObject,
    Update,
)

from tests.telegram_emulator import TelegramEmulator

from .conftest import running_polling


def build_dispatcher(seen_update_ids: list[int] | None = None) -> Dispatcher:
    router = Router()

    @router.message(CommandStart(deep_link=True))
    async def start_with_payload(message: Message, command: CommandObject) -> None:
        await message.answer(f"Welcome via <b>{command.args}</b>", parse_mode="HTML")

    @router.message(CommandStart())
    async def start(message: Message) -> None:
        user = message.from_user
        assert user is not None
        markup = InlineKeyboardMarkup(
            inline_keyboard=[[InlineKeyboardButton(text="Roll", callback_data="roll")]]
        )
        await message.answer(f"Hello, {user.first_name}!", reply_markup=markup)

    @router.message(Command("roll"))
    async def roll(message: Message, command: CommandObject) -> None:
        await message.reply(f"Rolling {command.args or '1d20'}")

    @router.callback_query(F.data == "roll")
    async def pressed(query: CallbackQuery) -> None:
        assert isinstance(query.message, Message)
        await query.message.edit_text("You rolled 4")
        await query.answer("Done")

    dp = Dispatcher()
    if seen_update_ids is not None:
        ids = seen_update_ids

        async def remember(
            handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
            event: TelegramObject,
            data: dict[str, Any],
        ) -> Any:
            if isinstance(event, Update):
                ids.append(event.update_id)
            return await handler(event, data)

        dp.update.outer_middleware(remember)
    dp.include_router(router)
    return dp


async def test_polling_start_and_button_flow(emu: TelegramEmulator, bot: Bot) -> None:
    alice = emu.add_user("Alice", language_code="ru")
    chat = emu.private_chat(alice)
    async with running_polling(build_dispatcher(), bot):
        await emu.send_text(alice, "/start")
        hello = await emu.wait_for_message(chat)
        assert hello.text == "Hello, Alice!"
        assert hello.button_texts == ["Roll"]

        query_id = await emu.press_button(alice, hello, "Roll")
        answer = await emu.wait_for_callback_answer(query_id)
        assert answer.text == "Done" and not answer.show_alert
        assert hello.text == "You rolled 4"
        assert hello.buttons == []  # editMessageText without reply_markup drops the keyboard

        await emu.open_deep_link(alice, "campaign_42")
        welcome = await emu.wait_for_message(chat)
        assert welcome.text == "Welcome via campaign_42"
        assert welcome.html == "Welcome via <b>campaign_42</b>"
        await emu.wait_until_delivered()


async def test_group_commands_with_bot_mention(emu: TelegramEmulator, bot: Bot) -> None:
    gm, alice = emu.add_user("Gm"), emu.add_user("Alice")
    group = emu.add_group("Table", admins=[gm], members=[alice])
    async with running_polling(build_dispatcher(), bot):
        await emu.send_text(alice, group, "/roll@gm_test_bot 2d6")
        reply = await emu.wait_for_message(group)
        assert reply.text == "Rolling 2d6"
        assert reply.reply_to is not None and reply.reply_to.sender is alice

        await emu.send_text(alice, group, "/roll@other_bot 3d6")
        await emu.expect_no_message(group, timeout=0.3)
        await emu.send_text(alice, group, "/roll 4d6")
        assert (await emu.wait_for_message(group)).text == "Rolling 4d6"


async def test_redelivered_update_keeps_its_id(emu: TelegramEmulator, bot: Bot) -> None:
    alice = emu.add_user("Alice")
    seen: list[int] = []
    async with running_polling(build_dispatcher(seen), bot):
        message = await emu.send_text(alice, "/roll 1d4")
        await emu.wait_for_message(emu.private_chat(alice))
        update = emu.last_update
        assert update is not None
        emu.redeliver(message)
        await emu.wait_for_message(emu.private_chat(alice))
    assert seen == [update.update_id, update.update_id]


async def test_get_updates_offsets_and_allowed_updates(emu: TelegramEmulator, bot: Bot) -> None:
    alice = emu.add_user("Alice")
    await emu.send_text(alice, "one")
    await emu.send_text(alice, "two")
    first = await bot.get_updates(timeout=0)
    assert [u.message.text for u in first if u.message] == ["one", "two"]
    assert first[1].update_id == first[0].update_id + 1
    again = await bot.get_updates(offset=first[0].update_id + 1)  # confirms "one"
    assert [u.update_id for u in again] == [first[1].update_id]

    # long polling returns as soon as an update arrives
    poll = asyncio.create_task(bot.get_updates(offset=first[1].update_id + 1, timeout=5))
    await emu.wait_for_poller(timeout=2)
    await emu.send_text(alice, "three")
    got = await asyncio.wait_for(poll, 2)
    assert [u.message.text for u in got if u.message] == ["three"]

    await bot.get_updates(offset=got[0].update_id + 1, allowed_updates=["callback_query"])
    await emu.send_text(alice, "filtered out")
    assert await bot.get_updates(timeout=0) == []


async def test_second_poller_terminates_the_first(emu: TelegramEmulator, bot: Bot) -> None:
    first = asyncio.create_task(bot.get_updates(timeout=5))
    await emu.wait_for_poller(timeout=2)
    other = emu.create_bot()
    try:
        assert await other.get_updates(timeout=0) == []
    finally:
        await other.session.close()
    with pytest.raises(TelegramConflictError, match="terminated by other getUpdates request"):
        await asyncio.wait_for(first, 2)


async def test_get_updates_conflicts_with_webhook(emu: TelegramEmulator, bot: Bot) -> None:
    await bot.set_webhook("http://127.0.0.1:9/hook")
    with pytest.raises(TelegramConflictError, match="webhook is active"):
        await bot.get_updates()
    await bot.delete_webhook()
    assert await bot.get_updates(timeout=0) == []

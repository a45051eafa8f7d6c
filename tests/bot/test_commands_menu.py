"""Command menus are registered per scope and language."""

from __future__ import annotations

import orjson
from aiogram.types import (
    BotCommandScopeAllChatAdministrators,
    BotCommandScopeAllGroupChats,
    BotCommandScopeAllPrivateChats,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
)

from bot.commands import GROUP_COMMANDS, PRIVATE_COMMANDS, register_commands
from bot.i18n import Translator
from bot.session import make_bot
from tests.bot.conftest import TOKEN
from tests.telegram_emulator import TelegramEmulator


async def test_menus_for_private_group_and_admins_in_ru_and_en(emu: TelegramEmulator) -> None:
    bot = make_bot(TOKEN, emu.base_url)
    try:
        await register_commands(bot, Translator("ru"))
        private_ru = await bot.get_my_commands(
            scope=BotCommandScopeAllPrivateChats(), language_code="ru"
        )
        private_en = await bot.get_my_commands(
            scope=BotCommandScopeAllPrivateChats(), language_code="en"
        )
        group = await bot.get_my_commands(scope=BotCommandScopeAllGroupChats(), language_code="ru")
        admins = await bot.get_my_commands(scope=BotCommandScopeAllChatAdministrators())
    finally:
        await bot.session.close()
    assert [c.command for c in private_ru] == list(PRIVATE_COMMANDS)
    assert [c.command for c in group] == list(GROUP_COMMANDS)
    assert admins
    roll_ru = next(c for c in private_ru if c.command == "roll")
    roll_en = next(c for c in private_en if c.command == "roll")
    assert roll_ru.description.startswith("Бросить")
    assert roll_en.description.startswith("Roll")


async def test_the_session_speaks_json_through_orjson(emu: TelegramEmulator) -> None:
    """Keyboards are encoded and answers decoded by orjson, as the emulator (Telegram) reads."""
    bot = make_bot(TOKEN, emu.base_url)
    try:
        assert bot.session.json_loads is orjson.loads
        assert (
            bot.session.json_dumps({"text": "Бой", "n": [1, None]}) == '{"text":"Бой","n":[1,null]}'
        )
        group = emu.add_group("Таверна", members=[emu.add_user("Игрок", language_code="ru")])
        markup = InlineKeyboardMarkup(
            inline_keyboard=[[InlineKeyboardButton(text="⚔️ Атаковать", callback_data="x:1")]]
        )
        sent = await bot.send_message(group.id, "<b>Раунд 1</b>", reply_markup=markup)
    finally:
        await bot.session.close()
    assert sent.reply_markup is not None
    answered = sent.reply_markup.inline_keyboard[0][0]
    assert (answered.text, answered.callback_data) == ("⚔️ Атаковать", "x:1")
    stored = emu.bot_messages(group)[-1]
    assert stored.text == "Раунд 1"
    assert stored.reply_markup == {
        "inline_keyboard": [[{"text": "⚔️ Атаковать", "callback_data": "x:1"}]]
    }

"""What the pool world's handlers share: who acts, admin checks, private messages."""

from __future__ import annotations

import logging
from collections.abc import Iterable

from aiogram import Bot
from aiogram.exceptions import TelegramBadRequest, TelegramForbiddenError
from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup, Message
from aiogram.utils.deep_linking import create_start_link

from bot.i18n import L10n, Translator
from bot.services import users
from bot.services.world_play import GROUP_CHATS, Actor, actor_in_chat

logger = logging.getLogger(__name__)


def in_group(message: Message) -> bool:
    return message.chat.type in GROUP_CHATS


async def actor_of(message: Message) -> Actor:
    assert message.from_user is not None
    return await actor_in_chat(message.chat.id, message.chat.type, message.from_user.id)


async def user_l10n(translator: Translator, user_id: int, fallback: str) -> L10n:
    """The locale a user's private messages use: theirs if known, else the game's."""
    return translator.for_locale(await users.language_of(user_id) or fallback)


async def users_l10n(
    translator: Translator, user_ids: Iterable[int], fallback: str
) -> dict[int, L10n]:
    """:func:`user_l10n` for several users, read at once."""
    ids = list(user_ids)
    known = await users.languages_of(ids)
    return {user_id: translator.for_locale(known.get(user_id) or fallback) for user_id in ids}


async def send_private(bot: Bot, user_id: int, text: str) -> bool:
    """Send to the user's private chat; False (logged) if they never opened it or blocked us."""
    try:
        await bot.send_message(user_id, text)
    except (TelegramForbiddenError, TelegramBadRequest) as error:
        logger.info("no private message to %s: %s", user_id, error.message)
        return False
    return True


async def private_link(bot: Bot, l10n: L10n) -> InlineKeyboardMarkup:
    """A button that opens the private chat with the bot."""
    button = InlineKeyboardButton(
        text=l10n.text("world-open-private"), url=await create_start_link(bot, "")
    )
    return InlineKeyboardMarkup(inline_keyboard=[[button]])


async def answer_privately(message: Message, bot: Bot, l10n: L10n, text: str) -> None:
    """Answer in private (the hall is a secret); in the group only say where the answer went."""
    assert message.from_user is not None
    if not in_group(message):
        await message.answer(text)
        return
    if await send_private(bot, message.from_user.id, text):
        await message.reply(l10n.text("world-answered-privately"))
    else:
        await message.reply(
            l10n.text("world-private-needed"), reply_markup=await private_link(bot, l10n)
        )

"""Can the bot read a group's plain messages? Telegram's privacy mode (BotFather's default)
lets a bot that is not an administrator see, in a group, only commands, replies to its own
messages and mentions of it. /newgame and /game tell the game's administrator once per command
what to do when the bot cannot read; the game itself only needs replies (see the d20
narration prompt)."""

from __future__ import annotations

import logging

from aiogram import Bot
from aiogram.exceptions import TelegramAPIError
from aiogram.types import Message

from bot.i18n import L10n
from bot.services.permissions import ADMIN_STATUSES

logger = logging.getLogger(__name__)


async def can_read_group(bot: Bot, chat_id: int) -> bool:
    """True when privacy mode is off for this bot (getMe, cached by aiogram) or the bot is an
    administrator of the chat; also when Telegram cannot tell, to warn nobody wrongly."""
    me = await bot.me()
    if me.can_read_all_group_messages:
        return True
    try:
        member = await bot.get_chat_member(chat_id, me.id)
    except TelegramAPIError as error:
        logger.warning("chat %s: cannot check the bot's own status: %s", chat_id, error.message)
        return True
    return member.status in ADMIN_STATUSES


async def warn_if_unread(message: Message, bot: Bot, l10n: L10n) -> None:
    """One message to the administrator who sent ``message`` when the bot cannot read the
    group: how to let it (and that the game works meanwhile)."""
    if await can_read_group(bot, message.chat.id):
        return
    me = await bot.me()
    await message.reply(l10n.text("privacy-cannot-read", bot=f"@{me.username}"))

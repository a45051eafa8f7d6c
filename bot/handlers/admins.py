"""Is the sender of a group message one of the game's administrators? (the chat's admins and
``ADMIN_IDS``); the one check every admin command starts with."""

from __future__ import annotations

from aiogram import Bot
from aiogram.types import Message

from bot.config import Settings
from bot.services.permissions import may_administer


async def sender_is_admin(message: Message, bot: Bot, settings: Settings | None) -> bool:
    assert message.from_user is not None
    return await may_administer(bot, message.chat.id, message.from_user.id, settings)

"""Who may act: chat administrators and the bot's ADMIN_IDS."""

from __future__ import annotations

from aiogram import Bot
from aiogram.enums import ChatMemberStatus
from aiogram.exceptions import TelegramAPIError

from bot.config import Settings

ADMIN_STATUSES = {ChatMemberStatus.CREATOR, ChatMemberStatus.ADMINISTRATOR}


async def is_game_admin(bot: Bot, chat_id: int, user_id: int, admin_ids: frozenset[int]) -> bool:
    """True for ``ADMIN_IDS`` and for the group's creator and administrators."""
    if user_id in admin_ids:
        return True
    try:
        member = await bot.get_chat_member(chat_id, user_id)
    except TelegramAPIError:
        return False
    return member.status in ADMIN_STATUSES


def admin_ids_of(settings: Settings | None) -> frozenset[int]:
    return settings.admin_ids if settings else frozenset()


async def may_administer(bot: Bot, chat_id: int, user_id: int, settings: Settings | None) -> bool:
    """:func:`is_game_admin` with the ``ADMIN_IDS`` of ``settings``."""
    return await is_game_admin(bot, chat_id, user_id, admin_ids_of(settings))

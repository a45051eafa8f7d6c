"""The bot's own membership: a group that removes the bot ends its game quietly; a user who
blocks the bot (or unblocks it) is remembered as unreachable (reachable) in private."""

from __future__ import annotations

import logging

from aiogram import F, Router
from aiogram.filters import JOIN_TRANSITION, LEAVE_TRANSITION, ChatMemberUpdatedFilter
from aiogram.types import ChatMemberUpdated

from bot.db.models import User
from bot.services import games
from bot.services.errors import NoActiveGame
from bot.services.runtime import Runtime

logger = logging.getLogger(__name__)
GROUP_CHATS = {"group", "supergroup"}


def build_router() -> Router:
    router = Router(name="membership")
    groups = F.chat.type.in_(GROUP_CHATS)
    private = F.chat.type == "private"
    router.my_chat_member.register(
        removed_from_group, groups, ChatMemberUpdatedFilter(LEAVE_TRANSITION)
    )
    router.my_chat_member.register(blocked, private, ChatMemberUpdatedFilter(LEAVE_TRANSITION))
    router.my_chat_member.register(unblocked, private, ChatMemberUpdatedFilter(JOIN_TRANSITION))
    return router


async def removed_from_group(event: ChatMemberUpdated, runtime: Runtime) -> None:
    """Nobody can play there any more: end the game (its seed becomes public), send nothing."""
    try:
        game = await games.end_game(event.chat.id, runtime.locks)
    except NoActiveGame:
        return
    logger.info("removed from chat %s: game %s ended", event.chat.id, game.id)


async def blocked(event: ChatMemberUpdated) -> None:
    await User.filter(telegram_id=event.chat.id).update(started=False)


async def unblocked(event: ChatMemberUpdated) -> None:
    await User.filter(telegram_id=event.chat.id).update(started=True)

"""The bot's own membership: a group that removes the bot ends its game quietly; a group that
becomes a supergroup takes its game to its new chat id; a user who blocks the bot (or unblocks
it) is remembered as unreachable (reachable) in private."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from functools import partial

from aiogram import Bot, F, Router
from aiogram.filters import JOIN_TRANSITION, LEAVE_TRANSITION, ChatMemberUpdatedFilter
from aiogram.types import ChatMemberUpdated, Message

from bot.db.models import User
from bot.handlers.games import SYSTEM_NAMES
from bot.i18n import Translator
from bot.services import chat_moves, games
from bot.services.errors import NoActiveGame
from bot.services.outbox import Outgoing
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
    # The upgrade says so twice: in the new supergroup ("from") and in the old group ("to").
    router.message.register(moved_here, F.migrate_from_chat_id)
    router.message.register(moved_away, F.migrate_to_chat_id)
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


async def moved_here(message: Message, bot: Bot, translator: Translator) -> None:
    assert message.migrate_from_chat_id is not None
    await move_chat(bot, translator, message.migrate_from_chat_id, message.chat.id)


async def moved_away(message: Message, bot: Bot, translator: Translator) -> None:
    assert message.migrate_to_chat_id is not None
    await move_chat(bot, translator, message.chat.id, message.migrate_to_chat_id)


async def move_chat(bot: Bot, translator: Translator, old: int, new: int) -> None:
    """The group's game to its new chat id (:func:`bot.services.chat_moves.move_chat`), the
    group told with :func:`compose_moved`."""
    await chat_moves.move_chat(old, new, partial(compose_moved, bot, translator))


async def compose_moved(
    bot: Bot, translator: Translator, moved: chat_moves.ChatMoved
) -> Sequence[Outgoing]:
    """A word in the new supergroup that nothing was lost, then the fights' buttons again."""
    l10n = translator.for_locale(moved.game.locale)
    system = l10n.text(SYSTEM_NAMES[moved.game.system])
    text = l10n.text("game-chat-moved", system=system)
    if moved.again:
        text = f"{text}\n{l10n.text('game-chat-moved-buttons')}"
    chat_id = moved.game.active_chat_id
    assert chat_id is not None
    return [Outgoing(chat_id, text), *moved.again]


async def blocked(event: ChatMemberUpdated) -> None:
    await User.filter(telegram_id=event.chat.id).update(started=False)


async def unblocked(event: ChatMemberUpdated) -> None:
    await User.filter(telegram_id=event.chat.id).update(started=True)

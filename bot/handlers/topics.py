"""Forum supergroups: the topic a message belongs to, and ``/halls`` binding halls to topics."""

from __future__ import annotations

from aiogram import Bot, F, Router
from aiogram.filters import Command, CommandObject
from aiogram.types import Message

from bot.config import Settings
from bot.db.models import Game
from bot.handlers.replies import refuse
from bot.i18n import L10n
from bot.services import games
from bot.services.errors import BadNumber, NotAdmin, ServiceError
from bot.services.permissions import is_game_admin
from bot.services.topics import bind_hall, hall_topics

GROUP_CHATS = {"group", "supergroup"}


def topic_of(message: Message) -> int | None:
    """The forum topic of ``message``; None in the general chat and in groups without topics
    (where ``message_thread_id`` only marks a reply thread)."""
    return message.message_thread_id if message.is_topic_message else None


def build_router() -> Router:
    router = Router(name="topics")
    router.message.register(halls, Command("halls"), F.chat.type.in_(GROUP_CHATS))
    return router


async def halls(
    message: Message, command: CommandObject, bot: Bot, l10n: L10n, settings: Settings | None
) -> None:
    """``/halls``: the bindings. ``/halls N`` in a topic: hall N's news goes there; in the
    general chat: hall N is unbound. Admins only."""
    assert message.from_user is not None
    admin_ids = settings.admin_ids if settings else frozenset()
    try:
        game = await games.require_game(message.chat.id)
        if not await is_game_admin(bot, message.chat.id, message.from_user.id, admin_ids):
            raise NotAdmin()
        args = (command.args or "").strip()
        if not args:
            await message.reply(_listing(l10n, game))
            return
        if not args.isdigit():
            await message.reply(l10n.text("halls-usage"))
            return
        hall, thread = int(args), topic_of(message)
        try:
            await bind_hall(game, hall, thread)
        except BadNumber:
            await message.reply(l10n.text("halls-bad-hall", high=games.settings_of(game).halls))
            return
    except ServiceError as error:
        await refuse(message, l10n, error)
        return
    text = "halls-bound" if thread is not None else "halls-unbound"
    await message.reply(l10n.text(text, hall=hall))


def _listing(l10n: L10n, game: Game) -> str:
    bound = hall_topics(game)
    lines = [l10n.text("halls-title")]
    for hall in range(1, games.settings_of(game).halls + 1):
        thread = bound.get(hall)
        if thread is None:
            lines.append(l10n.text("halls-line-free", hall=hall))
        else:
            lines.append(l10n.text("halls-line-bound", hall=hall, topic=thread))
    lines.append(l10n.text("halls-usage"))
    return "\n".join(lines)

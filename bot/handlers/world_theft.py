"""/steal N: theft from an awake character of one's hall (in the game's group or in private).
The answer is the thief's secret: private, and the group only learns that it went there."""

from __future__ import annotations

from functools import partial

from aiogram import Bot, Router
from aiogram.filters import Command, CommandObject
from aiogram.types import Message

from bot.handlers.topics import answering_to
from bot.handlers.world_common import actor_of, user_l10n
from bot.i18n import L10n, Translator
from bot.services import outbox, theft
from bot.services.numbers import parse_ordinal
from bot.services.outbox import Outgoing
from bot.services.runtime import Runtime
from bot.services.theft import TheftNews
from bot.views.theft import thief_text, victim_text


def build_router() -> Router:
    router = Router(name="world_theft")
    router.message.register(steal, Command("steal"))
    return router


async def steal(
    message: Message,
    command: CommandObject,
    bot: Bot,
    l10n: L10n,
    translator: Translator,
    runtime: Runtime,
) -> None:
    """``/steal N``: try to rob character N; anything else gets the usage."""
    args = (command.args or "").split()
    number = parse_ordinal(args[0]) if len(args) == 1 else None
    if number is None:
        await message.reply(l10n.text("world-steal-usage"))
        return
    actor = await actor_of(message)
    with answering_to(message):
        await theft.attempt(actor, number, runtime, partial(compose, bot, translator))


async def compose(bot: Bot, translator: Translator, news: TheftNews) -> list[Outgoing]:
    """The thief's answer in private (a neutral line in the group when asked there); a failed
    attempt tells the victim, in private."""
    game, me = news.actor.game, news.actor.row
    command = outbox.answered()
    chat_id = command.chat_id if command is not None else me.user_id
    mine = await user_l10n(translator, me.user_id, game.locale)
    told = thief_text(mine, news, news.thief)
    owed: list[Outgoing] = []
    if chat_id != me.user_id:
        group = translator.for_locale(game.locale)
        owed += [outbox.reply(chat_id, group.text("world-steal-answered"))]
        owed += [Outgoing(me.user_id, told)]
    else:
        owed += [outbox.reply(chat_id, told)]
    if not news.theft.success:
        theirs = await user_l10n(translator, news.victim_owner, game.locale)
        owed.append(Outgoing(news.victim_owner, victim_text(theirs, news, news.thief)))
    return owed

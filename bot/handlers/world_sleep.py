"""Sleep: /sleep, /wake N, /guard N, /snatch N (in the game's group or in private). The service
owes the line, as a reply to the command where it was typed (:func:`compose`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import partial

from aiogram import Bot, Router
from aiogram.filters import Command, CommandObject
from aiogram.types import Message

from bot.handlers.topics import answering_to
from bot.handlers.world_common import actor_of, user_l10n
from bot.i18n import L10n, Translator
from bot.services import outbox, world_actions
from bot.services.errors import ServiceError
from bot.services.numbers import parse_ordinal
from bot.services.outbox import Compose, Outgoing
from bot.services.runtime import Runtime
from bot.services.world_actions import SleeperNews, Tending
from bot.services.world_play import Actor
from bot.views.world_items import place_to
from rules.errors import Code

DONE = {Tending.WAKE: "world-wake-done", Tending.GUARD: "world-guard-done"}


def build_router() -> Router:
    router = Router(name="world_sleep")
    router.message.register(sleep, Command("sleep"))
    router.message.register(on_sleeper, Command(*ON_SLEEPER))
    return router


def _number(command: CommandObject) -> int | None:
    return parse_ordinal(command.args)


async def sleep(message: Message, bot: Bot, translator: Translator, runtime: Runtime) -> None:
    actor = await actor_of(message)
    with answering_to(message):
        await world_actions.sleep(actor, runtime, partial(compose, bot, translator))


SleeperAction = Callable[[Actor, int, Runtime, Compose[SleeperNews]], Awaitable[object]]
ON_SLEEPER: dict[str, tuple[SleeperAction, str]] = {  # each command's action and usage
    "wake": (world_actions.wake, "world-wake-usage"),
    "guard": (world_actions.guard_sleeper, "world-guard-usage"),
    "snatch": (world_actions.snatch, "world-snatch-usage"),
}


async def on_sleeper(
    message: Message,
    command: CommandObject,
    bot: Bot,
    l10n: L10n,
    translator: Translator,
    runtime: Runtime,
) -> None:
    """/wake N, /guard N, /snatch N: the action on sleeper N, or its usage. ``/snatch N coins``
    asks to steal something else than the sword, which the rules forbid."""
    action, usage = ON_SLEEPER[command.command]
    if command.command == "snatch" and len((command.args or "").split()) > 1:
        raise ServiceError(Code.STEAL_FROM_SLEEPER)
    number = _number(command)
    if number is None:
        await message.reply(l10n.text(usage))
        return
    actor = await actor_of(message)
    with answering_to(message):
        await action(actor, number, runtime, partial(compose, bot, translator))


async def compose(bot: Bot, translator: Translator, news: SleeperNews) -> list[Outgoing]:
    """The line where the command was typed: the group in the game's locale, a private chat
    in the player's."""
    game, me = news.actor.game, news.actor.row
    command = outbox.answered()
    chat_id = command.chat_id if command is not None else game.chat_id
    if chat_id == game.chat_id:
        l10n = translator.for_locale(game.locale)
    else:
        l10n = await user_l10n(translator, me.user_id, game.locale)
    sleeper = news.sleeper
    if news.to is None and news.tending is None:
        text = l10n.text(
            "world-sleep-done", name=me.name, number=me.number, gender=sleeper.gender.value
        )
        return [outbox.reply(chat_id, text)]
    about: dict[str, object] = {"name": me.name, "number": sleeper.number}
    about |= {"sleeper": sleeper.name, "sleeper_gender": sleeper.gender.value}
    if news.to is not None and chat_id == game.chat_id:
        # Where the sword went tells what the snatcher holds (items are a secret): in private.
        mine = await user_l10n(translator, me.user_id, game.locale)
        told = mine.text("world-snatch-yours", place=place_to(mine, news.to))
        text = l10n.text("world-snatch-done-public", **about)
        return [outbox.reply(chat_id, text), outbox.Outgoing(me.user_id, told)]
    if news.to is not None:
        text = l10n.text("world-snatch-done", place=place_to(l10n, news.to), **about)
    else:
        text = l10n.text(DONE[news.tending or Tending.WAKE], **about)
    return [outbox.reply(chat_id, text)]

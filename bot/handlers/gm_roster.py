"""``/kick N reason``, ``/heal N [hp] reason`` and ``/rest reason`` (every system): a game
master's interventions on the roster, each with a reason for /log like the rest of
:mod:`bot.handlers.gm`."""

from __future__ import annotations

from functools import partial

from aiogram import Bot, F, Router
from aiogram.filters import Command, CommandObject
from aiogram.types import Message

from bot.config import Settings
from bot.handlers import gm_notices
from bot.handlers.gm import actor_of, admin_game, number_arg, usage
from bot.handlers.topics import answering_to
from bot.i18n import L10n, Translator
from bot.services import gm_rest, gm_roster
from bot.services.numbers import parse_ordinal
from bot.services.runtime import Runtime

GROUP_CHATS = frozenset({"group", "supergroup"})


def build_router() -> Router:
    router = Router(name="gm_roster")
    in_group = F.chat.type.in_(GROUP_CHATS)
    router.message.register(kick, Command("kick"), in_group)
    router.message.register(heal, Command("heal"), in_group)
    router.message.register(rest, Command("rest"), in_group)
    return router


async def kick(
    message: Message,
    command: CommandObject,
    bot: Bot,
    l10n: L10n,
    translator: Translator,
    runtime: Runtime,
    settings: Settings | None,
) -> None:
    """An admin removes character N from play; the row stays as history."""
    args = (command.args or "").split()
    game = await admin_game(message, bot, settings)
    number = parse_ordinal(args[0]) if args else None
    reason = " ".join(args[1:])
    if number is None or not reason:
        return await usage(message, l10n, "kick-usage")
    with answering_to(message):
        told = partial(gm_notices.kicked, bot, translator)
        await gm_roster.kick(game, number, actor_of(message), reason, runtime, told)


async def heal(
    message: Message,
    command: CommandObject,
    bot: Bot,
    l10n: L10n,
    translator: Translator,
    runtime: Runtime,
    settings: Settings | None,
) -> None:
    """``/heal N reason`` to full, ``/heal N hp reason`` to that value (any system)."""
    args = (command.args or "").split()
    game = await admin_game(message, bot, settings)
    number = number_arg(args[0]) if args else None
    hp = number_arg(args[1]) if len(args) > 1 else None
    reason = " ".join(args[1 if hp is None else 2 :])
    if number is None or not reason:
        return await usage(message, l10n, "heal-usage")
    with answering_to(message):
        told = partial(gm_notices.healed, bot, translator)
        await gm_roster.heal(game, number, hp, actor_of(message), reason, runtime, told)


async def rest(
    message: Message,
    command: CommandObject,
    bot: Bot,
    l10n: L10n,
    translator: Translator,
    runtime: Runtime,
    settings: Settings | None,
) -> None:
    """``/rest reason``: a long rest, every living character of the game to full health."""
    game = await admin_game(message, bot, settings)
    reason = (command.args or "").strip()
    if not reason:
        return await usage(message, l10n, "rest-usage")
    with answering_to(message):
        told = partial(gm_notices.rested, bot, translator)
        await gm_rest.rest(game, actor_of(message), reason, runtime, told)

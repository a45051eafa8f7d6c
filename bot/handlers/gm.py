"""A game master's commands in the group, each with a reason for the log: /give, /revive,
/place, /pause, /resume. Without a reason the answer is the usage with an example, and nothing
changes; with one, the service owes the group its line, as a reply to the command
(:mod:`bot.handlers.gm_notices`)."""

from __future__ import annotations

import functools
import logging

from aiogram import Bot, F, Router
from aiogram.filters import Command, CommandObject
from aiogram.types import Message

from bot.config import Settings
from bot.db.models import Game, GameSystem
from bot.handlers import gm_notices
from bot.handlers.admins import sender_is_admin
from bot.handlers.topics import answering_to
from bot.i18n import L10n, Translator
from bot.services import games, gm_edits
from bot.services.errors import Refusal, ServiceError
from bot.services.gm_log import Actor
from bot.services.numbers import parse_int
from bot.services.runtime import Runtime
from rules.pool.model import Item

logger = logging.getLogger(__name__)
GROUP_CHATS = frozenset({"group", "supergroup"})
COMMANDS = ("give", "revive", "place", "pause", "resume")


def build_router() -> Router:
    router = Router(name="gm")
    in_group = F.chat.type.in_(GROUP_CHATS)
    router.message.register(give, Command("give"), in_group)
    router.message.register(revive, Command("revive"), in_group)
    router.message.register(place, Command("place"), in_group)
    router.message.register(pause, Command("pause"), in_group)
    router.message.register(resume, Command("resume"), in_group)
    router.message.register(group_only, Command(*COMMANDS))
    return router


async def group_only(message: Message) -> None:
    raise ServiceError(Refusal.GROUP_ONLY)


@functools.cache
def item_words(translator: Translator) -> dict[str, Item]:
    """Every word for an item in every locale (``gm-item-words``), and the code's names."""
    words: dict[str, Item] = {item.value: item for item in Item}
    for code in translator.locales:
        l10n = translator.for_locale(code)
        for item in Item:
            for word in l10n.text("gm-item-words", item=item.value).split():
                words.setdefault(word.casefold(), item)
    return words


def number_arg(word: str) -> int | None:
    """A character, hall or count number as typed (ASCII digits only, at most six)."""
    return parse_int(word)


async def admin_game(message: Message, bot: Bot, settings: Settings | None) -> Game:
    if not await sender_is_admin(message, bot, settings):
        raise ServiceError(Refusal.NOT_ADMIN)
    return await games.require_game(message.chat.id)


def actor_of(message: Message) -> Actor:
    assert message.from_user is not None
    return Actor(message.from_user.id, message.from_user.first_name)


async def usage(message: Message, l10n: L10n, key: str, **args: object) -> None:
    """A command typed wrong (no reason, a missing number...): its usage, nothing changes."""
    await message.reply(l10n.text(key, **args))


async def give(
    message: Message,
    command: CommandObject,
    bot: Bot,
    l10n: L10n,
    translator: Translator,
    runtime: Runtime,
    settings: Settings | None,
) -> None:
    """``/give N item [count] reason``."""
    args = (command.args or "").split()
    game = await admin_game(message, bot, settings)
    if game.system != GameSystem.POOL:
        return await usage(message, l10n, "gm-give-pool-only")
    number = number_arg(args[0]) if args else None
    if number is None or len(args) < 2:
        return await usage(message, l10n, "gm-give-usage")
    item = item_words(translator).get(args[1].casefold())
    if item is None:
        return await usage(message, l10n, "gm-error-item", word=args[1])
    count = number_arg(args[2]) if len(args) > 2 else None
    reason = " ".join(args[2 if count is None else 3 :])
    if not reason.strip():
        return await usage(message, l10n, "gm-give-usage")
    with answering_to(message):
        told = functools.partial(gm_notices.gave, bot, translator)
        given = 1 if count is None else count
        await gm_edits.give_item(
            game, number, item, given, actor_of(message), reason, runtime, told
        )


async def revive(
    message: Message,
    command: CommandObject,
    bot: Bot,
    l10n: L10n,
    translator: Translator,
    runtime: Runtime,
    settings: Settings | None,
) -> None:
    """``/revive N reason``."""
    args = (command.args or "").split()
    game = await admin_game(message, bot, settings)
    number = number_arg(args[0]) if args else None
    if number is None or not args[1:]:
        return await usage(message, l10n, "gm-revive-usage")
    with answering_to(message):
        told = functools.partial(gm_notices.revived, bot, translator)
        reason = " ".join(args[1:])
        await gm_edits.revive(game, number, actor_of(message), reason, runtime, told)


async def place(
    message: Message,
    command: CommandObject,
    bot: Bot,
    l10n: L10n,
    translator: Translator,
    runtime: Runtime,
    settings: Settings | None,
) -> None:
    """``/place N H reason``: into hall H at once (answered in the group: the admin chose to
    say it there)."""
    args = (command.args or "").split()
    game = await admin_game(message, bot, settings)
    if game.system != GameSystem.POOL:
        return await usage(message, l10n, "gm-place-pool-only")
    numbers = [number_arg(a) for a in args[:2]]
    if len(numbers) < 2 or numbers[0] is None or numbers[1] is None or not args[2:]:
        return await usage(message, l10n, "gm-place-usage")
    with answering_to(message):
        told = functools.partial(gm_notices.placed, bot, translator)
        number, hall, reason = numbers[0], numbers[1], " ".join(args[2:])
        await gm_edits.place(game, number, hall, actor_of(message), reason, runtime, told)


async def _set_paused(
    message: Message,
    command: CommandObject,
    bot: Bot,
    l10n: L10n,
    translator: Translator,
    runtime: Runtime,
    settings: Settings | None,
    paused: bool,
) -> None:
    reason = command.args or ""
    game = await admin_game(message, bot, settings)
    if not reason.strip():
        return await usage(message, l10n, "gm-pause-usage" if paused else "gm-resume-usage")
    with answering_to(message):
        told = functools.partial(gm_notices.paused, bot, translator)
        await gm_edits.set_paused(game, paused, actor_of(message), reason, runtime, told)


async def pause(
    message: Message,
    command: CommandObject,
    bot: Bot,
    l10n: L10n,
    translator: Translator,
    runtime: Runtime,
    settings: Settings | None,
) -> None:
    """``/pause reason``."""
    await _set_paused(message, command, bot, l10n, translator, runtime, settings, paused=True)


async def resume(
    message: Message,
    command: CommandObject,
    bot: Bot,
    l10n: L10n,
    translator: Translator,
    runtime: Runtime,
    settings: Settings | None,
) -> None:
    """``/resume reason``."""
    await _set_paused(message, command, bot, l10n, translator, runtime, settings, paused=False)

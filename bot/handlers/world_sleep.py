"""Sleep: /sleep, /wake N, /guard N, /snatch N (in the game's group or in private)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from aiogram import Router
from aiogram.filters import Command, CommandObject
from aiogram.types import Message

from bot.handlers.world_common import actor_of
from bot.i18n import L10n
from bot.services import world_actions
from bot.services.errors import ServiceError
from bot.services.numbers import parse_ordinal
from bot.services.runtime import Runtime
from bot.services.world_play import Actor
from bot.views.world_items import place_to
from rules.errors import Code
from rules.pool.model import PoolCharacter


def build_router() -> Router:
    router = Router(name="world_sleep")
    router.message.register(sleep, Command("sleep"))
    router.message.register(wake, Command("wake"))
    router.message.register(guard, Command("guard"))
    router.message.register(snatch, Command("snatch"))
    return router


def _number(command: CommandObject) -> int | None:
    return parse_ordinal(command.args)


async def sleep(message: Message, l10n: L10n, runtime: Runtime) -> None:
    actor = await actor_of(message)
    me = await world_actions.sleep(actor, runtime)
    await message.reply(
        l10n.text("world-sleep-done", name=me.name, number=me.number, gender=me.gender.value)
    )


SleeperAction = Callable[[Actor, int, Runtime], Awaitable[PoolCharacter]]


async def _on_sleeper(
    message: Message,
    command: CommandObject,
    l10n: L10n,
    runtime: Runtime,
    action: SleeperAction,
    texts: tuple[str, str],
) -> None:
    """/wake N and /guard N: the action on sleeper N, then its line (``texts``: usage, done)."""
    usage, done = texts
    number = _number(command)
    if number is None:
        await message.reply(l10n.text(usage))
        return
    actor = await actor_of(message)
    sleeper = await action(actor, number, runtime)
    await message.reply(
        l10n.text(
            done,
            name=actor.row.name,
            number=number,
            sleeper=sleeper.name,
            sleeper_gender=sleeper.gender.value,
        )
    )


async def wake(message: Message, command: CommandObject, l10n: L10n, runtime: Runtime) -> None:
    texts = ("world-wake-usage", "world-wake-done")
    await _on_sleeper(message, command, l10n, runtime, world_actions.wake, texts)


async def guard(message: Message, command: CommandObject, l10n: L10n, runtime: Runtime) -> None:
    texts = ("world-guard-usage", "world-guard-done")
    await _on_sleeper(message, command, l10n, runtime, world_actions.guard_sleeper, texts)


async def snatch(message: Message, command: CommandObject, l10n: L10n, runtime: Runtime) -> None:
    """``/snatch N``: the sword from sleeper N's hand. Anything more (``/snatch N coins``) asks to
    steal something else, which the rules forbid."""
    args = (command.args or "").split()
    if len(args) > 1:
        raise ServiceError(Code.STEAL_FROM_SLEEPER)
    number = _number(command)
    if number is None:
        await message.reply(l10n.text("world-snatch-usage"))
        return
    actor = await actor_of(message)
    done = await world_actions.snatch(actor, number, runtime)
    await message.reply(
        l10n.text(
            "world-snatch-done",
            name=actor.row.name,
            number=number,
            sleeper=done.sleeper.name,
            sleeper_gender=done.sleeper.gender.value,
            place=place_to(l10n, done.to),
        )
    )

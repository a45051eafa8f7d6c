"""Sleep: /sleep, /wake N, /guard N, /snatch N (in the game's group or in private)."""

from __future__ import annotations

import re

from aiogram import Router
from aiogram.filters import Command, CommandObject
from aiogram.types import Message

from bot.handlers.world_common import actor_of
from bot.i18n import L10n
from bot.services import world_actions
from bot.services.errors import ServiceError
from bot.services.runtime import Runtime
from bot.views.world_items import place_to
from rules.errors import Code

NUMBER = re.compile("^[#\u2116]?\\s*(\\d{1,6})$")


def build_router() -> Router:
    router = Router(name="world_sleep")
    router.message.register(sleep, Command("sleep"))
    router.message.register(wake, Command("wake"))
    router.message.register(guard, Command("guard"))
    router.message.register(snatch, Command("snatch"))
    return router


def _number(command: CommandObject) -> int | None:
    match = NUMBER.match((command.args or "").strip())
    return None if match is None else int(match[1])


async def sleep(message: Message, l10n: L10n, runtime: Runtime) -> None:
    actor = await actor_of(message)
    me = await world_actions.sleep(actor, runtime)
    await message.reply(
        l10n.text("world-sleep-done", name=me.name, number=me.number, gender=me.gender.value)
    )


async def wake(message: Message, command: CommandObject, l10n: L10n, runtime: Runtime) -> None:
    number = _number(command)
    if number is None:
        await message.reply(l10n.text("world-wake-usage"))
        return
    actor = await actor_of(message)
    sleeper = await world_actions.wake(actor, number, runtime)
    await message.reply(
        l10n.text(
            "world-wake-done",
            name=actor.row.name,
            number=number,
            sleeper=sleeper.name,
            sleeper_gender=sleeper.gender.value,
        )
    )


async def guard(message: Message, command: CommandObject, l10n: L10n, runtime: Runtime) -> None:
    number = _number(command)
    if number is None:
        await message.reply(l10n.text("world-guard-usage"))
        return
    actor = await actor_of(message)
    sleeper = await world_actions.guard_sleeper(actor, number, runtime)
    await message.reply(
        l10n.text(
            "world-guard-done",
            name=actor.row.name,
            number=number,
            sleeper=sleeper.name,
            sleeper_gender=sleeper.gender.value,
        )
    )


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

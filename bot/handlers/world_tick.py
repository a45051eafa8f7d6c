"""Cycles: /tick by an admin in the group, the automatic tick timer, and /halls (portals)."""

from __future__ import annotations

import logging
from typing import Any

from aiogram import Bot, F, Router
from aiogram.filters import Command, CommandObject
from aiogram.types import Message

from bot.config import Settings
from bot.db.models import Game, GameStatus, Timer
from bot.handlers.replies import refuse
from bot.handlers.world_common import is_admin, send_private, user_l10n
from bot.i18n import Html, L10n, Translator
from bot.scheduler import Scheduler
from bot.services import cycles
from bot.services.cycles import TickReport
from bot.services.errors import NotAdmin, RuleRefused, ServiceError
from bot.services.runtime import Runtime
from bot.services.world_actions import halls_of, parse_connections, place, set_connections
from bot.services.world_play import GROUP_CHATS, pool_game_of_chat
from bot.views.world import group_summary, private_report
from bot.views.world_hall import portals_text

logger = logging.getLogger(__name__)


def build_router() -> Router:
    router = Router(name="world_tick")
    router.message.filter(F.chat.type.in_(GROUP_CHATS))
    router.message.register(tick_command, Command("tick"))
    router.message.register(halls_command, Command("halls"))
    router.message.register(place_command, Command("place"))
    return router


def register_timers(scheduler: Scheduler) -> None:
    scheduler.on(cycles.AUTO_TICK, on_auto_tick)


async def publish(
    bot: Bot, translator: Translator, report: TickReport, thread_id: int | None = None
) -> None:
    """Each player's private report, then one short summary in the group."""
    game = report.game
    unreached: list[str] = []
    for character in report.before.characters:
        number = character.number
        l10n = await user_l10n(translator, report.owners[number], game.locale)
        if not await send_private(bot, report.owners[number], private_report(l10n, report, number)):
            unreached.append(report.names[number])
    group = translator.for_locale(game.locale)
    await bot.send_message(
        game.chat_id, group_summary(group, report, unreached), message_thread_id=thread_id
    )


async def tick_command(
    message: Message,
    bot: Bot,
    l10n: L10n,
    translator: Translator,
    runtime: Runtime,
    settings: Settings | None,
) -> None:
    try:
        if not await is_admin(message, bot, settings):
            raise NotAdmin()
        game = await pool_game_of_chat(message.chat.id)
        report = await cycles.run_tick(game, runtime)
    except ServiceError as error:
        await refuse(message, l10n, error)
        return
    await publish(bot, translator, report, message.message_thread_id)


async def on_auto_tick(bot: Bot, timer: Timer, data: dict[str, Any]) -> None:
    """The automatic tick; a refused one (e.g. a concurrent write) is re-armed, not lost."""
    try:
        report = await cycles.auto_tick(timer.ref, data["runtime"])
    except ServiceError:
        logger.warning("automatic tick of game %s refused; re-armed", timer.ref, exc_info=True)
        game = await Game.get_or_none(id=timer.ref, status=GameStatus.ACTIVE)
        if game is not None:
            await cycles.arm_auto_tick(game)
        return
    if report is not None:
        await publish(bot, data["translator"], report)


async def halls_command(
    message: Message,
    command: CommandObject,
    bot: Bot,
    l10n: L10n,
    runtime: Runtime,
    settings: Settings | None,
) -> None:
    """``/halls``: show; ``/halls all`` or ``/halls 1-2 2-3``: set which halls connect."""
    args = (command.args or "").split()
    try:
        if not await is_admin(message, bot, settings):
            raise NotAdmin()
        game = await pool_game_of_chat(message.chat.id)
        if not args:
            world = await halls_of(game)
            text = "\n".join(
                [portals_text(l10n, world), l10n.text("world-halls-usage", halls=world.halls)]
            )
            await message.reply(text)
            return
        world = await halls_of(game)
        connections = parse_connections(args, world.halls)
        world = await set_connections(game, connections, runtime)
    except ServiceError as error:
        await refuse(message, l10n, error)
        return
    await message.reply(l10n.text("world-halls-set", portals=Html(portals_text(l10n, world))))


async def place_command(
    message: Message,
    command: CommandObject,
    bot: Bot,
    l10n: L10n,
    runtime: Runtime,
    settings: Settings | None,
) -> None:
    """``/place N H``: an admin puts character N into hall H (answered in the group: the admin
    chose to say it there)."""
    args = (command.args or "").split()
    try:
        if not await is_admin(message, bot, settings):
            raise NotAdmin()
        game = await pool_game_of_chat(message.chat.id)
        if len(args) != 2 or not all(a.isdigit() and len(a) < 7 for a in args):
            raise RuleRefused("world-place-usage")
        character = await place(game, int(args[0]), int(args[1]), runtime)
    except ServiceError as error:
        await refuse(message, l10n, error)
        return
    await message.reply(
        l10n.text(
            "world-place-done", number=character.number, name=character.name, hall=character.hall
        )
    )

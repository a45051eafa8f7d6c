"""Cycles: /tick by an admin in the group, the automatic tick timer, and /halls (portals).

/place, a game master's intervention with a reason, is in :mod:`bot.handlers.gm`."""

from __future__ import annotations

import logging
from functools import partial
from typing import Any

from aiogram import Bot, F, Router
from aiogram.filters import Command, CommandObject
from aiogram.types import Message

from bot.config import Settings
from bot.db.models import Game, GameStatus, Timer
from bot.handlers import world_tick_publish
from bot.handlers.admins import sender_is_admin
from bot.handlers.topics import answering_to, bind_topic, topic_lines, topic_of
from bot.i18n import Html, L10n, Translator
from bot.scheduler import Scheduler
from bot.services import cycles, outbox
from bot.services.errors import GamePaused, Refusal, ServiceError
from bot.services.numbers import parse_int
from bot.services.outbox import Outgoing
from bot.services.runtime import Runtime
from bot.services.world_actions import HallsSet, halls_of, parse_connections, set_connections
from bot.services.world_play import GROUP_CHATS, pool_game_of_chat
from bot.views.world_hall import portals_text

logger = logging.getLogger(__name__)


def build_router() -> Router:
    router = Router(name="world_tick")
    router.message.filter(F.chat.type.in_(GROUP_CHATS))
    router.message.register(tick_command, Command("tick"))
    router.message.register(halls_command, Command("halls"))
    return router


def register_timers(scheduler: Scheduler) -> None:
    scheduler.on(cycles.AUTO_TICK, on_auto_tick)


async def tick_command(
    message: Message,
    bot: Bot,
    translator: Translator,
    runtime: Runtime,
    settings: Settings | None,
) -> None:
    if not await sender_is_admin(message, bot, settings):
        raise ServiceError(Refusal.NOT_ADMIN)
    game = await pool_game_of_chat(message.chat.id)
    told = partial(world_tick_publish.compose, bot, translator)
    await cycles.run_tick(game, runtime, told, topic_of(message))


async def on_auto_tick(bot: Bot, timer: Timer, data: dict[str, Any]) -> None:
    """The automatic tick; a refused one (e.g. a concurrent write) is re-armed, not lost."""
    try:
        told = partial(world_tick_publish.compose, bot, data["translator"])
        await cycles.auto_tick(timer.ref, data["runtime"], told)
    except GamePaused:
        raise  # the scheduler holds the timer until the game master resumes
    except ServiceError:
        logger.warning("automatic tick of game %s refused; re-armed", timer.ref, exc_info=True)
        game = await Game.get_or_none(id=timer.ref, status=GameStatus.ACTIVE)
        if game is not None:
            await cycles.arm_auto_tick(game)


async def halls_command(
    message: Message,
    command: CommandObject,
    bot: Bot,
    l10n: L10n,
    translator: Translator,
    runtime: Runtime,
    settings: Settings | None,
) -> None:
    """``/halls``: show; ``/halls all`` or ``/halls 1-2 2-3``: set which halls connect;
    ``/halls N`` in a forum topic: hall N's news goes to that topic."""
    args = (command.args or "").split()
    if not await sender_is_admin(message, bot, settings):
        raise ServiceError(Refusal.NOT_ADMIN)
    game = await pool_game_of_chat(message.chat.id)
    hall = parse_int(args[0]) if len(args) == 1 else None
    if hall is not None:
        await bind_topic(message, game, hall, l10n)
        return
    if not args:
        world = await halls_of(game)
        lines = [portals_text(l10n, world), l10n.text("world-halls-usage", halls=world.halls)]
        if message.chat.is_forum:
            lines += ["", *topic_lines(l10n, game)]
        await message.reply("\n".join(lines))
        return
    world = await halls_of(game)
    connections = parse_connections(args, world.halls)
    with answering_to(message):
        await set_connections(game, connections, runtime, partial(compose_halls, bot, translator))


async def compose_halls(bot: Bot, translator: Translator, news: HallsSet) -> list[Outgoing]:
    """The portals as set, to the group (a reply to the admin's /halls)."""
    l10n = translator.for_locale(news.game.locale)
    text = l10n.text("world-halls-set", portals=Html(portals_text(l10n, news.world)))
    return [outbox.reply(news.game.chat_id, text)]

"""The background loop that fires due timers; started with the dispatcher, in every replica."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from aiogram import Bot, Dispatcher
from aiogram.exceptions import TelegramForbiddenError

from bot import tasks
from bot.db.models import Timer
from bot.faults import is_outage
from bot.services import outbox
from bot.services.errors import GamePaused, NoActiveGame
from bot.services.pause import hold
from bot.services.timers import claim_due, drop_reminder

logger = logging.getLogger(__name__)
TimerHandler = Callable[[Bot, Timer, dict[str, Any]], Awaitable[None]]
POLL_SECONDS = 0.5


class Scheduler:
    """Fires timers by kind. Handlers get the bot, the timer and the dispatcher's data."""

    def __init__(self) -> None:
        self.handlers: dict[str, TimerHandler] = {}
        self._task: asyncio.Task[None] | None = None
        self._unavailable = False  # the last pass met Redis or the database unavailable

    def on(self, kind: str, handler: TimerHandler) -> None:
        self.handlers[kind] = handler

    def install(self, dp: Dispatcher) -> None:
        dp.startup.register(self.start)
        dp.shutdown.register(self.stop)

    async def start(self, bot: Bot, dispatcher: Dispatcher) -> None:
        data = dict(dispatcher.workflow_data)
        self._task = asyncio.create_task(self._run(bot, data), name="timers")

    async def stop(self) -> None:
        if self._task is not None:
            await tasks.stop(self._task)
            self._task = None

    async def _run(self, bot: Bot, data: dict[str, Any]) -> None:
        while True:
            await self.tick(bot, data)
            await asyncio.sleep(POLL_SECONDS)

    async def tick(self, bot: Bot, data: dict[str, Any]) -> None:
        """One pass of the loop. Redis or the database unavailable (a full disk, a read-only
        file: every claim fails) is one line when it begins and one when it ends, not a
        traceback every half second; anything else is a bug, with its traceback."""
        try:
            await self.fire_due(bot, data)
        except Exception as error:
            if not is_outage(error):
                logger.exception("timer loop failed; retrying")
            elif not self._unavailable:
                self._unavailable = True
                logger.warning(
                    "timers wait: Redis or the database is unavailable (%s: %s)",
                    type(error).__name__,
                    error,
                )
            return
        if self._unavailable:
            self._unavailable = False
            logger.warning("timers fire again")

    async def fire_due(self, bot: Bot, data: dict[str, Any]) -> int:
        fired = 0
        if "courier" in data:  # what the timers owe is delivered by the bot
            data["courier"].bind(bot)
        for timer in await claim_due():
            handler = self.handlers.get(timer.kind)
            if handler is None:
                logger.error("no handler for timer kind %s", timer.kind)
                continue
            try:
                await drop_reminder(timer)
                with outbox.collecting() as chats:
                    try:
                        await handler(bot, timer, data)
                    finally:
                        if chats and "courier" in data:
                            await data["courier"].deliver(chats)
            except GamePaused:  # fell due as a game master paused the game: wait for /resume
                await hold(timer)
                continue
            except NoActiveGame:  # the game ended while the timer waited for its lock
                logger.info("timer %s/%s: its game has ended", timer.kind, timer.ref)
            except TelegramForbiddenError as error:  # a blocked user, a group without the bot
                logger.warning("timer %s/%s: %s", timer.kind, timer.ref, error.message)
            except Exception:
                logger.exception("timer %s/%s failed", timer.kind, timer.ref)
            fired += 1
        return fired

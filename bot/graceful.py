"""The dispatcher: aiogram's, which knows the updates it is handling, to finish them on a stop.

Telegram counts an update as delivered once aiogram has it: the polling offset moves before the
handler runs, and the webhook answers 200 at once (``SimpleRequestHandler`` handles the update
in a background task). On stop aiogram then closes the FSM storage (the first shutdown step it
registered) under the handlers still running: they would lose Redis halfway and never come
again. Every update, polled or posted, goes through :meth:`Dispatcher.feed_update`, so this
dispatcher counts them there, and its shutdown first waits (bounded) until none is running.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

from aiogram import Bot
from aiogram import Dispatcher as AiogramDispatcher
from aiogram.types import Update

from bot.health import InfraHealth
from bot.outage import HELD, HELD_FOR_WRITES, OutageMiddleware

logger = logging.getLogger(__name__)
FINISH_SECONDS = 20.0


class InFlight:
    """The updates taken and not finished yet; at most ``limit`` of them handled at once."""

    def __init__(self, limit: int) -> None:
        self.count = 0
        self._slots = asyncio.Semaphore(limit)
        self._none = asyncio.Event()
        self._none.set()

    @contextlib.asynccontextmanager
    async def handling(self) -> AsyncIterator[None]:
        self.count += 1
        self._none.clear()
        try:
            async with self._slots:
                yield
        finally:
            self.count -= 1
            if not self.count:
                self._none.set()

    async def finish(self, seconds: float) -> None:
        """Wait until none is left, ``seconds`` at most."""
        await asyncio.sleep(0)  # a task given its update just now takes it first
        if not self.count:
            return
        logger.info("finishing %d update(s) in flight", self.count)
        try:
            async with asyncio.timeout(seconds):
                await self._none.wait()
        except TimeoutError:
            logger.warning("%d update(s) still running after %ss", self.count, seconds)


class Dispatcher(AiogramDispatcher):
    """At most ``concurrency`` updates handled at once, the others wait here, before any
    middleware takes a Redis connection or lock (a burst queues in memory instead of exhausting
    the bounded Redis pool); on shutdown, the updates taken are finished first.

    While Redis or the database is down (``health``), an update taken waits here before it
    starts, and one held by :class:`bot.outage.OutageMiddleware` is handled again, whole, once
    they answer (or, held while the database refused writes, once it writes again)."""

    def __init__(
        self,
        *,
        concurrency: int,
        health: InfraHealth,
        finish_seconds: float = FINISH_SECONDS,
        **kwargs: Any,
    ) -> None:
        super().__init__(disable_fsm=True, **kwargs)
        # aiogram's FSM middleware (event isolation, state) after the one that catches an
        # outage: registered by hand, the very middleware aiogram would have registered.
        self.update.outer_middleware(OutageMiddleware(health))
        self.update.outer_middleware(self.fsm)
        self.in_flight = InFlight(concurrency)
        self.health = health
        self.finish_seconds = finish_seconds

    async def feed_update(self, bot: Bot, update: Update, **kwargs: Any) -> Any:
        async with self.in_flight.handling():
            while True:
                await self.health.wait()
                result = await super().feed_update(bot, update, **kwargs)
                if result is HELD_FOR_WRITES:
                    await self.health.wait_writable()
                elif result is not HELD:
                    return result

    async def emit_shutdown(self, *args: Any, **kwargs: Any) -> None:
        await self.in_flight.finish(self.finish_seconds)
        await self.health.close()
        await super().emit_shutdown(*args, **kwargs)

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
import logging
from typing import Any

from aiogram import Bot
from aiogram import Dispatcher as AiogramDispatcher
from aiogram.types import Update

logger = logging.getLogger(__name__)
FINISH_SECONDS = 20.0


class Dispatcher(AiogramDispatcher):
    """At most ``concurrency`` updates handled at once, the others wait here, before any
    middleware takes a Redis connection or lock (a burst queues in memory instead of exhausting
    the bounded Redis pool); on shutdown, the updates taken are finished first."""

    def __init__(
        self, *, concurrency: int, finish_seconds: float = FINISH_SECONDS, **kwargs: Any
    ) -> None:
        super().__init__(**kwargs)
        self.finish_seconds = finish_seconds
        self._slots = asyncio.Semaphore(concurrency)
        self._running = 0
        self._idle = asyncio.Event()
        self._idle.set()

    @property
    def running(self) -> int:
        """Updates taken and not finished yet (waiting for a slot or being handled)."""
        return self._running

    async def feed_update(self, bot: Bot, update: Update, **kwargs: Any) -> Any:
        self._running += 1
        self._idle.clear()
        try:
            async with self._slots:
                return await super().feed_update(bot, update, **kwargs)
        finally:
            self._running -= 1
            if not self._running:
                self._idle.set()

    async def emit_shutdown(self, *args: Any, **kwargs: Any) -> None:
        await self.finish_updates()
        await super().emit_shutdown(*args, **kwargs)

    async def finish_updates(self) -> None:
        """Wait until no update is being handled, :attr:`finish_seconds` at most."""
        await asyncio.sleep(0)  # a task given its update just now enters feed_update first
        if not self._running:
            return
        logger.info("finishing %d update(s) in flight", self._running)
        try:
            async with asyncio.timeout(self.finish_seconds):
                await self._idle.wait()
        except TimeoutError:
            logger.warning(
                "%d update(s) still running after %ss", self._running, self.finish_seconds
            )

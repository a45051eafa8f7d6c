"""A graceful stop: updates already taken from Telegram are finished before storage closes.

aiogram confirms an update (moves the polling offset) before its handler runs, and on stop it
closes the FSM storage at once: an update in flight would lose its Redis connections halfway
and never come again. A rolling restart of replicas must not drop presses, so the first
shutdown step waits (bounded) for the handlers still running.
"""

from __future__ import annotations

import asyncio
import logging

from aiogram import Dispatcher

logger = logging.getLogger(__name__)
FINISH_SECONDS = 20.0


def finish_in_flight(dp: Dispatcher, timeout: float = FINISH_SECONDS) -> None:
    """Register the wait as the very first shutdown step (before aiogram closes the FSM)."""

    async def wait_for_handlers() -> None:
        # aiogram keeps the polling handler tasks here (no public accessor).
        running = [task for task in dp._handle_update_tasks if not task.done()]
        if not running:
            return
        logger.info("finishing %d update(s) in flight", len(running))
        _, late = await asyncio.wait(running, timeout=timeout)
        if late:
            logger.warning("%d update(s) still running after %ss", len(late), timeout)

    dp.shutdown.register(wait_for_handlers)
    dp.shutdown.handlers.insert(0, dp.shutdown.handlers.pop())

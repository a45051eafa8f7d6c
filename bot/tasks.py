"""Stopping a background task for sure.

A task can lose a cancellation: before Python 3.12, ``asyncio.wait_for`` drops it when the
awaited thing finishes at the same moment (CPython gh-86296), and a loop around such a call
then runs on. ``await task`` after one ``cancel()`` would wait for it forever, and with it the
bot's shutdown. :func:`stop` cancels again until the task ends.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

log = logging.getLogger(__name__)

RETRY_SECONDS = 1.0  # a task still running this long after its cancellation is cancelled again
GIVE_UP_SECONDS = 10.0


async def stop(
    task: asyncio.Task[Any], retry: float = RETRY_SECONDS, give_up: float = GIVE_UP_SECONDS
) -> None:
    """Cancel ``task`` and wait until it ends, cancelling it again every ``retry`` seconds; after
    ``give_up`` seconds it is left running, with a warning, rather than holding the caller."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + give_up
    while not task.done():
        if loop.time() >= deadline:
            log.warning("task %s did not stop within %g s", task.get_name(), give_up)
            return
        task.cancel()
        await asyncio.wait({task}, timeout=retry)
    if not task.cancelled() and (error := task.exception()) is not None:
        log.error("task %s ended with an error", task.get_name(), exc_info=error)

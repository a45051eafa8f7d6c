"""Is Redis or the database unreachable? One object that knows, for the whole process.

An update that fails on a connection error of Redis or of the database reports it here
(:meth:`InfraHealth.report`); from then on the bot takes no new update (polling waits before its
next ``getUpdates``, the webhook answers 503: Telegram keeps the updates and sends them again),
and a probe (Redis ``PING`` and ``SELECT 1``) runs every :data:`PROBE_SECONDS` until both answer.
Then the updates held meanwhile are handled again, and new ones are taken: no restart needed.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

from redis.asyncio import Redis
from tortoise import Tortoise

from bot.secrets import mask_secrets

logger = logging.getLogger(__name__)
PROBE_SECONDS = 1.0
PROBE_TIMEOUT_SECONDS = 3.0


async def _ping_database() -> None:
    await Tortoise.get_connection("default").execute_query("SELECT 1")


class InfraHealth:
    """Healthy until an outage is reported; then probed until Redis and the database answer."""

    def __init__(
        self,
        redis: Redis | None,
        *,
        database: Callable[[], Awaitable[None]] | None = _ping_database,
        every: float = PROBE_SECONDS,
    ) -> None:
        self.redis = redis
        self.database = database
        self.every = every
        self._healthy = asyncio.Event()
        self._healthy.set()
        self._probe: asyncio.Task[None] | None = None

    @property
    def healthy(self) -> bool:
        return self._healthy.is_set()

    async def wait(self) -> None:
        """Return at once while healthy, else once everything answers again."""
        await self._healthy.wait()

    def report(self, error: BaseException) -> None:
        """An update failed on ``error`` (an outage): stop taking updates, start probing."""
        if not self.healthy:
            return
        self._healthy.clear()
        logger.warning(
            "Redis or the database is unreachable (%s: %s): no new updates until it is back",
            type(error).__name__,
            mask_secrets(str(error)),
        )
        self._probe = asyncio.get_running_loop().create_task(self._run(), name="health-probe")

    async def _run(self) -> None:
        started = time.monotonic()
        while True:
            await asyncio.sleep(self.every)
            try:
                async with asyncio.timeout(PROBE_TIMEOUT_SECONDS):
                    await self.check()
            except Exception as error:  # anything but an answer: still down
                logger.debug("still unreachable: %r", error)
                continue
            logger.warning(
                "Redis and the database answer again after %.0f s", time.monotonic() - started
            )
            self._healthy.set()
            return

    async def check(self) -> None:
        """Raise unless Redis answers PING and the database ``SELECT 1``."""
        if self.redis is not None:
            await self.redis.ping()
        if self.database is not None:
            await self.database()

    async def close(self) -> None:
        if self._probe is not None:
            self._probe.cancel()

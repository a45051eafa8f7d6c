"""Flood protection: at most ``rate`` messages and button presses per user per second.

The first update over the limit gets one polite answer ("not so fast"); the rest are dropped
(presses still answered, silently, so no spinner hangs). Counted in Redis (INCR + EXPIRE in one
script: one round trip, shared by every replica) when there is one, else in memory.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from aiogram import BaseMiddleware
from aiogram.exceptions import TelegramAPIError
from aiogram.types import TelegramObject, Update
from redis.asyncio import Redis

from bot.i18n import L10n

WINDOW_SECONDS = 1
TOLD_SECONDS = 10  # one polite answer per user per flood, not one per second
clock = time.time  # the wall clock that picks a press's one-second window
PREFIX = "gm:throttle"


class Counter(Protocol):
    async def hit(self, key: str, ttl: int) -> int: ...


# A key that outlived its window (a lost EXPIRE) would throttle its user for ever: the count and
# its expiry are set together, atomically, in one round trip (a pipeline in a MULTI took four).
_HIT = """
local count = redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], ARGV[1])
return count
"""


class RedisCounter:
    def __init__(self, redis: Redis) -> None:
        self._hit = redis.register_script(_HIT)

    async def hit(self, key: str, ttl: int) -> int:
        return int(await self._hit(keys=[key], args=[ttl]))


class MemoryCounter:
    def __init__(self) -> None:
        self._counts: dict[str, tuple[int, float]] = {}

    async def hit(self, key: str, ttl: int) -> int:
        now = time.monotonic()
        if len(self._counts) > 10_000:
            self._counts = {k: v for k, v in self._counts.items() if v[1] > now}
        count, expires = self._counts.get(key, (0, now + ttl))
        if expires <= now:
            count, expires = 0, now + ttl
        self._counts[key] = (count + 1, expires)
        return count + 1


class ThrottleMiddleware(BaseMiddleware):
    """An outer update middleware, after the one that puts ``l10n`` into the data."""

    def __init__(self, rate: int, redis: Redis | None = None) -> None:
        self.rate = rate
        self.counter: Counter = RedisCounter(redis) if redis is not None else MemoryCounter()

    async def __call__(
        self,
        handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
        event: TelegramObject,
        data: dict[str, Any],
    ) -> Any:
        assert isinstance(event, Update)
        user = event.message.from_user if event.message else None
        if event.callback_query is not None:
            user = event.callback_query.from_user
        if user is None or user.is_bot:
            return await handler(event, data)
        window = int(clock()) // WINDOW_SECONDS
        count = await self.counter.hit(f"{PREFIX}:{user.id}:{window}", WINDOW_SECONDS + 1)
        if count <= self.rate:
            return await handler(event, data)
        told = await self.counter.hit(f"{PREFIX}:told:{user.id}", TOLD_SECONDS) > 1
        await _slow_down(event, data["l10n"], told)
        return None


async def _slow_down(update: Update, l10n: L10n, told: bool) -> None:
    text = None if told else l10n.text("throttle-slow-down")
    with contextlib.suppress(TelegramAPIError):  # a flood is no reason for a traceback
        if update.callback_query is not None:
            await update.callback_query.answer(text)
        elif update.message is not None and text is not None:
            await update.message.reply(text)

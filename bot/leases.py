"""Redis locks held as short leases that the holder keeps renewing.

A plain Redis lock with a long timeout outlives a process killed while holding it: after a
SIGKILL every update of that user would wait for the whole timeout. A lease of a few seconds,
renewed in the background while its holder works, is freed soon after the holder dies and
still never expires under a slow but living holder (a handler waiting out a 429, say).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncGenerator, AsyncIterator

from aiogram.fsm.storage.base import BaseEventIsolation, KeyBuilder, StorageKey
from redis.asyncio import Redis
from redis.asyncio.lock import Lock
from redis.exceptions import LockError, RedisError

logger = logging.getLogger(__name__)
LEASE_SECONDS = 5.0


class _Renewal:
    """Renews a held lock every ``every`` seconds until stopped. Most leases last
    milliseconds, so nothing runs until the first renewal falls due: a timer, not a task, per
    lease. A renewal in flight is awaited, never cancelled: a command cut off mid-reply spoils
    its connection."""

    def __init__(self, lock: Lock, name: str, every: float) -> None:
        self._lock = lock
        self._name = name
        self._every = every
        self._loop = asyncio.get_running_loop()
        self._timer = self._loop.call_later(every, self._due)
        self._task: asyncio.Task[None] | None = None
        self._stopped = False

    def _due(self) -> None:
        self._task = self._loop.create_task(self._renew(), name=f"lease:{self._name}")

    async def _renew(self) -> None:
        try:
            await self._lock.reacquire()
        except (LockError, RedisError):
            logger.warning("could not renew the lease %s", self._name)
            return
        if not self._stopped:
            self._timer = self._loop.call_later(self._every, self._due)

    async def stop(self) -> None:
        self._stopped = True
        self._timer.cancel()
        if self._task is not None:
            await self._task


@contextlib.asynccontextmanager
async def lease(
    redis: Redis,
    name: str,
    *,
    seconds: float = LEASE_SECONDS,
    blocking_timeout: float | None = None,
) -> AsyncIterator[None]:
    """Hold ``name`` for the block; a dead holder's lease expires after ``seconds``."""
    lock = redis.lock(name, timeout=seconds, blocking_timeout=blocking_timeout)
    async with lock:
        renewal = _Renewal(lock, name, seconds / 3)
        try:
            yield
        finally:
            await renewal.stop()


class LeaseEventIsolation(BaseEventIsolation):
    """aiogram's event isolation (one update per user and chat at a time) on renewed leases."""

    def __init__(self, redis: Redis, key_builder: KeyBuilder, seconds: float = LEASE_SECONDS):
        self.redis = redis
        self.key_builder = key_builder
        self.seconds = seconds

    @contextlib.asynccontextmanager
    async def lock(self, key: StorageKey) -> AsyncGenerator[None, None]:
        async with lease(self.redis, self.key_builder.build(key, "lock"), seconds=self.seconds):
            yield None

    async def close(self) -> None:
        pass

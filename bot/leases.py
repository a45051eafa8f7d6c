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


async def _renew(lock: Lock, every: float, done: asyncio.Event) -> None:
    # Stopped by ``done``, never cancelled: a command cut off mid-reply spoils its connection.
    while True:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(done.wait(), every)
        if done.is_set():
            return
        try:
            await lock.reacquire()
        except (LockError, RedisError):
            logger.warning("could not renew the lease %s", lock.name)
            return


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
        done = asyncio.Event()
        renewer = asyncio.create_task(_renew(lock, seconds / 3, done), name=f"lease:{name}")
        try:
            yield
        finally:
            done.set()
            await renewer


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

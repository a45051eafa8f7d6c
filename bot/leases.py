"""Redis locks held as short leases that the holder keeps renewing.

A plain Redis lock with a long timeout outlives a process killed while holding it: after a
SIGKILL every update of that user would wait for the whole timeout. A lease is redis-py's
:class:`~redis.asyncio.lock.Lock` with a timeout of a few seconds, renewed
(:meth:`~redis.asyncio.lock.Lock.reacquire`) in the background while its holder works: freed
soon after the holder dies, and never expired under a slow but living holder (a handler waiting
out a 429, say).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import AsyncGenerator, AsyncIterator

from aiogram.fsm.storage.base import BaseEventIsolation, KeyBuilder, StorageKey
from redis.asyncio import Redis
from redis.asyncio.lock import Lock
from redis.exceptions import LockError, LockNotOwnedError, RedisError

logger = logging.getLogger(__name__)
LEASE_SECONDS = 5.0
POLL_SECONDS = 0.1  # a taken lease is tried again this often (redis-py's Lock default)

_giving_back: set[asyncio.Task[None]] = set()


async def _take(lock: Lock, blocking_timeout: float | None) -> None:
    """Take the lock, trying again every :data:`POLL_SECONDS`. Each attempt (one SET NX) runs
    to its answer even if the taker is cancelled meanwhile: what it took is then given back,
    instead of being left to expire."""
    token = secrets.token_hex(16)
    loop = asyncio.get_running_loop()
    stop = None if blocking_timeout is None else loop.time() + blocking_timeout
    while True:
        attempt = asyncio.ensure_future(lock.acquire(blocking=False, token=token))
        try:
            if await asyncio.shield(attempt):
                return
        except asyncio.CancelledError:
            attempt.add_done_callback(lambda done: _give_back_if_taken(lock, done))
            raise
        if stop is not None and loop.time() >= stop:
            raise LockError(f"the lease {lock.name!r} stayed taken for {blocking_timeout} s")
        await asyncio.sleep(POLL_SECONDS)


def _give_back_if_taken(lock: Lock, attempt: asyncio.Future[bool]) -> None:
    if attempt.cancelled() or attempt.exception() is not None or not attempt.result():
        return
    task = asyncio.get_running_loop().create_task(_give_back(lock))
    _giving_back.add(task)
    task.add_done_callback(_giving_back.discard)


class _Renewal:
    """Renews a held lease every third of its length until stopped. Nothing runs for a lease
    given back within that third (most are): a timer, not a task, waits for the first renewal.
    Stopped by a flag, not by the cancellation alone: on Python 3.11 a cancellation that meets
    a redis-py command just as it finishes is lost (``asyncio.wait_for`` around its socket
    write), and the task would renew a released lease for ever."""

    def __init__(self, lock: Lock, name: str, seconds: float) -> None:
        self.stopped = False
        self.task: asyncio.Task[None] | None = None
        self._lock, self._name, self._every = lock, name, seconds / 3
        self._timer = asyncio.get_running_loop().call_later(self._every, self._start)

    def _start(self) -> None:
        if not self.stopped:
            self.task = asyncio.get_running_loop().create_task(
                self._run(), name=f"lease:{self._name}"
            )

    async def _run(self) -> None:
        lock = self._lock
        while True:
            if self.stopped:
                return
            try:
                await lock.reacquire()
            except LockNotOwnedError:
                if not self.stopped:
                    logger.warning("the lease %r expired while held", lock.name)
                return
            except RedisError as error:  # tried again at the next turn, before it expires
                if not self.stopped:
                    logger.warning("could not renew the lease %r: %r", lock.name, error)
            await asyncio.sleep(self._every)

    def stop(self) -> None:
        """A renewal in flight is not waited for: after the release it finds the lease gone
        (or another holder's) and changes nothing."""
        self.stopped = True
        self._timer.cancel()
        if self.task is not None:
            self.task.cancel()


async def _give_back(lock: Lock) -> None:
    try:
        await lock.release()
    except LockNotOwnedError:
        logger.warning("the lease %r had expired before it was given back", lock.name)
    except RedisError as error:  # it expires on its own within its length
        logger.warning("could not give back the lease %r: %r", lock.name, error)


@contextlib.asynccontextmanager
async def lease(
    redis: Redis,
    name: str,
    *,
    seconds: float = LEASE_SECONDS,
    blocking_timeout: float | None = None,
) -> AsyncIterator[None]:
    """Hold ``name`` for the block; a dead holder's lease expires after ``seconds``. Waits
    for a taken lease (``blocking_timeout`` seconds at most: then :class:`LockError`)."""
    lock = Lock(redis, name, timeout=seconds, thread_local=False)
    await _take(lock, blocking_timeout)
    renewal = _Renewal(lock, name, seconds)
    try:
        yield
    finally:
        renewal.stop()
        await _give_back(lock)


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

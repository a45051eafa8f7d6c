"""Redis locks held as short leases that the holder keeps renewing.

A plain Redis lock with a long timeout outlives a process killed while holding it: after a
SIGKILL every update of that user would wait for the whole timeout. A lease of a few seconds,
renewed in the background while its holder works, is freed soon after the holder dies and
still never expires under a slow but living holder (a handler waiting out a 429, say).

A lease is a key set only if absent (``SET NX PX``) to a token of its holder's, renewed and
deleted only by a script that checks the token: redis-py's ``Lock`` protocol, so the two
exclude each other. The commands go through the hot path's shared connection
(:class:`bot.redis_line.RedisLine`): a taken lease is tried again every
:data:`POLL_SECONDS`, as redis-py's ``Lock`` does.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import AsyncGenerator, AsyncIterator

from aiogram.fsm.storage.base import BaseEventIsolation, KeyBuilder, StorageKey
from redis.exceptions import LockError, RedisError

from bot.redis_line import RedisLine

logger = logging.getLogger(__name__)
LEASE_SECONDS = 5.0
POLL_SECONDS = 0.1  # a taken lease is tried again this often (as redis-py's Lock does)

# Given back or renewed only by its holder: the value is the holder's own token.
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""
_RENEW = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
"""


class _Renewal:
    """Renews a held lease every ``every`` seconds until stopped. Most leases last
    milliseconds, so nothing runs until the first renewal falls due: a timer, not a task, per
    lease. A renewal in flight is awaited, never cancelled."""

    def __init__(self, line: RedisLine, name: str, token: str, milliseconds: int) -> None:
        self._line = line
        self._name = name
        self._token = token
        self._milliseconds = milliseconds
        self._every = milliseconds / 3000
        self._loop = asyncio.get_running_loop()
        self._timer = self._loop.call_later(self._every, self._due)
        self._task: asyncio.Task[None] | None = None
        self._stopped = False

    def _due(self) -> None:
        self._task = self._loop.create_task(self._renew(), name=f"lease:{self._name}")

    async def _renew(self) -> None:
        try:
            kept = await self._line.execute(
                "EVAL", _RENEW, 1, self._name, self._token, self._milliseconds
            )
        except RedisError:
            kept = None
        if not kept:
            logger.warning("could not renew the lease %s", self._name)
            return
        if not self._stopped:
            self._timer = self._loop.call_later(self._every, self._due)

    async def stop(self) -> None:
        self._stopped = True
        self._timer.cancel()
        if self._task is not None:
            await self._task


_giving_back: set[asyncio.Task[None]] = set()


async def _take(line: RedisLine, name: str, token: str, milliseconds: int) -> bool:
    try:
        return bool(await line.execute("SET", name, token, "NX", "PX", milliseconds))
    except asyncio.CancelledError:
        # The SET may have been carried out: give back what this token may hold. The line
        # runs its commands in order, so the release comes after the SET.
        task = asyncio.get_running_loop().create_task(_give_back(line, name, token))
        _giving_back.add(task)
        task.add_done_callback(_giving_back.discard)
        raise


async def _give_back(line: RedisLine, name: str, token: str) -> None:
    try:
        if not await line.execute("EVAL", _RELEASE, 1, name, token):
            logger.warning("the lease %s had expired before it was given back", name)
    except RedisError as error:  # it expires on its own within its length
        logger.warning("could not give back the lease %s: %r", name, error)


@contextlib.asynccontextmanager
async def lease(
    line: RedisLine,
    name: str,
    *,
    seconds: float = LEASE_SECONDS,
    blocking_timeout: float | None = None,
) -> AsyncIterator[None]:
    """Hold ``name`` for the block; a dead holder's lease expires after ``seconds``. Waits
    for a taken lease (``blocking_timeout`` seconds at most: then :class:`LockError`)."""
    token = secrets.token_hex(16)
    milliseconds = max(1, int(seconds * 1000))
    loop = asyncio.get_running_loop()
    stop = None if blocking_timeout is None else loop.time() + blocking_timeout
    while not await _take(line, name, token, milliseconds):
        if stop is not None and loop.time() >= stop:
            raise LockError(f"the lease {name} stayed taken for {blocking_timeout} s")
        await asyncio.sleep(POLL_SECONDS)
    renewal = _Renewal(line, name, token, milliseconds)
    try:
        yield
    finally:
        await renewal.stop()
        await _give_back(line, name, token)


class LeaseEventIsolation(BaseEventIsolation):
    """aiogram's event isolation (one update per user and chat at a time) on renewed leases."""

    def __init__(self, line: RedisLine, key_builder: KeyBuilder, seconds: float = LEASE_SECONDS):
        self.line = line
        self.key_builder = key_builder
        self.seconds = seconds

    @contextlib.asynccontextmanager
    async def lock(self, key: StorageKey) -> AsyncGenerator[None, None]:
        async with lease(self.line, self.key_builder.build(key, "lock"), seconds=self.seconds):
            yield None

    async def close(self) -> None:
        pass

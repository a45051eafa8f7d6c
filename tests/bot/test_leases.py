"""Leases (bot/leases.py) on a real Redis: renewed while held, gone when released, and expired
soon after a holder that stopped renewing."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from redis.asyncio import Redis
from redis.exceptions import LockError

from bot.leases import lease
from bot.redis_line import RedisLine

SECONDS = 0.3  # renewed every 0.1 s


@pytest.fixture
async def redis(clean_redis: str) -> AsyncIterator[Redis]:
    client = Redis.from_url(clean_redis)
    yield client
    await client.aclose()


@pytest.fixture
async def line(redis: Redis) -> AsyncIterator[RedisLine]:
    opened = RedisLine(redis)
    yield opened
    await opened.close()


def lease_tasks() -> list[asyncio.Task[object]]:
    return [t for t in asyncio.all_tasks() if t.get_name().startswith("lease:")]


async def test_a_lease_held_past_its_length_is_renewed_and_excludes_others(
    redis: Redis, line: RedisLine
) -> None:
    async with lease(line, "t:held", seconds=SECONDS):
        await asyncio.sleep(SECONDS * 3)  # a slow but living holder
        assert await redis.exists("t:held") == 1
        assert 0 < await redis.pttl("t:held") <= SECONDS * 1000
        other = redis.lock("t:held", timeout=SECONDS, blocking_timeout=0.05)
        assert not await other.acquire()
    assert await redis.exists("t:held") == 0


async def test_a_short_lease_starts_no_task_and_leaves_nothing_behind(
    redis: Redis, line: RedisLine
) -> None:
    async with lease(line, "t:short", seconds=SECONDS):
        assert lease_tasks() == []  # a timer until the first renewal is due, not a task
    await asyncio.sleep(SECONDS)  # the cancelled timer never fires a renewal
    assert lease_tasks() == []
    assert await redis.exists("t:short") == 0


async def test_a_holder_that_stops_renewing_loses_the_lease_soon(
    redis: Redis, line: RedisLine
) -> None:
    holder = redis.lock("t:dead", timeout=SECONDS)  # taken as a lease, then its holder died
    assert await holder.acquire()
    waited = asyncio.get_running_loop().time()
    async with lease(line, "t:dead", seconds=SECONDS, blocking_timeout=5):
        waited = asyncio.get_running_loop().time() - waited
    assert waited < SECONDS + 0.5


async def test_the_block_s_error_releases_the_lease(redis: Redis, line: RedisLine) -> None:
    with pytest.raises(RuntimeError):
        async with lease(line, "t:error", seconds=SECONDS):
            await asyncio.sleep(SECONDS)  # one renewal ran
            raise RuntimeError("handler failed")
    assert await redis.exists("t:error") == 0
    assert lease_tasks() == []


async def test_a_lease_waits_for_its_holder_and_gives_up_after_its_wait(
    redis: Redis, line: RedisLine
) -> None:
    holder = redis.lock("t:wait", timeout=SECONDS * 10)
    assert await holder.acquire()
    with pytest.raises(LockError):
        async with lease(line, "t:wait", seconds=SECONDS, blocking_timeout=0.25):
            raise AssertionError("never gets in")
    assert await holder.owned()  # the holder's lease untouched
    await holder.release()
    async with lease(line, "t:wait", seconds=SECONDS, blocking_timeout=0.25):
        assert await redis.exists("t:wait") == 1


async def test_a_taker_cancelled_mid_command_leaves_no_lease_behind(
    redis: Redis, line: RedisLine
) -> None:
    await line.execute("PING")  # the line's connection is open
    await _command(redis, "CLIENT", "PAUSE", 300, "ALL")  # Redis holds the SET
    taking = asyncio.ensure_future(lease(line, "t:cancelled", seconds=10).__aenter__())
    await asyncio.sleep(0.05)
    taking.cancel()
    with pytest.raises(asyncio.CancelledError):
        await taking
    for _ in range(50):  # the SET runs after the pause, then the release behind it
        await asyncio.sleep(0.02)
        if not await redis.exists("t:cancelled"):
            break
    assert await redis.exists("t:cancelled") == 0


async def _command(redis: Redis, *args: object) -> object:
    return await redis.execute_command(*args)  # type: ignore[no-untyped-call]

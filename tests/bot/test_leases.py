"""Leases (bot/leases.py) on a real Redis: renewed while held, gone when released, expired soon
after a holder that stopped renewing or was killed, and given back by a cancelled taker."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
from collections.abc import AsyncIterator
from typing import Any, cast

import pytest
from redis.asyncio import BlockingConnectionPool, Redis
from redis.exceptions import LockError

from bot.leases import lease
from tests.e2e.process import ROOT

SECONDS = 0.3  # renewed every 0.1 s


@pytest.fixture
async def redis(clean_redis: str) -> AsyncIterator[Redis]:
    client = Redis.from_url(clean_redis)
    yield client
    await client.aclose()


def lease_tasks() -> list[asyncio.Task[object]]:
    return [t for t in asyncio.all_tasks() if t.get_name().startswith("lease:") and not t.done()]


async def test_a_lease_held_past_its_length_is_renewed_and_excludes_others(redis: Redis) -> None:
    # A second's lease (renewed every third of it): a loaded machine (the suite on two cores)
    # can hold the event loop longer than 0.1 s, and the renewal must not look like a death.
    held = 1.0
    async with lease(redis, "t:held", seconds=held):
        await asyncio.sleep(held * 3)  # a slow but living holder
        assert await redis.exists("t:held") == 1
        assert 0 < await redis.pttl("t:held") <= held * 1000
        other = redis.lock("t:held", timeout=held, blocking_timeout=0.05)
        assert not await other.acquire()
    assert await redis.exists("t:held") == 0
    await asyncio.sleep(0)
    assert lease_tasks() == []  # the renewal stopped with the lease


async def test_a_holder_that_stops_renewing_loses_the_lease_soon(redis: Redis) -> None:
    holder = redis.lock("t:dead", timeout=SECONDS)  # taken as a lease, then its holder died
    assert await holder.acquire()
    waited = asyncio.get_running_loop().time()
    async with lease(redis, "t:dead", seconds=SECONDS, blocking_timeout=5):
        waited = asyncio.get_running_loop().time() - waited
    assert waited < SECONDS + 0.5


async def test_the_block_s_error_releases_the_lease(redis: Redis) -> None:
    with pytest.raises(RuntimeError):
        async with lease(redis, "t:error", seconds=SECONDS):
            await asyncio.sleep(SECONDS)  # one renewal ran
            raise RuntimeError("handler failed")
    assert await redis.exists("t:error") == 0
    await asyncio.sleep(0)
    assert lease_tasks() == []


async def test_a_lease_waits_for_its_holder_and_gives_up_after_its_wait(redis: Redis) -> None:
    holder = redis.lock("t:wait", timeout=SECONDS * 10)
    assert await holder.acquire()
    with pytest.raises(LockError):
        async with lease(redis, "t:wait", seconds=SECONDS, blocking_timeout=0.25):
            raise AssertionError("never gets in")
    assert await holder.owned()  # the holder's lease untouched
    await holder.release()
    async with lease(redis, "t:wait", seconds=SECONDS, blocking_timeout=0.25):
        assert await redis.exists("t:wait") == 1


async def test_a_lease_that_expired_while_held_is_a_warning(
    redis: Redis, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="bot.leases"):
        async with lease(redis, "t:lost", seconds=10):
            await redis.delete("t:lost")  # as if it had expired (Redis stalled, say)
    assert "the lease 't:lost' had expired before it was given back" in caplog.text


async def test_no_renewal_outlives_its_lease_on_a_crowded_pool(clean_redis: str) -> None:
    """Leases shorter than a command's wait for a connection: their renewals are often in
    flight when the holder leaves, and on Python 3.11 such a cancellation can be lost inside
    redis-py. Every renewal stops with its lease all the same."""
    pool = BlockingConnectionPool.from_url(clean_redis, max_connections=3, timeout=10)
    crowded = Redis(connection_pool=pool)
    logging.getLogger("bot.leases").disabled = True  # such short leases do expire while held

    async def hold(n: int) -> None:
        async with lease(crowded, f"t:crowd:{n % 50}", seconds=0.03):
            await asyncio.sleep(n % 7 * 0.007)

    try:
        await asyncio.gather(*(hold(n) for n in range(1000)))
        await asyncio.sleep(0.1)  # a renewal stopped mid-command notices at its next turn
        assert lease_tasks() == []
    finally:
        logging.getLogger("bot.leases").disabled = False
        await crowded.aclose()
        await pool.aclose()


class Recording(Redis):
    """A client that records the name of each command it sends."""

    names: list[str]

    @classmethod
    def open(cls, url: str) -> Recording:
        client = cast(Recording, cls.from_url(url))
        client.names = []
        return client

    async def execute_command(self, *args: Any, **options: Any) -> Any:
        self.names.append(str(args[0]).upper())
        return await super().execute_command(*args, **options)  # type: ignore[no-untyped-call]


async def test_a_taker_cancelled_mid_command_gives_back_what_it_took(
    redis: Redis, clean_redis: str
) -> None:
    taker = Recording.open(clean_redis)
    try:
        async with lease(taker, "t:warm-up"):  # a connection open, the release script loaded
            pass
        taker.names.clear()
        await redis.execute_command("CLIENT", "PAUSE", 300, "ALL")  # type: ignore[no-untyped-call]
        taking = asyncio.ensure_future(lease(taker, "t:cancelled", seconds=10).__aenter__())
        await asyncio.sleep(0.05)
        assert taker.names == ["SET"]  # sent, held by Redis
        taking.cancel()
        with pytest.raises(asyncio.CancelledError):
            await taking
        for _ in range(50):  # the SET is carried out after the pause, then given back
            await asyncio.sleep(0.02)
            if taker.names == ["SET", "EVALSHA"] and not await redis.exists("t:cancelled"):
                break
        assert taker.names == ["SET", "EVALSHA"]
        assert await redis.exists("t:cancelled") == 0
    finally:
        await taker.aclose()


HOLDER = """
import asyncio, sys
from redis.asyncio import BlockingConnectionPool, Redis
from bot.leases import lease

async def hold(url: str, name: str, seconds: float) -> None:
    async with lease(Redis.from_url(url), name, seconds=seconds):
        print("taken", flush=True)
        await asyncio.Event().wait()

asyncio.run(hold(sys.argv[1], sys.argv[2], float(sys.argv[3])))
"""


async def test_a_lease_held_by_a_killed_process_is_free_within_its_length(
    redis: Redis, clean_redis: str
) -> None:
    seconds = 1.0
    holder = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        HOLDER,
        clean_redis,
        "t:killed",
        str(seconds),
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=asyncio.subprocess.PIPE,
    )
    try:
        assert holder.stdout is not None
        assert await asyncio.wait_for(holder.stdout.readline(), 30) == b"taken\n"
        await asyncio.sleep(seconds * 2)  # the living holder renews it past its length
        with pytest.raises(LockError):
            async with lease(redis, "t:killed", seconds=seconds, blocking_timeout=0.2):
                pass
        holder.send_signal(signal.SIGKILL)
        await holder.wait()
        loop = asyncio.get_running_loop()
        killed = loop.time()
        async with lease(redis, "t:killed", seconds=seconds, blocking_timeout=seconds * 5):
            freed = loop.time() - killed
        assert freed <= seconds + 0.3
    finally:
        if holder.returncode is None:
            holder.kill()
            await holder.wait()

"""The hot path's Redis connection (bot/redis_line.py) on a real Redis: concurrent commands
answered in order, each error its own command's, a broken or silent connection failing only
the commands waiting on it and opened again by the next one."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from redis.asyncio import Redis
from redis.exceptions import ConnectionError, ResponseError, TimeoutError

from bot.redis_line import RedisLine, pack


@pytest.fixture
async def redis(clean_redis: str) -> AsyncIterator[Redis]:
    client = Redis.from_url(clean_redis)
    yield client
    await _command(client, "CLIENT", "UNPAUSE")
    await client.aclose()


@pytest.fixture
async def line(redis: Redis) -> AsyncIterator[RedisLine]:
    opened = RedisLine(redis, timeout=0.5)
    yield opened
    await opened.close()


def test_commands_are_packed_as_resp_arrays_of_bulk_strings() -> None:
    assert pack(("SET", "ключ", 5, b"\r\n")) == (
        b"*4\r\n$3\r\nSET\r\n$8\r\n" + "ключ".encode() + b"\r\n$1\r\n5\r\n$2\r\n\r\n\r\n"
    )


async def test_concurrent_commands_get_their_own_answers(line: RedisLine, redis: Redis) -> None:
    async def one(n: int) -> tuple[object, ...]:
        key = f"t:line:{n}"
        return (
            await line.execute("SET", key, f"v{n}"),
            await line.execute("INCRBY", f"{key}:count", n),
            await line.execute("GET", key),
            await line.execute("GET", f"{key}:missing"),
            await line.execute("MGET", key, f"{key}:missing"),
        )

    answers = await asyncio.gather(*(one(n) for n in range(100)))
    for n, answer in enumerate(answers):
        assert answer == (b"OK", n, f"v{n}".encode(), None, [f"v{n}".encode(), None])
    assert line.commands == 500
    assert await redis.get("t:line:42") == b"v42"  # the same database as the pool's


async def test_an_error_is_its_own_command_s(line: RedisLine) -> None:
    await line.execute("SET", "t:text", "not a number")
    wrong = line.execute("INCR", "t:text")
    right = line.execute("INCR", "t:number")
    results = await asyncio.gather(wrong, right, return_exceptions=True)
    assert isinstance(results[0], ResponseError) and results[1] == 1
    assert await line.execute("EVAL", "return ARGV[1] + 1", 0, 41) == 42


async def test_a_silent_redis_times_out_and_the_next_command_reconnects(
    line: RedisLine, redis: Redis
) -> None:
    await line.execute("PING")
    await _command(redis, "CLIENT", "PAUSE", 2000, "ALL")
    started = asyncio.get_running_loop().time()
    with pytest.raises(TimeoutError):
        await line.execute("INCR", "t:paused")
    assert asyncio.get_running_loop().time() - started < 1.5
    await _command(redis, "CLIENT", "UNPAUSE")
    assert await line.execute("INCR", "t:after") == 1


async def test_a_killed_connection_fails_its_waiting_commands_only(
    line: RedisLine, redis: Redis
) -> None:
    client_id = await line.execute("CLIENT", "ID")
    await _command(redis, "CLIENT", "PAUSE", 300, "WRITE")
    waiting = asyncio.ensure_future(line.execute("INCR", "t:killed"))
    await asyncio.sleep(0.05)
    await _command(redis, "CLIENT", "KILL", "ID", client_id)
    with pytest.raises(ConnectionError):
        await waiting
    await _command(redis, "CLIENT", "UNPAUSE")
    assert await line.execute("INCR", "t:next") == 1
    assert await line.execute("CLIENT", "ID") != client_id


async def test_a_cancelled_caller_does_not_shift_the_answers(line: RedisLine, redis: Redis) -> None:
    await line.execute("SET", "t:first", "1")
    await _command(redis, "CLIENT", "PAUSE", 200, "ALL")
    cancelled = asyncio.ensure_future(line.execute("GET", "t:first"))
    kept = asyncio.ensure_future(line.execute("INCRBY", "t:second", 7))
    await asyncio.sleep(0.05)
    cancelled.cancel()
    assert await kept == 7
    assert await line.execute("GET", "t:first") == b"1"


async def test_a_closed_line_fails_what_waits_and_opens_again_when_used(
    line: RedisLine, redis: Redis
) -> None:
    await line.execute("PING")
    await _command(redis, "CLIENT", "PAUSE", 300, "ALL")
    waiting = asyncio.ensure_future(line.execute("INCR", "t:closed"))
    await asyncio.sleep(0.05)
    await line.close()
    with pytest.raises(ConnectionError):
        await waiting
    await _command(redis, "CLIENT", "UNPAUSE")
    assert await line.execute("PING") == b"PONG"


async def _command(redis: Redis, *args: object) -> object:
    return await redis.execute_command(*args)  # type: ignore[no-untyped-call]

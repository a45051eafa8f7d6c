"""What counts as an outage of Redis or the database, and the probe that ends one."""

from __future__ import annotations

import asyncio
import sqlite3

import asyncpg
import pytest
from aiogram.exceptions import TelegramNetworkError
from aiogram.methods import GetMe
from redis.asyncio import Redis
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import ResponseError
from redis.exceptions import TimeoutError as RedisTimeoutError
from tortoise.exceptions import DBConnectionError, OperationalError

from bot.faults import is_outage
from bot.health import InfraHealth


def _raised_while_handling(first: Exception, then: Exception) -> Exception:
    try:
        try:
            raise first
        except Exception:
            raise then  # noqa: B904 - the implicit context is the point
    except Exception as error:
        return error


def _wrapped(inner: Exception) -> Exception:
    try:
        try:
            raise inner
        except Exception as error:
            raise OperationalError(error) from None
    except Exception as error:
        error.__context__ = inner  # as Tortoise raises it: inside ``except``
        return error


@pytest.mark.parametrize(
    "error",
    [
        RedisConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused."),
        RedisTimeoutError("Timeout reading from socket"),
        DBConnectionError("can't connect"),
        asyncpg.ConnectionDoesNotExistError("connection was closed in the middle of operation"),
        asyncpg.CannotConnectNowError("the database system is starting up"),
        ConnectionRefusedError(111, "Connection refused"),
        _wrapped(sqlite3.OperationalError("database is locked")),
        _wrapped(sqlite3.OperationalError("unable to open database file")),
        # aiogram-dialog's error middleware failing in its ``finally`` because Redis is down
        _raised_while_handling(RedisConnectionError("refused"), KeyError("aiogd_context")),
    ],
    ids=repr,
)
def test_outages(error: Exception) -> None:
    assert is_outage(error)


@pytest.mark.parametrize(
    "error",
    [
        ValueError("a bug"),
        ResponseError("WRONGTYPE Operation against a key holding the wrong kind of value"),
        _wrapped(sqlite3.OperationalError("no such column: x")),
        TelegramNetworkError(GetMe(), "Cannot connect to host api.telegram.org"),
        _raised_while_handling(ConnectionResetError(), TelegramNetworkError(GetMe(), "reset")),
    ],
    ids=repr,
)
def test_not_outages(error: Exception) -> None:
    assert not is_outage(error)


async def test_the_probe_ends_the_outage_once_everything_answers() -> None:
    answers = [False, False, True]

    async def database() -> None:
        if not answers.pop(0):
            raise ConnectionRefusedError(111, "Connection refused")

    health = InfraHealth(None, database=database, every=0.01)
    assert health.healthy
    health.report(RedisConnectionError("refused"))
    health.report(RedisConnectionError("refused"))  # one probe, however many reports
    assert not health.healthy
    await asyncio.wait_for(health.wait(), 5)
    assert health.healthy and answers == []
    await health.close()


async def test_the_probe_pings_redis(redis_url: str) -> None:
    redis = Redis.from_url(redis_url)
    try:
        await InfraHealth(redis, database=None).check()
    finally:
        await redis.aclose()
    gone = Redis.from_url("redis://127.0.0.1:1/0")
    with pytest.raises(RedisConnectionError):
        await InfraHealth(gone, database=None).check()
    await gone.aclose()


def test_the_courier_logs_an_outage_in_one_line(caplog: pytest.LogCaptureFixture) -> None:
    from bot.courier import _log_failure

    _log_failure(RedisConnectionError("refused"), "could not deliver to chat %s", 42)
    try:
        raise ValueError("a bug")
    except ValueError as error:
        _log_failure(error, "could not deliver to chat %s", 43)
    outage, bug = caplog.records[-2:]
    assert outage.levelname == "WARNING" and outage.exc_info is None
    assert outage.getMessage() == "could not deliver to chat 42 (ConnectionError: refused)"
    assert bug.levelname == "ERROR" and bug.exc_info is not None

"""What counts as an outage of Redis or the database (or a refused write), and the probe that
ends one."""

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
from tortoise import Tortoise
from tortoise.exceptions import DBConnectionError, OperationalError

from bot.db.models import Heartbeat, User
from bot.db.setup import close_database, init_database, sqlite_path
from bot.faults import is_outage, refuses_writes
from bot.health import InfraHealth, Outage, write_heartbeat
from tests.bot.read_only_rig import allow_writes, health_warnings

READONLY = "attempt to write a readonly database"


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
        _wrapped(sqlite3.OperationalError(READONLY)),
        _wrapped(sqlite3.OperationalError("database or disk is full")),
        _wrapped(sqlite3.OperationalError("disk I/O error")),
        asyncpg.ReadOnlySQLTransactionError("cannot execute INSERT in a read-only transaction"),
        asyncpg.DiskFullError('could not extend file "base/16384/16385": No space left'),
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


@pytest.mark.parametrize(
    ("error", "refused"),
    [
        (_wrapped(sqlite3.OperationalError(READONLY)), True),
        (_wrapped(sqlite3.OperationalError("database or disk is full")), True),
        (asyncpg.ReadOnlySQLTransactionError("cannot execute UPDATE in a read-only"), True),
        (asyncpg.DiskFullError("No space left on device"), True),
        (_wrapped(sqlite3.OperationalError("database is locked")), False),
        (_wrapped(sqlite3.OperationalError("disk I/O error")), False),  # reads may fail too
        (RedisConnectionError("refused"), False),
        (ConnectionRefusedError(111, "Connection refused"), False),
    ],
    ids=repr,
)
def test_refused_writes(error: Exception, refused: bool) -> None:
    assert refuses_writes(error) is refused


async def test_the_probe_ends_the_outage_once_everything_answers() -> None:
    answers = [False, False, True]

    async def database() -> None:
        if not answers.pop(0):
            raise ConnectionRefusedError(111, "Connection refused")

    health = InfraHealth(None, database=database, write=None, every=0.01)
    assert health.healthy
    assert await health.report(RedisConnectionError("refused")) is Outage.DOWN
    assert await health.report(RedisConnectionError("refused")) is Outage.DOWN  # one probe
    assert not health.healthy and not health.writable
    await asyncio.wait_for(health.wait(), 5)
    assert health.healthy and health.writable and answers == []
    await health.close()


class Writes:
    """The probe's write, the real one, counting the refusals it meets."""

    def __init__(self, refusals: int) -> None:
        self.refused = 0
        self.enough = asyncio.Event()  # set at the ``refusals``-th
        self.refusals = refusals

    async def __call__(self) -> None:
        try:
            await write_heartbeat()
        except Exception:
            self.refused += 1
            if self.refused >= self.refusals:
                self.enough.set()
            raise


async def _refused_write() -> Exception:
    """What an update's write meets now."""
    with pytest.raises(OperationalError) as refused:
        await User.create(telegram_id=7, first_name="Аня")
    return refused.value


async def test_refused_writes_are_one_warning_as_they_begin_and_one_as_they_end(
    database: str, caplog: pytest.LogCaptureFixture
) -> None:
    writes = Writes(refusals=5)
    health = InfraHealth(None, write=writes, every=0.01)  # SELECT 1 on the real SQLite
    await allow_writes(False)
    refused = await _refused_write()
    assert await health.report(refused) is Outage.READ_ONLY
    assert await health.report(refused) is Outage.READ_ONLY  # another update: no new line
    assert health.healthy and not health.writable  # updates are still taken
    await asyncio.wait_for(writes.enough.wait(), 5)  # probed again and again meanwhile
    assert not health.writable and len(health_warnings(caplog)) == 1

    await allow_writes(True)
    await asyncio.wait_for(health.wait_writable(), 5)
    began, ended = health_warnings(caplog)
    assert began.startswith("The database refuses writes (OperationalError: " + READONLY)
    assert ended.startswith("The database writes again after")
    assert await Heartbeat.filter(id=1).exists()  # the write that ended it
    await health.close()


async def test_a_passing_fault_is_held_and_tried_again_as_before(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A lock that is gone by the time the probe looks: not read-only (nothing refuses
    writes), so the update is held and handled again after the next probe."""

    async def answers() -> None:
        pass

    health = InfraHealth(None, database=answers, write=answers, every=0.01)
    locked = _wrapped(sqlite3.OperationalError("database is locked"))
    assert await health.report(locked) is Outage.DOWN
    await asyncio.wait_for(health.wait_writable(), 5)
    down, back = health_warnings(caplog)
    assert down.startswith("Redis or the database is unreachable")
    assert back.startswith("Redis and the database answer again")
    await health.close()


async def test_a_write_refused_while_the_probe_can_write_ends_after_a_quiet_minute(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A full disk where SQLite's WAL still has room for the probe's small row: the probe's
    write succeeds, the game's bigger one did not. Read-only until no update met a refusal for
    ``settle`` seconds, not ended by the next probe (and begun again by the next update)."""
    probes = 0
    probed = asyncio.Event()

    async def write() -> None:
        nonlocal probes
        probes += 1
        if probes >= 5:
            probed.set()

    health = InfraHealth(None, database=None, write=write, every=0.01, settle=60)
    full = _wrapped(sqlite3.OperationalError("database or disk is full"))
    assert await health.report(full) is Outage.READ_ONLY
    await asyncio.wait_for(probed.wait(), 5)
    assert not health.writable  # every probe wrote, yet the state holds
    health.settle = 0  # a quiet minute later
    await asyncio.wait_for(health.wait_writable(), 5)
    began, ended = health_warnings(caplog)
    assert "refuses writes" in began and "database or disk is full" in began
    assert ended.startswith("The database writes again after")
    await health.close()


async def test_an_outage_that_ends_in_refused_writes_says_so_once(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Down, then back but refusing writes, then writing: three lines, one per change."""
    reads = [False, True, True, True, True]
    write_answers = [False, False, True]

    async def database() -> None:
        if not (reads.pop(0) if reads else True):
            raise ConnectionRefusedError(111, "Connection refused")

    async def write() -> None:
        if not write_answers.pop(0):
            raise _wrapped(sqlite3.OperationalError(READONLY))

    health = InfraHealth(None, database=database, write=write, every=0.01)
    assert await health.report(DBConnectionError("can't connect")) is Outage.DOWN
    await asyncio.wait_for(health.wait(), 5)
    assert not health.writable
    await asyncio.wait_for(health.wait_writable(), 5)
    down, back, writing = health_warnings(caplog)
    assert down.startswith("Redis or the database is unreachable")
    assert back.startswith("Redis and the database answer again") and "refuses writes" in back
    assert writing.startswith("The database writes again after")
    assert write_answers == []
    await health.close()


async def _refuse_writes(url: str) -> None:
    if sqlite_path(url) is not None:
        await allow_writes(False)
        return
    connection = Tortoise.get_connection("default")
    _, rows = await connection.execute_query("SELECT current_database() AS name")
    name = rows[0]["name"]
    await connection.execute_script(
        f'ALTER DATABASE "{name}" SET default_transaction_read_only = on'
    )
    await close_database()  # new connections read the setting
    await init_database(url, run_migrations=False)


async def test_the_probes_write_fails_when_the_database_refuses_writes(
    each_database: str,
) -> None:
    await write_heartbeat()
    await write_heartbeat()  # an upsert: the same one row
    assert await Heartbeat.all().count() == 1
    await _refuse_writes(each_database)
    with pytest.raises(Exception) as refused:
        await write_heartbeat()
    assert is_outage(refused.value) and refuses_writes(refused.value)
    await Tortoise.get_connection("default").execute_query("SELECT 1")  # reads answer
    health = InfraHealth(None, every=60)
    assert await health.report(refused.value) is Outage.READ_ONLY
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

"""Is Redis or the database unreachable, or does the database refuse writes? One object that
knows, for the whole process.

An update that fails on an outage reports it here (:meth:`InfraHealth.report`), which says
which of two it is:

- **down**: Redis or the database is unreachable (a connection error; or ``PING`` or
  ``SELECT 1`` fails). The bot takes no new update (polling waits before its next
  ``getUpdates``, the webhook answers 503: Telegram keeps the updates and sends them again).
- **read-only**: both answer, but the database refuses writes (a full disk, a read-only file
  or transaction): the probe's own write (:func:`write_heartbeat`) fails, or the update's did
  with a write refusal (:func:`bot.faults.refuses_writes`). Updates are still taken, so
  whatever only reads is answered; one that fails on a write is answered «try again later»
  (:mod:`bot.outage`).

Either way a probe runs every :data:`PROBE_SECONDS` until Redis, ``SELECT 1`` and the write
all succeed; no restart is needed. One warning is logged as each state begins and one as it
ends. A write refused while the probe's own write succeeded (a full disk where SQLite's WAL
still has room for one small row) ends read-only only after :data:`SETTLE_SECONDS` without
another such refusal: the probe cannot tell that the disk has room again, and the state would
otherwise flip on every refused update.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from enum import StrEnum

from redis.asyncio import Redis
from tortoise import Tortoise
from tortoise.transactions import in_transaction

from bot.faults import of_the_database, refuses_writes
from bot.secrets import mask_secrets

logger = logging.getLogger(__name__)
PROBE_SECONDS = 1.0
PROBE_TIMEOUT_SECONDS = 3.0
SETTLE_SECONDS = 60.0  # a refused write the probe's own write did not repeat: read-only this long


async def _ping_database() -> None:
    await Tortoise.get_connection("default").execute_query("SELECT 1")


# SQLite (3.24+) and PostgreSQL alike; no parameters, whose placeholders differ.
HEARTBEAT = (
    'INSERT INTO "heartbeats" ("id", "beat_at") VALUES (1, CURRENT_TIMESTAMP) '
    'ON CONFLICT ("id") DO UPDATE SET "beat_at" = CURRENT_TIMESTAMP'
)


async def write_heartbeat() -> None:
    """The probe's write: one row upserted in a committed transaction, as the game's own
    writes are (:class:`bot.services.locks.GameLocks`)."""
    async with in_transaction() as connection:
        await connection.execute_query(HEARTBEAT)


class Outage(StrEnum):
    DOWN = "down"  # Redis or the database unreachable: no update is taken
    READ_ONLY = "read-only"  # both answer, the database refuses writes: updates are taken


Probe = Callable[[], Awaitable[None]]


class InfraHealth:
    """Healthy until an outage is reported; then probed until Redis and the database answer
    and the database writes."""

    def __init__(
        self,
        redis: Redis | None,
        *,
        database: Probe | None = _ping_database,
        write: Probe | None = write_heartbeat,
        every: float = PROBE_SECONDS,
        settle: float = SETTLE_SECONDS,
    ) -> None:
        self.redis = redis
        self.database = database
        self.write = write
        self.every = every
        self.settle = settle
        self._reachable = asyncio.Event()  # updates are taken (healthy or read-only)
        self._reachable.set()
        self._writable = asyncio.Event()  # and writes work (healthy)
        self._writable.set()
        self._since = 0.0  # when the current state began
        self._unexplained = -settle  # when a write was refused that the probe's write was not
        self._probe: asyncio.Task[None] | None = None

    @property
    def healthy(self) -> bool:
        """Whether updates are taken: Redis and the database answer (writes may fail)."""
        return self._reachable.is_set()

    @property
    def writable(self) -> bool:
        """Whether nothing is wrong at all: the database writes too."""
        return self._writable.is_set()

    async def wait(self) -> None:
        """Return at once while updates are taken, else once Redis and the database answer."""
        await self._reachable.wait()

    async def wait_writable(self) -> None:
        """Return at once while healthy, else once the database writes again."""
        await self._writable.wait()

    async def report(self, error: BaseException) -> Outage:
        """An update failed on ``error`` (an outage): which one it is, now that this has
        entered that state (and started the probe that ends it)."""
        if not self.healthy or not of_the_database(error):
            self._down(error)
            return Outage.DOWN
        found = await self._look()
        if found is None:  # everything answers now
            if refuses_writes(error):  # but the update's write was refused: a full disk
                self._unexplained = time.monotonic()
                found = Outage.READ_ONLY
            elif not self.writable:
                found = Outage.READ_ONLY
            else:  # a passing fault (a lock): held, and handled again after the probe
                found = Outage.DOWN
        if found is Outage.READ_ONLY and self.healthy:
            self._read_only(error)
            return Outage.READ_ONLY
        self._down(error)
        return Outage.DOWN

    def _down(self, error: BaseException | None) -> None:
        if not self.healthy:
            return
        self._reachable.clear()
        self._writable.clear()
        self._since = time.monotonic()
        cause = "the probe failed" if error is None else _described(error)
        logger.warning(
            "Redis or the database is unreachable (%s): no new updates until it is back", cause
        )
        self._start_probe()

    def _read_only(self, error: BaseException) -> None:
        if not self.writable:
            return
        self._writable.clear()
        self._since = time.monotonic()
        logger.warning(
            "The database refuses writes (%s): updates are still taken, those that write are"
            " answered «try again later» until it writes again",
            _described(error),
        )
        self._start_probe()

    def _start_probe(self) -> None:
        if self._probe is None or self._probe.done():
            loop = asyncio.get_running_loop()
            self._probe = loop.create_task(self._run(), name="health-probe")

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.every)
            found = await self._look()
            if found is Outage.DOWN:
                self._down(None)
                continue
            settled = time.monotonic() - self._unexplained >= self.settle
            lasted = time.monotonic() - self._since
            if not self.healthy:
                self._reachable.set()
                self._since = time.monotonic()
                if found is Outage.READ_ONLY or not settled:
                    logger.warning(
                        "Redis and the database answer again after %.0f s, but the database"
                        " refuses writes: updates are taken, those that write are answered"
                        " «try again later» until it writes again",
                        lasted,
                    )
                    continue
                logger.warning("Redis and the database answer again after %.0f s", lasted)
            elif found is Outage.READ_ONLY or not settled:
                continue
            else:
                logger.warning("The database writes again after %.0f s", lasted)
            self._writable.set()
            return

    async def _look(self) -> Outage | None:
        """What fails now: Redis or ``SELECT 1`` (down), else the write (read-only), else
        nothing (None)."""
        try:
            async with asyncio.timeout(PROBE_TIMEOUT_SECONDS):
                await self.check()
        except Exception as error:  # anything but an answer: still down
            logger.debug("unreachable: %r", error)
            return Outage.DOWN
        if self.write is None:
            return None
        try:
            async with asyncio.timeout(PROBE_TIMEOUT_SECONDS):
                await self.write()
        except Exception as error:
            logger.debug("writes refused: %r", error)
            return Outage.READ_ONLY
        return None

    async def check(self) -> None:
        """Raise unless Redis answers PING and the database ``SELECT 1``."""
        if self.redis is not None:
            await self.redis.ping()
        if self.database is not None:
            await self.database()

    async def close(self) -> None:
        if self._probe is not None:
            self._probe.cancel()


def _described(error: BaseException) -> str:
    return f"{type(error).__name__}: {mask_secrets(str(error))}"

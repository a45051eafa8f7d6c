"""Measuring: handling time of each update, database queries per update, Redis commands, memory."""

from __future__ import annotations

import contextlib
import logging
import math
import resource
import time
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from aiogram import Bot, Dispatcher
from redis.asyncio import Redis

DB_LOGGER = "tortoise.db_client"  # Tortoise logs every statement here at DEBUG


class QueryCounter(logging.Handler):
    """Counts the SQL statements Tortoise sends while a :meth:`counting` block is active in the
    current task (other tasks, such as the timer loop, are not counted). Transaction BEGIN and
    COMMIT are not logged by Tortoise and so not counted."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self._cell: ContextVar[list[int] | None] = ContextVar("bench_queries", default=None)
        self._logger = logging.getLogger(DB_LOGGER)
        self._saved: tuple[int, bool] = (self._logger.level, self._logger.propagate)

    def emit(self, record: logging.LogRecord) -> None:
        cell = self._cell.get()
        if cell is not None and not str(record.msg).startswith(("Created", "Closed")):
            cell[0] += 1

    def install(self) -> None:
        self._saved = (self._logger.level, self._logger.propagate)
        self._logger.setLevel(logging.DEBUG)
        self._logger.propagate = False
        self._logger.addHandler(self)

    def remove(self) -> None:
        self._logger.removeHandler(self)
        self._logger.setLevel(self._saved[0])
        self._logger.propagate = self._saved[1]

    @contextlib.contextmanager
    def counting(self) -> Iterator[list[int]]:
        cell = [0]
        token = self._cell.set(cell)
        try:
            yield cell
        finally:
            self._cell.reset(token)


@dataclass(frozen=True, slots=True)
class Sample:
    kind: str
    started: float  # perf_counter() when the update arrived
    seconds: float
    queries: int | None = None


@dataclass
class Feeder:
    """Feeds raw updates to a dispatcher one by one (many feeders run at once) and times each
    from arrival to the end of its handling."""

    dp: Dispatcher
    bot: Bot
    queries: QueryCounter | None = None
    samples: list[Sample] = field(default_factory=list)

    async def feed(self, kind: str, update: dict[str, Any]) -> None:
        if self.queries is None:
            start = time.perf_counter()
            await self.dp.feed_raw_update(self.bot, update)
            self.samples.append(Sample(kind, start, time.perf_counter() - start))
            return
        with self.queries.counting() as cell:
            start = time.perf_counter()
            await self.dp.feed_raw_update(self.bot, update)
            elapsed = time.perf_counter() - start
        self.samples.append(Sample(kind, start, elapsed, cell[0]))


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile (``share`` in 0..1) of ``values``; NaN when empty."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = max(1, math.ceil(share * len(ordered)))
    return ordered[rank - 1]


@dataclass(frozen=True)
class Latency:
    count: int
    p50_ms: float
    p95_ms: float
    p99_ms: float
    max_ms: float

    @classmethod
    def of(cls, seconds: list[float]) -> Latency:
        ms = [s * 1000 for s in seconds]
        return cls(
            len(ms),
            percentile(ms, 0.50),
            percentile(ms, 0.95),
            percentile(ms, 0.99),
            max(ms, default=math.nan),
        )

    def line(self) -> str:
        return (
            f"p50 {self.p50_ms:6.1f} ms  p95 {self.p95_ms:6.1f} ms  "
            f"p99 {self.p99_ms:6.1f} ms  max {self.max_ms:6.1f} ms  (n={self.count})"
        )


async def redis_commands(redis: Redis) -> int:
    """Commands the Redis server has processed so far (the INFO call itself included)."""
    info = await redis.info("stats")
    return int(info["total_commands_processed"])


async def redis_memory(redis: Redis) -> int:
    info = await redis.info("memory")
    return int(info["used_memory"])


def peak_rss_mib() -> float:
    """The process's peak resident memory so far (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def current_rss_mib() -> float:
    with open("/proc/self/statm") as statm:
        pages = int(statm.read().split()[1])
    return pages * resource.getpagesize() / 2**20

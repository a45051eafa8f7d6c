"""The fight run: N fights set up, then (1) every fight opened at once as fast as it goes,
(2) a window where presses arrive at a steady rate across all the open fights (latency),
(3) every fight played to its end as fast as it goes (throughput, and the process's CPU time per
press); and fights left open under tracemalloc (memory)."""

from __future__ import annotations

import asyncio
import gc
import random
import time
import tracemalloc
from collections import Counter
from dataclasses import dataclass
from typing import Any, cast

from aiogram import Bot, Dispatcher
from aiogram.types import Update
from redis.asyncio import Redis
from tortoise.transactions import in_transaction

from bench.fights import Driver, Outcome, Table, outcome, set_up
from bench.measure import Feeder, Sample, current_rss_mib, redis_commands, redis_memory
from bench.telegram import TelegramLog
from bot.app import settle_heap
from bot.i18n import Translator
from bot.services import codec, settings
from bot.throttle import WINDOW_SECONDS

MEMORY_BASE = 20_000
THROTTLE_KEY_SECONDS = WINDOW_SECONDS + 1  # how long a throttle count outlives its second
SETTLE_SECONDS = 0.5
DRAIN_SECONDS = 1.0


@dataclass
class Rig:
    """One dispatcher on one database, its fake Telegram, and what the phases share."""

    dp: Dispatcher
    bot: Bot
    log: TelegramLog
    redis: Redis
    fighters: int

    async def tables(self, first: int, count: int) -> list[Table]:
        tables = []
        for index in range(first, first + count):
            async with in_transaction():  # one commit per table: setup is not measured
                tables.append(await set_up(index, self.fighters))
        return tables


class Pacer:
    """Hands out presses one at a time at ``rate`` per second (Poisson arrivals), each to a
    random one of the waiting fighters, for as long as :meth:`run` runs; after :meth:`close`
    everyone presses at once."""

    def __init__(self, rate: float, seed: int = 10) -> None:
        self.rate = rate
        self.closed = False
        self._rng = random.Random(seed)
        self._waiting: list[asyncio.Future[None]] = []

    async def turn(self, rng: random.Random) -> None:
        if self.closed:
            return
        waiter = asyncio.get_running_loop().create_future()
        self._waiting.append(waiter)
        await waiter

    async def run(self, seconds: float) -> None:
        # Each arrival is due at a time drawn ahead of the last one's, not a sleep after it
        # returned: a busy event loop's lag does not lower the rate.
        loop = asyncio.get_running_loop()
        due = loop.time()
        end = due + seconds
        while (due := due + self._rng.expovariate(self.rate)) < end:
            await asyncio.sleep(max(0.0, due - loop.time()))
            if self._waiting:
                self._waiting.pop(self._rng.randrange(len(self._waiting))).set_result(None)
        await asyncio.sleep(max(0.0, end - loop.time()))

    def close(self) -> None:
        self.closed = True
        for waiter in self._waiting:
            waiter.set_result(None)
        self._waiting.clear()


@dataclass
class FightRun:
    fights: int
    rate: float  # the paced window's target
    opening: list[Sample]
    opening_seconds: float
    paced: list[Sample]
    paced_seconds: float
    rounds: list[Sample]  # after the window, to the end
    rounds_seconds: float
    calls: Counter[str]  # Bot API calls from the first round to the end
    group_messages: int  # new group messages from the first round to the end
    fights_over_one_per_round: int
    redis_commands: int  # what the Redis server processed over the three phases
    cpu_seconds: float  # the process's CPU time over the three phases
    paced_cpu_seconds: float  # ... over the paced window and its drain
    rounds_cpu_seconds: float  # ... over phase 3
    result: Outcome

    @property
    def samples(self) -> list[Sample]:
        return self.opening + self.paced + self.rounds

    @property
    def press_rate(self) -> float:
        return len(self.rounds) / self.rounds_seconds

    @property
    def paced_rate(self) -> float:
        return len(self.paced) / self.paced_seconds

    @property
    def cpu_per_press_ms(self) -> float:
        """Phase 3's process CPU time over its presses: the bot's, the fake Telegram's and the
        driver's (the bench's own share is small: building updates, reading live messages)."""
        return 1000 * self.rounds_cpu_seconds / len(self.rounds)

    @property
    def paced_cpu_per_press_ms(self) -> float:
        return 1000 * self.paced_cpu_seconds / len(self.paced)


async def fights(rig: Rig, count: int, rate: float, window: float) -> FightRun:
    tables = await rig.tables(0, count)
    settle_heap()  # as the bot does after start-up
    feeder = Feeder(rig.dp, rig.bot)
    pacer = Pacer(rate)
    driver = Driver(feeder, rig.log, think=pacer.turn)
    commands, cpu = await redis_commands(rig.redis), time.process_time()
    start = time.perf_counter()
    await asyncio.gather(*(Driver(feeder, rig.log).open_fight(t) for t in tables))
    opened, cpu_opened = time.perf_counter(), time.process_time()
    opening = list(feeder.samples)
    calls_before, groups_before = Counter(rig.log.calls), Counter(rig.log.group_messages)
    playing = asyncio.gather(*(driver.fight_rounds(t) for t in tables))
    await pacer.run(window)
    paced_end = time.perf_counter()
    await asyncio.sleep(DRAIN_SECONDS)  # the window's last presses finish undisturbed
    pacer.close()
    released, cpu_released = time.perf_counter(), time.process_time()
    await playing
    done, cpu_done = time.perf_counter(), time.process_time()
    later = feeder.samples[len(opening) :]
    sends = rig.log.group_messages - groups_before
    over = 0
    for table in tables:
        over += sends[table.group_id] > (await outcome([table])).rounds
    return FightRun(
        count,
        rate,
        opening,
        opened - start,
        [s for s in later if s.started < paced_end],
        paced_end - opened,
        [s for s in later if s.started >= paced_end],
        done - released,
        rig.log.calls - calls_before,
        sum(sends.values()),
        over,
        await redis_commands(rig.redis) - commands,
        cpu_done - cpu,
        cpu_released - cpu_opened,
        cpu_done - cpu_released,
        await outcome(tables),
    )


@dataclass(frozen=True)
class Memory:
    fights: int
    traced_bytes: int  # Python allocations the open fights hold (the bench's own excluded)
    traced_peak_bytes: int
    rss_mib: float  # resident memory growth while opening them
    redis_bytes: int

    @property
    def per_fight_bytes(self) -> float:
        return self.traced_bytes / self.fights

    @property
    def redis_per_fight_bytes(self) -> float:
        return self.redis_bytes / self.fights


def _traced(translator: Translator) -> int:
    # aiogram caches Update.event_type for the last 128 updates (whole updates as keys), and
    # the bot remembers its last formatted texts, read settings and stored fighters' states:
    # bounded costs that would otherwise be counted to the last fights opened.
    event_type = cast(Any, Update.event_type).fget
    event_type.cache_clear()
    for code in translator.locales:
        translator.for_locale(code)._texts.clear()
    settings._read.clear()
    codec._stored.cache_clear()
    gc.collect()
    return sum(stat.size for stat in tracemalloc.take_snapshot().statistics("filename"))


async def memory(rig: Rig, count: int) -> Memory:
    """Open ``count`` fights up to their first round and keep them open."""
    tables = await rig.tables(MEMORY_BASE, count)
    driver = Driver(Feeder(rig.dp, rig.bot), rig.log)
    rig.log.forget()
    gc.collect()
    redis_before, rss_before = await redis_memory(rig.redis), current_rss_mib()
    tracemalloc.start()
    translator = rig.dp["translator"]
    before = _traced(translator)
    await asyncio.gather(*(driver.open_fight(t) for t in tables))
    driver.feeder.samples.clear()
    rig.log.forget()  # the fake Telegram's record of messages is the bench's, not the bot's
    # Waiting for presses: the chats' pacing gaps and the throttle's keys are over.
    await asyncio.sleep(
        max(rig.dp["courier"].pacer.limits.per_chat_gap, THROTTLE_KEY_SECONDS) + SETTLE_SECONDS
    )
    after = _traced(translator)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return Memory(
        count,
        after - before,
        peak,
        current_rss_mib() - rss_before,
        await redis_memory(rig.redis) - redis_before,
    )

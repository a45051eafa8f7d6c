"""``python -m bench``: the load benchmark (``./scripts/bench.sh`` starts Redis and runs this).

Needs ``BENCH_REDIS_URL`` (or ``--redis``); a database of its own is made for every phase (a
temporary SQLite file; on PostgreSQL, when ``BENCH_POSTGRES_URL`` or ``TEST_POSTGRES_URL`` is
set, a throwaway database on that server). Prints figures and budgets; asserts nothing.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import tempfile
import time
import uuid
from collections.abc import AsyncIterator, Awaitable
from pathlib import Path
from typing import TypeVar
from urllib.parse import urlsplit, urlunsplit

from pydantic import SecretStr
from tortoise.backends.base.executor import EXECUTOR_CACHE

from bench import baseline, phases, report
from bench.fights import NAMES, Driver
from bench.measure import Feeder, Latency, QueryCounter, RoundTrips
from bench.queries import Scaling, one_fight
from bench.telegram import TOKEN, TelegramLog, bench_bot
from bot import loop
from bot.app import build_dispatcher, settle_heap
from bot.config import Settings
from bot.db.setup import close_database, init_database
from bot.i18n import Translator
from bot.storage import Storage, open_storage

MAX_REDIS_CONNECTIONS = 50  # the production default (REDIS_MAX_CONNECTIONS)
T = TypeVar("T")


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--fights", type=int, default=200, help="concurrent fights (200)")
    parser.add_argument("--fighters", type=int, default=4, help="fighters per fight (4)")
    parser.add_argument("--clients", type=int, default=0, help="baseline clients (= fights)")
    parser.add_argument("--each", type=int, default=10, help="updates per baseline client (10)")
    parser.add_argument(
        "--bursts", type=int, default=3, help="dialog-click bursts per measurement (3)"
    )
    parser.add_argument("--rate", type=float, default=20, help="paced presses a second (20)")
    parser.add_argument("--window", type=float, default=30, help="paced window in seconds (30)")
    parser.add_argument("--memory-fights", type=int, default=50, help="fights for memory (50)")
    parser.add_argument("--sizes", default="10,1000,10000", help="characters for the query check")
    parser.add_argument("--redis", default=os.environ.get("BENCH_REDIS_URL"))
    parser.add_argument(
        "--postgres",
        default=os.environ.get("BENCH_POSTGRES_URL") or os.environ.get("TEST_POSTGRES_URL"),
    )
    parser.add_argument("--sqlite-only", action="store_true", help="skip PostgreSQL")
    args = parser.parse_args()
    if not 2 <= args.fighters <= len(NAMES):
        parser.error(f"--fighters must be 2..{len(NAMES)}")
    return args


@contextlib.asynccontextmanager
async def database(postgres: str | None) -> AsyncIterator[str]:
    """A fresh database with the migrations applied: SQLite in a temporary folder, or a
    throwaway database on the PostgreSQL server of ``postgres``."""
    # Tortoise caches each model's INSERT/DELETE SQL by connection name, not by backend: a
    # process that goes from SQLite to PostgreSQL must forget the SQLite dialect's.
    EXECUTOR_CACHE.clear()
    if postgres is None:
        with tempfile.TemporaryDirectory(prefix="gm-bench-") as folder:
            url = f"sqlite://{Path(folder) / 'bench.sqlite3'}"
            await init_database(url)
            try:
                yield url
            finally:
                await close_database()
        return
    import asyncpg  # only with PostgreSQL

    name = f"gm_bench_{uuid.uuid4().hex[:12]}"
    parts = urlsplit(postgres.replace("postgres://", "postgresql://", 1))
    admin = await asyncpg.connect(postgres.replace("postgres://", "postgresql://", 1))
    await admin.execute(f'CREATE DATABASE "{name}"')
    url = urlunsplit(("postgres", parts.netloc, f"/{name}", parts.query, ""))
    try:
        await init_database(url)
        try:
            yield url
        finally:
            await close_database()
    finally:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await admin.close()


def dispatcher(storage: Storage, fighters: int, throttle: bool) -> tuple[phases.Rig, TelegramLog]:
    """The production dispatcher with production settings (throttle and concurrency bound)."""
    settings = Settings(  # type: ignore[call-arg]
        _env_file=None,
        bot_token=SecretStr(TOKEN),
        throttle_rate=10 if throttle else 0,
    )
    assert storage.redis is not None
    dp = build_dispatcher(
        storage=storage.fsm,
        isolation=storage.isolation,
        translator=Translator("ru"),
        settings=settings,
        redis=storage.redis,
    )
    log = TelegramLog()
    rig = phases.Rig(dp, bench_bot(log), log, storage.redis, RoundTrips(storage.redis), fighters)
    return rig, log


async def run_baselines(storage: Storage, clients: int, each: int, bursts: int) -> baseline.Run:
    log = TelegramLog()
    bot = bench_bot(log)
    echo_feeder = Feeder(baseline.echo_dispatcher(storage), bot)
    click_feeder = Feeder(baseline.counter_dispatcher(storage), bot)
    settle_heap()  # as the fights get it
    echo = await baseline.echo(echo_feeder, clients, each)
    click = await baseline.counter(click_feeder, log, clients, each, bursts)
    clicks = [s.seconds for s in click_feeder.samples if s.kind == "click"]
    report.baselines(
        echo, Latency.of([s.seconds for s in echo_feeder.samples]), click, Latency.of(clicks)
    )
    return click


async def click_again(storage: Storage, clients: int, each: int, bursts: int) -> baseline.Run:
    """The dialog click measured again after a fight run: the machine's speed drifts (±20 % run
    to run), so a fight run is compared with the clicks measured on both sides of it."""
    log = TelegramLog()
    feeder = Feeder(baseline.counter_dispatcher(storage), bench_bot(log))
    click = await baseline.counter(feeder, log, clients, each, bursts)
    report.click_again(click)
    return click


async def fight_run(
    storage: Storage, args: argparse.Namespace, db: str, postgres: str | None
) -> phases.FightRun:
    async with database(postgres):
        rig, _ = dispatcher(storage, args.fighters, throttle=True)
        run = await phases.fights(rig, args.fights, args.rate, args.window)
        report.fights(db, run, args.fighters)
        if postgres is None:  # the process's memory does not depend on the database
            report.memory(db, await phases.memory(rig, args.memory_fights))
    return run


async def query_scaling(
    storage: Storage, args: argparse.Namespace, db: str, postgres: str | None
) -> list[Scaling]:
    counter = QueryCounter()
    counter.install()
    runs = []
    try:
        for size in (int(x) for x in args.sizes.split(",")):
            async with database(postgres):
                rig, log = dispatcher(storage, args.fighters, throttle=False)
                driver = Driver(Feeder(rig.dp, rig.bot, counter), log)
                runs.append(await one_fight(driver, args.fighters, size))
    finally:
        counter.remove()
    report.scaling(db, runs)
    return runs


class Errors(logging.Handler):
    """Counts what the bot logged at ERROR or worse (a handler that failed), keeps the first."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.count = 0
        self.first = ""

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1
        if not self.first:
            self.first = self.format(record)[:2000]


async def timed(step: Awaitable[T]) -> T:
    start = time.perf_counter()
    result = await step
    print(f"   (that took {time.perf_counter() - start:.0f} s)")
    return result


async def main() -> None:
    args = arguments()
    if not args.redis:
        raise SystemExit("set BENCH_REDIS_URL (./scripts/bench.sh starts a Redis for the run)")
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger("aiogram.event").setLevel(logging.WARNING)
    errors = Errors()
    logging.getLogger().addHandler(errors)
    started = time.perf_counter()
    storage = await open_storage(args.redis, MAX_REDIS_CONNECTIONS)
    assert storage.redis is not None
    await storage.redis.flushdb()
    report.machine((await storage.redis.info("server"))["redis_version"])
    try:
        click = await timed(
            run_baselines(storage, args.clients or args.fights, args.each, args.bursts)
        )
        databases = [("SQLite", None)]
        if args.postgres and not args.sqlite_only:
            databases.append(("PostgreSQL", args.postgres))
        found = []
        clients = args.clients or args.fights
        for db, postgres in databases:
            run = await timed(fight_run(storage, args, db, postgres))
            after = await click_again(storage, clients, args.each, args.bursts)
            runs = await timed(query_scaling(storage, args, db, postgres))
            found.append((db, report.budgets(baseline.both(click, after), run, runs)))
            click = after
        for db, budgets in found:
            print(f"-- {db}")
            report.print_budgets(budgets)
    finally:
        await storage.close()
    print(f"errors logged by the bot during the bench: {errors.count}")
    if errors.first:
        print(f"  the first: {errors.first}")
    print(f"(the whole bench took {time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    loop.run(main())

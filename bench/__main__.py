"""``python -m bench``: the load benchmark (``./scripts/bench.sh`` starts Redis and runs this).

Needs ``BENCH_REDIS_URL`` (or ``--redis``); a database of its own is made for every phase (a
temporary SQLite file; on PostgreSQL, when ``BENCH_POSTGRES_URL`` or ``TEST_POSTGRES_URL`` is
set, a throwaway database on that server). Prints figures and budgets; asserts nothing.
``--busy-group`` runs only the busy group, for the budget's ten minutes unless told otherwise;
``--edits-uncounted`` runs it with the bot's pacer of before issue 41 (edits not counted).
``--encounters`` runs only the busy group by kind of encounter (pool, duel, d20), each with the
pacer of before and of after, for ``--encounter-seconds``; the routine run ends with it too.
"""

from __future__ import annotations

import argparse
import logging
import os
import time
from collections.abc import Awaitable
from typing import TypeVar

from bench import baseline, phases, report
from bench.baseline import Stock
from bench.busy import KINDS, BusyRun, busy_group
from bench.fights import NAMES, Driver
from bench.measure import Feeder, Latency, QueryCounter
from bench.production import MAX_REDIS_CONNECTIONS, database, dispatcher
from bench.queries import Scaling, one_fight
from bench.telegram import TOKEN, TelegramLog, bench_bot
from bot import loop
from bot.app import settle_heap
from bot.storage import Storage, open_storage

BUSY_SECONDS = 60.0  # the routine run's stretch of the busy group
ENCOUNTER_SECONDS = 60.0  # each kind's stretch, before and after, in the comparison by kind
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
    parser.add_argument("--rate", type=float, default=30, help="paced presses a second (30)")
    parser.add_argument("--window", type=float, default=30, help="paced window in seconds (30)")
    parser.add_argument("--memory-fights", type=int, default=50, help="fights for memory (50)")
    parser.add_argument("--sizes", default="10,1000,10000", help="characters for the query check")
    parser.add_argument(
        "--busy-group",
        action="store_true",
        help="only the busy group, for --busy-seconds (600 with this flag)",
    )
    parser.add_argument(
        "--busy-seconds",
        type=float,
        default=None,
        help=f"wall time of the busy group ({BUSY_SECONDS:g}; 600 with --busy-group)",
    )
    parser.add_argument(
        "--edits-uncounted",
        action="store_true",
        help="the busy group's bot paces only new messages toward a group's minute (the "
        "pacer before issue 41; the emulator still counts edits, as Telegram does)",
    )
    parser.add_argument(
        "--encounters",
        action="store_true",
        help="only the busy group by kind of encounter (pool, duel, d20), with the bot's pacer "
        "of before issue 41 and of after, on the first database",
    )
    parser.add_argument(
        "--encounter-seconds",
        type=float,
        default=ENCOUNTER_SECONDS,
        help=f"wall time of each kind's run, before and after ({ENCOUNTER_SECONDS:g})",
    )
    parser.add_argument("--redis", default=os.environ.get("BENCH_REDIS_URL"))
    parser.add_argument(
        "--postgres",
        default=os.environ.get("BENCH_POSTGRES_URL") or os.environ.get("TEST_POSTGRES_URL"),
    )
    parser.add_argument("--sqlite-only", action="store_true", help="skip PostgreSQL")
    args = parser.parse_args()
    if not 2 <= args.fighters <= len(NAMES):
        parser.error(f"--fighters must be 2..{len(NAMES)}")
    if args.busy_seconds is None:
        args.busy_seconds = report.BUSY_BUDGET_SECONDS if args.busy_group else BUSY_SECONDS
    return args


def rig(storage: Storage, fighters: int, throttle: bool) -> phases.Rig:
    """The production dispatcher on the fake Telegram."""
    assert storage.redis is not None
    dp = dispatcher(storage, TOKEN, throttle, paced=False)
    log = TelegramLog()
    return phases.Rig(dp, bench_bot(log), log, storage.redis, fighters)


async def run_baselines(redis_url: str, clients: int, each: int, bursts: int) -> None:
    stock = Stock.open(redis_url, clients)
    try:
        log = TelegramLog()
        bot = bench_bot(log)
        echo_feeder = Feeder(baseline.echo_dispatcher(stock), bot)
        click_feeder = Feeder(baseline.counter_dispatcher(stock), bot)
        settle_heap()  # as the fights get it
        echo = await baseline.echo(echo_feeder, clients, each)
        click = await baseline.counter(click_feeder, log, clients, each, bursts)
    finally:
        await stock.close()
    clicks = [s.seconds for s in click_feeder.samples if s.kind == "click"]
    report.baselines(
        echo, Latency.of([s.seconds for s in echo_feeder.samples]), click, Latency.of(clicks)
    )


async def fight_run(
    storage: Storage, args: argparse.Namespace, db: str, postgres: str | None
) -> phases.FightRun:
    async with database(postgres):
        fights = rig(storage, args.fighters, throttle=True)
        run = await phases.fights(fights, args.fights, args.rate, args.window)
        report.fights(db, run, args.fighters)
        if postgres is None:  # the process's memory does not depend on the database
            report.memory(db, await phases.memory(fights, args.memory_fights))
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
                alone = rig(storage, args.fighters, throttle=False)
                # One press at a time: presses of a round at once may move a courier's look
                # from one update's count to another's, which says nothing of the database.
                feeder = Feeder(alone.dp, alone.bot, counter)
                driver = Driver(feeder, alone.log, together=False)
                runs.append(await one_fight(driver, args.fighters, size))
    finally:
        counter.remove()
    report.scaling(db, runs)
    return runs


async def busy_run(
    storage: Storage, args: argparse.Namespace, db: str, postgres: str | None
) -> BusyRun:
    # The bot logs each 429 it waits out; the busy group counts them at the emulator instead.
    session_log = logging.getLogger("bot.session")
    level = session_log.level
    session_log.setLevel(logging.ERROR)
    try:
        async with database(postgres):
            run = await busy_group(storage, args.busy_seconds, count_edits=not args.edits_uncounted)
    finally:
        session_log.setLevel(level)
    report.busy(db, run)
    return run


async def by_kind(
    storage: Storage, args: argparse.Namespace, db: str, postgres: str | None
) -> list[BusyRun]:
    """Each kind of encounter in the busy group, with the pacer of before and of after."""
    session_log = logging.getLogger("bot.session")
    level = session_log.level
    session_log.setLevel(logging.ERROR)
    runs = []
    try:
        for kind in KINDS:
            for count_edits in (False, True):
                async with database(postgres):
                    runs.append(
                        await busy_group(
                            storage, args.encounter_seconds, count_edits=count_edits, kind=kind
                        )
                    )
    finally:
        session_log.setLevel(level)
    report.encounters(db, runs)
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
    databases: list[tuple[str, str | None]] = [("SQLite", None)]
    if args.postgres and not args.sqlite_only:
        databases.append(("PostgreSQL", args.postgres))
    found = []
    try:
        if args.encounters:
            db, postgres = databases[0]
            await timed(by_kind(storage, args, db, postgres))
            databases = []
        if not args.busy_group and databases:
            clients = args.clients or args.fights
            await timed(run_baselines(args.redis, clients, args.each, args.bursts))
        for db, postgres in databases:
            if args.busy_group:
                busy = await timed(busy_run(storage, args, db, postgres))
                found.append((db, [report.busy_budget(busy)]))
                continue
            run = await timed(fight_run(storage, args, db, postgres))
            runs = await timed(query_scaling(storage, args, db, postgres))
            busy = await timed(busy_run(storage, args, db, postgres))
            found.append((db, report.budgets(db, run, runs, busy)))
        if found and not args.busy_group:  # the routine run: each kind, on the first database
            await timed(by_kind(storage, args, *databases[0]))
        for db, budgets in found:
            print(f"== budgets on {db}")
            report.print_budgets(budgets)
    finally:
        await storage.close()
    print(f"errors logged by the bot during the bench: {errors.count}")
    if errors.first:
        print(f"  the first: {errors.first}")
    print(f"(the whole bench took {time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    loop.run(main())

"""``python -m bench.presses``: the CPU of one fight press, with nothing else running.

Plays fights of four one press at a time (same tables and dice as the load benchmark) and
prints the process CPU per press: a plain press (an action chosen, the live message edited)
and one that resolves the round (results posted as the new live message). The load figures
of ``python -m bench`` follow from these; this is the number to watch while optimising, and
the run to put under a profiler::

    .venv/bin/py-spy record --format raw -o presses.txt -- .venv/bin/python -m bench.presses

Needs ``BENCH_REDIS_URL``; SQLite unless ``--postgres`` (or ``BENCH_POSTGRES_URL``) is given.
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

from bench.__main__ import rig
from bench.fights import Driver
from bench.measure import Feeder
from bench.production import MAX_REDIS_CONNECTIONS, database
from bot import loop
from bot.app import settle_heap
from bot.storage import open_storage

WARM_UP = 3  # fights played before measuring: caches filled, code paths warm


async def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.presses", description=__doc__)
    parser.add_argument("--fights", type=int, default=30, help="fights measured (30)")
    parser.add_argument("--redis", default=os.environ.get("BENCH_REDIS_URL"))
    parser.add_argument("--postgres", default=os.environ.get("BENCH_POSTGRES_URL"))
    args = parser.parse_args()
    if not args.redis:
        raise SystemExit("set BENCH_REDIS_URL")
    storage = await open_storage(args.redis, MAX_REDIS_CONNECTIONS)
    assert storage.redis is not None
    await storage.redis.flushdb()
    async with database(args.postgres):
        fights = rig(storage, 4, throttle=True)
        log = fights.log
        tables = await fights.tables(0, WARM_UP + args.fights)
        settle_heap()
        feeder = Feeder(fights.dp, fights.bot)
        driver = Driver(feeder, log, together=False)  # one press at a time: its own CPU
        for table in tables[:WARM_UP]:
            await driver.play(table)
        for table in tables[WARM_UP:]:
            await driver.open_fight(table)
        cpu: dict[str, list[float]] = {"plain": [], "resolving": [], "private choice": []}
        feed = feeder.feed

        async def timed(kind: str, update: dict[str, Any]) -> None:
            posted, start = log.group_messages.total(), time.process_time()
            await feed(kind, update)
            spent = time.process_time() - start
            if kind == "pick":
                cpu["private choice"].append(spent)
            else:
                cpu["resolving" if log.group_messages.total() > posted else "plain"].append(spent)

        feeder.feed = timed  # type: ignore[method-assign]
        for table in tables[WARM_UP:]:
            await driver.fight_rounds(table)
    await storage.close()
    print(f"CPU per press, {args.fights} fights of four, one press at a time:")
    for kind, spent in cpu.items():
        if spent:
            print(f"  {kind:15s} {1000 * sum(spent) / len(spent):6.2f} ms  (n={len(spent)})")


if __name__ == "__main__":
    loop.run(main())

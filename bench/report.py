"""Printing the figures and the budgets (pass / fall short). Nothing here is asserted."""

from __future__ import annotations

import os
import platform
import sqlite3
from dataclasses import dataclass

from bench.baseline import Run
from bench.measure import Latency, Sample, peak_rss_mib
from bench.phases import FightRun, Memory
from bench.queries import Scaling

P99_BUDGET_MS = 50.0
RATIO_BUDGET = 0.5
BOT_LIMIT = 30  # messages a second Telegram lets one bot send (its FAQ)


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def machine(redis_version: str) -> None:
    print("== machine")
    print(f"  nproc {os.cpu_count()}, CPU {cpu_model()}")
    python = platform.python_version()
    print(f"  Python {python}, SQLite {sqlite3.sqlite_version}, Redis {redis_version}")


def baselines(echo: Run, echo_latency: Latency, click: Run, click_latency: Latency) -> None:
    print("== baselines: same Redis storage and event isolation, same fake Telegram")
    print(f"  bare aiogram, echo handler:        {echo.rate:7.0f} updates/s  ({echo.updates})")
    print(f"    {echo_latency.line()}")
    print(f"  bare aiogram-dialog, counter click: {click.rate:6.0f} updates/s  ({click.updates})")
    print(f"    {click_latency.line()}")


def click_again(click: Run) -> None:
    print(f"  bare aiogram-dialog click again, after the run: {click.rate:.0f} updates/s")


def _per(count: float, rounds: int) -> float:
    return count / rounds if rounds else float("nan")


def _latency(samples: list[Sample]) -> str:
    return Latency.of([s.seconds for s in samples]).line()


def fights(db: str, run: FightRun, fighters: int) -> None:
    rounds = run.result.rounds
    print(f"== {db}: {run.fights} fights of {fighters} at once")
    print(
        f"  1. opening them as fast as they go (/fight, joins, start, private choices): "
        f"{len(run.opening)} updates in {run.opening_seconds:.1f} s = "
        f"{len(run.opening) / run.opening_seconds:.0f}/s"
    )
    print(f"     {_latency(run.opening)}")
    print(
        f"  2. presses arriving at {run.rate:g}/s across all {run.fights} open fights: "
        f"{len(run.paced)} in {run.paced_seconds:.0f} s = {run.paced_rate:.1f}/s"
    )
    print(f"     {_latency(run.paced)}")
    print(
        f"  3. every fight to its end as fast as it goes: {len(run.rounds)} presses in "
        f"{run.rounds_seconds:.1f} s = {run.press_rate:.0f} presses/s"
    )
    print(f"     {_latency(run.rounds)}")
    updates = len(run.samples)
    print(f"  CPU {run.cpu_seconds / updates * 1000:.1f} ms an update (the process, all phases)")
    print(
        f"  fights finished {run.result.finished}/{run.fights}, rounds {rounds}, "
        f"stalled {run.result.stalled}, presses without their button {run.result.missing_buttons}"
    )
    calls = sum(run.calls.values())
    methods = ", ".join(f"{m} {_per(n, rounds):.2f}" for m, n in run.calls.most_common())
    print(f"  Bot API calls per round: {_per(calls, rounds):.2f} ({methods})")
    print(
        f"  new group messages per round: {_per(run.group_messages, rounds):.2f}; "
        f"fights with more new group messages than rounds: {run.fights_over_one_per_round}"
    )
    print(f"  Redis round trips per update: {run.trips / updates:.1f}")
    sent = sum(n for m, n in run.calls.items() if m.startswith(("send", "edit")))
    presses = len(run.paced) + len(run.rounds)
    per_press = sent / presses if presses else float("nan")
    print(
        f"  messages sent or edited per press: {per_press:.2f}; at Telegram's ~{BOT_LIMIT} "
        f"a second for a bot, at most ~{BOT_LIMIT / per_press:.0f} presses/s can be answered"
    )


def memory(db: str, run: Memory) -> None:
    print(f"== {db}: memory, {run.fights} fights open (first round, waiting for presses)")
    print(
        f"  Python allocations held per open fight: {run.per_fight_bytes / 1024:.1f} KiB "
        f"(tracemalloc; peak while opening {run.traced_peak_bytes / 2**20:.1f} MiB)"
    )
    redis = run.redis_per_fight_bytes / 1024
    print(f"  resident memory growth: {run.rss_mib:.1f} MiB; Redis per open fight: {redis:.1f} KiB")
    print(f"  peak resident memory of the bench process so far: {peak_rss_mib():.0f} MiB")


def scaling(db: str, runs: list[Scaling]) -> None:
    print(f"== {db}: database queries per update, the same fight alone as the database grows")
    kinds = list(dict.fromkeys(kind for run in runs for kind, _ in run.per_press))
    print("  characters  " + "  ".join(f"{k:>9s}" for k in kinds) + "       mean   ms/update")
    for run in runs:
        by = run.by_kind()
        cells = "  ".join(f"{by.get(k, float('nan')):9.1f}" for k in kinds)
        print(f"  {run.characters:10d}  {cells}  {run.mean_queries:9.2f}   {run.mean_ms:9.1f}")


@dataclass(frozen=True)
class Budget:
    name: str
    ok: bool
    figure: str


def budgets(click: Run, run: FightRun, runs: list[Scaling]) -> list[Budget]:
    ratio = run.press_rate / click.rate
    p99 = Latency.of([s.seconds for s in run.paced]).p99_ms
    same = len({tuple(r.per_press) for r in runs}) == 1
    counts = ", ".join(f"{r.characters}: {r.mean_queries:.2f}" for r in runs)
    over = run.fights_over_one_per_round
    return [
        Budget(
            "fight press throughput >= 50% of the bare dialog click",
            ratio >= RATIO_BUDGET,
            f"{run.press_rate:.0f}/s vs {click.rate:.0f}/s (the clicks before and after the "
            f"run) = {ratio:.0%}",
        ),
        Budget(
            f"p99 < 50 ms at {run.fights} concurrent fights ({run.rate:g} presses/s)",
            p99 < P99_BUDGET_MS,
            f"p99 {p99:.1f} ms",
        ),
        Budget(
            "database queries per press the same at every database size",
            same,
            f"mean per press by characters: {counts}"
            + ("" if same else " (the per-press sequences differ)"),
        ),
        Budget(
            "<= 1 new group message per round",
            over == 0 and run.group_messages <= run.result.rounds,
            f"{run.group_messages} for {run.result.rounds} rounds; fights over: {over}",
        ),
    ]


def print_budgets(found: list[Budget]) -> None:
    print("== budgets")
    for budget in found:
        mark = "pass" if budget.ok else "FALLS SHORT"
        print(f"  [{mark:>11s}] {budget.name}: {budget.figure}")

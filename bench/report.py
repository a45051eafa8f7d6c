"""Printing the figures and the budgets (pass / fall short). Nothing here is asserted."""

from __future__ import annotations

import os
import platform
import sqlite3
from dataclasses import dataclass

from bench.baseline import Run
from bench.busy import FIGHTERS, WINDOW_SECONDS, BusyRun
from bench.measure import Latency, Sample, peak_rss_mib
from bench.phases import FightRun, Memory
from bench.queries import Scaling

# The budgets (issues 21 and 35): against Telegram's limits, not against other code.
# A press's CPU: one core then answers >= 83 presses/s on SQLite (whose engine works inside
# the bot's process) and >= 100 on PostgreSQL (whose server's work is outside it).
CPU_BUDGET_MS = {"SQLite": 12.0, "PostgreSQL": 10.0}
P99_BUDGET_MS = 80.0  # well under one Telegram round trip
BUSY_BUDGET_SECONDS = 600.0  # the busy group's ten minutes
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
    print("== for reference, not budgets: stock aiogram on the same Redis and fake Telegram")
    print(f"  bare aiogram, echo handler:        {echo.rate:7.0f} updates/s  ({echo.updates})")
    print(f"    {echo_latency.line()}")
    print(f"  bare aiogram-dialog, counter click: {click.rate:6.0f} updates/s  ({click.updates})")
    print(f"    {click_latency.line()}")


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
    print(
        f"  CPU time of the process per press: {run.cpu_per_press_ms:.2f} ms in phase 3, "
        f"{run.paced_cpu_per_press_ms:.2f} ms in phase 2 (its idle time included); "
        f"{run.cpu_seconds / updates * 1000:.2f} ms an update over all three"
    )
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
    print(
        f"  Redis commands per update: {run.redis_commands / updates:.1f} "
        f"(the server's count, a script's own commands included)"
    )
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


def busy(db: str, run: BusyRun) -> None:
    minutes = run.seconds / 60
    counted = "edits counted" if run.count_edits else "edits NOT counted by the bot's pacer"
    print(
        f"== {db}: a busy group, {run.fighters} fighters pressing at once, Telegram's limits on"
        f" (edits and deletions count toward the group's; {counted})"
    )
    print(
        f"  {run.seconds:.0f} s of wall time: {run.fights} fights begun, {run.finished} finished, "
        f"{run.rounds} rounds, {run.presses} presses"
        + ("; the bot STALLED (nothing for minutes)" if run.stalled else "")
    )
    methods = ", ".join(f"{m} {n}" for m, n in run.calls.most_common())
    print(f"  Bot API calls: {sum(run.calls.values())} ({methods})")
    refused = ", ".join(f"{m} {n}" for m, n in run.refused.most_common()) or "none"
    print(f"  429 Too Many Requests: {sum(run.refused.values())} ({refused})")
    print(f"  messages left with stale buttons: {run.stale_buttons}")
    for line in run.stale:
        print(f"    {line}")
    print(
        f"  calls counted toward the group (sends, edits, deletions): {run.group_calls}, "
        f"{run.calls_per_round:.2f} a {run.kind} round (openings included)"
    )
    delays = Latency.of(run.results_delays)
    print(
        f"  a round's last press to its results message: p95 {delays.p95_ms / 1000:.1f} s "
        f"(p50 {delays.p50_ms / 1000:.1f} s, max {delays.max_ms / 1000:.1f} s, "
        f"{delays.count} rounds)"
    )
    sends = len(run.group_sends)
    print(
        f"  new group messages: {sends} ({_per(sends, run.rounds):.2f} a round, fights' openings "
        f"included), {sends / minutes:.1f} a minute; the most in any {WINDOW_SECONDS:.0f} s: "
        f"{run.busiest_window} (Telegram allows 20)"
    )


def encounters(db: str, runs: list[BusyRun]) -> None:
    """Per kind of encounter, the busy group with the bot's pacer of before issue 41 (edits
    not counted toward a group's minute) and of after; the emulator counts them in both."""
    seconds = max((run.seconds for run in runs), default=0.0)
    print(
        f"== {db}: calls a round by kind of encounter, each played as fast as its players press"
        f" for ~{seconds:.0f} s, Telegram's limits on, edits counted by the emulator"
    )
    print(
        "  kind  players  bot's pacer            begun  ended  rounds  calls/round  429s"
        "  stale  p95 results"
    )
    for run in runs:
        pacer = "after (edits counted)" if run.count_edits else "before (not counted)"
        refused = sum(run.refused.values())
        p95 = Latency.of(run.results_delays).p95_ms / 1000
        print(
            f"  {run.kind:5s} {run.fighters:7d}  {pacer:21s} {run.fights:6d} {run.finished:6d}"
            f" {run.rounds:7d} {run.calls_per_round:12.2f} {refused:5d} {run.stale_buttons:6d}"
            f" {p95:10.1f} s" + ("  STALLED" if run.stalled else "")
        )
        for line in run.stale:
            print(f"      {line}")
    print(
        "  (calls counted toward the group: new messages, edits, deletions, setup included; a"
        " d20 battle's round is a turn; p95: a round's last press to the next group message)"
    )


@dataclass(frozen=True)
class Budget:
    name: str
    ok: bool
    figure: str


def budgets(db: str, run: FightRun, runs: list[Scaling], busy: BusyRun) -> list[Budget]:
    p99 = Latency.of([s.seconds for s in run.paced]).p99_ms
    cpu_budget = CPU_BUDGET_MS[db]
    # The same presses, each with the same statements, at every size (played one at a time).
    same = len({tuple(r.per_press) for r in runs}) == 1
    counts = ", ".join(f"{r.characters}: {r.mean_queries:.2f}" for r in runs)
    over = run.fights_over_one_per_round
    return [
        Budget(
            f"CPU time per fight press <= {cpu_budget:g} ms on average",
            run.cpu_per_press_ms <= cpu_budget,
            f"{run.cpu_per_press_ms:.2f} ms ({run.rounds_cpu_seconds:.1f} s of CPU for "
            f"{len(run.rounds)} presses in phase 3; one core: "
            f"~{1000 / run.cpu_per_press_ms:.0f} presses/s)",
        ),
        Budget(
            f"p99 < {P99_BUDGET_MS:g} ms at {run.rate:g} presses/s over {run.fights} open fights",
            p99 < P99_BUDGET_MS,
            f"p99 {p99:.1f} ms ({len(run.paced)} presses in {run.paced_seconds:.0f} s, "
            f"{run.paced_rate:.1f}/s)",
        ),
        Budget(
            "statements per press the same from the smallest to the largest database",
            same,
            f"mean per press by characters: {counts}" + ("" if same else " (a press differs)"),
        ),
        Budget(
            "<= 1 new group message per round",
            over == 0 and run.group_messages <= run.result.rounds,
            f"{run.group_messages} for {run.result.rounds} rounds; fights over: {over}",
        ),
        busy_budget(busy),
    ]


def busy_budget(busy: BusyRun) -> Budget:
    refused = sum(busy.refused.values())
    short = busy.seconds < BUSY_BUDGET_SECONDS - 1
    return Budget(
        f"0 Bot API 429s in a {busy.seconds / 60:.1f}-minute busy group ({FIGHTERS} fighters)"
        + (
            " [short run: the budget is 10 minutes, ./scripts/bench.sh --busy-group]"
            if short
            else ""
        ),
        refused == 0 and not busy.stalled and busy.stale_buttons == 0,
        f"{refused} 429s, {busy.stale_buttons} messages with stale buttons; {busy.rounds} "
        f"rounds, the most new group messages in a minute {busy.busiest_window}, p95 from a "
        f"round's last press to its results {Latency.of(busy.results_delays).p95_ms / 1000:.1f} s"
        + ("; the bot stalled" if busy.stalled else ""),
    )


def print_budgets(found: list[Budget]) -> None:
    for budget in found:
        mark = "pass" if budget.ok else "FALLS SHORT"
        print(f"  [{mark:>11s}] {budget.name}: {budget.figure}")

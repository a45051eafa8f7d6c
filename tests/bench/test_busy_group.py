"""The bench's busy group (bench/busy.py): eight fighters through the emulator with Telegram's
flood limits on, edits and deletions counted toward the group's as Telegram counts them. Its 429
count is the budget, so it must be the 429s the bot really met: none, and no message is left
with stale buttons."""

from __future__ import annotations

import logging
from collections import Counter

import pytest

from bench.busy import WINDOW_SECONDS, BusyRun, PressKind, busy_group, results_delays
from bench.report import busy_budget
from bot.storage import open_storage

SECONDS = 15.0  # a few rounds: every call to the group waits its second, edits too


def run_with_sends(*moments: float) -> BusyRun:
    return BusyRun(60.0, 1, 1, 1, 8, False, Counter(), Counter(), list(moments))


def test_the_busiest_window_slides_over_the_sends() -> None:
    assert run_with_sends().busiest_window == 0
    # three within a minute, then the first falls out of the window before the fourth
    run = run_with_sends(0.0, 1.0, WINDOW_SECONDS - 1, WINDOW_SECONDS + 0.5, 200.0)
    assert run.busiest_window == 3
    assert run_with_sends(5.0, 5.0, 5.0, 64.0).busiest_window == 4


def test_a_rounds_delay_runs_from_its_last_press_to_the_next_group_message() -> None:
    pressed: list[tuple[float, PressKind]] = [
        (0.0, "setup"),
        (1.0, "setup"),
        (5.0, "round"),
        (6.0, "round"),
        (9.5, "round"),
    ]
    # The fight's opening follows setup presses only; a round's results come 1 s after its last
    # press (6.0), the next 0.5 s after its own; a message with no press before it is no
    # round's results.
    assert results_delays([2.0, 7.0, 10.0, 11.0], pressed) == [1.0, 0.5]


async def test_the_busy_group_counts_every_429_the_bot_waited_out(
    clean_redis: str, database: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="bot.session")
    storage = await open_storage(clean_redis, max_connections=20)
    try:
        run = await busy_group(storage, SECONDS)
    finally:
        await storage.close()
    retried = [r for r in caplog.records if r.name == "bot.session" and "429" in r.message]
    assert not run.stalled
    assert run.rounds >= 2, run
    assert run.stale_buttons == 0  # every round's old buttons were retired
    assert sum(run.refused.values()) == len(retried) == 0  # edits counted, paced: no 429
    assert run.results_delays and run.group_calls >= run.rounds
    budget = busy_budget(run)
    assert budget.ok == (not retried)
    assert "short run" in budget.name

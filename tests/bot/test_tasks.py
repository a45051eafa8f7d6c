"""Background tasks are stopped for sure, even one that loses a cancellation."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot import tasks


async def test_a_task_that_swallows_a_cancellation_is_cancelled_again() -> None:
    swallowed = 0

    async def loop_that_drops_one_cancel() -> None:
        nonlocal swallowed
        while True:
            try:
                await asyncio.sleep(3600)
            except asyncio.CancelledError:
                if swallowed:
                    raise
                swallowed += 1  # as asyncio.wait_for may before Python 3.12

    task = asyncio.create_task(loop_that_drops_one_cancel())
    await asyncio.sleep(0)
    await tasks.stop(task, retry=0.05, give_up=5)
    assert task.cancelled() and swallowed == 1


async def test_a_task_that_never_stops_is_left_with_a_warning(
    caplog: pytest.LogCaptureFixture,
) -> None:
    released = asyncio.Event()

    async def stubborn() -> None:
        while not released.is_set():
            try:
                await asyncio.sleep(3600)
            except asyncio.CancelledError:
                continue

    task = asyncio.create_task(stubborn(), name="stubborn")
    await asyncio.sleep(0)
    with caplog.at_level(logging.WARNING, logger="bot.tasks"):
        await tasks.stop(task, retry=0.02, give_up=0.2)
    assert not task.done()
    assert "task stubborn did not stop within 0.2 s" in caplog.text
    released.set()  # the test's own clean-up: one more cancellation now ends it
    task.cancel()
    await task


async def test_an_error_a_task_ended_with_is_logged(caplog: pytest.LogCaptureFixture) -> None:
    async def fails() -> None:
        raise ValueError("boom")

    task = asyncio.create_task(fails(), name="fails")
    await asyncio.sleep(0)
    with caplog.at_level(logging.ERROR, logger="bot.tasks"):
        await tasks.stop(task)
    assert "task fails ended with an error" in caplog.text

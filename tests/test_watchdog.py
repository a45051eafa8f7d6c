"""The test run's teardown watchdog reports a hang and breaks it."""

from __future__ import annotations

import asyncio

import pytest

from bot import loop
from tests.watchdog import Watch


def test_a_hanging_wait_is_dumped_and_cancelled(capfd: pytest.CaptureFixture[str]) -> None:
    async def hang() -> None:
        with Watch("tests/x.py::stuck", seconds=0.2):
            await asyncio.Event().wait()  # nothing will ever set it

    runner = loop.new_event_loop()
    try:
        with pytest.raises(asyncio.CancelledError):
            runner.run_until_complete(hang())
    finally:
        runner.close()
    err = capfd.readouterr().err
    assert "teardown of tests/x.py::stuck hangs" in err
    assert "-- task" in err and "hang" in err  # the stuck task, with its stack


def test_a_teardown_in_time_is_left_alone(capfd: pytest.CaptureFixture[str]) -> None:
    async def quick() -> str:
        with Watch("tests/x.py::quick", seconds=0.5):
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.7)  # past the watch's time: it was disarmed
        return "done"

    runner = loop.new_event_loop()
    try:
        assert runner.run_until_complete(quick()) == "done"
    finally:
        runner.close()
    assert "hangs" not in capfd.readouterr().err

"""The event loop the bot runs on: uvloop where it is installed (Tortoise's ``accel`` extra, a
dependency, brings it on Linux with CPython), else asyncio's own.

A fight press passes through the loop some thirty times (locks, Redis, the database thread, the
Bot API), so the loop's own cost is a fair share of a press: on uvloop the load benchmark's
fights went from ~142 to ~170 presses a second with the same code (``docs/performance.md``).
The test suite runs on the same loop (``tests/conftest.py``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def new_event_loop() -> asyncio.AbstractEventLoop:
    """A new uvloop loop, else asyncio's."""
    try:
        import uvloop
    except ImportError:  # pragma: no cover - Windows, PyPy
        return asyncio.new_event_loop()
    loop: asyncio.AbstractEventLoop = uvloop.new_event_loop()
    return loop


def run(main: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(main)`` on a loop of :func:`new_event_loop`."""
    with asyncio.Runner(loop_factory=new_event_loop) as runner:
        return runner.run(main)

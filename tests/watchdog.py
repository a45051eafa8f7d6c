"""A teardown that hangs is reported, then broken, instead of holding the run until CI's limit.

After :data:`SECONDS` in one test's teardown, every thread's stack and every pending asyncio
task's stack go to stderr, then those tasks are cancelled: the fixture waiting for them fails
with the dump in the output, and the run goes on.
"""

from __future__ import annotations

import asyncio
import faulthandler
import gc
import sys
import threading

SECONDS = 90.0


def _running_loops() -> list[asyncio.AbstractEventLoop]:
    return [
        o for o in gc.get_objects() if isinstance(o, asyncio.AbstractEventLoop) and o.is_running()
    ]


def _break(nodeid: str) -> None:
    out = sys.__stderr__
    assert out is not None
    print(f"\n!! teardown of {nodeid} hangs after {SECONDS:g} s: threads and tasks", file=out)
    faulthandler.dump_traceback(file=out, all_threads=True)
    for loop in _running_loops():
        loop.call_soon_threadsafe(_dump_and_cancel, loop)


def _dump_and_cancel(loop: asyncio.AbstractEventLoop) -> None:
    out = sys.__stderr__
    current = asyncio.current_task(loop)
    for task in asyncio.all_tasks(loop):
        if task is current:
            continue
        print(f"-- task {task.get_name()}: {task.get_coro()}", file=out)
        task.print_stack(file=out)
        task.cancel()


class Watch:
    """Armed around one teardown."""

    def __init__(self, nodeid: str, seconds: float = SECONDS) -> None:
        self._timer = threading.Timer(seconds, _break, args=(nodeid,))
        self._timer.daemon = True

    def __enter__(self) -> Watch:
        self._timer.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._timer.cancel()

"""SQLite's WAL checkpoints, moved off the bot's connection.

By default SQLite checkpoints inside the commit that fills the WAL past 1,000 pages: on
Tortoise's one connection, every statement of every update then waits ~300 ms behind it (a
burst of slow presses every few hundred presses; docs/performance.md). The bot's connection
is opened with ``wal_autocheckpoint=0`` instead, and this checkpointer runs a PASSIVE
checkpoint from a connection of its own, in a worker thread, every :data:`INTERVAL_SECONDS`.
A passive checkpoint never blocks readers or writers: it copies what it can and leaves the
rest for the next one. When the last connection closes, SQLite checkpoints what is left.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from pathlib import Path

from bot import tasks

log = logging.getLogger(__name__)

INTERVAL_SECONDS = 1.0
BUSY_SECONDS = 0.1  # a checkpoint that meets a lock gives up until the next tick


def checkpoint(path: str) -> tuple[int, int, int]:
    """One PASSIVE checkpoint of the database at ``path``: (busy, WAL pages, pages copied).

    Opened read-write without creating: a file that was removed is not made again."""
    uri = f"{Path(path).absolute().as_uri()}?mode=rw"
    connection = sqlite3.connect(uri, uri=True, timeout=BUSY_SECONDS, isolation_level=None)
    try:
        row = connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
    finally:
        connection.close()
    busy, pages, copied = row
    return int(busy), int(pages), int(copied)


class Checkpointer:
    """Checkpoints ``path``'s WAL every :data:`INTERVAL_SECONDS` until :meth:`stop`."""

    def __init__(self, path: str, interval: float = INTERVAL_SECONDS) -> None:
        self.path = path
        self.interval = interval
        self.runs = 0  # checkpoints done, for tests and the curious
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._loop(), name="sqlite-checkpoints")

    async def stop(self) -> None:
        if self._task is None:
            return
        await tasks.stop(self._task)
        self._task = None

    async def _loop(self) -> None:
        while True:
            await asyncio.sleep(self.interval)
            try:
                await asyncio.to_thread(checkpoint, self.path)
            except sqlite3.Error as error:  # a locked or vanished file: try again later
                log.warning("SQLite checkpoint of %s failed: %s", self.path, error)
            self.runs += 1

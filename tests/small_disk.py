"""A disk of a test's own, small enough to fill: a tmpfs holding the game's SQLite file, filled
so that SQLite's next write fails with «database or disk is full», emptied to make room again.

Used in the bot's own process (:mod:`tests.bot.test_full_disk`) and under the real process
(:mod:`tests.e2e.test_full_disk_delivery`). Mounting a tmpfs needs root (CAP_SYS_ADMIN):
elsewhere the tests that need one are skipped, saying so.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

DISK_BYTES = 2 * 1024 * 1024  # the migrated database is ~120 KB


@contextlib.contextmanager
def small_disk(folder: Path) -> Iterator[Path]:
    """A :data:`DISK_BYTES` tmpfs mounted on ``folder`` (made here); skips where not allowed."""
    folder.mkdir()
    mount = ["mount", "-t", "tmpfs", "-o", f"size={DISK_BYTES}", "tmpfs", str(folder)]
    done = subprocess.run(mount, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs (needs root): {done.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=True)


def fill(database: Path) -> Path:
    """Empty the WAL of ``database`` into the file and truncate it (each write must grow it
    again), then fill the disk it is on to the last byte; the filler file, whose removal
    makes room again.

    The truncating checkpoint waits (up to 5 s) for other connections' transactions, and
    works beside open connections, of this process or another, that are between them."""
    with contextlib.closing(sqlite3.connect(database, timeout=5)) as connection:
        busy, _, _ = connection.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
    assert busy == 0 and os.path.getsize(f"{database}-wal") == 0
    filler = database.parent / "filler"
    descriptor = os.open(filler, os.O_WRONLY | os.O_CREAT)
    try:
        for chunk in (65536, 4096, 512):
            with contextlib.suppress(OSError):
                while True:
                    os.write(descriptor, b"\0" * chunk)
        with pytest.raises(OSError) as full:
            os.write(descriptor, b"\0")
        assert full.value.errno == errno.ENOSPC
    finally:
        os.close(descriptor)
    return filler

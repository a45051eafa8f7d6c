"""SQLite's checkpoints run beside the bot's connection, never inside its commits."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest
from tortoise import Tortoise

from bot.db import setup
from bot.db.checkpoints import Checkpointer, checkpoint
from bot.db.setup import close_database, init_database, tortoise_config

PAGE = b"x" * 4000  # about one WAL page a row


async def test_the_bots_connection_never_checkpoints_by_itself(tmp_path: Path) -> None:
    path = tmp_path / "game.sqlite3"
    await Tortoise.init(config=tortoise_config(f"sqlite://{path}"))  # no checkpointer
    try:
        db = Tortoise.get_connection("default")
        _, rows = await db.execute_query("PRAGMA wal_autocheckpoint")
        assert rows[0][0] == 0
        await db.execute_script("CREATE TABLE junk (x BLOB)")
        for _ in range(1100):  # each its own commit; SQLite's default checkpoints at 1,000 pages
            await db.execute_query("INSERT INTO junk (x) VALUES (?)", [PAGE])
        busy, pages, copied = await asyncio.to_thread(checkpoint, str(path))
        assert busy == 0 and pages > 1100 and copied == pages  # all of it was still in the WAL
    finally:
        await Tortoise.close_connections()


async def test_a_sqlite_file_gets_its_checkpointer_and_postgres_none(tmp_path: Path) -> None:
    path = tmp_path / "game.sqlite3"
    await init_database(f"sqlite://{path}")
    try:
        running = setup.checkpointer()
        assert running is not None and running.path == str(path)
        for _ in range(30):  # its first checkpoint comes after a second
            if running.runs:
                break
            await asyncio.sleep(0.1)
        assert running.runs >= 1
    finally:
        await close_database()
    assert setup.checkpointer() is None
    assert setup.sqlite_path("postgres://gm@127.0.0.1:5432/gm") is None


def _in_the_file(path: Path) -> int:
    """Rows of ``junk`` in the database file itself: an immutable reader ignores the WAL."""
    reader = sqlite3.connect(f"{path.as_uri()}?immutable=1", uri=True)
    try:
        tables = reader.execute("SELECT count(*) FROM sqlite_master WHERE name = 'junk'")
        if tables.fetchone() == (0,):
            return 0
        return int(reader.execute("SELECT count(*) FROM junk").fetchone()[0])
    finally:
        reader.close()


async def test_the_checkpointer_copies_what_new_commits_write(tmp_path: Path) -> None:
    path = tmp_path / "game.sqlite3"
    await Tortoise.init(config=tortoise_config(f"sqlite://{path}"))
    checkpointer = Checkpointer(str(path), interval=0.02)
    try:
        db = Tortoise.get_connection("default")
        await db.execute_script("CREATE TABLE junk (x BLOB)")
        for _ in range(50):
            await db.execute_query("INSERT INTO junk (x) VALUES (?)", [PAGE])
        assert _in_the_file(path) == 0  # all 50 wait in the WAL
        checkpointer.start()
        for _ in range(200):
            if checkpointer.runs >= 1:
                break
            await asyncio.sleep(0.02)
        assert _in_the_file(path) == 50  # copied while the bot's connection stays open
    finally:
        await checkpointer.stop()
        await Tortoise.close_connections()


def test_a_vanished_file_is_not_made_again(tmp_path: Path) -> None:
    path = tmp_path / "gone.sqlite3"
    with pytest.raises(sqlite3.OperationalError):
        checkpoint(str(path))
    assert not path.exists()

"""A full disk under the real dispatcher: the game's SQLite file on a small tmpfs of its own,
filled up while the bot runs. ``/tick`` is answered «try again later» at once, ``/players``
as usual, and once the disk has room again the game goes on without a restart.

Mounting a tmpfs needs root (CAP_SYS_ADMIN): elsewhere this module is skipped, and
:mod:`tests.bot.test_read_only` covers the same answers with SQLite's ``query_only``.

A database file made read-only while the bot runs cannot be staged here: the bot's open file
stays writable whatever chmod says (for root, chmod is not even checked), and remounting the
file system read-only is refused while the bot holds the file open for writing.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.db.setup import close_database, sqlite_path
from bot.services.world_play import peek
from tests.bot.conftest import Harness
from tests.bot.read_only_rig import REFUSED, health, health_warnings
from tests.bot.world_table import QUIET, pool_table
from tests.conftest import fresh_sqlite
from tests.small_disk import fill, small_disk

FILE = "test.sqlite3"  # as tests.conftest.fresh_sqlite names the copy


@pytest.fixture
def disk(tmp_path: Path) -> Iterator[Path]:
    """A small tmpfs of the test's own; skipped where mounting is not allowed."""
    with small_disk(tmp_path / "disk") as folder:
        yield folder


@pytest.fixture
async def database(migrated_sqlite: Path, disk: Path) -> AsyncIterator[str]:
    """:func:`tests.conftest.database`, on the small disk (the :func:`gm` harness's database)."""
    url = await fresh_sqlite(migrated_sqlite, disk)
    yield url
    await close_database()


async def test_a_full_disk_refuses_the_tick_politely_until_there_is_room(
    gm: Harness, database: str, disk: Path, caplog: pytest.LogCaptureFixture
) -> None:
    assert sqlite_path(database) == str(disk / FILE)
    table = await pool_table(gm, ("Аня", QUIET))
    [anya] = table.players
    filler = await asyncio.to_thread(fill, disk / FILE)

    await gm.emu.send_text(table.admin, table.group, "/tick")
    answer = await gm.emu.wait_for_message(table.group)
    assert answer.body.startswith(REFUSED)
    assert health(gm).healthy and not health(gm).writable
    roster = await table.say(anya, "/players")
    assert "Аня" in roster.body and REFUSED not in roster.body
    assert (await peek(table.game)).cycle == 0

    filler.unlink()  # room again
    await asyncio.wait_for(health(gm).wait_writable(), 10)
    summary = await table.tick()
    assert "Цикл 1 прошёл." in summary.body
    warnings = health_warnings(caplog)
    assert len(warnings) == 2, warnings
    assert "database or disk is full" in warnings[0]
    assert warnings[1].startswith("The database writes again after")

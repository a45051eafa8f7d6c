"""Shared fixtures: a real Redis server and a real SQLite database with migrations applied."""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import os
import shutil
import socket
import sqlite3
import subprocess
import tempfile
import time
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest
from redis import Redis

from bot import loop
from tests.watchdog import Watch


def pytest_asyncio_loop_factories(
    config: pytest.Config, item: pytest.Item
) -> dict[str, Callable[[], asyncio.AbstractEventLoop]]:
    """Every async test runs on the loop the bot runs on (uvloop, :mod:`bot.loop`)."""
    return {"bot-loop": loop.new_event_loop}


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item) -> Iterator[None]:
    """A hanging teardown is dumped and broken (:mod:`tests.watchdog`), not waited on."""
    with Watch(item.nodeid):
        return (yield)


SLOW_FIRST = ("tests/e2e/", "tests/test_fresh_install.py", "tests/test_transcripts.py")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slowest tests (real processes, fresh installs, whole transcripts) first: spread over
    the workers from the start, they do not leave one worker busy after the others are done."""
    items.sort(key=lambda item: not item.nodeid.startswith(SLOW_FIRST))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def worker_number() -> int:
    """0, 1, 2... for pytest-xdist's workers gw0, gw1, gw2... (0 without xdist)."""
    return int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw"))


def _own_database(url: str) -> str:
    """``url`` with this worker's own Redis database (0-15): workers flush only their own."""
    return urlunsplit(urlsplit(url)._replace(path=f"/{worker_number() % 16}"))


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    """The test command's Redis (``TEST_REDIS_URL``), else one started here on a free port;
    each pytest-xdist worker has a database of its own on it."""
    given = os.environ.get("TEST_REDIS_URL")
    if given:
        yield _own_database(given)
        return
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.fail("redis-server is not installed: run scripts/test.sh, which installs it")
    port = free_port()
    workdir = tempfile.mkdtemp()
    process = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--dir", workdir],
        stdout=subprocess.DEVNULL,
    )
    url = _own_database(f"redis://127.0.0.1:{port}/0")
    client = Redis.from_url(url)
    for _ in range(100):
        try:
            client.ping()
            break
        except Exception:
            time.sleep(0.05)
    client.close()
    yield url
    process.terminate()
    process.wait(timeout=10)
    shutil.rmtree(workdir, ignore_errors=True)


@pytest.fixture(autouse=True)
def _fresh_tortoise_query_cache() -> None:
    """Tortoise caches each model's INSERT/UPDATE/DELETE SQL under the connection's name
    ("default"), not its dialect: a test on PostgreSQL after one on SQLite (or the reverse)
    would reuse the other's placeholders. Each test starts without that cache."""
    from tortoise.backends.base.executor import EXECUTOR_CACHE

    EXECUTOR_CACHE.clear()


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """The test command's PostgreSQL cluster (``TEST_POSTGRES_URL``), else one started here."""
    given = os.environ.get("TEST_POSTGRES_URL")
    if given:
        yield given
        return
    from tests.postgres import bin_dir, cluster

    if bin_dir() is None:
        pytest.fail("PostgreSQL is not installed: run scripts/test.sh, which installs it")
    with cluster(free_port()) as url:
        yield url


@pytest.fixture
async def postgres_database(postgres_url: str) -> AsyncIterator[str]:
    """A fresh, empty PostgreSQL database for one test (no migrations applied yet)."""
    from tests.postgres import fresh_database

    async with fresh_database(postgres_url) as url:
        yield url


@pytest.fixture
async def clean_redis(redis_url: str) -> AsyncIterator[str]:
    """A Redis with nothing left over from earlier tests."""
    from redis.asyncio import Redis as AsyncRedis

    client = AsyncRedis.from_url(redis_url)
    await client.flushdb()
    await client.aclose()
    yield redis_url


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file with every committed migration applied, made once: each test's
    :func:`database` starts as a copy of it (migrating took 60-250 ms a test). Made on a loop
    of its own, in a thread: a plain fixture, whichever test (async or not) asks first."""
    from bot.db.setup import apply_migrations

    path = tmp_path_factory.mktemp("migrated") / "template.sqlite3"
    with concurrent.futures.ThreadPoolExecutor(1) as thread:
        thread.submit(loop.run, apply_migrations(f"sqlite://{path}")).result()
    with contextlib.closing(sqlite3.connect(path)) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # all of it in the file itself
    return path


async def fresh_sqlite(template: Path, folder: Path) -> str:
    """A copy of the migrated template in ``folder``, opened through Tortoise; its URL."""
    from bot.db.setup import init_database

    path = folder / "test.sqlite3"
    shutil.copyfile(template, path)
    url = f"sqlite://{path}"
    await init_database(url, run_migrations=False)
    return url


@pytest.fixture
async def database(migrated_sqlite: Path, tmp_path: Path) -> AsyncIterator[str]:
    """A fresh SQLite file with every committed migration applied, opened through Tortoise."""
    from bot.db.setup import close_database

    url = await fresh_sqlite(migrated_sqlite, tmp_path)
    yield url
    await close_database()


@pytest.fixture(params=["sqlite", "postgres"])
async def each_database(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """:func:`database`, once on SQLite and once on a fresh PostgreSQL database."""
    from bot.db.setup import close_database, init_database
    from tests.postgres import fresh_database

    async with contextlib.AsyncExitStack() as stack:
        if request.param == "sqlite":
            template = request.getfixturevalue("migrated_sqlite")
            url = await fresh_sqlite(template, tmp_path)
        else:  # the cluster is a plain fixture: asked for only when PostgreSQL runs
            server = request.getfixturevalue("postgres_url")
            url = await stack.enter_async_context(fresh_database(server))
            await init_database(url)
        stack.push_async_callback(close_database)
        yield url


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """The hostile-input fuzz's counts (``tests/bot/test_hostile_input.py``), the traced
    press's figures (``tests/bot/test_press_trace.py``) and the encounter code's size
    (``tests/test_encounter_size.py``), in every run's summary: here, in the
    root conftest, which pytest-xdist's controller loads (it collects no test itself)."""
    for reports in terminalreporter.stats.values():
        for report in reports:
            if getattr(report, "when", None) != "call":
                continue
            for name, line in report.user_properties:
                if name.startswith(("hostile_", "trace_", "encounter_")):
                    terminalreporter.write_line(str(line))

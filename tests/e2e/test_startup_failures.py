"""Start-up of the real ``python -m bot`` process with an unusable database or with passwords in
its URLs: one line on stderr, exit code 2, within seconds, and no secret in any output."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import free_port
from tests.e2e.process import ROOT

TOKEN = "777024:E2E-startup-token-abcdefghijklmnopqrstuvwxyzAB"
WITHIN_SECONDS = 10.0


async def _start(workdir: Path, **settings: str) -> tuple[int, str, float]:
    """Run the bot until it exits (killed after 30 s): exit code, stdout+stderr, seconds."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "PYTHONPATH": str(ROOT),
        "BOT_TOKEN": TOKEN,
        "REDIS_URL": "memory://",
        "DATABASE_URL": f"sqlite://{workdir / 'bot.sqlite3'}",
        "TELEGRAM_API_URL": f"http://127.0.0.1:{free_port()}",  # nobody listens
        **settings,
    }
    started = time.monotonic()
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        cwd=workdir,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        out, err = await asyncio.wait_for(process.communicate(), 30)
    except TimeoutError:
        process.kill()
        await process.wait()
        raise
    seconds = time.monotonic() - started
    assert process.returncode is not None
    return process.returncode, (out + err).decode(), seconds


@pytest.fixture
def locked_database(tmp_path: Path) -> Iterator[str]:
    """A SQLite file another process holds an exclusive lock on."""
    path = tmp_path / "locked.sqlite3"
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("CREATE TABLE t (x)")
    holder.execute("BEGIN EXCLUSIVE")
    yield f"sqlite://{path}"
    holder.execute("ROLLBACK")
    holder.close()


async def _expect_one_line(tmp_path: Path, database_url: str) -> None:
    code, output, seconds = await _start(tmp_path, DATABASE_URL=database_url, LOG_LEVEL="ERROR")
    assert code == 2, output
    assert seconds < WITHIN_SECONDS, (seconds, output)
    lines = output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: DATABASE_URL: "), output


async def test_a_folder_nobody_may_write_ends_start_up(tmp_path: Path) -> None:
    # /proc refuses new files even to root (tests may run as root, where chmod stops nobody).
    await _expect_one_line(tmp_path, "sqlite:///proc/gm-bot.sqlite3")


async def test_a_locked_database_ends_start_up(tmp_path: Path, locked_database: str) -> None:
    await _expect_one_line(tmp_path, locked_database)


@pytest.mark.skipif(os.geteuid() == 0, reason="chmod does not stop root")
async def test_a_read_only_folder_ends_start_up(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    sqlite3.connect(folder / "bot.sqlite3").close()
    folder.chmod(0o555)
    try:
        await _expect_one_line(tmp_path, f"sqlite://{folder / 'bot.sqlite3'}")
    finally:
        folder.chmod(0o755)


SECRET = "S3cretPw"


@pytest.mark.parametrize(
    "settings",
    [
        {"REDIS_URL": "redis://:{secret}@127.0.0.1:{port}/0"},
        {"REDIS_URL": "redis://127.0.0.1:{port}/0?password={secret}"},
        {"DATABASE_URL": "postgres://gm:{secret}@127.0.0.1:{port}/gm"},
        {"TELEGRAM_API_URL": "http://bot:{secret}@127.0.0.1:{port}"},
        {"WEBHOOK_URL": "https://hook:{secret}@127.0.0.1:{port}/webhook"},
    ],
    ids=["redis", "redis-query", "postgres", "bot-api", "webhook"],
)
async def test_no_password_in_any_output(tmp_path: Path, settings: dict[str, str]) -> None:
    port = free_port()  # nobody listens: each start fails, after logging what it did
    given = {name: url.format(secret=SECRET, port=port) for name, url in settings.items()}
    code, output, _ = await _start(tmp_path, LOG_LEVEL="DEBUG", **given)
    assert code == 2, output
    assert output.strip().splitlines()[-1].startswith("error: "), output
    assert SECRET not in output, output
    if "REDIS_URL" in given or "DATABASE_URL" in given:  # the failing URL is shown, masked
        assert "***" in output, output

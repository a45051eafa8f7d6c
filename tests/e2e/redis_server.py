"""A dedicated redis-server for one test, which the test may stop and start again on the same
port (an outage), without disturbing the session's shared Redis."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

from redis.asyncio import Redis

from tests.conftest import free_port


class RedisServer:
    """``redis-server`` on a free loopback port; :meth:`stop` and :meth:`start` again."""

    def __init__(self, workdir: Path) -> None:
        binary = shutil.which("redis-server")
        assert binary is not None, "redis-server is not installed: run scripts/test.sh"
        self.binary = binary
        self.workdir = workdir
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: asyncio.subprocess.Process | None = None

    async def start(self) -> None:
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.process = await asyncio.create_subprocess_exec(
            self.binary,
            *("--port", str(self.port), "--bind", "127.0.0.1"),
            *("--dir", str(self.workdir), "--appendonly", "yes", "--save", ""),
            stdout=asyncio.subprocess.DEVNULL,
        )
        client = Redis.from_url(self.url)
        try:
            for _ in range(200):
                try:
                    await client.ping()
                    return
                except Exception:
                    await asyncio.sleep(0.05)
            raise TimeoutError("redis-server did not start")
        finally:
            await client.aclose()

    async def stop(self) -> None:
        """SIGTERM and wait: the port refuses connections until :meth:`start`."""
        if self.process is not None and self.process.returncode is None:
            self.process.terminate()
            await asyncio.wait_for(self.process.wait(), 10)
        self.process = None

    async def __aenter__(self) -> RedisServer:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

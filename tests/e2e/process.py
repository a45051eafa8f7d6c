"""Run the real ``python -m bot`` process against the emulator (used by e2e tests and the demo)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from collections import Counter
from collections.abc import AsyncIterator, Callable
from pathlib import Path

from tests.telegram_emulator import TelegramEmulator

ROOT = Path(__file__).resolve().parents[2]


@contextlib.asynccontextmanager
async def bot_process(
    emu: TelegramEmulator,
    workdir: Path,
    *,
    redis_url: str | None = None,
    webhook_port: int | None = None,
    extra_env: dict[str, str] | None = None,
    ready_timeout: float = 90.0,  # a loaded 2-core machine starts two replicas slowly
) -> AsyncIterator[asyncio.subprocess.Process]:
    """Start the bot; ready once it polls (or has set its webhook); SIGTERM and wait on exit.

    A test may SIGKILL the process inside the block (:func:`kill_hard`) and start a new one on
    the same ``workdir``: the log is appended to, and readiness waits for the new process's
    own long poll (the dead one's may still be parked on the emulator).
    """
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "PYTHONPATH": str(ROOT),
        "BOT_TOKEN": emu.token,
        "TELEGRAM_API_URL": emu.base_url,
        "DATABASE_URL": f"sqlite://{workdir / 'bot.sqlite3'}",
        "LOG_LEVEL": "INFO",
        **({"REDIS_URL": redis_url} if redis_url else {}),
        **(extra_env or {}),
    }
    if webhook_port is not None:
        env["WEBHOOK_URL"] = f"http://127.0.0.1:{webhook_port}/webhook"
        env["WEBAPP_HOST"] = "127.0.0.1"
        env["WEBAPP_PORT"] = str(webhook_port)
    log = (workdir / "bot.log").open("ab")
    polls_before = emu.state.poll_generation
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=workdir, env=env, stdout=log, stderr=log
    )
    try:
        if webhook_port is None:
            await _wait_for_new_poll(emu, polls_before, ready_timeout)
        else:
            await emu.wait_for_call("setWebhook", timeout=ready_timeout)
            async with asyncio.timeout(ready_timeout):
                await _wait_for_port(webhook_port)
        yield process
    finally:
        if process.returncode is None:
            process.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(process.wait(), 20)
            except TimeoutError:
                process.kill()
                await process.wait()
        log.close()


async def kill_hard(process: asyncio.subprocess.Process) -> None:
    """SIGKILL: no shutdown hooks, no closing of sessions, locks or connections."""
    if process.returncode is None:
        process.kill()
    await process.wait()


async def _wait_for_new_poll(emu: TelegramEmulator, before: int, within: float) -> None:
    def polling() -> bool | None:
        state = emu.state
        return True if state.poll_generation > before and state.waiting_polls else None

    if await emu.state.changed.wait_for(polling, within) is None:
        raise TimeoutError(f"the bot did not start polling within {within}s")


async def _wait_for_port(port: int) -> None:
    while True:
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            await asyncio.sleep(0.05)
        else:
            writer.close()
            await writer.wait_closed()
            return


async def until(emu: TelegramEmulator, check: Callable[[], object], seconds: float = 30) -> None:
    """Wait until ``check()`` holds; the emulator wakes the wait on every change it sees."""
    found = await emu.state.changed.wait_for(lambda: True if check() else None, seconds)
    assert found, "timed out"


def received(emu: TelegramEmulator, chat_id: int) -> Counter[str]:
    """How many times Telegram accepted each new message (by its text) to ``chat_id``, in the
    order they first came."""
    return Counter(
        str(call.params["text"])
        for call in emu.calls("sendMessage", include_polling=False)
        if call.ok and int(call.params["chat_id"]) == chat_id
    )


def counted(sent: Counter[str]) -> list[str]:
    """``sent`` (:func:`received`) for a report: each message's first line and its count."""
    return [f"{count}× {text.split(chr(10), 1)[0]}" for text, count in sent.items()]

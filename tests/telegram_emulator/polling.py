"""Run a dispatcher's polling against the emulator for the duration of a block."""

from __future__ import annotations

import asyncio
import contextlib
import warnings
from collections.abc import AsyncIterator

from aiogram import Bot, Dispatcher
from aiogram.types import Update

from .emulator import TelegramEmulator


@contextlib.asynccontextmanager
async def running_polling(dp: Dispatcher, bot: Bot) -> AsyncIterator[asyncio.Task[None]]:
    """Run ``dp.start_polling`` in a task (given to the block) for the duration of the block."""
    task = asyncio.create_task(
        dp.start_polling(bot, handle_signals=False, close_bot_session=False, polling_timeout=5)
    )
    try:
        yield task
    finally:
        # aiogram's stop_polling waits, unbounded, for the shutdown hooks: it runs beside the
        # bounded wait for the polling task instead of before it.
        stopping = asyncio.create_task(_stop_polling(dp, task))
        await _stopped(task)
        stopping.cancel()
        await asyncio.wait({stopping})


async def _stop_polling(dp: Dispatcher, task: asyncio.Task[None]) -> None:
    try:
        await dp.stop_polling()
    except RuntimeError:  # polling had not started yet
        task.cancel()


async def _stopped(task: asyncio.Task[None], seconds: float = 5) -> None:
    """Wait for the polling task to end, cancelling it after ``seconds``; a task that does not
    honour the cancellation within ``seconds`` more is left behind with a warning instead of
    hanging the test run (``asyncio.wait_for`` would wait for it forever)."""
    done, _ = await asyncio.wait({task}, timeout=seconds)
    if not done:
        task.cancel()
        done, _ = await asyncio.wait({task}, timeout=seconds)
    if not done:
        warnings.warn(f"polling did not stop within {2 * seconds:g} s", stacklevel=2)
        return
    if not task.cancelled() and (error := task.exception()) is not None:
        raise error


async def feed_pending(emu: TelegramEmulator, dp: Dispatcher, bot: Bot) -> list[str]:
    """Hand every queued update to ``dp``, one at a time, to the end (instead of polling); the
    callback query ids among them."""
    queued = list(emu.state.updates.pending)
    emu.state.updates.clear()
    queries = []
    for pending in queued:
        update = Update.model_validate(pending.to_json(), context={"bot": bot})
        if update.callback_query is not None:
            queries.append(update.callback_query.id)
        await dp.feed_update(bot, update)
    return queries

"""Run a dispatcher's polling against the emulator for the duration of a block."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

from aiogram import Bot, Dispatcher
from aiogram.types import Update

from .emulator import TelegramEmulator


@contextlib.asynccontextmanager
async def running_polling(dp: Dispatcher, bot: Bot) -> AsyncIterator[None]:
    """Run ``dp.start_polling`` in a task for the duration of the block."""
    task = asyncio.create_task(
        dp.start_polling(bot, handle_signals=False, close_bot_session=False, polling_timeout=5)
    )
    try:
        yield
    finally:
        try:
            await dp.stop_polling()
        except RuntimeError:  # polling had not started yet
            task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.wait_for(task, 5)


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

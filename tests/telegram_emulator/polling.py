"""Run a dispatcher's polling against the emulator for the duration of a block."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

from aiogram import Bot, Dispatcher


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

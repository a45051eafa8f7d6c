"""Fixtures: a started emulator and an aiogram Bot pointed at it."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import pytest
from aiogram import Bot, Dispatcher

from tests.telegram_emulator import TelegramEmulator

TOKEN = "42:TEST-token-for-the-emulator-tests"


@pytest.fixture
async def emu() -> AsyncIterator[TelegramEmulator]:
    async with TelegramEmulator(TOKEN, bot_username="gm_test_bot", bot_first_name="GM") as emulator:
        yield emulator


@pytest.fixture
async def bot(emu: TelegramEmulator) -> AsyncIterator[Bot]:
    client = emu.create_bot()
    yield client
    await client.session.close()


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

"""Fixtures: a started emulator and an aiogram Bot pointed at it."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from aiogram import Bot

from tests.telegram_emulator import TelegramEmulator, running_polling

__all__ = ["running_polling"]

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

"""The real dispatcher, real Redis and SQLite, polling the local Bot API emulator in-process."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest
from aiogram import Bot, Dispatcher

from bot.app import build_dispatcher
from bot.i18n import Translator
from bot.session import make_bot
from bot.storage import Storage, open_storage
from rules.dice import RecordingDice, ScriptedDice
from tests.telegram_emulator import TelegramEmulator, running_polling

TOKEN = "4242:TEST-token-for-the-dispatcher-tests-0123456789"


@dataclass
class Harness:
    emu: TelegramEmulator
    dp: Dispatcher
    bot: Bot
    dice: ScriptedDice  # table rolls (/roll)
    storage: Storage
    game_dice: ScriptedDice  # every game's rolls, numbered and logged like the real ones


@pytest.fixture
def privacy_mode() -> bool:
    """Off: the emulator delivers every group message. A test turns Telegram's default on with
    ``@pytest.mark.parametrize("privacy_mode", [True])``."""
    return False


@pytest.fixture
def miniapp_url() -> str | None:
    """Off: no Mini App buttons. A test turns it on with
    ``@pytest.mark.parametrize("miniapp_url", ["https://example.org/app/"])``."""
    return None


@pytest.fixture
async def emu(privacy_mode: bool) -> AsyncIterator[TelegramEmulator]:
    async with TelegramEmulator(
        TOKEN, bot_username="gm_test_bot", bot_first_name="GM", privacy_mode=privacy_mode
    ) as emulator:
        yield emulator


@pytest.fixture
async def gm(
    emu: TelegramEmulator, clean_redis: str, database: str, miniapp_url: str | None
) -> AsyncIterator[Harness]:
    storage = await open_storage(clean_redis, max_connections=20)
    dice = ScriptedDice()
    game_dice = ScriptedDice()
    dp = build_dispatcher(
        storage=storage.fsm,
        isolation=storage.isolation,
        translator=Translator("ru"),
        table_dice=dice,
        redis=storage.redis,
        dice_factory=lambda game: RecordingDice(game_dice, game.next_roll_index),
        miniapp_url=miniapp_url,
    )
    bot = make_bot(TOKEN, emu.base_url)
    harness = Harness(emu, dp, bot, dice, storage, game_dice)
    async with running_polling(dp, bot):
        yield harness
    await bot.session.close()
    await storage.close()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """The hostile-input fuzz's counts (``test_hostile_input.py``), in every run's summary."""
    for reports in terminalreporter.stats.values():
        for report in reports:
            if getattr(report, "when", None) != "call":
                continue
            for name, line in report.user_properties:
                if name.startswith("hostile_"):
                    terminalreporter.write_line(str(line))

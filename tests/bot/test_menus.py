"""The command menus and the menu button are set up until done, each on its own, in the
background: a failure is one warning line and a later try, never an end to the bot."""

from __future__ import annotations

import asyncio
import logging

import pytest
from aiogram.exceptions import (
    TelegramBadRequest,
    TelegramNetworkError,
    TelegramNotFound,
    TelegramRetryAfter,
    TelegramServerError,
)
from aiogram.methods import SetMyCommands
from pydantic import SecretStr

from bot import tasks
from bot.commands import PRIVATE_COMMANDS
from bot.config import Settings
from bot.i18n import Translator
from bot.menus import set_up_menus
from bot.retries import MAX_DELAY, MAX_DELAY_REFUSED, delay_after
from bot.session import make_bot
from tests.bot.conftest import TOKEN
from tests.telegram_emulator import CallRecord, TelegramEmulator

METHOD = SetMyCommands(commands=[])
OLD_BUTTON = {"type": "web_app", "text": "Old", "web_app": {"url": "https://example.org/app/"}}


def _settings() -> Settings:
    return Settings(bot_token=SecretStr(TOKEN), _env_file=None)  # type: ignore[call-arg]


def test_the_delay_doubles_up_to_minutes_for_trouble_that_passes() -> None:
    for error in (
        TelegramServerError(METHOD, "Internal Server Error"),
        TelegramNetworkError(METHOD, "ClientConnectorError: Cannot connect to host"),
    ):
        delays = [delay_after(failures, error) for failures in range(1, 13)]
        assert delays == [1, 2, 4, 8, 16, 32, 64, 128, 256, MAX_DELAY, MAX_DELAY, MAX_DELAY]


def test_a_refusal_is_tried_again_hourly() -> None:
    for error in (
        TelegramNotFound(METHOD, "Not Found"),
        TelegramBadRequest(METHOD, "Bad Request: BOT_COMMAND_INVALID"),
    ):
        assert [delay_after(failures, error) for failures in (1, 9, 12, 13)] == [
            1,
            256,
            2048,
            MAX_DELAY_REFUSED,
        ]
        assert delay_after(10_000, error) == MAX_DELAY_REFUSED  # no overflow after weeks


def test_telegrams_retry_after_is_waited_out() -> None:
    long = TelegramRetryAfter(METHOD, "Too Many Requests", retry_after=900)
    assert [delay_after(failures, long) for failures in (1, 20)] == [900, 900]
    short = TelegramRetryAfter(METHOD, "Too Many Requests", retry_after=5)
    assert [delay_after(failures, short) for failures in (1, 4, 20)] == [5, 8, MAX_DELAY]


async def test_failures_are_one_line_each_and_the_menus_follow(
    emu: TelegramEmulator, caplog: pytest.LogCaptureFixture
) -> None:
    emu.state.menu_buttons[None] = dict(OLD_BUTTON)  # left by a run with the Mini App on
    emu.fail_next("setMyCommands", 500)
    emu.fail_next("getChatMenuButton", 404)
    bot = make_bot(TOKEN, emu.base_url)
    caplog.set_level(logging.INFO, logger="bot.retries")
    try:
        await asyncio.wait_for(set_up_menus(bot, Translator("ru"), _settings()), 10)
    finally:
        await bot.session.close()
    private = emu.commands({"type": "all_private_chats"}, "ru")
    assert [command["command"] for command in private] == list(PRIVATE_COMMANDS)
    assert emu.menu_button() == {"type": "default"}
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert [r.getMessage() for r in warnings] == [
        "command menus: setMyCommands failed (TelegramServerError: Internal Server Error);"
        " trying again in 1s",
        "menu button: getChatMenuButton failed (TelegramNotFound: Not Found); trying again in 1s",
    ]
    assert all(r.exc_info is None for r in warnings)  # no traceback
    infos = {r.getMessage() for r in caplog.records if r.levelno == logging.INFO}
    assert infos == {
        "command menus: done at attempt 2",
        "menu button: done at attempt 2",
    }


async def test_one_failing_holds_the_other_not_and_stopping_ends_the_tries(
    emu: TelegramEmulator,
) -> None:
    emu.state.menu_buttons[None] = dict(OLD_BUTTON)
    emu.fail_next("setMyCommands", 404, times=1000)
    bot = make_bot(TOKEN, emu.base_url)
    try:
        task = asyncio.create_task(set_up_menus(bot, Translator("ru"), _settings()))
        await emu.wait_for_call("setChatMenuButton", lambda call: call.ok)
        await emu.wait_for_call("setMyCommands", lambda call: call.status == 404)
        await tasks.stop(task)
    finally:
        await bot.session.close()
    assert task.cancelled()
    assert emu.menu_button() == {"type": "default"}
    assert emu.commands({"type": "all_private_chats"}, "ru") == []
    failed: list[CallRecord] = emu.calls("setMyCommands")
    assert failed and not any(call.ok for call in failed)

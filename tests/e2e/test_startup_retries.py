"""The real ``python -m bot`` process when the Bot API fails calls of start-up. The cosmetic
ones (the command menus, the menu button): it polls and answers anyway, logs one warning line
per failure, sets the menus in the background once the failures pass, and stops cleanly while
they still fail. The essential ones (getMe, deleteWebhook, setWebhook) answered with a server
error or a 429: it waits for the server and then runs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.commands import PRIVATE_COMMANDS
from tests.conftest import free_port
from tests.e2e.process import bot_process, until
from tests.telegram_emulator import CallRecord, TelegramEmulator

TOKEN = "777041:E2E-menus-token-abcdefghijklmnopqrstuvwxyz"
SECRET_PART = TOKEN.partition(":")[2]
OLD_BUTTON = {"type": "web_app", "text": "Old", "web_app": {"url": "https://example.org/app/"}}
MENU_CALLS = 10  # default menu + (private, groups, group admins) x (default, ru, en)
FOREVER = 1000  # more failures than the test lets the bot make


def _failing(emu: TelegramEmulator, error_code: int) -> None:
    """Every cosmetic call fails. A Mini App button left by an earlier run, with MINIAPP_URL
    unset, makes the bot read the button and then put the default back: both calls are made
    (the read fails once, so the retry reaches the write)."""
    emu.state.menu_buttons[None] = dict(OLD_BUTTON)
    emu.fail_next("getChatMenuButton", error_code, times=1)
    emu.fail_next("setChatMenuButton", error_code, times=FOREVER)
    emu.fail_next("setMyCommands", error_code, times=FOREVER)


def _warnings(log: str) -> list[str]:
    return [line for line in log.splitlines() if " WARNING bot.retries: " in line]


@pytest.mark.parametrize("error_code", [500, 404])
async def test_polls_while_the_menus_fail_and_sets_them_later(
    tmp_path: Path, clean_redis: str, error_code: int
) -> None:
    def failed(call: CallRecord) -> bool:
        return call.status == error_code

    async with TelegramEmulator(TOKEN, bot_username="gm_test_bot") as emu:
        _failing(emu, error_code)
        async with bot_process(emu, tmp_path, redis_url=clean_redis) as bot:
            # Polling; each cosmetic call fails at start-up and again a second later.
            await emu.wait_for_call("setMyCommands", failed, timeout=30)
            await emu.wait_for_call("getChatMenuButton", failed, timeout=30)
            await emu.wait_for_call("setMyCommands", failed, timeout=30)
            await emu.wait_for_call("setChatMenuButton", failed, timeout=30)
            alice = emu.add_user("Алиса", language_code="ru")
            await emu.send_text(alice, "/start")
            welcome = await emu.wait_for_message(emu.private_chat(alice), timeout=15)
            assert "Привет, Алиса!" in welcome.body
            assert not any(call.ok for call in emu.calls("setMyCommands"))

            emu.state.failures.clear()  # Telegram answers again: the retries get through
            await emu.wait_for_call("setChatMenuButton", lambda call: call.ok, timeout=30)
            await until(
                emu, lambda: sum(c.ok for c in emu.calls("setMyCommands")) == MENU_CALLS, 30
            )
            assert emu.menu_button() == {"type": "default"}
            assert [c["command"] for c in emu.visible_commands(alice)] == list(PRIVATE_COMMANDS)
        assert bot.returncode == 0
    log = (tmp_path / "bot.log").read_text(encoding="utf-8")
    warnings = _warnings(log)
    for method in ("setMyCommands", "getChatMenuButton", "setChatMenuButton"):
        assert any(f": {method} failed (Telegram" in line for line in warnings), log
    assert all("; trying again in " in line for line in warnings), log
    for what in ("command menus", "menu button"):  # two failures at least, then success
        attempts = re.findall(rf"{what}: done at attempt (\d+)", log)
        assert len(attempts) == 1 and int(attempts[0]) >= 3, log
    assert "Traceback" not in log
    assert SECRET_PART not in log


async def test_stops_cleanly_while_the_menus_still_fail(tmp_path: Path, clean_redis: str) -> None:
    async with TelegramEmulator(TOKEN, bot_username="gm_test_bot") as emu:
        _failing(emu, 404)
        async with bot_process(emu, tmp_path, redis_url=clean_redis) as bot:
            await emu.wait_for_call("setChatMenuButton", lambda call: not call.ok, timeout=30)
        assert bot.returncode == 0  # SIGTERM: the retrying task was cancelled, not waited for
        assert emu.menu_button() == OLD_BUTTON
    log = (tmp_path / "bot.log").read_text(encoding="utf-8")
    assert _warnings(log), log
    assert "did not stop" not in log and "ended with an error" not in log
    assert "Traceback" not in log


@pytest.mark.parametrize("mode", ["polling", "webhook"])
async def test_a_bot_api_in_trouble_at_start_up_is_waited_for(
    tmp_path: Path, clean_redis: str, mode: str
) -> None:
    """getMe, then deleteWebhook (polling) or setWebhook (webhook) answered with 5xx and 429:
    the bot waits for the server instead of ending, then runs as usual."""
    async with TelegramEmulator(TOKEN, bot_username="gm_test_bot") as emu:
        emu.fail_next("getMe", 500, times=2)
        second = "deleteWebhook" if mode == "polling" else "setWebhook"
        emu.fail_next(second, 502)
        emu.fail_next(second, 429, retry_after=1)
        port = free_port() if mode == "webhook" else None
        async with bot_process(emu, tmp_path, redis_url=clean_redis, webhook_port=port) as bot:
            alice = emu.add_user("Алиса", language_code="ru")
            await emu.send_text(alice, "/start")
            welcome = await emu.wait_for_message(emu.private_chat(alice), timeout=15)
            assert "Привет, Алиса!" in welcome.body
        assert bot.returncode == 0
    assert [call.status for call in emu.calls("getMe")][:3] == [500, 500, 200]
    assert [call.status for call in emu.calls(second)] == [502, 429, 200]
    log = (tmp_path / "bot.log").read_text(encoding="utf-8")
    warnings = _warnings(log)
    assert sum(": getMe failed (TelegramServerError" in line for line in warnings) == 2, log
    assert any(f": {second} failed (TelegramServerError" in line for line in warnings), log
    assert "Traceback" not in log and SECRET_PART not in log

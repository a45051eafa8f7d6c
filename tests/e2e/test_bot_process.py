"""The real bot process, real Redis and SQLite, against the local Bot API emulator."""

from __future__ import annotations

import re
from pathlib import Path

import aiohttp

from tests.conftest import free_port
from tests.e2e.process import bot_process, until
from tests.telegram_emulator import TelegramEmulator

ROLL = re.compile(r"🎲 (?P<name>.+): 2d6 \((?P<a>\d), (?P<b>\d)\) \+ 3 = (?P<total>\d+)")


async def _round_trips(emu: TelegramEmulator) -> None:
    alice = emu.add_user("Алиса", language_code="ru")
    bob = emu.add_user("Bob", language_code="en")
    group = emu.add_group("Таверна", admins=[alice], members=[bob])

    await emu.send_text(alice, "/start")
    welcome = await emu.wait_for_message(emu.private_chat(alice), timeout=15)
    assert "Привет, Алиса!" in welcome.body

    await emu.send_text(bob, "/help")
    help_text = await emu.wait_for_message(emu.private_chat(bob), timeout=15)
    assert help_text.body.startswith("Private chat commands")

    await emu.send_text(bob, group, "/roll@gm_test_bot 2d6+3")
    rolled = await emu.wait_for_message(group, timeout=15)
    match = ROLL.fullmatch(rolled.body)
    assert match, rolled.body
    a, b = int(match["a"]), int(match["b"])
    assert 1 <= a <= 6 and 1 <= b <= 6
    assert int(match["total"]) == a + b + 3

    await emu.send_text(alice, group, "/roll 0d6")
    refused = await emu.wait_for_message(group, timeout=15)
    assert "Кубик без граней" in refused.body


async def test_polling_mode_round_trips(tmp_path: Path, clean_redis: str) -> None:
    async with (
        TelegramEmulator(
            "777001:E2E-polling-token-abcdefghijklmnopqrstuvwxyz", bot_username="gm_test_bot"
        ) as emu,
        bot_process(emu, tmp_path, redis_url=clean_redis),
    ):
        await _round_trips(emu)
        # default menu + (private, groups, group admins) x (default, ru, en), beside polling
        await until(emu, lambda: len(emu.calls("setMyCommands")) == 10)


async def test_webhook_mode_round_trips_and_checks_the_secret(
    tmp_path: Path, clean_redis: str
) -> None:
    port = free_port()
    async with (
        TelegramEmulator(
            "777002:E2E-webhook-token-abcdefghijklmnopqrstuvwxyz", bot_username="gm_test_bot"
        ) as emu,
        bot_process(emu, tmp_path, redis_url=clean_redis, webhook_port=port),
    ):
        assert emu.webhook is not None
        assert emu.webhook.secret_token
        await _round_trips(emu)
        async with aiohttp.ClientSession() as http:
            forged = await http.post(
                f"http://127.0.0.1:{port}/webhook",
                json={"update_id": 1, "message": {}},
                headers={"X-Telegram-Bot-Api-Secret-Token": "wrong"},
            )
            assert forged.status == 401


async def test_bot_runs_without_redis_and_warns(tmp_path: Path) -> None:
    async with (
        TelegramEmulator(
            "777003:E2E-memory-token-abcdefghijklmnopqrstuvwxyz", bot_username="gm_test_bot"
        ) as emu,
        bot_process(emu, tmp_path),
    ):
        alice = emu.add_user("Алиса", language_code="ru")
        await emu.send_text(alice, "/start")
        await emu.wait_for_message(emu.private_chat(alice), timeout=15)
    log = (tmp_path / "bot.log").read_text(encoding="utf-8")
    assert "REDIS_URL is not set" in log
    assert "Traceback" not in log

"""The Mini App in the real bot process: served beside polling or on the webhook's server when
MINIAPP_URL is set (and the menu button opens it), absent when it is not; the process starts
and stops cleanly (SIGTERM, exit 0) either way."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

import aiohttp

from tests.bot.miniapp_rig import sign_init_data
from tests.conftest import free_port
from tests.e2e.process import bot_process, until
from tests.telegram_emulator import EmuUser, TelegramEmulator

URL = "https://example.org/app/"


def _auth(token: str, user: EmuUser) -> dict[str, str]:
    who = json.dumps({"id": user.id, "first_name": user.first_name, "language_code": "en"})
    signed = sign_init_data(token, {"user": who, "auth_date": str(int(time.time()))})
    return {"Authorization": f"tma {signed}"}


async def _page_and_api(emu: TelegramEmulator, port: int) -> None:
    user = emu.add_user("Alice", language_code="en")
    async with aiohttp.ClientSession() as http:
        base = f"http://127.0.0.1:{port}/app"
        page = await http.get(f"{base}/")
        assert page.status == 200 and "static/app.js" in await page.text()
        me = await http.get(f"{base}/api/me", headers=_auth(emu.token, user))
        assert me.status == 200 and (await me.json())["characters"] == []
        forged = await http.get(f"{base}/api/me", headers=_auth("1:" + "x" * 40, user))
        assert forged.status == 401
    button = {"type": "web_app", "text": "Игра", "web_app": {"url": URL}}
    await until(emu, lambda: emu.menu_button() == button)  # set up beside polling (bot.menus)


async def test_beside_polling_and_a_clean_stop(tmp_path: Path, clean_redis: str) -> None:
    port = free_port()
    env = {"MINIAPP_URL": URL, "WEBAPP_HOST": "127.0.0.1", "WEBAPP_PORT": str(port)}
    async with TelegramEmulator(
        "777031:E2E-miniapp-polling-abcdefghijklmnopqrstuvwxyz", bot_username="gm_test_bot"
    ) as emu:
        async with bot_process(emu, tmp_path, redis_url=clean_redis, extra_env=env) as bot:
            await _page_and_api(emu, port)
        assert bot.returncode == 0
    assert "Traceback" not in (tmp_path / "bot.log").read_text(encoding="utf-8")


async def test_on_the_webhook_server(tmp_path: Path, clean_redis: str) -> None:
    port = free_port()
    async with TelegramEmulator(
        "777032:E2E-miniapp-webhook-abcdefghijklmnopqrstuvwxyz", bot_username="gm_test_bot"
    ) as emu:
        async with bot_process(
            emu, tmp_path, redis_url=clean_redis, webhook_port=port, extra_env={"MINIAPP_URL": URL}
        ) as bot:
            await _page_and_api(emu, port)
            alice = emu.add_user("Алиса", language_code="ru")
            await emu.send_text(alice, "/start")  # the webhook still takes updates
            await emu.wait_for_message(emu.private_chat(alice), timeout=15)
        assert bot.returncode == 0


async def test_off_without_miniapp_url(tmp_path: Path, clean_redis: str) -> None:
    port = free_port()
    env = {"WEBAPP_HOST": "127.0.0.1", "WEBAPP_PORT": str(port)}
    async with TelegramEmulator(
        "777033:E2E-miniapp-off-abcdefghijklmnopqrstuvwxyz", bot_username="gm_test_bot"
    ) as emu:
        emu.state.menu_buttons[None] = {"type": "web_app", "text": "Old", "web_app": {"url": URL}}
        async with bot_process(emu, tmp_path, redis_url=clean_redis, extra_env=env) as bot:
            try:
                _, writer = await asyncio.open_connection("127.0.0.1", port)
            except OSError:
                pass  # nothing listens: no server beside polling
            else:
                writer.close()
                raise AssertionError("a server is listening with the Mini App off")
            # a stale Mini App button reset, beside polling (bot.menus)
            await until(emu, lambda: emu.menu_button() == {"type": "default"})
        assert bot.returncode == 0

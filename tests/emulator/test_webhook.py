"""Webhook delivery to a tiny aiohttp receiver and to aiogram's own webhook handler."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

from aiogram import Bot, Dispatcher
from aiogram.filters import CommandStart
from aiogram.types import Message
from aiogram.webhook.aiohttp_server import SimpleRequestHandler
from aiohttp import web

from tests.telegram_emulator import SECRET_HEADER, TelegramEmulator


@contextlib.asynccontextmanager
async def serve(app: web.Application) -> AsyncIterator[str]:
    runner = web.AppRunner(app, access_log=None, shutdown_timeout=0.5)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    try:
        yield f"http://127.0.0.1:{runner.addresses[0][1]}"
    finally:
        await runner.cleanup()


class Receiver:
    """Records deliveries; answers 500 to the first ``fail_first`` requests."""

    def __init__(self, fail_first: int = 0) -> None:
        self.fail_first = fail_first
        self.requests: list[tuple[str | None, dict[str, Any]]] = []
        self.received = asyncio.Event()

    async def handle(self, request: web.Request) -> web.Response:
        self.requests.append((request.headers.get(SECRET_HEADER), await request.json()))
        if len(self.requests) <= self.fail_first:
            return web.Response(status=500, text="boom")
        self.received.set()
        return web.json_response({})

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_post("/hook", self.handle)
        return app


async def test_webhook_delivery_with_secret_and_retry(emu: TelegramEmulator, bot: Bot) -> None:
    alice = emu.add_user("Alice")
    receiver = Receiver(fail_first=2)
    async with serve(receiver.app()) as url:
        assert await bot.set_webhook(f"{url}/hook", secret_token="s3cr3t-Token_1")
        info = await bot.get_webhook_info()
        assert info.url == f"{url}/hook" and info.pending_update_count == 0

        await emu.send_text(alice, "/start")
        await asyncio.wait_for(receiver.received.wait(), 5)
        await emu.wait_until_delivered()

    assert len(receiver.requests) == 3  # two 500s, then success
    secrets = {secret for secret, _ in receiver.requests}
    assert secrets == {"s3cr3t-Token_1"}
    bodies = [body for _, body in receiver.requests]
    assert bodies[0] == bodies[2]  # same update (same update_id) retried
    assert bodies[0]["message"]["text"] == "/start"
    assert bodies[0]["message"]["entities"] == [{"type": "bot_command", "offset": 0, "length": 6}]

    info = await bot.get_webhook_info()
    assert info.last_error_message == "Wrong response from the webhook: 500 Internal Server Error"
    assert [a.ok for a in emu.webhook_attempts] == [False, False, True]


async def test_aiogram_webhook_handler_with_reply(emu: TelegramEmulator, bot: Bot) -> None:
    dp = Dispatcher()

    @dp.message(CommandStart())
    async def start(message: Message) -> Any:
        # Returning a method makes aiogram answer it in the webhook response body.
        return message.answer("Hi from the webhook reply")

    app = web.Application()
    SimpleRequestHandler(dp, bot, secret_token="tok", handle_in_background=False).register(
        app, path="/tg"
    )
    alice = emu.add_user("Alice")
    async with serve(app) as url:
        await bot.set_webhook(f"{url}/tg", secret_token="tok")
        await emu.send_text(alice, "/start")
        reply = await emu.wait_for_message(emu.private_chat(alice))
    assert reply.text == "Hi from the webhook reply"
    record = emu.calls("sendMessage")[0]
    assert record.source == "webhook_reply" and record.ok


async def test_wrong_secret_is_rejected_and_retried(emu: TelegramEmulator, bot: Bot) -> None:
    dp = Dispatcher()
    app = web.Application()
    SimpleRequestHandler(dp, bot, secret_token="expected").register(app, path="/tg")
    alice = emu.add_user("Alice")
    async with serve(app) as url:
        await bot.set_webhook(f"{url}/tg", secret_token="different")
        await emu.send_text(alice, "hello")
        failed = await emu.wait_for_webhook_attempt()
        await bot.delete_webhook(drop_pending_updates=True)
    assert failed.error == "Wrong response from the webhook: 401 Unauthorized"
    assert emu.pending_updates == []


async def test_updates_spread_over_replicas_in_turn_or_to_all_at_once(
    emu: TelegramEmulator, bot: Bot
) -> None:
    alice = emu.add_user("Alice")
    first, second = Receiver(), Receiver()
    async with serve(first.app()) as one, serve(second.app()) as two:
        assert await bot.set_webhook(f"{one}/hook", secret_token="same-secret")
        emu.spread_webhook([f"{one}/hook", f"{two}/hook"])  # a proxy in front of two replicas
        for text in ("a", "b", "c", "d"):
            await emu.send_text(alice, text)
        await emu.wait_until_delivered()
        assert [b["message"]["text"] for _, b in first.requests] == ["a", "c"]
        assert [b["message"]["text"] for _, b in second.requests] == ["b", "d"]

        emu.spread_webhook([f"{one}/hook", f"{two}/hook"], "both")
        await emu.send_text(alice, "e")
        await emu.wait_until_delivered()
        assert first.requests[-1][1] == second.requests[-1][1]  # the same update, same id
        assert {secret for secret, _ in first.requests + second.requests} == {"same-secret"}

        emu.spread_webhook([])  # back to the registered URL only
        await emu.send_text(alice, "f")
        await emu.wait_until_delivered()
    assert first.requests[-1][1]["message"]["text"] == "f" and len(second.requests) == 3

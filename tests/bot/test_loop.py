"""The event loop: uvloop (Tortoise's ``accel`` extra) for the bot, and for the tests too."""

from __future__ import annotations

import asyncio

import uvloop

from bot import loop


def test_the_bot_runs_on_uvloop() -> None:
    async def which() -> type[asyncio.AbstractEventLoop]:
        return type(asyncio.get_running_loop())

    assert loop.run(which()) is uvloop.Loop
    fresh = loop.new_event_loop()
    try:
        assert isinstance(fresh, uvloop.Loop)
    finally:
        fresh.close()


async def test_the_tests_run_on_the_bots_loop() -> None:
    assert isinstance(asyncio.get_running_loop(), uvloop.Loop)

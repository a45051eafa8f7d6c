"""How the process runs: on uvloop (Tortoise's ``accel`` extra), for the bot and the tests too;
and with the start-up heap frozen and the young generation collected less often."""

from __future__ import annotations

import asyncio
import gc

import uvloop

from bot import loop
from bot.app import YOUNG_OBJECTS, settle_heap


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


def test_settling_the_heap_freezes_start_up_and_spaces_young_collections() -> None:
    saved = gc.get_threshold()
    try:
        settle_heap()
        assert gc.get_freeze_count() > 0
        assert gc.get_threshold() == (YOUNG_OBJECTS, saved[1], saved[2])
    finally:
        gc.unfreeze()
        gc.set_threshold(*saved)

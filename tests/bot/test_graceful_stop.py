"""A graceful stop (bot/graceful.py) while polling: the update in flight is finished before the
storage closes. The webhook mode is tested on the real process (tests/e2e/test_graceful_stop.py).
"""

from __future__ import annotations

import asyncio
import logging

import pytest
from redis.asyncio import Redis

from tests.bot.conftest import Harness


async def test_a_stop_finishes_the_update_in_flight_first(
    gm: Harness, clean_redis: str, caplog: pytest.LogCaptureFixture
) -> None:
    alice = gm.emu.add_user("Алиса", language_code="ru")
    group = gm.emu.add_group("Таверна", admins=[alice])
    gm.dice.add(10, 7)
    redis = Redis.from_url(clean_redis)
    held = gm.emu.hold_next("sendMessage")  # the answer to /roll: the handler waits on it
    await gm.emu.send_text(alice, group, "/roll 1d10")
    await asyncio.wait_for(held.reached.wait(), 10)
    assert await redis.keys("*:lock") != []  # the user's isolation leases, held
    with caplog.at_level(logging.INFO):
        stopping = asyncio.create_task(gm.dp.stop_polling())
        await asyncio.sleep(0.3)
        assert not stopping.done()  # the stop waits for the update
        held.release()
        await asyncio.wait_for(stopping, 10)
    assert "finishing 1 update(s) in flight" in caplog.text
    reply = gm.emu.last_bot_message(group)
    assert reply is not None and reply.body == "🎲 Алиса: 1d10 (7) = 7"
    assert "lease" not in caplog.text  # given back in time, not left to expire
    assert await redis.keys("*:lock") == []  # given back before the storage closed
    await redis.aclose()

"""Database timers (bot/services/timers.py): a rescheduled deadline is moved in place, and a
timer moved on after the scheduler read it as due is not claimed."""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

import pytest
from aiogram import Bot
from tortoise.timezone import now

from bot.db.models import Timer
from bot.scheduler import Scheduler
from bot.services import timers
from bot.session import make_bot
from tests.bot.read_only_rig import allow_writes
from tests.telegram_emulator import TelegramEmulator


async def test_reschedule_moves_the_pending_timer_in_place(database: str) -> None:
    first = await timers.schedule("round", 7, 60)
    await timers.reschedule("round", 7, 3600)
    [stored] = await Timer.filter(kind="round", ref=7)
    assert stored.id == first.id  # the same timer, moved
    assert stored.due_at > now() + timedelta(seconds=3000) and stored.fired_at is None


async def test_reschedule_makes_a_new_timer_when_none_is_pending(database: str) -> None:
    choice = await timers.schedule("choice", 7, 60)
    await timers.reschedule("round", 7, 60)  # a choice timer is not a round's: a new one
    [first] = await Timer.filter(kind="round", ref=7)
    assert (await Timer.get(id=choice.id)).fired_at is None  # the other kind is left alone
    await Timer.filter(id=first.id).update(fired_at=now())  # claimed: its handler is late
    await timers.reschedule("round", 7, 60)
    pending = await Timer.filter(kind="round", ref=7, fired_at__isnull=True)
    assert [t.id for t in pending] != [first.id] and len(pending) == 1


async def test_a_timer_moved_after_it_was_read_as_due_is_not_claimed(database: str) -> None:
    timer = await timers.schedule("round", 8, 60)
    await Timer.filter(id=timer.id).update(due_at=now() - timedelta(seconds=1))
    moment = now()
    read_as_due = await Timer.get(id=timer.id)  # the scheduler's read
    await timers.reschedule("round", 8, 60)  # a press resolved the round meanwhile
    assert not await timers.claim(read_as_due, moment)
    assert (await Timer.get(id=timer.id)).fired_at is None
    assert await timers.claim_due() == []  # and it is not due any more


async def test_a_due_timer_is_claimed_once(database: str) -> None:
    timer = await timers.schedule("round", 9, 60)
    await Timer.filter(id=timer.id).update(due_at=now() - timedelta(seconds=1))
    assert [t.id for t in await timers.claim_due()] == [timer.id]
    assert await timers.claim_due() == []


async def test_timers_waiting_out_refused_writes_log_once_each_way(
    database: str, emu: TelegramEmulator, caplog: pytest.LogCaptureFixture
) -> None:
    """While the database refuses writes every claim fails: one line when it begins, one when
    it ends (it was a traceback every half second), and the timer fires once writes work."""
    fired: list[int] = []

    async def handler(bot: Bot, timer: Timer, data: dict[str, Any]) -> None:
        fired.append(timer.ref)

    scheduler = Scheduler()
    scheduler.on("test_kind", handler)
    await timers.schedule("test_kind", 7, 0)
    bot = make_bot(emu.token, emu.base_url)
    try:
        with caplog.at_level(logging.WARNING, logger="bot.scheduler"):
            await allow_writes(allowed=False)
            for _ in range(3):
                await scheduler.tick(bot, {})
            await allow_writes(allowed=True)
            await scheduler.tick(bot, {})
    finally:
        await bot.session.close()
    lines = [(r.levelname, r.getMessage()) for r in caplog.records if r.name == "bot.scheduler"]
    assert [level for level, _ in lines] == ["WARNING", "WARNING"]
    assert "readonly" in lines[0][1] or "read-only" in lines[0][1], lines
    assert lines[1][1] == "timers fire again"
    assert not any(r.exc_info for r in caplog.records)
    assert fired == [7]

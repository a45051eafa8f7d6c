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
    moved = await timers.reschedule("round", 7, 3600, first.id)
    assert moved == first.id
    stored = await Timer.get(id=first.id)
    assert stored.due_at > now() + timedelta(seconds=3000) and stored.fired_at is None
    assert await Timer.filter(kind="round", ref=7).count() == 1


async def test_reschedule_makes_a_new_timer_when_the_old_one_cannot_move(database: str) -> None:
    choice = await timers.schedule("choice", 7, 60)
    other_kind = await timers.reschedule("round", 7, 60, choice.id)
    assert other_kind != choice.id  # a choice timer is not a round's
    await Timer.filter(id=other_kind).update(fired_at=now())
    after_firing = await timers.reschedule("round", 7, 60, other_kind)
    assert after_firing not in (choice.id, other_kind)
    assert await timers.reschedule("round", 7, 60, None) != after_firing  # no current: new
    pending = await Timer.filter(kind="round", ref=7, fired_at__isnull=True)
    assert len(pending) == 1  # schedule() replaced the pending one of the pair


async def test_a_timer_moved_after_it_was_read_as_due_is_not_claimed(database: str) -> None:
    timer = await timers.schedule("round", 8, 60)
    await Timer.filter(id=timer.id).update(due_at=now() - timedelta(seconds=1))
    moment = now()
    read_as_due = await Timer.get(id=timer.id)  # the scheduler's read
    await timers.reschedule("round", 8, 60, timer.id)  # a press resolved the round meanwhile
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

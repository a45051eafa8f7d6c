"""A paused game's frozen timers (the gate every game action passes while a game is paused
sits in the game's lock: :func:`bot.services.locks.ensure_running`).

While a game is paused its pending timers are pushed :data:`FROZEN` into the future, so they
cannot fire; on resume each is moved back and forward by the pause's length, keeping the time
it had left when the pause began.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.db.models import Timer

FROZEN = timedelta(days=36525)  # a century: "never" while paused, yet a valid datetime


async def hold(timer: Timer) -> None:
    """A timer claimed in a paused game (it fell due as the pause began): back to pending,
    frozen with the rest, so it fires right after the resume instead of being lost."""
    await Timer.filter(id=timer.id).update(fired_at=None, due_at=timer.due_at + FROZEN)


async def freeze(timers: list[Timer]) -> int:
    for timer in timers:
        await Timer.filter(id=timer.id, fired_at__isnull=True).update(due_at=timer.due_at + FROZEN)
    return len(timers)


async def thaw(timers: list[Timer], paused_at: datetime, moment: datetime) -> int:
    """Move frozen timers back: each keeps the time it had left when the pause began."""
    shift = (moment - paused_at) - FROZEN
    thawed = 0
    for timer in timers:
        if timer.due_at - paused_at > FROZEN / 2:  # frozen by the pause, not set during it
            await Timer.filter(id=timer.id, fired_at__isnull=True).update(
                due_at=timer.due_at + shift
            )
            thawed += 1
    return thawed

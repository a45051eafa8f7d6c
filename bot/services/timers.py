"""Deadlines stored in the database: they survive restarts and fire once across replicas.

A deadline that waits for players (:func:`reminded`) has a reminder, a timer of its own kind
at half its time: scheduled, moved and cancelled with it, so each wait reminds once, and
paused, thawed and claimed like every other timer.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from tortoise.queryset import QuerySet
from tortoise.timezone import now

from bot.db.models import Timer

REMINDER_PREFIX = "remind_"
# Deadline kind -> the kind of its reminder at half time.
REMINDERS: dict[str, str] = {}


def reminded(kind: str) -> str:
    """Give the deadline ``kind`` a reminder at half its time; the reminder's kind."""
    REMINDERS[kind] = reminder = REMINDER_PREFIX + kind
    return reminder


def deadline_of(reminder: str) -> str:
    """The deadline kind a reminder kind belongs to."""
    return reminder.removeprefix(REMINDER_PREFIX)


def _with_reminders(kinds: tuple[str, ...]) -> tuple[str, ...]:
    return (*kinds, *(REMINDERS[k] for k in kinds if k in REMINDERS))


def _pending(kinds: tuple[str, ...], ref: int) -> QuerySet[Timer]:
    """The timers of ``kinds`` for ``ref`` that have not fired."""
    return Timer.filter(kind__in=kinds, ref=ref, fired_at__isnull=True)


async def schedule(kind: str, ref: int, seconds: float) -> Timer:
    """Schedule ``kind`` for ``ref`` in ``seconds``, replacing a pending one of the same pair
    (and its reminder, scheduled anew at half the time)."""
    kinds = _with_reminders((kind,))
    await _pending(kinds, ref).delete()
    moment = now()
    if kind in REMINDERS:
        half = moment + timedelta(seconds=seconds / 2)
        await Timer.create(kind=REMINDERS[kind], ref=ref, due_at=half)
    return await Timer.create(kind=kind, ref=ref, due_at=moment + timedelta(seconds=seconds))


async def reschedule(kind: str, ref: int, seconds: float) -> None:
    """:func:`schedule` for a pair whose timer is pending (an encounter's next round or turn
    on the same clock): moved in place, one statement instead of a delete and an insert, and
    one for its reminder; a new one when it has fired (its handler, waiting for the game, then
    finds a newer deadline) or is gone."""
    due = now() + timedelta(seconds=seconds)
    if await _pending((kind,), ref).update(due_at=due):
        if kind in REMINDERS:
            await _move_reminder(REMINDERS[kind], ref, seconds / 2)
        return
    await schedule(kind, ref, seconds)


async def _move_reminder(reminder: str, ref: int, seconds: float) -> None:
    """The pending reminder moved in place; a new one when it has fired (or is gone)."""
    due = now() + timedelta(seconds=seconds)
    if not await _pending((reminder,), ref).update(due_at=due):
        await Timer.create(kind=reminder, ref=ref, due_at=due)


async def cancel(kind: str | tuple[str, ...], ref: int) -> None:
    """Drop the pending timers of ``kind`` (or of each of several kinds) for ``ref``, with
    their reminders."""
    kinds = _with_reminders(kind if isinstance(kind, tuple) else (kind,))
    await _pending(kinds, ref).delete()


async def drop_reminder(deadline: Timer) -> None:
    """A deadline fires: its reminder, if it is still pending, has nothing left to remind."""
    if deadline.kind in REMINDERS:
        await _pending((REMINDERS[deadline.kind],), deadline.ref).delete()


async def claim_due(limit: int = 50) -> list[Timer]:
    """Timers that are due and that this process won (a conditional update per timer)."""
    moment = now()
    due = await Timer.filter(fired_at__isnull=True, due_at__lte=moment).order_by("due_at")
    return [timer for timer in due[:limit] if await claim(timer, moment)]


async def claim(timer: Timer, moment: datetime) -> bool:
    """Win ``timer`` if it is still pending and still due at ``moment``: another replica may
    have claimed it, or a press moved it on (:func:`reschedule`), since it was read as due."""
    won = await Timer.filter(id=timer.id, fired_at__isnull=True, due_at__lte=moment).update(
        fired_at=moment
    )
    return bool(won)

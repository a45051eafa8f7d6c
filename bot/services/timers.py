"""Deadlines stored in the database: they survive restarts and fire once across replicas."""

from __future__ import annotations

from datetime import datetime, timedelta

from tortoise.timezone import now

from bot.db import statements
from bot.db.models import Timer


async def schedule(kind: str, ref: int, seconds: float) -> Timer:
    """Schedule ``kind`` for ``ref`` in ``seconds``, replacing a pending one of the same pair."""
    await Timer.filter(kind=kind, ref=ref, fired_at__isnull=True).delete()
    return await Timer.create(kind=kind, ref=ref, due_at=now() + timedelta(seconds=seconds))


async def reschedule(kind: str, ref: int, seconds: float, current: int | None) -> int:
    """:func:`schedule` for a pair whose pending timer is ``current`` (a fight's last deadline):
    moved in place, one statement instead of a delete and an insert; a new one if ``current``
    has fired, is of another kind, or is gone. The timer's id."""
    if current is not None:
        where = {"id": current, "kind": kind, "ref": ref, "fired_at": None}
        due = {"due_at": now() + timedelta(seconds=seconds)}
        if await statements.update(Timer, where, due):
            return current
    return (await schedule(kind, ref, seconds)).id


async def cancel(kind: str | tuple[str, ...], ref: int) -> None:
    """Drop the pending timers of ``kind`` (or of each of several kinds) for ``ref``."""
    await statements.delete(Timer, kind=kind, ref=ref, fired_at=None)


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

"""Deadlines stored in the database: they survive restarts and fire once across replicas."""

from __future__ import annotations

from datetime import timedelta

from tortoise.timezone import now

from bot.db.models import Timer


async def schedule(kind: str, ref: int, seconds: float) -> Timer:
    """Schedule ``kind`` for ``ref`` in ``seconds``, replacing a pending one of the same pair."""
    await Timer.filter(kind=kind, ref=ref, fired_at__isnull=True).delete()
    return await Timer.create(kind=kind, ref=ref, due_at=now() + timedelta(seconds=seconds))


async def cancel(kind: str, ref: int) -> None:
    await Timer.filter(kind=kind, ref=ref, fired_at__isnull=True).delete()


async def claim_due(limit: int = 50) -> list[Timer]:
    """Timers that are due and that this process won (a conditional update per timer)."""
    moment = now()
    due = await Timer.filter(fired_at__isnull=True, due_at__lte=moment).order_by("due_at")
    claimed = []
    for timer in due[:limit]:
        won = await Timer.filter(id=timer.id, fired_at__isnull=True).update(fired_at=moment)
        if won:
            claimed.append(timer)
    return claimed

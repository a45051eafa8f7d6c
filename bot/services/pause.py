"""A paused game: the gate every game action passes, and its frozen timers.

The gate sits in :meth:`bot.services.locks.GameLocks.game`, the lock every action that rolls
or saves takes: read under the lock, the flag cannot change half-way through an action, and no
handler has to remember to check it. Game masters' own edits pass ``paused_ok``.

While a game is paused its pending timers are pushed :data:`FROZEN` into the future, so they
cannot fire; on resume each is moved back and forward by the pause's length, keeping the time
it had left when the pause began.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.db.models import Game, GameStatus, Timer
from bot.services.errors import GamePaused, NoActiveGame

FROZEN = timedelta(days=36525)  # a century: "never" while paused, yet a valid datetime


def ensure_running(game: Game | None, *, paused_ok: bool = False) -> Game:
    """The game as read inside its lock, if it may act: :class:`NoActiveGame` once it has
    ended (an action that waited for the lock while /endgame held it), :class:`GamePaused`
    while it is paused unless ``paused_ok``."""
    if game is None or game.status != GameStatus.ACTIVE:
        raise NoActiveGame()
    if game.paused_at is not None and not paused_ok:
        raise GamePaused()
    return game


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

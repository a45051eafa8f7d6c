"""Per-game locks: Redis locks across replicas, asyncio locks in a single process."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from weakref import WeakValueDictionary

from redis.asyncio import Redis

from bot.leases import lease
from bot.services.pause import ensure_running

WAIT_SECONDS = 30


class GameLocks:
    """``async with locks.game(game_id):`` serialises every action that rolls or saves, and
    refuses it while the game is paused."""

    def __init__(self, redis: Redis | None = None, prefix: str = "gm:lock") -> None:
        self._redis = redis
        self._prefix = prefix
        self._local: WeakValueDictionary[int, asyncio.Lock] = WeakValueDictionary()

    @contextlib.asynccontextmanager
    async def game(self, game_id: int, *, paused_ok: bool = False) -> AsyncIterator[None]:
        """Hold the game's lock; a paused game refuses (:class:`GamePaused`) unless
        ``paused_ok`` (the game master's own edits, pausing and resuming)."""
        async with self._held(game_id):
            if not paused_ok:
                await ensure_running(game_id)
            yield

    @contextlib.asynccontextmanager
    async def _held(self, game_id: int) -> AsyncIterator[None]:
        if self._redis is not None:
            # A renewed lease: a crashed holder's lock is gone within seconds.
            name = f"{self._prefix}:game:{game_id}"
            async with lease(self._redis, name, blocking_timeout=WAIT_SECONDS):
                yield
            return
        local = self._local.get(game_id)
        if local is None:
            local = asyncio.Lock()
            self._local[game_id] = local
        async with local:
            yield

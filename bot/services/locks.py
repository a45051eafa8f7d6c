"""Per-game locks: Redis locks across replicas, asyncio locks in a single process."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import cast
from weakref import WeakValueDictionary

from redis.asyncio import Redis

from bot.db import statements
from bot.db.models import Game
from bot.leases import lease
from bot.services.errors import NoActiveGame
from bot.services.pause import ensure_running

WAIT_SECONDS = 30
REMEMBERED_CHATS = 100_000  # chat -> game hints kept in memory (a few MB at most)


class GameLocks:
    """``async with locks.game(game_id) as game:`` serialises every action that rolls or
    saves, and yields the game as stored now (read once, inside the lock); a paused game
    refuses (:class:`GamePaused`), an ended one too (:class:`NoActiveGame`)."""

    def __init__(self, redis: Redis | None = None, prefix: str = "gm:lock") -> None:
        self._redis = redis
        self._prefix = prefix
        self._local: WeakValueDictionary[int, asyncio.Lock] = WeakValueDictionary()
        # Which game runs in a chat, as last seen: only a hint, checked inside the lock.
        self._games_of_chats: dict[int, int] = {}

    @contextlib.asynccontextmanager
    async def game(self, game_id: int, *, paused_ok: bool = False) -> AsyncIterator[Game]:
        """Hold the game's lock and read the game; ``paused_ok``: the game master's own
        edits, pausing and resuming, which a pause does not stop."""
        async with self._held(game_id):
            yield ensure_running(await statements.first(Game, id=game_id), paused_ok=paused_ok)

    @contextlib.asynccontextmanager
    async def chat(self, chat_id: int) -> AsyncIterator[Game]:
        """:meth:`game` for the game running in a group chat. The chat's game id is
        remembered, so a button press reads its game once, inside the lock; a remembered id
        whose game has ended since is looked up again."""
        for remembered in (True, False):
            if remembered:
                game_id = self._games_of_chats.get(chat_id)
            else:
                found = await Game.filter(active_chat_id=chat_id).values_list("id", flat=True)
                game_id = cast(int, found[0]) if found else None
            if game_id is None:
                continue
            async with self._held(game_id):
                game = await statements.first(Game, id=game_id)
                if game is None or game.active_chat_id != chat_id:
                    self._games_of_chats.pop(chat_id, None)
                    continue
                self._remember(chat_id, game_id)
                yield ensure_running(game)
                return
        raise NoActiveGame()

    def _remember(self, chat_id: int, game_id: int) -> None:
        if len(self._games_of_chats) >= REMEMBERED_CHATS:
            self._games_of_chats.clear()
        self._games_of_chats[chat_id] = game_id

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

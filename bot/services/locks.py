"""Per-game locks: a queue in this process, and a Redis lease across replicas; the game the
lock yields is running (:func:`ensure_running`: the gate every game action passes).

This process's actions on one game queue on a local lock, in order and without polling. The
first of a queue takes the game's Redis lease; each holder hands it to the next in the queue,
and the last one releases it. Four fighters pressing at once make two Redis round trips for the
lease instead of eight, and none of them polls. Another replica's waiter polls the lease as
before; it gets the game when this process's queue has run dry.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Coroutine
from contextlib import AbstractAsyncContextManager
from typing import Any, cast
from weakref import WeakValueDictionary

from redis.asyncio import Redis
from tortoise.transactions import in_transaction

from bot.db.models import Game, GameStatus
from bot.leases import lease
from bot.services.errors import GamePaused, NoActiveGame

WAIT_SECONDS = 30
REMEMBERED_CHATS = 100_000  # chat -> game hints kept in memory (a few MB at most)
LOCALE_SECONDS = 10.0  # a chat's game locale is trusted this long (another replica may change it)


def ensure_running(game: Game | None, *, paused_ok: bool = False) -> Game:
    """The game as read inside its lock, if it may act: :class:`NoActiveGame` once it has
    ended (an action that waited for the lock while /endgame held it), :class:`GamePaused`
    while it is paused unless ``paused_ok``."""
    if game is None or game.status != GameStatus.ACTIVE:
        raise NoActiveGame()
    if game.paused_at is not None and not paused_ok:
        raise GamePaused()
    return game


class _Gate:
    """One game's queue in this process, and the Redis lease while a queue holds it."""

    __slots__ = ("__weakref__", "lease", "lock", "waiting")

    def __init__(self) -> None:
        self.lock = asyncio.Lock()
        self.waiting = 0
        self.lease: AbstractAsyncContextManager[None] | None = None


class GameLocks:
    """``async with locks.game(game_id) as game:`` serialises every action that rolls or
    saves, and yields the game as stored now (read once, inside the lock); a paused game
    refuses (:class:`GamePaused`), an ended one too (:class:`NoActiveGame`). The block is one
    database transaction: the state it changes and the messages it owes
    (:mod:`bot.services.outbox`) are saved together or not at all."""

    def __init__(self, redis: Redis | None = None, prefix: str = "gm:lock") -> None:
        self._redis = redis
        self._prefix = prefix
        self._gates: WeakValueDictionary[int, _Gate] = WeakValueDictionary()
        self._tasks: set[asyncio.Task[None]] = set()
        # Which game runs in a chat, as last seen: only a hint, checked inside the lock.
        self._games_of_chats: dict[int, int] = {}
        # The locale of the game running in a chat (None: no game), and until when it holds.
        self._locales_of_chats: dict[int, tuple[str | None, float]] = {}

    @contextlib.asynccontextmanager
    async def game(self, game_id: int, *, paused_ok: bool = False) -> AsyncIterator[Game]:
        """Hold the game's lock and read the game; ``paused_ok``: the game master's own
        edits, pausing and resuming, which a pause does not stop."""
        async with self._held(game_id), in_transaction():
            game = await Game.get_or_none(id=game_id)
            if game is not None and game.active_chat_id is not None:
                self._remember(game.active_chat_id, game.id)
            yield ensure_running(game, paused_ok=paused_ok)

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
            async with self._held(game_id), in_transaction():
                game = await Game.get_or_none(id=game_id)
                if game is None or game.active_chat_id != chat_id:
                    self._games_of_chats.pop(chat_id, None)
                    continue
                self._remember(chat_id, game_id)
                yield ensure_running(game)
                return
        raise NoActiveGame()

    async def chat_locale(self, chat_id: int) -> str | None:
        """The locale of the game running in a group chat, None if none runs: one indexed
        query, remembered for :data:`LOCALE_SECONDS` (a game this process creates or ends
        forgets it at once, :meth:`forget_chat`; another replica's, within that time)."""
        now = time.monotonic()
        known = self._locales_of_chats.get(chat_id)
        if known is not None and now < known[1]:
            return known[0]
        found = await Game.filter(active_chat_id=chat_id).values_list("locale", flat=True)
        locale = cast(str, found[0]) if found else None
        if len(self._locales_of_chats) >= REMEMBERED_CHATS:
            self._locales_of_chats.clear()
        self._locales_of_chats[chat_id] = (locale, now + LOCALE_SECONDS)
        return locale

    def forget_chat(self, chat_id: int) -> None:
        """A game began or ended in the chat: its locale is read again."""
        self._locales_of_chats.pop(chat_id, None)

    def _remember(self, chat_id: int, game_id: int) -> None:
        if len(self._games_of_chats) >= REMEMBERED_CHATS:
            self._games_of_chats.clear()
        self._games_of_chats[chat_id] = game_id

    @contextlib.asynccontextmanager
    async def _held(self, game_id: int) -> AsyncIterator[None]:
        gate = self._gates.get(game_id)
        if gate is None:
            gate = _Gate()
            self._gates[game_id] = gate
        gate.waiting += 1
        try:
            await gate.lock.acquire()
        except BaseException:
            gate.waiting -= 1
            if gate.lease is not None:  # the holder left it to this waiter: release it
                self._spawn(self._release_if_idle(gate))
            raise
        gate.waiting -= 1
        try:
            if self._redis is not None and gate.lease is None:
                # A renewed lease: a crashed holder's lock is gone within seconds.
                name = f"{self._prefix}:game:{game_id}"
                taken = lease(self._redis, name, blocking_timeout=WAIT_SECONDS)
                await taken.__aenter__()
                gate.lease = taken
            yield
        finally:
            try:
                await _hand_on(gate)
            finally:
                gate.lock.release()

    async def _release_if_idle(self, gate: _Gate) -> None:
        async with gate.lock:
            await _hand_on(gate)

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)


async def _hand_on(gate: _Gate) -> None:
    """Leave the lease to the next in the queue, or release it when nobody waits."""
    if gate.lease is not None and not gate.waiting:
        held, gate.lease = gate.lease, None
        await held.__aexit__(None, None, None)

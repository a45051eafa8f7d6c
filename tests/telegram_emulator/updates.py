"""The pending-update queue (shared by getUpdates and webhook delivery) and change signals."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, TypeVar

from .models import PendingUpdate

T = TypeVar("T")

#: Update types delivered when ``allowed_updates`` is empty (Telegram's default).
DEFAULT_ALLOWED_EXCLUDED = frozenset({"chat_member", "message_reaction", "message_reaction_count"})


class Notifier:
    """Edge-triggered broadcast: every ``notify()`` wakes all current waiters."""

    def __init__(self) -> None:
        self._event = asyncio.Event()

    def notify(self) -> None:
        self._event.set()
        self._event = asyncio.Event()

    async def wait(self, within: float | None) -> bool:
        """Wait for the next notification; False on timeout."""
        event = self._event
        try:
            await asyncio.wait_for(event.wait(), within)
        except TimeoutError:
            return False
        return True

    async def wait_for(self, check: Callable[[], T | None], within: float) -> T | None:
        """Re-run ``check`` after each notification until it returns non-None or time is up."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + within
        while True:
            result = check()
            if result is not None:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                return None
            await self.wait(remaining)


class UpdateQueue:
    """Updates not yet confirmed by the bot, in order, with increasing update_id."""

    def __init__(self, first_update_id: int = 100_000_001) -> None:
        self.next_update_id = first_update_id
        self.pending: list[PendingUpdate] = []
        #: Every update ever created (including filtered ones), for inspection.
        self.history: list[PendingUpdate] = []
        self.dropped: list[PendingUpdate] = []
        self.allowed_updates: list[str] | None = None
        self.changed = Notifier()

    def is_allowed(self, kind: str) -> bool:
        if self.allowed_updates:
            return kind in self.allowed_updates
        return kind not in DEFAULT_ALLOWED_EXCLUDED

    def push(self, kind: str, payload: dict[str, Any]) -> PendingUpdate:
        update = PendingUpdate(self.next_update_id, kind, payload)
        self.next_update_id += 1
        self.history.append(update)
        if self.is_allowed(kind):
            self.pending.append(update)
            self.changed.notify()
        else:
            self.dropped.append(update)
        return update

    def redeliver(self, update: PendingUpdate) -> PendingUpdate:
        copy = PendingUpdate(update.update_id, update.kind, update.payload, redelivery=True)
        self.pending.append(copy)
        self.changed.notify()
        return copy

    def confirm(self, offset: int) -> None:
        """Apply a getUpdates ``offset`` (negative: keep only the last ``-offset``)."""
        if offset < 0:
            self.pending = self.pending[offset:]
        elif offset > 0:
            self.pending = [
                u
                for u in self.pending
                if u.update_id >= offset or (u.redelivery and u.delivered == 0)
            ]
        self.changed.notify()

    def take(self, limit: int) -> list[PendingUpdate]:
        batch = self.pending[:limit]
        for update in batch:
            update.delivered += 1
        return batch

    def remove(self, update: PendingUpdate) -> None:
        if update in self.pending:
            self.pending.remove(update)
            self.changed.notify()

    def clear(self) -> None:
        self.pending.clear()
        self.changed.notify()

"""Held calls: the emulator keeps a call waiting until the test lets it go.

A test makes a handler slow deterministically (no sleep in bot code): it holds the next call of
a method, waits until the bot makes it (:attr:`CallHold.reached`: the handler is now in flight,
parked on that call), acts (stops the bot, say), then :meth:`CallHold.release`\\ s it; the call
is then carried out and answered as usual.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass
class CallHold:
    method: str
    when: Callable[[Mapping[str, Any]], bool] | None = None
    reached: asyncio.Event = field(default_factory=asyncio.Event)
    released: asyncio.Event = field(default_factory=asyncio.Event)

    def release(self) -> None:
        self.released.set()


class CallHolds:
    """Holds waiting for their call, each taken by the first matching call."""

    def __init__(self) -> None:
        self._waiting: list[CallHold] = []

    def add(self, method: str, when: Callable[[Mapping[str, Any]], bool] | None) -> CallHold:
        hold = CallHold(method.lower(), when)
        self._waiting.append(hold)
        return hold

    async def pass_through(self, method: str, params: Mapping[str, Any]) -> None:
        """Return at once, or when the hold this call matches is released."""
        name = method.lower()
        for hold in self._waiting:
            if hold.method == name and (hold.when is None or hold.when(params)):
                self._waiting.remove(hold)
                hold.reached.set()
                await hold.released.wait()
                return

    def clear(self) -> None:
        """Forget the holds no call has taken yet."""
        self._waiting.clear()

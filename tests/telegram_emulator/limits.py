"""Opt-in flood limits and one-shot error injection."""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import ApiError, default_description, too_many_requests


@dataclass
class RateLimits:
    """Telegram's documented sending limits (defaults), all sliding windows."""

    per_chat_messages: int = 1
    per_chat_window: float = 1.0
    per_group_messages: int = 20
    per_group_window: float = 60.0
    global_messages: int = 30
    global_window: float = 1.0
    # Whether edits and deletions count toward the limits as new messages do (tdlib #2592,
    # #3034 say Telegram counts them); off: only new messages count.
    count_edits: bool = False


@dataclass
class RateLimiter:
    """Tracks what counts toward Telegram's limits: new messages (and, with ``count_edits``,
    edits and deletions); ``check`` raises a 429 ``ApiError`` when over a limit."""

    clock: Callable[[], float]
    limits: RateLimits = field(default_factory=RateLimits)
    enabled: bool = False
    _per_chat: dict[int, deque[float]] = field(default_factory=dict)
    _global: deque[float] = field(default_factory=deque)

    @staticmethod
    def _retry_after(history: deque[float], limit: int, window: float, now: float) -> float:
        recent = [stamp for stamp in history if stamp > now - window]
        if len(recent) < limit:
            return 0.0
        return recent[len(recent) - limit] + window - now

    def check(self, chat_id: int, is_group: bool, *, edit: bool = False) -> None:
        if not self.enabled or (edit and not self.limits.count_edits):
            return
        now = self.clock()
        history = self._per_chat.setdefault(chat_id, deque())
        limits = self.limits
        waits = [
            self._retry_after(self._global, limits.global_messages, limits.global_window, now),
            self._retry_after(history, limits.per_chat_messages, limits.per_chat_window, now),
        ]
        if is_group:
            waits.append(
                self._retry_after(history, limits.per_group_messages, limits.per_group_window, now)
            )
        wait = max(waits)
        if wait > 0:
            raise too_many_requests(max(1, math.ceil(wait)))

    def record(self, chat_id: int, *, edit: bool = False) -> None:
        if not self.enabled or (edit and not self.limits.count_edits):
            return
        now = self.clock()
        horizon = now - max(self.limits.per_chat_window, self.limits.per_group_window)
        for history in (self._per_chat.setdefault(chat_id, deque()), self._global):
            history.append(now)
            while history and history[0] <= horizon:
                history.popleft()

    def reset(self) -> None:
        self._per_chat.clear()
        self._global.clear()


@dataclass
class InjectedFailure:
    method: str
    error: ApiError
    times: int
    when: Callable[[Mapping[str, Any]], bool] | None = None


class FailureInjector:
    """Queue of errors to answer instead of executing a method."""

    def __init__(self) -> None:
        self._queue: list[InjectedFailure] = []

    def add(
        self,
        method: str,
        error_code: int,
        description: str | None,
        *,
        retry_after: int | None = None,
        times: int = 1,
        when: Callable[[Mapping[str, Any]], bool] | None = None,
    ) -> InjectedFailure:
        if error_code == 429 and retry_after is None:
            retry_after = 1
        error = ApiError(
            error_code,
            description or default_description(error_code, retry_after),
            retry_after=retry_after,
        )
        failure = InjectedFailure(method.lower(), error, times, when)
        self._queue.append(failure)
        return failure

    def take(self, method: str, params: Mapping[str, Any]) -> ApiError | None:
        name = method.lower()
        for failure in self._queue:
            if failure.method != name or (failure.when and not failure.when(params)):
                continue
            failure.times -= 1
            if failure.times <= 0:
                self._queue.remove(failure)
            return failure.error
        return None

    def pending(self) -> list[InjectedFailure]:
        return list(self._queue)

    def clear(self) -> None:
        self._queue.clear()

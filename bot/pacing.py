"""Telegram's sending limits, kept before Telegram has to say no.

About 30 messages a second for the bot, about one a second in a chat, and 20 a minute in a
group (Telegram's FAQ). :class:`Pacer` remembers what this process sent and says how long the
next message to a chat must wait; a 429's ``retry_after`` holds the chat (or the bot) for as
long as Telegram asks. Telegram counts edits (of text and of buttons) and deletions toward a
chat's limits as it counts new messages, so every call counts here too; but a call is not as
urgent as another (:class:`Call`): a cosmetic edit of a live message, which a later edit of it
may replace, leaves the last few calls of a group's minute (:attr:`Limits.group_reserve`) to
the new messages the game owes and to the retires of old buttons. One replica delivers a chat at
a time (:mod:`bot.courier`), so its memory of the chat is the whole truth but for the first
seconds after a chat moves to another replica, which a 429 then corrects.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque
from collections.abc import AsyncIterator, Callable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from enum import IntEnum

KEPT_CHATS = 50_000
_counted: ContextVar[bool] = ContextVar("counted_by_the_caller", default=False)


def counted_by_caller() -> bool:
    """Whether the call being made is counted by its caller (the courier's, or a handler's
    paced slot: :meth:`Pacer.calling`); any other call to a chat (a reply to a command, a
    dialog's window) is counted as it is answered (:class:`bot.session.CountedCalls`)."""
    return _counted.get()


class Call(IntEnum):
    """What a call to a chat is, most urgent first."""

    MESSAGE = 0  # a new message: the whole of a group's minute
    RETIRE = 1  # an edit players need now (old buttons go, a presser's keyboard): the whole minute
    EDIT = 2  # an edit of a live message that a later edit may replace: all but the reserve


@dataclass(frozen=True)
class Limits:
    per_chat_gap: float = 1.0
    group_messages: int = 20  # calls of every kind (count_edits) or new messages only
    group_window: float = 60.0
    bot_messages: int = 30
    bot_window: float = 1.0
    group_reserve: int = 5  # of a group's minute, kept from cosmetic edits (Call.EDIT)
    count_edits: bool = True  # False: only new messages count toward a group's minute (the
    # bench's "before")


OFF = Limits(per_chat_gap=0.0, group_messages=10**9, bot_messages=10**9)


def is_group(chat_id: int) -> bool:
    """Groups, supergroups and channels have negative ids; users positive."""
    return chat_id < 0


class Pacer:
    def __init__(self, limits: Limits = Limits(), clock: Callable[[], float] = time.monotonic):
        self.limits = limits
        self.clock = clock
        self._last: dict[int, float] = {}
        self._groups: dict[int, deque[float]] = {}
        self._bot: deque[float] = deque()
        self._held: dict[int | None, float] = {}  # chat (None: the bot) -> held until
        self._flying: dict[int, int] = {}  # chat -> its calls made and not answered yet

    def wait(self, chat_id: int, call: Call) -> float:
        """Seconds until ``call`` may go to ``chat_id``; 0: now."""
        now, limits = self.clock(), self.limits
        waits = [
            self._held.get(chat_id, 0.0) - now,
            self._held.get(None, 0.0) - now,
            self._last.get(chat_id, -1e18) + limits.per_chat_gap - now,
            limits.per_chat_gap if chat_id in self._flying else 0.0,  # a call not answered yet
            _window_wait(self._bot, limits.bot_messages, limits.bot_window, now),
        ]
        history = self._groups.get(chat_id)
        if history is not None and (call is Call.MESSAGE or limits.count_edits):
            allowed = limits.group_messages
            if call is Call.EDIT and limits.count_edits:
                allowed = max(1, allowed - limits.group_reserve)
            waits.append(_window_wait(history, allowed, limits.group_window, now))
        return max(0.0, *waits)

    def spent(self, chat_id: int, *, new: bool, at: float | None = None) -> None:
        """A message (``new``), an edit or a deletion went to ``chat_id`` just now (or goes
        ``at``)."""
        now = self.clock() if at is None else at
        if len(self._last) > KEPT_CHATS:
            self._forget(now)
        self._last[chat_id] = now
        _push(self._bot, now, self.limits.bot_window)
        if (new or self.limits.count_edits) and is_group(chat_id):
            _push(self._groups.setdefault(chat_id, deque()), now, self.limits.group_window)

    @contextlib.contextmanager
    def calling(self, chat_id: int) -> Iterator[None]:
        """A call to ``chat_id`` is made inside the block: until it is answered, another call
        to the chat waits (Telegram counts the call as it takes it, the pacer once answered,
        :meth:`spent`; a call that takes long must not let the next one in early). The caller
        counts it (:func:`counted_by_caller`)."""
        self._flying[chat_id] = self._flying.get(chat_id, 0) + 1
        token = _counted.set(True)
        try:
            yield
        finally:
            _counted.reset(token)
            self._flying[chat_id] -= 1
            if not self._flying[chat_id]:
                del self._flying[chat_id]

    @contextlib.asynccontextmanager
    async def slot(self, chat_id: int) -> AsyncIterator[None]:
        """Wait for ``chat_id``'s next free slot for an edit players need now and make the call
        inside the block (a call made outside the courier: a keyboard redrawn for the presser);
        it counts once answered, as the courier's calls do. The wait is a time, not an event:
        it is waited again only when another call took the slot meanwhile."""
        while (wait := self.wait(chat_id, Call.RETIRE)) > 0:  # noqa: ASYNC110
            await asyncio.sleep(wait)
        with self.calling(chat_id):
            yield
        self.spent(chat_id, new=False)

    def crowded(self, chat_id: int) -> bool:
        """Whether a new message to ``chat_id`` would have to wait for Telegram's limits beyond
        the usual second between two messages (a 429's wait, a group's full minute)."""
        now, limits = self.clock(), self.limits
        if max(self._held.get(chat_id, 0.0), self._held.get(None, 0.0)) > now:
            return True
        history = self._groups.get(chat_id)
        if history is None:
            return False
        return _window_wait(history, limits.group_messages, limits.group_window, now) > 0

    def hold(self, chat_id: int | None, seconds: float) -> None:
        """Telegram said 429: nothing more to ``chat_id`` (None: anywhere) for ``seconds``."""
        until = self.clock() + seconds
        self._held[chat_id] = max(self._held.get(chat_id, 0.0), until)

    def _forget(self, now: float) -> None:
        horizon = now - max(self.limits.per_chat_gap, self.limits.group_window)
        self._last = {c: t for c, t in self._last.items() if t > horizon}
        self._groups = {c: h for c, h in self._groups.items() if h and h[-1] > horizon}
        self._held = {c: t for c, t in self._held.items() if t > now}


def _window_wait(history: deque[float], limit: int, window: float, now: float) -> float:
    while history and history[0] <= now - window:
        history.popleft()
    if len(history) < limit:
        return 0.0
    return history[len(history) - limit] + window - now


def _push(history: deque[float], now: float, window: float) -> None:
    history.append(now)
    while history and history[0] <= now - window:
        history.popleft()

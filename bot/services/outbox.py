"""The messages the game owes, saved with the state change that owes them.

A service that changes the game calls :func:`owe` inside its transaction (the game's lock is
one: :mod:`bot.services.locks`), so the state and what must be said of it are committed
together or not at all. :mod:`bot.courier` delivers them afterwards, in order per chat, paced
to Telegram's limits, after any crash. The chats owed during an update are remembered
(:func:`owed_chats`) so that the update's own end delivers them at once.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterable, Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from bot.db.models import OwedMessage


class Action(StrEnum):
    SEND = "send"
    EDIT = "edit"


@dataclass(frozen=True, slots=True)
class Outgoing:
    """One owed message. ``live``: the live message it sends anew or edits; ``head``: a live
    send's fixed part above its status (kept by later edits); ``retire``: the text the
    previous live message takes (else it only loses its buttons); ``markup``: an inline
    keyboard as Telegram's JSON (None: none); ``hook``: ``name:args`` the courier calls when the
    message is delivered or given up."""

    chat_id: int
    text: str
    action: Action = Action.SEND
    thread_id: int | None = None
    live: str | None = None
    head: str | None = None
    markup: dict[str, Any] | None = None
    retire: str | None = None
    hook: str | None = None


_owed: ContextVar[set[int] | None] = ContextVar("owed_chats", default=None)


@contextlib.contextmanager
def collecting() -> Iterator[set[int]]:
    """Remember the chats owed inside the block (an update, a timer, a hook)."""
    chats: set[int] = set()
    token = _owed.set(chats)
    try:
        yield chats
    finally:
        _owed.reset(token)


def owed_chats() -> set[int]:
    return _owed.get() or set()


async def owe(messages: Iterable[Outgoing], *, delay: float = 0.0) -> None:
    """Save ``messages`` (call inside the transaction of the change that owes them)."""
    due = time.time() + delay
    rows: Sequence[OwedMessage] = [
        OwedMessage(
            chat_id=m.chat_id,
            thread_id=m.thread_id,
            action=m.action.value,
            live=m.live,
            head=m.head,
            text=m.text,
            markup=m.markup,
            retire=m.retire,
            hook=m.hook,
            due_at=due,
        )
        for m in messages
    ]
    if not rows:
        return
    await OwedMessage.bulk_create(rows)
    chats = _owed.get()
    if chats is not None:
        chats.update(row.chat_id for row in rows)

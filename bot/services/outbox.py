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
from collections.abc import Awaitable, Callable, Iterable, Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, TypeVar

from bot import killpoints
from bot.db.models import OwedMessage

N = TypeVar("N")


class Action(StrEnum):
    SEND = "send"
    EDIT = "edit"
    RETIRE = "retire"  # owed by the courier itself: an earlier live message loses its buttons


@dataclass(frozen=True, slots=True)
class Outgoing:
    """One owed message. ``live``: the live message it sends anew or edits; ``head``: a live
    send's fixed part above its status (kept by later edits); ``retire``: the text the
    previous live message takes (else it only loses its buttons); ``markup``: an inline
    keyboard as Telegram's JSON (None: none); ``hook``: ``name:args`` the courier calls when the
    message is delivered or given up; ``reply_to``: the message a new one answers (if it is
    still there)."""

    chat_id: int
    text: str
    action: Action = Action.SEND
    thread_id: int | None = None
    live: str | None = None
    head: str | None = None
    markup: dict[str, Any] | None = None
    retire: str | None = None
    hook: str | None = None
    reply_to: int | None = None


# Words news as the messages it owes: the shell's composer (a handler's), handed down to the
# service that makes the news (:func:`announce`).
Compose = Callable[[N], Awaitable[Sequence[Outgoing]]]

_owed: ContextVar[set[int] | None] = ContextVar("owed_chats", default=None)


@dataclass(frozen=True, slots=True)
class Answering:
    """The command a service's notice answers: its chat, message and topic."""

    chat_id: int
    message_id: int | None = None
    thread_id: int | None = None


_answering: ContextVar[Answering | None] = ContextVar("answering", default=None)


@contextlib.contextmanager
def answering(chat_id: int, message_id: int | None, thread_id: int | None) -> Iterator[None]:
    """Inside the block, a notice owed to ``chat_id`` replies to the command ``message_id``
    (set by the handler around the service call; the service knows the game, not the command)."""
    token = _answering.set(Answering(chat_id, message_id, thread_id))
    try:
        yield
    finally:
        _answering.reset(token)


def answered() -> Answering | None:
    """The command being answered, if a handler said so."""
    return _answering.get()


def reply(chat_id: int, text: str, **fields: Any) -> Outgoing:
    """``text`` to ``chat_id``: as a reply to the command being answered there, if any (in
    its topic), else a plain send."""
    command = _answering.get()
    if command is not None and command.chat_id == chat_id:
        fields.setdefault("thread_id", command.thread_id)
        fields.setdefault("reply_to", command.message_id)
    return Outgoing(chat_id, text, **fields)


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
            reply_to=m.reply_to,
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


async def announce(compose: Compose[N], news: N) -> N:
    """Owe what ``news`` tells the chats, worded by ``compose`` (the caller's composer): call
    inside the transaction of the change that made it."""
    owed = await compose(news)
    await owe(owed)
    for message in owed:
        killpoints.reached("owed", f"{message.head}{message.text}")
    return news

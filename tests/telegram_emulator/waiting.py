"""Event-driven waiting for the bot's reactions (no sleep-polling)."""

from __future__ import annotations

from collections.abc import Callable

from .errors import EmulatorTimeout
from .models import CallbackAnswer, CallRecord, EmuChat, EmuMessage
from .state import EmulatorState
from .transcript import render_transcript

MessagePredicate = Callable[[EmuMessage], bool]
CallPredicate = Callable[[CallRecord], bool]


class Waiter:
    """Each ``wait_for_*`` returns the earliest matching item not returned before."""

    def __init__(self, state: EmulatorState) -> None:
        self.state = state
        self._seen_messages: set[tuple[int, int]] = set()
        self._seen_calls: set[int] = set()
        self._seen_edits: dict[tuple[int, int], int] = {}

    def _context(self, chat: EmuChat | None) -> str:
        parts: list[str] = []
        if chat is not None:
            parts.append("Transcript:\n" + (render_transcript(chat) or "(empty)"))
        calls = [c for c in self.state.calls if c.method.lower() != "getupdates"][-8:]
        if calls:
            lines = [f"  {c.method} -> {c.status} {c.description or ''}".rstrip() for c in calls]
            parts.append("Last calls:\n" + "\n".join(lines))
        return "\n" + "\n".join(parts) if parts else ""

    def _first_unseen(self, chat: EmuChat, predicate: MessagePredicate | None) -> EmuMessage | None:
        for message in list(chat.messages.values()):
            key = (chat.id, message.message_id)
            if (
                message.from_bot
                and key not in self._seen_messages
                and (predicate is None or predicate(message))
            ):
                return message
        return None

    async def message(
        self, chat: EmuChat, predicate: MessagePredicate | None, within: float
    ) -> EmuMessage:
        found = await self.state.changed.wait_for(
            lambda: self._first_unseen(chat, predicate), within
        )
        if found is None:
            raise EmulatorTimeout(
                f"no new bot message in {chat!r} within {within}s" + self._context(chat)
            )
        self._seen_messages.add((chat.id, found.message_id))
        return found

    async def no_message(self, chat: EmuChat, within: float) -> None:
        found = await self.state.changed.wait_for(lambda: self._first_unseen(chat, None), within)
        if found is not None:
            self._seen_messages.add((chat.id, found.message_id))
            raise AssertionError(f"unexpected bot message {found!r}" + self._context(chat))

    async def edit(self, message: EmuMessage, within: float) -> EmuMessage:
        key = (message.chat.id, message.message_id)
        seen = self._seen_edits.get(key, 0)
        found = await self.state.changed.wait_for(
            lambda: message if len(message.edits) > seen else None, within
        )
        if found is None:
            raise EmulatorTimeout(
                f"{message!r} was not edited within {within}s" + self._context(message.chat)
            )
        self._seen_edits[key] = len(message.edits)
        return found

    def _first_call(self, method: str | None, predicate: CallPredicate | None) -> CallRecord | None:
        name = method.lower() if method else None
        for record in self.state.calls:
            if record.seq in self._seen_calls or (name and record.method.lower() != name):
                continue
            if predicate is None or predicate(record):
                return record
        return None

    async def call(
        self, method: str | None, predicate: CallPredicate | None, within: float
    ) -> CallRecord:
        found = await self.state.changed.wait_for(
            lambda: self._first_call(method, predicate), within
        )
        if found is None:
            raise EmulatorTimeout(
                f"no {method or 'API'} call within {within}s" + self._context(None)
            )
        self._seen_calls.add(found.seq)
        return found

    async def callback_answer(self, query_id: str, within: float) -> CallbackAnswer:
        query = self.state.callback_queries.get(query_id)
        if query is None:
            raise KeyError(query_id)
        found = await self.state.changed.wait_for(lambda: query.answer, within)
        if found is None:
            raise EmulatorTimeout(
                f"callback query {query_id} not answered within {within}s"
                + self._context(query.message.chat)
            )
        return found

    async def delivered(self, within: float) -> None:
        queue = self.state.updates
        done = await queue.changed.wait_for(lambda: True if not queue.pending else None, within)
        if done is None:
            ids = [u.update_id for u in queue.pending]
            raise EmulatorTimeout(f"updates {ids} still unconfirmed after {within}s")

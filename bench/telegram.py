"""A fake of Telegram for the benchmark: a Bot API session that answers at once without network,
counts every call by method and chat, and remembers the last messages of each chat (their
buttons are what the bench presses); and the updates a user would send.

Requests are prepared as aiogram's HTTP session prepares them (every field serialised) and
answers are parsed and validated from JSON as real answers are, so the bot pays what it pays in
production except the network.
"""

from __future__ import annotations

import itertools
import json
import time
from collections import Counter
from collections.abc import AsyncGenerator
from dataclasses import dataclass, field
from typing import Any, cast

from aiogram import Bot
from aiogram.client.session.base import BaseSession
from aiogram.methods import TelegramMethod
from aiogram.methods.base import TelegramType

from bot.session import make_bot

TOKEN = "4242:BENCH-token-for-the-load-benchmark-0123456789"
BOT_USER = {"id": 4242, "is_bot": True, "first_name": "GM", "username": "gm_bench_bot"}
KEEP_PER_CHAT = 3  # the bench presses only the newest messages; older ones are forgotten
ALWAYS_TRUE = {
    "answerCallbackQuery",
    "deleteMessage",
    "sendChatAction",
    "setMyCommands",
    "deleteWebhook",
    "setChatMenuButton",
}


def user_payload(user_id: int, name: str) -> dict[str, Any]:
    return {"id": user_id, "is_bot": False, "first_name": name, "language_code": "ru"}


def chat_payload(chat_id: int) -> dict[str, Any]:
    if chat_id < 0:
        return {"id": chat_id, "type": "supergroup", "title": f"Bench {-chat_id}"}
    return {"id": chat_id, "type": "private", "first_name": f"P{chat_id}"}


def callback_data(message: dict[str, Any]) -> list[str]:
    """Every callback button's data of a message, row by row."""
    rows = message.get("reply_markup", {}).get("inline_keyboard", [])
    return [b["callback_data"] for row in rows for b in row if "callback_data" in b]


@dataclass
class TelegramLog:
    """What the bot asked of Telegram: calls by method, new messages in groups, last messages."""

    calls: Counter[str] = field(default_factory=Counter)
    group_messages: Counter[int] = field(default_factory=Counter)  # new messages by group
    admins: set[int] = field(default_factory=set)
    _messages: dict[int, dict[int, dict[str, Any]]] = field(default_factory=dict)
    _ids: itertools.count[int] = field(default_factory=lambda: itertools.count(1))

    def total(self) -> int:
        return sum(self.calls.values())

    def forget(self) -> None:
        """Drop the remembered messages (counts stay)."""
        self._messages.clear()

    def latest(self, chat_id: int) -> dict[str, Any] | None:
        kept = self._messages.get(chat_id)
        return kept[max(kept)] if kept else None

    def answer(self, method: str, params: dict[str, str]) -> Any:
        self.calls[method] += 1
        if method in ALWAYS_TRUE:
            return True
        if method == "sendMessage":
            return self._send(params)
        if method in ("editMessageText", "editMessageReplyMarkup"):
            return self._edit(method, params)
        if method == "getChatMember":
            user = {"id": int(params["user_id"]), "is_bot": False, "first_name": "U"}
            if user["id"] in self.admins:
                return {"status": "creator", "user": user, "is_anonymous": False}
            return {"status": "member", "user": user}
        if method == "getMe":
            return BOT_USER
        raise NotImplementedError(f"the bench's Telegram does not know {method}")

    def _send(self, params: dict[str, str]) -> dict[str, Any]:
        chat_id = int(params["chat_id"])
        if chat_id < 0:
            self.group_messages[chat_id] += 1
        message: dict[str, Any] = {
            "message_id": next(self._ids),
            "date": int(time.time()),
            "chat": chat_payload(chat_id),
            "from": BOT_USER,
            "text": params.get("text", ""),
        }
        if "reply_markup" in params:
            message["reply_markup"] = json.loads(params["reply_markup"])
        kept = self._messages.setdefault(chat_id, {})
        kept[message["message_id"]] = message
        while len(kept) > KEEP_PER_CHAT:
            del kept[min(kept)]
        return message

    def _edit(self, method: str, params: dict[str, str]) -> Any:
        if "inline_message_id" in params:
            return True
        chat_id, message_id = int(params["chat_id"]), int(params["message_id"])
        message = self._messages.get(chat_id, {}).get(message_id)
        if message is None:  # forgotten: answer plausibly all the same
            message = {
                "message_id": message_id,
                "date": int(time.time()),
                "chat": chat_payload(chat_id),
                "from": BOT_USER,
                "text": "",
            }
        if method == "editMessageText":
            message["text"] = params.get("text", "")
        markup = json.loads(params.get("reply_markup", "null"))
        if markup and markup.get("inline_keyboard"):
            message["reply_markup"] = markup
        else:
            message.pop("reply_markup", None)
        return {**message, "edit_date": int(time.time())}


class FakeSession(BaseSession):
    """A Bot API session answering from :class:`TelegramLog` at once."""

    def __init__(self, log: TelegramLog) -> None:
        super().__init__()
        self.log = log

    async def make_request(
        self,
        bot: Bot,
        method: TelegramMethod[TelegramType],
        timeout: int | None = None,  # noqa: ASYNC109 (aiogram's signature)
    ) -> TelegramType:
        params: dict[str, str] = {}
        for key, value in method.model_dump(warnings=False).items():
            prepared = self.prepare_value(value, bot=bot, files={})
            if prepared:
                params[key] = prepared
        result = self.log.answer(method.__api_method__, params)
        content = self.json_dumps({"ok": True, "result": result})
        response = self.check_response(bot=bot, method=method, status_code=200, content=content)
        return cast(TelegramType, response.result)

    async def stream_content(
        self,
        url: str,
        headers: dict[str, Any] | None = None,
        timeout: int = 30,  # noqa: ASYNC109 (aiogram's signature)
        chunk_size: int = 65536,
        raise_for_status: bool = True,
    ) -> AsyncGenerator[bytes, None]:
        raise NotImplementedError("no files in the bench")
        yield b""  # pragma: no cover

    async def close(self) -> None:
        pass


def bench_bot(log: TelegramLog) -> Bot:
    """The bot as production builds it (same defaults and request middlewares), on the fake."""
    return make_bot(TOKEN, None, session=FakeSession(log))


# Telegram numbers a bot's updates in one sequence: aiogram caches ``Update.event_type`` by
# update (hashed by ``update_id``), so drivers sharing ids would make every lookup compare
# whole updates.
_UPDATE_IDS = itertools.count(1)


class Updates:
    """Raw updates as Telegram delivers them (the dispatcher parses them as in production),
    numbered in one sequence for the whole process, as a bot's updates are."""

    def __init__(self) -> None:
        self._ids = _UPDATE_IDS

    def message(self, user: dict[str, Any], chat_id: int, text: str) -> dict[str, Any]:
        number = next(self._ids)
        message: dict[str, Any] = {
            "message_id": 1_000_000_000 + number,
            "date": int(time.time()),
            "chat": chat_payload(chat_id),
            "from": user,
            "text": text,
        }
        if text.startswith("/"):
            command = text.split()[0]
            message["entities"] = [{"type": "bot_command", "offset": 0, "length": len(command)}]
        return {"update_id": number, "message": message}

    def press(self, user: dict[str, Any], message: dict[str, Any], data: str) -> dict[str, Any]:
        number = next(self._ids)
        query = {
            "id": str(number),
            "from": user,
            "chat_instance": str(message["chat"]["id"]),
            "message": message,
            "data": data,
        }
        return {"update_id": number, "callback_query": query}

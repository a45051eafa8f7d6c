"""The Bot's HTTP session: a custom Bot API server, a retry on Telegram's 429, and a fallback
to the group's general chat when a forum topic no longer exists."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Iterator
from contextvars import ContextVar
from typing import Any

import orjson
from aiogram import Bot
from aiogram.client.default import DefaultBotProperties
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.session.base import BaseSession
from aiogram.client.session.middlewares.base import (
    BaseRequestMiddleware,
    NextRequestMiddlewareType,
)
from aiogram.client.telegram import TelegramAPIServer
from aiogram.enums import ParseMode
from aiogram.exceptions import TelegramBadRequest, TelegramRetryAfter
from aiogram.methods import (
    AnswerCallbackQuery,
    CopyMessage,
    DeleteMessage,
    DeleteMessages,
    EditMessageCaption,
    EditMessageMedia,
    EditMessageReplyMarkup,
    EditMessageText,
    ForwardMessage,
    SendAnimation,
    SendDice,
    SendDocument,
    SendMessage,
    SendPhoto,
    SendSticker,
    TelegramMethod,
)
from aiogram.methods.base import Response, TelegramType

from bot.pacing import Pacer, counted_by_caller

logger = logging.getLogger(__name__)
EXPIRED_QUERY = ("query is too old", "QUERY_ID_INVALID")
THREAD_GONE = ("message thread not found", "TOPIC_DELETED", "TOPIC_CLOSED")
# A reply later than this is worth less than none; it covers a group's full minute of
# Telegram's 20-message limit several times over.
MAX_TOTAL_WAIT_SECONDS = 300.0
_PINNED_RESPONSES: dict[type[Any], Any] = {}  # see PinnedResponseTypes


class ChatCooldowns:
    """The chats Telegram has told to slow down (429), and until when."""

    def __init__(self) -> None:
        self._until: dict[int | str, float] = {}

    def note(self, chat_id: int | str, seconds: float) -> None:
        now = time.monotonic()
        if len(self._until) > 10_000:
            self._until = {chat: until for chat, until in self._until.items() if until > now}
        self._until[chat_id] = max(self._until.get(chat_id, 0.0), now + seconds)

    def limited(self, chat_id: int | str | None) -> bool:
        """Whether ``chat_id`` got a 429 whose wait has not passed yet."""
        return chat_id is not None and self._until.get(chat_id, 0.0) > time.monotonic()


#: Shared by every bot of the process: the error handler asks it before it replies.
cooldowns = ChatCooldowns()
_paced: ContextVar[bool] = ContextVar("paced_by_the_caller", default=False)


@contextlib.contextmanager
def paced_by_caller() -> Iterator[None]:
    """Requests made inside the block raise a 429 at once instead of waiting it out here: the
    courier (bot.courier) holds the chat and delivers its other chats meanwhile."""
    token = _paced.set(True)
    try:
        yield
    finally:
        _paced.reset(token)


class RetryAfterMiddleware(BaseRequestMiddleware):
    """Waits ``retry_after`` and tries again when Telegram says "Too Many Requests", as often
    as it says so, for ``max_total_wait`` seconds in all: a burst in a group limited to twenty
    messages a minute is answered late rather than not at all. Past that, the 429 is raised
    (the error handler then sends nothing to that chat: :data:`cooldowns`)."""

    def __init__(self, max_total_wait: float = MAX_TOTAL_WAIT_SECONDS) -> None:
        self.max_total_wait = max_total_wait

    async def __call__(
        self,
        make_request: NextRequestMiddlewareType[TelegramType],
        bot: Bot,
        method: TelegramMethod[TelegramType],
    ) -> Response[TelegramType]:
        waited = 0.0
        while True:
            try:
                return await make_request(bot, method)
            except TelegramRetryAfter as error:
                chat_id = getattr(method, "chat_id", None)
                if chat_id is not None:
                    cooldowns.note(chat_id, error.retry_after)
                if _paced.get() or waited + error.retry_after > self.max_total_wait:
                    raise
                logger.warning(
                    "429 on %s in chat %s, retrying in %ss",
                    type(method).__name__,
                    chat_id,
                    error.retry_after,
                )
                await asyncio.sleep(error.retry_after)
                waited += error.retry_after


NEW_MESSAGES = (
    SendMessage,
    SendPhoto,
    SendDocument,
    SendAnimation,
    SendSticker,
    SendDice,
    CopyMessage,
    ForwardMessage,
)
CHANGES = (
    EditMessageText,
    EditMessageReplyMarkup,
    EditMessageCaption,
    EditMessageMedia,
    DeleteMessage,
    DeleteMessages,
)


class CountedCalls(BaseRequestMiddleware):
    """Every call to a chat that Telegram counts toward its limits (a new message, an edit, a
    deletion) and that its caller does not count itself (the courier and a handler's paced
    slot do: :func:`bot.pacing.counted_by_caller`) is counted by the pacer as it is answered:
    a reply to a command or a dialog's window, so the courier's next message waits for them
    too. A 429 on one holds the chat for the courier as well."""

    def __init__(self, pacer: Pacer) -> None:
        self.pacer = pacer

    async def __call__(
        self,
        make_request: NextRequestMiddlewareType[TelegramType],
        bot: Bot,
        method: TelegramMethod[TelegramType],
    ) -> Response[TelegramType]:
        chat_id = getattr(method, "chat_id", None)
        counted = isinstance(method, NEW_MESSAGES + CHANGES) and isinstance(chat_id, int)
        if not counted or counted_by_caller():
            return await make_request(bot, method)
        assert isinstance(chat_id, int)
        try:
            response = await make_request(bot, method)
        except TelegramRetryAfter as error:
            self.pacer.hold(chat_id, error.retry_after)
            raise
        self.pacer.spent(chat_id, new=isinstance(method, NEW_MESSAGES))
        return response


class ExpiredQueryMiddleware(BaseRequestMiddleware):
    """Answering a button press that Telegram has forgotten (too old, or redelivered after a
    restart) does nothing for anyone: it must not abort the handler that already saved."""

    async def __call__(
        self,
        make_request: NextRequestMiddlewareType[TelegramType],
        bot: Bot,
        method: TelegramMethod[TelegramType],
    ) -> Response[TelegramType]:
        try:
            return await make_request(bot, method)
        except TelegramBadRequest as error:
            expired = any(sign in error.message for sign in EXPIRED_QUERY)
            if not isinstance(method, AnswerCallbackQuery) or not expired:
                raise
            logger.info("callback query %s expired: %s", method.callback_query_id, error.message)
            return Response[TelegramType](ok=True, result=True)  # type: ignore[arg-type]


class TopicGoneMiddleware(BaseRequestMiddleware):
    """A message for a forum topic that was deleted or closed goes to the general chat
    instead: the game's news is saved already and must still reach the players."""

    async def __call__(
        self,
        make_request: NextRequestMiddlewareType[TelegramType],
        bot: Bot,
        method: TelegramMethod[TelegramType],
    ) -> Response[TelegramType]:
        try:
            return await make_request(bot, method)
        except TelegramBadRequest as error:
            thread = getattr(method, "message_thread_id", None)
            if thread is None or not any(sign in error.message for sign in THREAD_GONE):
                raise
            logger.warning("topic %s is gone (%s): sent to the general chat", thread, error)
            return await make_request(bot, method.model_copy(update={"message_thread_id": None}))


class PinnedResponseTypes(BaseRequestMiddleware):
    """Keeps aiogram's ``Response[<result type>]`` classes alive.

    aiogram parses every answer with ``Response[method.__returning__]``, and pydantic caches
    such parametrised models only weakly: once garbage-collected, the next call builds the
    class again (1-8 ms for ``Response[Message]``, measured by the benchmark, bench/). One
    strong reference per method type makes it a cache hit.
    """

    async def __call__(
        self,
        make_request: NextRequestMiddlewareType[TelegramType],
        bot: Bot,
        method: TelegramMethod[TelegramType],
    ) -> Response[TelegramType]:
        kind = type(method)
        if kind not in _PINNED_RESPONSES:
            _PINNED_RESPONSES[kind] = Response[method.__returning__]  # type: ignore[name-defined]
        return await make_request(bot, method)


def json_dumps(value: Any) -> str:
    """aiogram's JSON encoder for requests (keyboards, entities): orjson, several times faster
    than ``json.dumps`` and with UTF-8 as it is instead of ``\\u`` escapes."""
    return orjson.dumps(value).decode()


def make_bot(
    token: str, api_url: str | None, *, session: BaseSession | None = None, **kwargs: Any
) -> Bot:
    """The bot with its request middlewares; ``session`` replaces the HTTP one (the benchmark's
    instant fake of Telegram)."""
    if session is None:
        session = (
            AiohttpSession(api=TelegramAPIServer.from_base(api_url))
            if api_url
            else AiohttpSession()
        )
    session.json_loads, session.json_dumps = orjson.loads, json_dumps  # answers, keyboards
    session.middleware(PinnedResponseTypes())
    session.middleware(RetryAfterMiddleware())
    session.middleware(ExpiredQueryMiddleware())
    session.middleware(TopicGoneMiddleware())
    return Bot(
        token=token,
        session=session,
        default=DefaultBotProperties(parse_mode=ParseMode.HTML, link_preview_is_disabled=True),
        **kwargs,
    )

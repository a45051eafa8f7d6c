"""The outer middlewares: each update's ``l10n``, and the delivery of what it owed."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from aiogram import BaseMiddleware
from aiogram.types import Chat, TelegramObject, Update, User

from bot.courier import Courier
from bot.i18n import Translator
from bot.services import outbox
from bot.services.runtime import Runtime

GROUP_CHATS = ("group", "supergroup")


class L10nMiddleware(BaseMiddleware):
    """Puts ``l10n`` into the handler data: the language of whoever reads the answer.

    In a group whose game runs, the game's locale: everyone there reads the same language,
    whoever wrote. A button press is answered to the presser alone (an alert, a toast), so it
    keeps the presser's language, as do private chats and groups without a game (``/newgame``
    is asked in its admin's language, which becomes the game's). ``sender_l10n`` is always the
    sender's, for what a group command sends to the sender's private chat."""

    def __init__(self, translator: Translator) -> None:
        self.translator = translator

    async def __call__(
        self,
        handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
        event: TelegramObject,
        data: dict[str, Any],
    ) -> Any:
        user: User | None = data.get("event_from_user")
        sender = self.translator.for_locale(user.language_code if user else None)
        data["sender_l10n"] = sender
        data["l10n"] = sender
        chat: Chat | None = data.get("event_chat")
        pressed = isinstance(event, Update) and event.callback_query is not None
        if chat is not None and chat.type in GROUP_CHATS and not pressed:
            runtime: Runtime = data["runtime"]
            locale = await runtime.locks.chat_locale(chat.id)
            if locale is not None:
                data["l10n"] = self.translator.for_locale(locale)
        return await handler(event, data)


class OutboxMiddleware(BaseMiddleware):
    """Delivers what the update owed as it ends (:mod:`bot.courier`): the state is saved by
    then, so the messages go out even when the handler failed after its transaction."""

    def __init__(self, courier: Courier) -> None:
        self.courier = courier

    async def __call__(
        self,
        handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
        event: TelegramObject,
        data: dict[str, Any],
    ) -> Any:
        self.courier.bind(data["bot"])
        with outbox.collecting() as chats:
            try:
                return await handler(event, data)
            finally:
                if chats:
                    await self.courier.deliver(chats)

"""The outer middlewares: each update's ``l10n``, and the delivery of what it owed."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from aiogram import BaseMiddleware
from aiogram.types import TelegramObject, User

from bot.courier import Courier
from bot.handlers.herald import Herald
from bot.i18n import Translator
from bot.services import outbox


class L10nMiddleware(BaseMiddleware):
    """Puts ``l10n`` (the user's locale, else the default) into the handler data."""

    def __init__(self, translator: Translator) -> None:
        self.translator = translator

    async def __call__(
        self,
        handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
        event: TelegramObject,
        data: dict[str, Any],
    ) -> Any:
        user: User | None = data.get("event_from_user")
        data["l10n"] = self.translator.for_locale(user.language_code if user else None)
        return await handler(event, data)


class OutboxMiddleware(BaseMiddleware):
    """Delivers what the update owed as it ends (:mod:`bot.courier`): the state is saved by
    then, so the messages go out even when the handler failed after its transaction."""

    def __init__(self, courier: Courier, herald: Herald) -> None:
        self.courier = courier
        self.herald = herald

    async def __call__(
        self,
        handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
        event: TelegramObject,
        data: dict[str, Any],
    ) -> Any:
        bot = data["bot"]
        self.courier.bind(bot)
        self.herald.bind(bot)
        with outbox.collecting() as chats:
            try:
                return await handler(event, data)
            finally:
                if chats:
                    await self.courier.deliver(chats)

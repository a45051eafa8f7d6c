"""The outer middleware that hands each update its ``l10n``."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from aiogram import BaseMiddleware
from aiogram.types import TelegramObject, User

from bot.i18n import Translator


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

"""Outer middlewares: hand each update its ``l10n``; let stateless buttons skip the FSM."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from aiogram import BaseMiddleware, Dispatcher
from aiogram.fsm.middleware import FSMContextMiddleware
from aiogram.types import TelegramObject, Update, User

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


class StatelessButtons(BaseMiddleware):
    """aiogram's FSM middleware, except for the presses of stateless buttons.

    aiogram locks every update per user and chat and reads its FSM state: a lease and a read,
    three Redis round trips. The in-game buttons (``bot.handlers.register_buttons``) keep no
    FSM state, never open a dialog, and take the game's own lock, so their presses (by callback
    prefix) skip it; every other update goes through aiogram's middleware unchanged.
    """

    def __init__(self, fsm: FSMContextMiddleware, prefixes: frozenset[str]) -> None:
        self.fsm = fsm
        self.prefixes = prefixes

    async def __call__(
        self,
        handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
        event: TelegramObject,
        data: dict[str, Any],
    ) -> Any:
        query = event.callback_query if isinstance(event, Update) else None
        if query is not None and query.data and query.data.split(":", 1)[0] in self.prefixes:
            data["fsm_storage"] = self.fsm.storage
            return await handler(event, data)
        return await self.fsm(handler, event, data)


def skip_fsm_for(dp: Dispatcher, prefixes: frozenset[str]) -> None:
    """Put :class:`StatelessButtons` where aiogram registered its FSM middleware."""
    manager = dp.update.outer_middleware
    existing = list(manager)
    for middleware in existing:
        manager.unregister(middleware)
    for middleware in existing:
        manager.register(StatelessButtons(dp.fsm, prefixes) if middleware is dp.fsm else middleware)

"""What the bot does while Redis or the database is unreachable (see :mod:`bot.health`).

- An update that fails on an outage never reaches the error handlers (no «something went
  wrong»): a button press is answered at once with «temporarily unavailable, press again» (its
  spinner cannot wait, and the fight may have moved on by the time the outage ends: the player
  decides again); any other update is held and handled again once everything answers
  (:data:`HELD`, :meth:`bot.graceful.Dispatcher.feed_update`), so a command is answered late.
- Polling: the next ``getUpdates`` waits until healthy (:class:`PollingGate`): Telegram keeps
  the updates meanwhile and the offset of the ones not fetched is not confirmed.
- Webhook: 503 while unhealthy (:class:`HealthyRequestHandler`): Telegram posts them again.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from aiogram import BaseMiddleware, Bot
from aiogram.client.session.middlewares.base import (
    BaseRequestMiddleware,
    NextRequestMiddlewareType,
)
from aiogram.exceptions import TelegramAPIError
from aiogram.methods import GetUpdates, TelegramMethod
from aiogram.methods.base import Response, TelegramType
from aiogram.types import TelegramObject, Update
from aiogram.webhook.aiohttp_server import SimpleRequestHandler
from aiohttp import web

from bot.faults import is_outage
from bot.health import InfraHealth
from bot.i18n import Translator

logger = logging.getLogger(__name__)


class Held:
    """The result of an update held for after the outage (not a Telegram method: aiogram
    sends nothing for it)."""

    def __repr__(self) -> str:
        return "HELD"


HELD = Held()


class OutageMiddleware(BaseMiddleware):
    """An outer update middleware, outside every one that touches Redis or the database
    (aiogram's FSM middleware, which takes the event isolation's lock, comes after it:
    :class:`bot.graceful.Dispatcher`), so an outage never reaches the error handlers, whose
    aiogram-dialog part needs Redis itself."""

    def __init__(self, health: InfraHealth) -> None:
        self.health = health

    async def __call__(
        self,
        handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
        event: TelegramObject,
        data: dict[str, Any],
    ) -> Any:
        try:
            return await handler(event, data)
        except Exception as error:
            if not is_outage(error):
                raise
            self.health.report(error)
            assert isinstance(event, Update)
            if event.callback_query is None:
                logger.info("update %s held until Redis and the database answer", event.update_id)
                return HELD
            translator: Translator = data["translator"]
            l10n = translator.for_locale(event.callback_query.from_user.language_code)
            logger.info("press %s asked to be made again after the outage", event.update_id)
            with contextlib.suppress(TelegramAPIError):
                await event.callback_query.answer(l10n.text("error-outage"), show_alert=True)
            return None


class PollingGate(BaseRequestMiddleware):
    """Each ``getUpdates`` waits until Redis and the database answer."""

    def __init__(self, health: InfraHealth) -> None:
        self.health = health

    async def __call__(
        self,
        make_request: NextRequestMiddlewareType[TelegramType],
        bot: Bot,
        method: TelegramMethod[TelegramType],
    ) -> Response[TelegramType]:
        if isinstance(method, GetUpdates):
            await self.health.wait()
        return await make_request(bot, method)


class HealthyRequestHandler(SimpleRequestHandler):
    """aiogram's webhook handler, which answers 503 while Redis or the database is down."""

    def __init__(self, *args: Any, health: InfraHealth, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.health = health

    async def handle(self, request: web.Request) -> web.Response:
        if not self.health.healthy:
            return web.Response(status=503, text="storage unavailable, retry later")
        return await super().handle(request)

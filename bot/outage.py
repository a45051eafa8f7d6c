"""What the bot does while Redis or the database is unreachable, or the database refuses
writes (see :mod:`bot.health`).

An update that fails on an outage never reaches the error handlers (no «something went wrong»).

While Redis or the database is unreachable (down):

- a button press is answered at once with «temporarily unavailable, press again» (its spinner
  cannot wait, and the fight may have moved on by the time the outage ends: the player decides
  again); any other update is held and handled again once everything answers (:data:`HELD`,
  :meth:`bot.graceful.Dispatcher.feed_update`), so a command is answered late.
- Polling: the next ``getUpdates`` waits until healthy (:class:`PollingGate`): Telegram keeps
  the updates meanwhile and the offset of the ones not fetched is not confirmed.
- Webhook: 503 while unhealthy (:class:`HealthyRequestHandler`): Telegram posts them again.

While the database answers but refuses writes (read-only: a full disk, a read-only file),
updates are taken as usual, so whatever only reads (``/players``, ``/roll``, ``/help``) is
answered. One that fails on a write changed nothing (its transaction was rolled back) and:

- a press is answered with an alert, «the game cannot save moves now, try in a minute», every
  time (only the presser sees it, and a press must be answered);
- a message (a command, an answer typed into a dialog) is answered in its chat with the same
  words, at most once per user a minute (:class:`OncePerMinute`): later ones in that minute
  get no answer, so a player who keeps trying does not flood the chat. Neither is handled
  again later: the user was told to try again;
- any other update (the bot's membership, a group becoming a supergroup) has nobody to answer:
  it is held until the database writes again, then handled (:data:`HELD_FOR_WRITES`).
"""

from __future__ import annotations

import contextlib
import logging
import time
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
from aiogram.types import Message, TelegramObject, Update
from aiogram.webhook.aiohttp_server import SimpleRequestHandler
from aiohttp import web

from bot.faults import is_outage
from bot.health import InfraHealth, Outage
from bot.i18n import L10n, Translator

logger = logging.getLogger(__name__)
HUSH_SECONDS = 60.0  # a user told «try again later» is not told again this soon
REMEMBERED_USERS = 10_000  # told users kept in memory before the stale ones are forgotten


class Held:
    """The result of an update held for after the outage (not a Telegram method: aiogram
    sends nothing for it)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


HELD = Held("HELD")  # handled again once Redis and the database answer
HELD_FOR_WRITES = Held("HELD_FOR_WRITES")  # handled again once the database writes


class OncePerMinute:
    """Whether a user is told now: not if they were told less than ``seconds`` ago."""

    def __init__(self, seconds: float = HUSH_SECONDS) -> None:
        self.seconds = seconds
        self._told: dict[int, float] = {}

    def first(self, user_id: int) -> bool:
        now = time.monotonic()
        told = self._told.get(user_id)
        if told is not None and now - told < self.seconds:
            return False
        if len(self._told) >= REMEMBERED_USERS:
            self._told = {u: t for u, t in self._told.items() if now - t < self.seconds}
        self._told[user_id] = now
        return True


class OutageMiddleware(BaseMiddleware):
    """An outer update middleware, outside every one that touches Redis or the database
    (aiogram's FSM middleware, which takes the event isolation's lock, comes after it:
    :class:`bot.graceful.Dispatcher`), so an outage never reaches the error handlers, whose
    aiogram-dialog part needs Redis itself."""

    def __init__(self, health: InfraHealth) -> None:
        self.health = health
        self.hush = OncePerMinute()

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
            outage = await self.health.report(error)
            assert isinstance(event, Update)
            translator: Translator = data["translator"]
            if outage is Outage.READ_ONLY:
                return await self._refused(event, translator, data.get("l10n"))
            if event.callback_query is None:
                logger.info("update %s held until Redis and the database answer", event.update_id)
                return HELD
            l10n = translator.for_locale(event.callback_query.from_user.language_code)
            logger.info("press %s asked to be made again after the outage", event.update_id)
            with contextlib.suppress(TelegramAPIError):
                await event.callback_query.answer(l10n.text("error-outage"), show_alert=True)
            return None

    async def _refused(self, event: Update, translator: Translator, l10n: L10n | None) -> Any:
        """The update failed on a refused write: its user is asked to try again later (a
        message in the language of its chat, ``l10n`` when the update got that far: a game's
        group reads the game's; a press in the presser's)."""
        query, message = event.callback_query, _typed(event.message)
        if query is not None:
            logger.info("press %s not saved: the database refuses writes", event.update_id)
            l10n = translator.for_locale(query.from_user.language_code)
            with contextlib.suppress(TelegramAPIError):
                await query.answer(l10n.text("error-read-only"), show_alert=True)
            return None
        if message is None or message.from_user is None:
            logger.info("update %s held until the database writes", event.update_id)
            return HELD_FOR_WRITES
        user = message.from_user
        if not self.hush.first(user.id):
            logger.info("message %s not saved, its user was told already", event.update_id)
            return None
        logger.info("message %s not saved: the database refuses writes", event.update_id)
        chosen = l10n or translator.for_locale(user.language_code)
        with contextlib.suppress(TelegramAPIError):
            await message.reply(chosen.text("error-read-only"))
        return None


def _typed(message: Message | None) -> Message | None:
    """The message if a user typed it (a command, a dialog's answer), not a service message."""
    if message is None or (message.text is None and message.caption is None):
        return None
    return message


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

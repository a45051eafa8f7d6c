"""Last line of defence: log the error, tell the user politely, never show a traceback."""

from __future__ import annotations

import logging

from aiogram import Router
from aiogram.exceptions import TelegramAPIError
from aiogram.filters import ExceptionTypeFilter
from aiogram.types import ErrorEvent
from aiogram_dialog.api.exceptions import OutdatedIntent, UnknownIntent

from bot.i18n import Translator

logger = logging.getLogger(__name__)


def build_router() -> Router:
    router = Router(name="errors")
    router.errors.register(on_stale_dialog, ExceptionTypeFilter(UnknownIntent, OutdatedIntent))
    router.errors.register(on_error)
    return router


async def on_stale_dialog(event: ErrorEvent, translator: Translator) -> None:
    """A button of a dialog that is gone (restart, finished, replaced): say so, change nothing."""
    query = event.update.callback_query
    if query is None:
        return
    l10n = translator.for_locale(query.from_user.language_code)
    try:
        await query.answer(l10n.text("error-stale-button"), show_alert=True)
    except TelegramAPIError:
        logger.warning("could not answer a stale button", exc_info=True)


async def on_error(event: ErrorEvent, translator: Translator) -> None:
    logger.exception("update %s failed", event.update.update_id, exc_info=event.exception)
    update = event.update
    user = None
    if update.message is not None:
        user = update.message.from_user
    elif update.callback_query is not None:
        user = update.callback_query.from_user
    l10n = translator.for_locale(user.language_code if user else None)
    text = l10n.text("error-internal")
    try:
        if update.callback_query is not None:
            await update.callback_query.answer(text, show_alert=True)
        elif update.message is not None:
            await update.message.answer(text)
    except TelegramAPIError:
        logger.warning("could not tell the user about the error", exc_info=True)

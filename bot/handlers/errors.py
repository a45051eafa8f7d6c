"""Errors of every update: a refusal gets its polite answer; anything else is logged and the
user is told politely, never shown a traceback."""

from __future__ import annotations

import logging

from aiogram import Bot, Router
from aiogram.dispatcher.event.bases import SkipHandler
from aiogram.exceptions import TelegramAPIError, TelegramForbiddenError, TelegramRetryAfter
from aiogram.filters import ExceptionTypeFilter
from aiogram.types import ErrorEvent, Update
from aiogram_dialog.api.exceptions import OutdatedIntent, UnknownIntent

from bot.callbacks import EncounterCallback
from bot.courier import Courier
from bot.handlers.replies import refuse
from bot.i18n import L10n, Translator
from bot.services.errors import ServiceError
from bot.session import cooldowns

logger = logging.getLogger(__name__)


def register_refusals(dp: Router) -> None:
    """Every refusal, from a command, a button or a dialog, ends in :func:`on_refusal`: on the
    dispatcher itself, whose error handlers come before every router's (no dialog machinery)."""
    dp.errors.register(on_refusal, ExceptionTypeFilter(ServiceError))


async def on_refusal(
    event: ErrorEvent, l10n: L10n, bot: Bot, sender_l10n: L10n | None = None
) -> None:
    """A refused command gets a reply (in a game's group, in the game's language), a refused
    button an alert (in the presser's); the refusing handler changed nothing (a dialog's state
    is not saved when its handler raises)."""
    error = event.exception
    assert isinstance(error, ServiceError)
    update = event.update
    answered = update.callback_query or update.message
    if answered is None:
        raise SkipHandler()  # nobody to answer: logged by :func:`on_error`
    try:
        await refuse(answered, l10n, error, bot, sender_l10n)
    except TelegramAPIError:
        logger.warning("could not answer the refusal %s", error, exc_info=True)


def build_router() -> Router:
    router = Router(name="errors")
    router.errors.register(on_stale_dialog, ExceptionTypeFilter(UnknownIntent, OutdatedIntent))
    router.errors.register(on_forbidden, ExceptionTypeFilter(TelegramForbiddenError))
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


async def on_forbidden(event: ErrorEvent, translator: Translator, l10n: L10n | None = None) -> None:
    """A chat the bot may not write to: a user who blocked it, a group that removed it.

    Not a bug, so no traceback. When a private message to the very user of a group update
    failed, they are told in the group (or in an alert on their press); the rest is logged.
    """
    error = event.exception
    assert isinstance(error, TelegramForbiddenError)
    target = getattr(error.method, "chat_id", None)
    update = event.update
    logger.warning("update %s: chat %s refused: %s", update.update_id, target, error.message)
    query, message = update.callback_query, update.message
    user = query.from_user if query is not None else message.from_user if message else None
    if user is None or target != user.id:
        return
    # ``l10n``, when the update got that far: the game's language in its group, else the user's.
    chosen = l10n or translator.for_locale(user.language_code)
    text = chosen.text("error-private-blocked", name=user.first_name)
    try:
        if query is not None:
            await query.answer(text, show_alert=True)
        elif message is not None and message.chat.type != "private":
            await message.reply(text)
    except TelegramAPIError:
        logger.warning("could not tell user %s either", user.id)


async def on_error(
    event: ErrorEvent, translator: Translator, courier: Courier, l10n: L10n | None = None
) -> None:
    update = event.update
    chat = update.message.chat.id if update.message is not None else None
    crowded = chat is not None and courier.pacer.crowded(chat)  # what the game owes goes first
    if isinstance(event.exception, TelegramRetryAfter) or cooldowns.limited(chat) or crowded:
        # The reply would spend more of the limit the chat is already over (a press's alert
        # would not, but a 429 here is Telegram's, not a bug: no traceback either way).
        logger.warning(
            "update %s failed while chat %s is rate-limited (%s): no error reply",
            update.update_id,
            chat,
            event.exception,
        )
        if update.callback_query is None:
            return
    else:
        logger.exception("update %s failed", update.update_id, exc_info=event.exception)
    user = None
    if update.message is not None:
        user = update.message.from_user
    elif update.callback_query is not None:
        user = update.callback_query.from_user
    # ``l10n``, when the update got that far: a game's group reads its game's language, a
    # presser their own (:class:`bot.middlewares.L10nMiddleware`).
    chosen = l10n or translator.for_locale(user.language_code if user else None)
    text = chosen.text(APOLOGIES[failed_kind(update)])
    try:
        if update.callback_query is not None:
            await update.callback_query.answer(text, show_alert=True)
        elif update.message is not None:
            await update.message.answer(text)
    except TelegramAPIError:
        logger.warning("could not tell the user about the error", exc_info=True)


MOVES = (EncounterCallback,)
APOLOGIES = {
    "move": "error-internal-move",
    "button": "error-internal-button",
    "command": "error-internal-command",
    "message": "error-internal-message",
}


def failed_kind(update: Update) -> str:
    """What the failed update was, so the apology claims no more than that: a press on a
    fight's button (a ``move``: the move was not counted), another ``button`` (a menu's or a
    dialog's), a ``command``, or another ``message`` (an answer typed into a dialog)."""
    query = update.callback_query
    if query is not None:
        return "move" if _is_move(query.data or "") else "button"
    message = update.message
    if message is not None and (message.text or "").startswith("/"):
        return "command"
    return "message"


def _is_move(data: str) -> bool:
    for factory in MOVES:
        try:
            factory.unpack(data)
        except (TypeError, ValueError):
            continue
        return True
    return False

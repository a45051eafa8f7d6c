"""Sending to the group when Telegram says no: the outcome is saved already, so a failed send
is logged (no traceback) and, where the outcome lives on an old message, sent anew."""

from __future__ import annotations

import logging
from typing import Any

from aiogram import Bot
from aiogram.exceptions import TelegramAPIError, TelegramBadRequest
from aiogram.types import InlineKeyboardMarkup, Message, ReplyParameters

logger = logging.getLogger(__name__)
NOT_MODIFIED = "message is not modified"


async def send_or_log(
    bot: Bot,
    chat_id: int,
    text: str,
    *,
    thread_id: int | None = None,
    reply_markup: InlineKeyboardMarkup | None = None,
    reply_parameters: ReplyParameters | None = None,
) -> Message | None:
    """Send; None when Telegram refuses (the bot was removed, the chat is gone, ...)."""
    try:
        return await bot.send_message(
            chat_id,
            text,
            message_thread_id=thread_id,
            reply_markup=reply_markup,
            reply_parameters=reply_parameters,
        )
    except TelegramAPIError as error:
        logger.warning("could not send to chat %s: %s", chat_id, error.message)
        return None


async def edit_or_send(
    bot: Bot,
    chat_id: int,
    message_id: int,
    text: str,
    *,
    thread_id: int | None = None,
    reply_markup: InlineKeyboardMarkup | None = None,
) -> Message | None:
    """Show ``text`` on the live message; if it can't be edited any more, send it anew.

    Returns the new message when one was sent. "Message is not modified" means the text is
    there already.
    """
    edit: dict[str, Any] = {
        "chat_id": chat_id,
        "message_id": message_id,
        "reply_markup": reply_markup,
    }
    try:
        await bot.edit_message_text(text, **edit)
        return None
    except TelegramBadRequest as error:
        if NOT_MODIFIED in error.message:
            return None
        logger.info("message %s/%s not editable (%s): sent anew", chat_id, message_id, error)
    except TelegramAPIError as error:
        logger.warning("could not edit %s/%s: %s", chat_id, message_id, error.message)
        return None
    return await send_or_log(bot, chat_id, text, thread_id=thread_id, reply_markup=reply_markup)

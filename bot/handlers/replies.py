"""The polite answer to a refusal, the same everywhere: :func:`bot.handlers.errors.on_refusal`
gives it to whatever a handler raises; the few handlers that do more on a refusal (a dialog
going back a step) call :func:`refuse` themselves."""

from __future__ import annotations

from aiogram.types import CallbackQuery, Message

from bot.i18n import L10n
from bot.services.errors import ServiceError
from bot.views.refusals import refusal_text


async def refuse(event: Message | CallbackQuery, l10n: L10n, error: ServiceError) -> None:
    """Answer a refused command in the chat, or a refused button with an alert."""
    text = refusal_text(l10n, error)
    if isinstance(event, CallbackQuery):
        await event.answer(text, show_alert=True)
    else:
        await event.reply(text)

"""Turning service refusals into polite locale text, the same way everywhere."""

from __future__ import annotations

from aiogram.types import CallbackQuery, Message

from bot.i18n import L10n
from bot.services.errors import ServiceError


def refusal_text(l10n: L10n, error: ServiceError) -> str:
    return l10n.text(error.code, **{k: v for k, v in error.details.items() if v is not None})


async def refuse(event: Message | CallbackQuery, l10n: L10n, error: ServiceError) -> None:
    """Answer a refused command in the chat, or a refused button with an alert."""
    text = refusal_text(l10n, error)
    if isinstance(event, CallbackQuery):
        await event.answer(text, show_alert=True)
    else:
        await event.reply(text)

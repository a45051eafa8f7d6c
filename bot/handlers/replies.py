"""The polite answer to a refusal, the same everywhere: :func:`bot.handlers.errors.on_refusal`
gives it to whatever a handler raises; the few handlers that do more on a refusal (a dialog
going back a step) call :func:`refuse` themselves."""

from __future__ import annotations

from aiogram import Bot
from aiogram.types import CallbackQuery, Message

from bot.handlers.world_common import in_group, private_link, send_private
from bot.i18n import L10n
from bot.services.errors import ServiceError
from bot.views.refusals import is_secret, refusal_text


async def refuse(
    event: Message | CallbackQuery,
    l10n: L10n,
    error: ServiceError,
    bot: Bot | None = None,
    sender_l10n: L10n | None = None,
) -> None:
    """Answer a refused command in the chat, or a refused button with an alert (seen by the
    presser alone). A refusal that tells a secret (:func:`is_secret`) is not answered in a
    group: its text goes to the sender's private chat (in ``sender_l10n``, the sender's
    language, if given), the group only learns where it went (the same words whichever
    secret it was)."""
    text = refusal_text(l10n, error)
    if isinstance(event, CallbackQuery):
        await event.answer(text, show_alert=True)
    elif bot is not None and in_group(event) and is_secret(error):
        assert event.from_user is not None
        private = refusal_text(sender_l10n or l10n, error)
        if await send_private(bot, event.from_user.id, private):
            await event.reply(l10n.text("error-secret-answered"))
        else:
            link = await private_link(bot, l10n)
            await event.reply(l10n.text("error-secret-private-needed"), reply_markup=link)
    else:
        await event.reply(text)

"""The very last router (after the dialogs): a button press nothing else took is answered,
so no spinner hangs on a forged, foreign or long-gone button."""

from __future__ import annotations

from aiogram import Router
from aiogram.types import CallbackQuery

from bot.i18n import L10n


def build_router() -> Router:
    router = Router(name="fallback")
    router.callback_query.register(unknown_button)
    return router


async def unknown_button(query: CallbackQuery, l10n: L10n) -> None:
    await query.answer(l10n.text("error-stale-button"), show_alert=True)

"""The very last router (after the dialogs): a button press nothing else took is answered,
so no spinner hangs on a forged, foreign or long-gone button.

A button of a fight that an earlier version of the bot sent (its data's prefix is in
:data:`RETIRED_MOVES`) says that the move is over, not that a menu is closed."""

from __future__ import annotations

from aiogram import Router
from aiogram.types import CallbackQuery

from bot.i18n import L10n

# Prefixes of encounter buttons that the encounter's own button (``en:``) replaced.
RETIRED_MOVES = ("du:", "bt:", "pf:", "pt:")


def build_router() -> Router:
    router = Router(name="fallback")
    router.callback_query.register(unknown_button)
    return router


async def unknown_button(query: CallbackQuery, l10n: L10n) -> None:
    retired = (query.data or "").startswith(RETIRED_MOVES)
    text = l10n.text("error-stale-action" if retired else "error-stale-button")
    await query.answer(text, show_alert=True)

"""The Mini App's button under a private /me sheet and in the private /inventory dialog
(Telegram allows ``web_app`` buttons in private chats only). It opens the page on that game;
with ``MINIAPP_URL`` unset there is no button."""

from __future__ import annotations

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup, WebAppInfo

from bot.i18n import L10n


def miniapp_link(url: str, game_id: int) -> str:
    """The page opened on ``game_id`` (a choice among the caller's own; nothing more)."""
    return f"{url}?game={game_id}"


def with_miniapp(
    markup: InlineKeyboardMarkup | None, l10n: L10n, url: str | None, game_id: int
) -> InlineKeyboardMarkup | None:
    """``markup`` with a last row opening the Mini App, when it is on."""
    if url is None:
        return markup
    button = InlineKeyboardButton(
        text=l10n.text("miniapp-button"), web_app=WebAppInfo(url=miniapp_link(url, game_id))
    )
    rows = list(markup.inline_keyboard) if markup else []
    return InlineKeyboardMarkup(inline_keyboard=[*rows, [button]])

"""The Mini App's button under a private /me sheet and in the private /inventory dialog
(Telegram allows ``web_app`` buttons in private chats only). It opens the page on that game.
In a group, /log and /players get a URL button instead: the bot's Main Mini App by a direct link
whose start parameter names the game and the tab (:mod:`bot.webapp.links`). With
``MINIAPP_URL`` unset there is no button."""

from __future__ import annotations

from aiogram import Bot
from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup, WebAppInfo

from bot.i18n import L10n
from bot.webapp.links import app_link, start_param

GROUP_BUTTONS = {
    "me": "miniapp-group-me",
    "rolls": "miniapp-group-rolls",
    "odds": "miniapp-odds-button",
}


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
    return _with_row(markup, button)


async def with_group_miniapp(
    markup: InlineKeyboardMarkup | None,
    bot: Bot,
    l10n: L10n,
    url: str | None,
    game_id: int,
    tab: str,
) -> InlineKeyboardMarkup | None:
    """``markup`` with a last row opening the Main Mini App on ``tab`` of the game (a URL
    button: anyone may press it, and the page shows each presser only their own facts)."""
    if url is None:
        return markup
    me = await bot.me()  # cached by aiogram after the first call
    if not me.username:
        return markup
    link = app_link(me.username, start_param(game_id, tab))
    return _with_row(markup, InlineKeyboardButton(text=l10n.text(GROUP_BUTTONS[tab]), url=link))


def _with_row(
    markup: InlineKeyboardMarkup | None, button: InlineKeyboardButton
) -> InlineKeyboardMarkup:
    """``markup`` (or none) with ``button`` as its last row."""
    rows = list(markup.inline_keyboard) if markup else []
    return InlineKeyboardMarkup(inline_keyboard=[*rows, [button]])

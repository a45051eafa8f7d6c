"""The Mini App's button under a private /odds answer: it opens the page on its Odds tab
(``?tab=odds``), with the numbers asked so the page draws the same question. Telegram allows
``web_app`` buttons in private chats only, so a group's /odds gets none; with ``MINIAPP_URL``
unset there is no button either."""

from __future__ import annotations

from dataclasses import asdict
from urllib.parse import urlencode

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup, Message, WebAppInfo

from bot.i18n import L10n
from bot.services.odds import D20Question, DuelQuestion, PoolQuestion, Question


def odds_link(url: str, question: Question | None = None) -> str:
    """The Odds tab; with a question, its system and numbers (the page's ``api/odds`` fields)."""
    if question is None:
        return f"{url}?tab=odds"
    system = {PoolQuestion: "pool", DuelQuestion: "duel", D20Question: "d20"}[type(question)]
    return f"{url}?" + urlencode({"tab": "odds", "system": system, **asdict(question)})


def odds_button(
    message: Message, l10n: L10n, url: str | None, question: Question | None = None
) -> InlineKeyboardMarkup | None:
    if url is None or message.chat.type != "private":
        return None
    link = odds_link(url, question)
    button = InlineKeyboardButton(
        text=l10n.text("miniapp-odds-button"), web_app=WebAppInfo(url=link)
    )
    return InlineKeyboardMarkup(inline_keyboard=[[button]])

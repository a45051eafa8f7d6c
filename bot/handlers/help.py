"""``/help``: the commands a player needs where they are."""

from __future__ import annotations

from aiogram import Router
from aiogram.filters import Command
from aiogram.types import Message

from bot.i18n import L10n


def build_router() -> Router:
    router = Router(name="help")
    router.message.register(show_help, Command("help"))
    return router


async def show_help(message: Message, l10n: L10n) -> None:
    msg_id = "help-private" if message.chat.type == "private" else "help-group"
    await message.answer(l10n.text(msg_id))

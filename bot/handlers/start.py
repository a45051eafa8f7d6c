"""``/start`` in private: what the bot is and how to begin. A deep link that no other handler
took (malformed, or from an older version of the bot) is said to be broken first."""

from __future__ import annotations

from aiogram import F, Router
from aiogram.filters import CommandObject, CommandStart
from aiogram.types import Message

from bot.i18n import L10n
from bot.services.users import remember_user


def build_router() -> Router:
    router = Router(name="start")
    router.message.filter(F.chat.type == "private")
    router.message.register(start, CommandStart())
    return router


async def start(message: Message, command: CommandObject, l10n: L10n) -> None:
    if message.from_user is None:
        return
    await remember_user(message.from_user, started=True)
    if command.args:
        await message.answer(l10n.text("start-link-broken"))
    await message.answer(l10n.text("start-welcome", name=message.from_user.first_name))

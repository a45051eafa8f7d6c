"""The last command router: a known command that no handler took where it was sent (a group
command in private, a d20 command in a pool game, ``/start`` in a group) is answered with why,
never met with silence."""

from __future__ import annotations

from aiogram import Router
from aiogram.filters import Command, CommandObject
from aiogram.types import Message

from bot.commands import COMMAND_NAMES
from bot.handlers.help import show_help
from bot.i18n import L10n
from bot.services.errors import NoActiveGame, Refusal, ServiceError
from bot.services.games import active_game


def build_router() -> Router:
    router = Router(name="unhandled")
    router.message.register(answer_why, Command(*COMMAND_NAMES))
    return router


async def answer_why(message: Message, command: CommandObject, l10n: L10n) -> None:
    if message.chat.type == "private":
        raise ServiceError(Refusal.GROUP_ONLY)
    if command.command == "start":  # Telegram's "Start" in a group: what the bot does here
        await show_help(message, l10n)
        return
    if await active_game(message.chat.id) is None:
        raise NoActiveGame()
    raise ServiceError(Refusal.WRONG_SYSTEM)

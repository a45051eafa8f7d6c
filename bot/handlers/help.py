"""``/help``: the commands a player needs where they are, for the chat's game system."""

from __future__ import annotations

from aiogram import Router
from aiogram.filters import Command
from aiogram.types import Message

from bot.db.models import GameSystem
from bot.i18n import L10n
from bot.services.games import active_game

_SYSTEM_HELP = {
    GameSystem.POOL: "help-group-pool",
    GameSystem.DUEL: "help-group-duel",
    GameSystem.D20: "help-group-d20",
}


def build_router() -> Router:
    router = Router(name="help")
    router.message.register(show_help, Command("help"))
    return router


async def show_help(message: Message, l10n: L10n) -> None:
    if message.chat.type == "private":
        await message.answer(l10n.text("help-private"))
        return
    game = await active_game(message.chat.id)
    systems = [GameSystem(game.system)] if game else list(GameSystem)
    parts = [l10n.text("help-group-common")]
    parts += [l10n.text(_SYSTEM_HELP[system]) for system in systems]
    parts.append(l10n.text("help-group-admin"))
    await message.answer("\n\n".join(parts))

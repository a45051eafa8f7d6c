"""Command menus per scope and language, registered with ``set_my_commands``."""

from __future__ import annotations

from aiogram import Bot
from aiogram.types import (
    BotCommand,
    BotCommandScopeAllChatAdministrators,
    BotCommandScopeAllGroupChats,
    BotCommandScopeAllPrivateChats,
    BotCommandScopeDefault,
)

from bot.i18n import L10n, Translator

PRIVATE_COMMANDS = ("start", "help", "roll")
GROUP_COMMANDS = ("help", "roll")
GROUP_ADMIN_COMMANDS = ("help", "roll")

_DESCRIPTIONS = {
    "start": "cmd-start",
    "help": "cmd-help",
    "roll": "cmd-roll",
}


def _menu(l10n: L10n, names: tuple[str, ...]) -> list[BotCommand]:
    return [BotCommand(command=name, description=l10n.text(_DESCRIPTIONS[name])) for name in names]


async def register_commands(bot: Bot, translator: Translator) -> None:
    """Menus for private chats, groups and group admins, in every locale plus the default."""
    scopes = (
        (BotCommandScopeAllPrivateChats(), PRIVATE_COMMANDS),
        (BotCommandScopeAllGroupChats(), GROUP_COMMANDS),
        (BotCommandScopeAllChatAdministrators(), GROUP_ADMIN_COMMANDS),
    )
    default = translator.for_locale(None)
    await bot.set_my_commands(_menu(default, PRIVATE_COMMANDS), scope=BotCommandScopeDefault())
    for scope, names in scopes:
        await bot.set_my_commands(_menu(default, names), scope=scope)
        for code in translator.locales:
            await bot.set_my_commands(
                _menu(translator.for_locale(code), names), scope=scope, language_code=code
            )

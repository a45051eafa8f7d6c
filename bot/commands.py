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

_DESCRIPTIONS = {
    "start": "cmd-start",
    "help": "cmd-help",
    "me": "cmd-me",
    "inventory": "cmd-inventory",
    "donate": "cmd-donate",
    "rules": "cmd-rules",
    "odds": "cmd-odds",
    "roll": "cmd-roll",
    "join": "cmd-join",
    "players": "cmd-players",
    "log": "cmd-log",
    "verify": "cmd-verify",
    "check": "cmd-check",
    "duel": "cmd-duel",
    "battle": "cmd-battle",
    "fight": "cmd-fight",
    "sleep": "cmd-sleep",
    "wake": "cmd-wake",
    "guard": "cmd-guard",
    "snatch": "cmd-snatch",
    "steal": "cmd-steal",
    "move": "cmd-move",
    "look": "cmd-look",
    "newgame": "cmd-newgame",
    "game": "cmd-game",
    "endgame": "cmd-endgame",
    "kick": "cmd-kick",
    "sheet": "cmd-sheet",
    "edit": "cmd-edit",
    "heal": "cmd-heal",
    "rest": "cmd-rest",
    "tick": "cmd-tick",
    "halls": "cmd-halls",
    "skip": "cmd-skip",
    "npc": "cmd-npc",
    "fight_next": "cmd-fight_next",
    "fight_stop": "cmd-fight_stop",
    "place": "cmd-place",
    "give": "cmd-give",
    "revive": "cmd-revive",
    "pause": "cmd-pause",
    "resume": "cmd-resume",
}

COMMAND_NAMES = tuple(_DESCRIPTIONS)  # every command a handler takes

PRIVATE_COMMANDS = ("start", "help", "me", "inventory", "donate", "rules", "odds", "roll")
GROUP_COMMANDS = (
    "help", "join", "me", "players", "rules", "log", "verify", "odds", "roll",
    "duel", "check", "battle", "fight", "sleep", "wake", "guard", "snatch", "steal", "move",
    "look",
)  # fmt: skip
GROUP_ADMIN_COMMANDS = (
    *GROUP_COMMANDS,
    "newgame", "game", "endgame", "kick", "sheet", "edit", "heal", "rest", "tick", "halls", "place",
    "skip", "npc", "fight_next", "fight_stop", "give", "revive", "pause", "resume",
)  # fmt: skip


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

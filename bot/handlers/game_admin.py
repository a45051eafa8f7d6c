"""``/game``: an admin's way into the game's settings, which open in the private chat.

In the group the command answers with a deep link ``s<game>``; the link (routed by
:mod:`bot.handlers.join`) checks again that the user administers that game's chat.
"""

from __future__ import annotations

import re

from aiogram import Bot, F, Router
from aiogram.exceptions import TelegramAPIError
from aiogram.filters import Command, CommandObject
from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup, Message
from aiogram.utils.deep_linking import create_start_link
from aiogram_dialog import DialogManager, StartMode

from bot.config import Settings
from bot.dialogs.states import GameSettingsDialog
from bot.handlers.group_reading import warn_if_unread
from bot.i18n import L10n
from bot.services import games
from bot.services.errors import GameEnded, Refusal, ServiceError
from bot.services.numbers import ID_MAX, parse_int
from bot.services.permissions import admin_ids_of, is_game_admin
from bot.services.settings_admin import admin_game
from bot.services.users import remember_user

GROUP_CHATS = {"group", "supergroup"}
SETTINGS_PAYLOAD = "s{game_id}"
SETTINGS_LINK = re.compile(r"^s([0-9]{1,12})$")


def build_router() -> Router:
    router = Router(name="game_admin")
    router.message.register(settings_link, Command("game"), F.chat.type.in_(GROUP_CHATS))
    router.message.register(group_only, Command("game"), F.chat.type == "private")
    return router


async def settings_link(message: Message, bot: Bot, l10n: L10n, settings: Settings | None) -> None:
    assert message.from_user is not None
    admin_ids = admin_ids_of(settings)
    if not await is_game_admin(bot, message.chat.id, message.from_user.id, admin_ids):
        raise ServiceError(Refusal.NOT_ADMIN)
    game = await games.require_game(message.chat.id)
    link = await create_start_link(bot, SETTINGS_PAYLOAD.format(game_id=game.id))
    button = InlineKeyboardButton(text=l10n.text("settings-open-button"), url=link)
    await message.reply(
        l10n.text("settings-open"),
        reply_markup=InlineKeyboardMarkup(inline_keyboard=[[button]]),
    )
    await warn_if_unread(message, bot, l10n)


async def group_only(message: Message) -> None:
    raise ServiceError(Refusal.GROUP_ONLY)


async def open_settings(
    message: Message,
    command: CommandObject,
    bot: Bot,
    settings: Settings | None,
    dialog_manager: DialogManager,
) -> None:
    """``/start s<game>`` in private: the settings dialog, for that game's admins only."""
    assert message.from_user is not None and command.args is not None
    await remember_user(message.from_user, started=True)
    match = SETTINGS_LINK.match(command.args)
    assert match is not None
    game_id = parse_int(match[1], high=ID_MAX)
    if game_id is None:
        raise GameEnded()
    game = await admin_game(bot, game_id, message.from_user.id, admin_ids_of(settings))
    await dialog_manager.start(
        GameSettingsDialog.main,
        data={"game_id": game.id, "chat_title": await _chat_title(bot, game.chat_id)},
        mode=StartMode.RESET_STACK,
    )


async def _chat_title(bot: Bot, chat_id: int) -> str:
    try:
        chat = await bot.get_chat(chat_id)
    except TelegramAPIError:
        return str(chat_id)
    return chat.title or str(chat_id)

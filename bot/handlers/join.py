"""Deep links into the private chat: ``/start j<game>`` opens the creation dialog for that game,
``/start s<game>`` its settings (for the game's admins), ``/start f<fight>`` a pool fight's
pending opponent choice."""

from __future__ import annotations

import re

from aiogram import F, Router
from aiogram.filters import CommandObject, CommandStart
from aiogram.types import Message
from aiogram_dialog import DialogManager, StartMode

from bot.db.models import Game, GameSystem
from bot.dialogs.states import D20Creation, DuelCreation, PoolCreation
from bot.handlers.game_admin import SETTINGS_LINK, open_settings
from bot.handlers.pool_fight import FIGHT_LINK, open_by_link
from bot.services.characters import check_can_create
from bot.services.errors import NoActiveGame
from bot.services.numbers import ID_MAX, parse_int
from bot.services.users import remember_user

JOIN = re.compile(r"^j([0-9]{1,12})$")
CREATION_START = {
    GameSystem.POOL: PoolCreation.name,
    GameSystem.DUEL: DuelCreation.name,
    GameSystem.D20: D20Creation.name,
}


def build_router() -> Router:
    router = Router(name="join")
    router.message.filter(F.chat.type == "private")
    router.message.register(open_creation, CommandStart(deep_link=True, magic=F.args.regexp(JOIN)))
    router.message.register(
        open_settings, CommandStart(deep_link=True, magic=F.args.regexp(SETTINGS_LINK))
    )
    router.message.register(
        open_by_link, CommandStart(deep_link=True, magic=F.args.regexp(FIGHT_LINK))
    )
    return router


async def open_creation(
    message: Message, command: CommandObject, dialog_manager: DialogManager
) -> None:
    assert message.from_user is not None and command.args is not None
    await remember_user(message.from_user, started=True)
    match = JOIN.match(command.args)
    assert match is not None
    game_id = parse_int(match[1], high=ID_MAX)
    game = None if game_id is None else await Game.get_or_none(id=game_id)
    if game is None:
        raise NoActiveGame()
    await check_can_create(game, message.from_user.id)
    await dialog_manager.start(
        CREATION_START[GameSystem(game.system)],
        data={"game_id": game.id},
        mode=StartMode.RESET_STACK,
    )

"""``/edit N``: a game master's way into the private dialog editing character N.

In the group the command answers admins with a deep link ``e<game>_<number>``; the link, opened
in private, checks again that the user administers that game's chat before the dialog starts.
"""

from __future__ import annotations

import re

from aiogram import Bot, F, Router
from aiogram.filters import Command, CommandObject, CommandStart
from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup, Message
from aiogram.utils.deep_linking import create_start_link
from aiogram_dialog import DialogManager, StartMode

from bot.config import Settings
from bot.db.models import Character, GameSystem
from bot.dialogs.states import CharacterEditDialog
from bot.handlers import zero_health
from bot.handlers.sheets import parse_number
from bot.handlers.world_common import user_l10n
from bot.i18n import L10n, Translator
from bot.services import games
from bot.services.character_edit_model import Change, Field
from bot.services.character_edits import EditNotice, load_target
from bot.services.errors import GameEnded, Refusal, ServiceError
from bot.services.numbers import ID_MAX, parse_int
from bot.services.outbox import Outgoing
from bot.services.permissions import admin_ids_of, is_game_admin
from bot.services.settings_admin import admin_game
from bot.services.users import remember_user
from bot.views.character_edit import SECRET_FIELDS, notice_text
from bot.views.loot import spilled_line

GROUP_CHATS = {"group", "supergroup"}
EDIT_PAYLOAD = "e{game_id}_{number}"
EDIT_LINK = re.compile(r"^e([0-9]{1,12})_([0-9]{1,6})$")


def build_router() -> Router:
    router = Router(name="character_edit")
    router.message.register(edit_link, Command("edit"), F.chat.type.in_(GROUP_CHATS))
    router.message.register(group_only, Command("edit"), F.chat.type == "private")
    router.message.register(
        open_edit,
        CommandStart(deep_link=True, magic=F.args.regexp(EDIT_LINK)),
        F.chat.type == "private",
    )
    return router


async def group_only(message: Message) -> None:
    raise ServiceError(Refusal.GROUP_ONLY)


async def edit_link(
    message: Message, command: CommandObject, bot: Bot, l10n: L10n, settings: Settings | None
) -> None:
    """Admins get the link to edit character N in private; everyone else a refusal."""
    assert message.from_user is not None
    if not await is_game_admin(bot, message.chat.id, message.from_user.id, admin_ids_of(settings)):
        raise ServiceError(Refusal.NOT_ADMIN)
    number = parse_number(command.args)
    if number is None:
        await message.reply(l10n.text("edit-usage"))
        return
    game = await games.require_game(message.chat.id)
    target = await load_target(game, number)
    link = await create_start_link(bot, EDIT_PAYLOAD.format(game_id=game.id, number=number))
    button = InlineKeyboardButton(text=l10n.text("edit-open-button"), url=link)
    await message.reply(
        l10n.text("edit-open", number=number, name=target.row.name),
        reply_markup=InlineKeyboardMarkup(inline_keyboard=[[button]]),
    )


async def open_edit(
    message: Message,
    command: CommandObject,
    bot: Bot,
    settings: Settings | None,
    dialog_manager: DialogManager,
) -> None:
    """``/start e<game>_<number>`` in private: the edit dialog, for that game's admins only."""
    assert message.from_user is not None and command.args is not None
    await remember_user(message.from_user, started=True)
    match = EDIT_LINK.match(command.args)
    assert match is not None
    game_id, number = parse_int(match[1], high=ID_MAX), parse_int(match[2])
    if game_id is None or number is None:
        raise GameEnded()
    game = await admin_game(bot, game_id, message.from_user.id, admin_ids_of(settings))
    await load_target(game, number)
    await dialog_manager.start(
        CharacterEditDialog.main,
        data={"game_id": game.id, "number": number},
        mode=StartMode.RESET_STACK,
    )


async def compose_notice(bot: Bot, translator: Translator, notice: EditNotice) -> list[Outgoing]:
    """The public line in the game's group (not in the topic of the character's hall, which
    would tell it); in pool without the secret values, which its owner alone gets, in private."""
    game, saved = notice.game, notice.saved
    pool = game.system == GameSystem.POOL

    def text(l10n: L10n, secret: bool) -> str:
        return notice_text(
            l10n,
            actor=notice.actor,
            name=saved.name,
            number=saved.number,
            changes=saved.outcome.changes,
            reason=notice.reason,
            forced=saved.forced,
            secret=secret,
        )

    group = translator.for_locale(game.locale)
    public = text(group, pool)
    spilled = saved.spilled
    if spilled is not None:  # a kill: what the dead carried now lies on the floor, for all
        body = await Character.get(game_id=game.id, number=saved.number)
        public += "\n" + spilled_line(group, spilled, body)
    owed = [Outgoing(game.chat_id, public, thread_id=notice.thread_id)]
    if pool and any(change.field in SECRET_FIELDS for change in saved.outcome.changes):
        owner = await Character.get(game_id=game.id, number=saved.number)
        mine = await user_l10n(translator, owner.user_id, game.locale)
        owed.append(Outgoing(owner.user_id, text(mine, False)))
    if any(_to_zero(change) for change in saved.outcome.changes):
        owed += await zero_health.after_edit(translator, game, saved.number)
    return owed


def _to_zero(change: Change) -> bool:
    return change.field == Field.HEALTH and change.after == "0" and change.before != "0"

"""``/start v<game>_<fight>`` in private: a pool fight as its game master sees it, opened from
the Mini App's world page (:mod:`bot.webapp.world`). The link is trusted for nothing: the user
must administer that game's chat now, and the fight must be open in that very game.

It shows the fight's live message as the group has it, the GM's commands for it (which stay in
the group: ``/fight_next N``, ``/fight_stop N``) and a button to the live message itself.
"""

from __future__ import annotations

import re

from aiogram import Bot, F, Router
from aiogram.filters import CommandObject, CommandStart
from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup, Message

from bot.config import Settings
from bot.db.models import LiveMessage
from bot.i18n import L10n
from bot.services import fights
from bot.services.errors import GameEnded
from bot.services.fights import live_key, view_of
from bot.services.games import settings_of
from bot.services.numbers import ID_MAX, parse_int
from bot.services.permissions import admin_ids_of
from bot.services.settings_admin import admin_game
from bot.services.users import remember_user
from bot.views.pool_fight import live_text

FIGHT_VIEW_PAYLOAD = "v{game_id}_{fight_id}"
FIGHT_VIEW_LINK = re.compile(r"^v([0-9]{1,12})_([0-9]{1,12})$")
SUPERGROUP = "-100"  # Telegram's prefix of a supergroup's chat id; t.me/c/ links need one


def build_router() -> Router:
    router = Router(name="fight_view")
    router.message.register(
        open_fight_view,
        CommandStart(deep_link=True, magic=F.args.regexp(FIGHT_VIEW_LINK)),
        F.chat.type == "private",
    )
    return router


async def open_fight_view(
    message: Message, command: CommandObject, bot: Bot, l10n: L10n, settings: Settings | None
) -> None:
    assert message.from_user is not None and command.args is not None
    await remember_user(message.from_user, started=True)
    match = FIGHT_VIEW_LINK.match(command.args)
    assert match is not None
    game_id, fight_id = parse_int(match[1], high=ID_MAX), parse_int(match[2], high=ID_MAX)
    if game_id is None or fight_id is None:
        raise GameEnded()
    game = await admin_game(bot, game_id, message.from_user.id, admin_ids_of(settings))
    fights.pool_game(game)
    record = await fights.pick_open(game, fight_id, None)  # open, and of this game
    view = await view_of(game, record)
    text = "\n\n".join(
        [live_text(l10n, view, settings_of(game)), l10n.text("fight-view-gm", id=record.id)]
    )
    await message.answer(text, reply_markup=await _to_live_message(l10n, record.id))


async def _to_live_message(l10n: L10n, fight_id: int) -> InlineKeyboardMarkup | None:
    """A button to the fight's message in the group (supergroups have such links)."""
    shown = await LiveMessage.get_or_none(key=live_key(fight_id))
    if shown is None or not str(shown.chat_id).startswith(SUPERGROUP):
        return None
    url = f"https://t.me/c/{str(shown.chat_id)[len(SUPERGROUP) :]}/{shown.message_id}"
    button = InlineKeyboardButton(text=l10n.text("fight-view-open-button"), url=url)
    return InlineKeyboardMarkup(inline_keyboard=[[button]])

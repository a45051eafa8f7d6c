"""Private opponent choices of a pool fight: the target buttons in the private chat, the
group's "send my choice again" button, and the deep link ``/start f<fight>`` of the group's
"open the chat" button, which sends the pending choice at once (for a private chat opened late)."""

from __future__ import annotations

import re

from aiogram import Bot, F, Router
from aiogram.filters import CommandObject
from aiogram.types import CallbackQuery, Message

from bot.callbacks import EncounterCallback
from bot.db.models import Encounter, GameStatus
from bot.handlers.pool_fight_keyboards import RESEND
from bot.handlers.pool_fight_publish import send_prompt
from bot.i18n import L10n, Translator
from bot.services import fights, games
from bot.services.errors import Refusal, ServiceError, StaleAction
from bot.services.fight_store import KIND
from bot.services.numbers import ID_MAX, parse_int
from bot.services.runtime import Runtime
from bot.services.users import remember_user

FIGHT_LINK = re.compile(r"^f([0-9]{1,12})$")


def register_buttons(buttons: Router) -> None:
    """Before the encounters' moves: this button is the pool fight's, and makes none."""
    raw = F.data.startswith(f"en:{KIND}:") & F.data.contains(f":{RESEND}:")  # else not unpacked
    resend = EncounterCallback.filter((F.kind == KIND) & (F.move == RESEND))
    buttons.callback_query.register(press_resend, raw, resend)


async def press_resend(
    query: CallbackQuery,
    callback_data: EncounterCallback,
    bot: Bot,
    l10n: L10n,
    translator: Translator,
    runtime: Runtime,
) -> None:
    message = query.message
    if not isinstance(message, Message):
        await query.answer()
        return
    game = await games.require_game(message.chat.id)
    view, fighter = await fights.open_choice_of(game, callback_data.id, query.from_user.id)
    if not await send_prompt(bot, game, view, fighter, translator, runtime):
        raise ServiceError(Refusal.FIGHT_PRIVATE_CLOSED)
    await query.answer(l10n.text("pool-fight-resent"))


async def open_by_link(
    message: Message,
    command: CommandObject,
    bot: Bot,
    l10n: L10n,
    translator: Translator,
    runtime: Runtime,
) -> None:
    """``/start f<fight>`` in private: the chat is open now, so the pending choice comes at once."""
    assert message.from_user is not None and command.args is not None
    await remember_user(message.from_user, started=True)
    match = FIGHT_LINK.match(command.args)
    assert match is not None
    fight_id = parse_int(match[1], high=ID_MAX)
    fight = None
    if fight_id is not None:
        fight = await Encounter.get_or_none(id=fight_id).prefetch_related("game")
    try:
        if fight is None or fight.game.status != GameStatus.ACTIVE:
            raise StaleAction()
        view, fighter = await fights.open_choice_of(fight.game, fight.id, message.from_user.id)
    except ServiceError:
        await message.answer(l10n.text("pool-fight-link-nothing-to-choose"))
        return
    await send_prompt(bot, fight.game, view, fighter, translator, runtime)

"""Donations: /donate opens the dialog in private; a win is announced in the game's group, and
the second win ends the game there (results, then the revealed dice seed): owed with the win
(:func:`compose_victory`, handed down to the service)."""

from __future__ import annotations

from aiogram import Bot, Router
from aiogram.filters import Command
from aiogram.types import Message
from aiogram_dialog import DialogManager, StartMode

from bot.dialogs.donations_view import fact_text
from bot.dialogs.states import DonationsDialog
from bot.handlers.games import ended_text
from bot.handlers.world_common import actor_of, in_group, private_link, user_l10n
from bot.i18n import L10n, Translator
from bot.services.outbox import Outgoing
from bot.services.world_donations import FactBought, Victory


def build_router() -> Router:
    router = Router(name="world_donations")
    router.message.register(open_donations, Command("donate"))
    return router


async def open_donations(
    message: Message, bot: Bot, l10n: L10n, dialog_manager: DialogManager
) -> None:
    actor = await actor_of(message)
    if in_group(message):
        await message.reply(l10n.text("donate-group"), reply_markup=await private_link(bot, l10n))
        return
    await dialog_manager.start(
        DonationsDialog.main, data={"game_id": actor.game.id}, mode=StartMode.RESET_STACK
    )


async def compose_victory(bot: Bot, translator: Translator, victory: Victory) -> list[Outgoing]:
    """The win in the group; with the second one, the results and the game's end, in one
    group message for the whole outcome."""
    game = victory.game
    group = translator.for_locale(game.locale)
    parts = [
        group.text(
            "donate-group-won", name=victory.name, number=victory.number, rank=victory.won.rank
        )
    ]
    ended = victory.ended
    if ended is not None:
        first, second = (victory.names.get(n, str(n)) for n in victory.winners[:2])
        parts.append(group.text("donate-group-results", first=first, second=second))
        parts.append(ended_text(group, ended))
    return [Outgoing(game.chat_id, "\n\n".join(parts))]


async def compose_fact(bot: Bot, translator: Translator, bought: FactBought) -> list[Outgoing]:
    """The paid answer, in the asker's private chat and language."""
    game, asker = bought.actor.game, bought.actor.row
    l10n = await user_l10n(translator, asker.user_id, game.locale)
    return [Outgoing(asker.user_id, fact_text(l10n, bought.fact, bought.name))]

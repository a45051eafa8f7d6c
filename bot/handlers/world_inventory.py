"""/inventory (and the /me sheet's button) open the inventory dialog in private."""

from __future__ import annotations

from aiogram import Bot, F, Router
from aiogram.filters import Command
from aiogram.types import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Message
from aiogram_dialog import DialogManager, ShowMode, StartMode

from bot.callbacks import InventoryCallback
from bot.dialogs.states import InventoryDialog
from bot.handlers.world_common import actor_of, in_group, private_link, user_l10n
from bot.i18n import L10n, Translator
from bot.services.inventory import PickedUpNow
from bot.services.outbox import Outgoing
from bot.services.world_play import actor_in_game
from bot.views.world_items import items_text


def build_router() -> Router:
    router = Router(name="world_inventory")
    router.message.register(open_inventory, Command("inventory"))
    router.callback_query.register(
        inventory_button, InventoryCallback.filter(), F.message.chat.type == "private"
    )
    return router


def inventory_keyboard(l10n: L10n, game_id: int) -> InlineKeyboardMarkup:
    """The button under a pool character's private sheet (/me) that opens the inventory."""
    button = InlineKeyboardButton(
        text=l10n.text("inventory-button"),
        callback_data=InventoryCallback(game_id=game_id).pack(),
    )
    return InlineKeyboardMarkup(inline_keyboard=[[button]])


async def open_inventory(
    message: Message, bot: Bot, l10n: L10n, dialog_manager: DialogManager
) -> None:
    actor = await actor_of(message)
    if in_group(message):
        await message.reply(
            l10n.text("inventory-group"), reply_markup=await private_link(bot, l10n)
        )
        return
    await dialog_manager.start(
        InventoryDialog.main, data={"game_id": actor.game.id}, mode=StartMode.RESET_STACK
    )


async def inventory_button(
    query: CallbackQuery,
    callback_data: InventoryCallback,
    dialog_manager: DialogManager,
) -> None:
    await actor_in_game(callback_data.game_id, query.from_user.id)
    await query.answer()
    await dialog_manager.start(  # a new message: the sheet with the button stays
        InventoryDialog.main,
        data={"game_id": callback_data.game_id},
        mode=StartMode.RESET_STACK,
        show_mode=ShowMode.SEND,
    )


async def compose_picked(bot: Bot, translator: Translator, news: PickedUpNow) -> list[Outgoing]:
    """A pick-up taken at once, told to the picker in private in the words of the tick's
    report (where each item went)."""
    l10n = await user_l10n(translator, news.actor.row.user_id, news.actor.game.locale)
    lines = [
        l10n.text("world-tick-picked", items=items_text(l10n, e.item, e.count), place=e.place.value)
        for e in news.taken
    ]
    return [Outgoing(news.actor.row.user_id, "\n".join(lines))]

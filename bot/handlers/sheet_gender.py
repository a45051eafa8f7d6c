"""/me's he / she buttons: the owner sets the gender of a character made before it was asked; the
message then loses the question (a press by anyone else, or a stale one, changes nothing)."""

from __future__ import annotations

import contextlib

from aiogram import Bot, Router
from aiogram.exceptions import TelegramAPIError
from aiogram.types import CallbackQuery, Message

from bot.callbacks import GenderCallback
from bot.handlers.sheets import group_reply, sheet_reply
from bot.i18n import L10n, Translator
from bot.services.characters import rule_state
from bot.services.genders import set_own_gender
from bot.services.runtime import Runtime
from bot.services.sheets import SheetEntry


def build_router() -> Router:
    router = Router(name="sheet_gender")
    router.callback_query.register(press, GenderCallback.filter())
    return router


async def press(
    query: CallbackQuery,
    callback_data: GenderCallback,
    bot: Bot,
    l10n: L10n,
    translator: Translator,
    runtime: Runtime,
    miniapp_url: str | None = None,
) -> None:
    row = await set_own_gender(
        callback_data.character_id, query.from_user.id, callback_data.gender, runtime
    )
    await query.answer(l10n.text("me-gender-set", gender=callback_data.gender.value))
    message = query.message
    if not isinstance(message, Message):
        return
    if message.chat.type == "private":
        entry = SheetEntry(row.game, row, rule_state(row.game, row))
        text, markup = await sheet_reply(bot, l10n, entry, miniapp_url)
    else:
        # The group's /me answer: in the game's language, not the presser's.
        text, markup = group_reply(translator.for_locale(row.game.locale), row.game, row)
    with contextlib.suppress(TelegramAPIError):  # the gender is saved: the edit is decoration
        await message.edit_text(text, reply_markup=markup)

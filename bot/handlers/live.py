"""The message an encounter's button was pressed on: it must be the encounter's live message."""

from __future__ import annotations

from aiogram.types import CallbackQuery, Message

from bot.services import encounter_store
from bot.services.errors import StaleAction


async def live_message(query: CallbackQuery, kind: str, encounter_id: int) -> Message:
    """The pressed message, if it is (or is about to be marked) the live message of the
    encounter; else :class:`StaleAction` (:func:`encounter_store.require_live`): a stray copy
    of a message sent twice after a crash, or a round whose buttons are still on the screen."""
    message = query.message
    if not isinstance(message, Message):
        raise StaleAction()
    await encounter_store.require_live(kind, encounter_id, message.chat.id, message.message_id)
    return message

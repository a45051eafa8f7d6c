"""/me's one-time question for a character whose gender is not set: a line and two buttons."""

from __future__ import annotations

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from bot.callbacks import GenderCallback
from bot.db.models import Character
from bot.i18n import L10n
from rules.gender import Gender


def with_gender_ask(
    l10n: L10n, character: Character, text: str, markup: InlineKeyboardMarkup | None
) -> tuple[str, InlineKeyboardMarkup | None]:
    """``text`` and ``markup`` as they are, or, while the gender is NULL, with the question
    below the text and its buttons on top of the keyboard."""
    if character.gender is not None:
        return text, markup
    row = [
        InlineKeyboardButton(
            text=l10n.text(msg_id),
            callback_data=GenderCallback(character_id=character.id, gender=gender).pack(),
        )
        for msg_id, gender in (("me-gender-he", Gender.MALE), ("me-gender-she", Gender.FEMALE))
    ]
    rows = [row, *(markup.inline_keyboard if markup is not None else [])]
    ask = l10n.text("me-gender-ask")
    return f"{text}\n\n{ask}", InlineKeyboardMarkup(inline_keyboard=rows)

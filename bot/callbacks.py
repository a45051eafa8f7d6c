"""CallbackData factories: every inline button's data is typed and validated by aiogram."""

from __future__ import annotations

from aiogram.filters.callback_data import CallbackData

from bot.db.models import GameSystem


class NewGameCallback(CallbackData, prefix="ng"):
    system: GameSystem

"""CallbackData factories: every inline button's data is typed and validated by aiogram."""

from __future__ import annotations

from enum import StrEnum

from aiogram.filters.callback_data import CallbackData

from bot.db.models import GameSystem


class NewGameCallback(CallbackData, prefix="ng"):
    system: GameSystem


class DuelAction(StrEnum):
    ACCEPT = "a"
    DECLINE = "d"
    GO_ON = "g"
    STOP = "s"


class DuelCallback(CallbackData, prefix="du"):
    duel_id: int
    action: DuelAction
    round: int = 0

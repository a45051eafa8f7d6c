"""Placeholder: replaced by the real dialog."""

from __future__ import annotations

from aiogram_dialog import Dialog, Window
from aiogram_dialog.widgets.text import Const

from bot.dialogs.states import DuelCreation


def build_dialog() -> Dialog:
    return Dialog(Window(Const("..."), state=DuelCreation.name))

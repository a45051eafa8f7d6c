"""All dialogs, built fresh for each dispatcher (a Dialog is a Router: attachable once)."""

from __future__ import annotations

from aiogram_dialog import Dialog

from bot.dialogs import (
    character_edit,
    d20_creation,
    d20_npcs,
    donations,
    duel_creation,
    game_settings,
    inventory,
    pool_creation,
)


def build_dialogs() -> list[Dialog]:
    return [
        pool_creation.build_dialog(),
        duel_creation.build_dialog(),
        d20_creation.build_dialog(),
        game_settings.build_dialog(),
        inventory.build_dialog(),
        donations.build_dialog(),
        character_edit.build_dialog(),
        d20_npcs.build_dialog(),
    ]

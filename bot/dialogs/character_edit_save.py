"""The last steps of an edit: "apply anyway", then the reason and the save (which owes the
group's notice: :func:`bot.handlers.character_edit.compose_notice`)."""

from __future__ import annotations

from typing import Any

from aiogram.types import CallbackQuery, Message
from aiogram_dialog import DialogManager
from aiogram_dialog.widgets.kbd import Button

from bot.dialogs.character_edit_handlers import (
    admin_target,
    clear_pending,
    refuse_step,
    show_stale,
)
from bot.dialogs.character_edit_view import number_of
from bot.dialogs.states import CharacterEditDialog
from bot.dialogs.widgets import told_by
from bot.handlers import character_edit
from bot.services.character_edit_model import Edit, LimitsBroken, StaleEdit
from bot.services.character_edits import save_edit
from bot.services.codec import dump, load
from bot.services.errors import Refusal, ServiceError
from bot.services.gm_log import Actor


async def on_force(callback: CallbackQuery, button: Button, manager: DialogManager) -> None:
    if await admin_target(callback, manager) is not None:
        manager.dialog_data["forced"] = True
        await manager.switch_to(CharacterEditDialog.reason)


async def on_reason(message: Message, widget: Any, manager: DialogManager, text: str) -> None:
    """Save the pending edit with ``text`` as its reason, then tell the group."""
    found = await admin_target(message, manager)
    data = manager.dialog_data
    if found is None or "edit" not in data:
        return
    game, _ = found
    assert message.from_user is not None
    actor = Actor(message.from_user.id, message.from_user.full_name)
    try:
        saved = await save_edit(
            game,
            number_of(manager),
            str(data.get("seen", "")),
            load(Edit, data["edit"]),
            actor,
            text,
            force=bool(data.get("forced")),
            runtime=manager.middleware_data["runtime"],
            compose=told_by(manager, character_edit.compose_notice),
        )
    except (StaleEdit, LimitsBroken) as error:
        await show_stale(message, manager, error)
        return
    except ServiceError as error:
        if error.code is not Refusal.EDIT_REASON:  # nothing to retype: back to the character
            clear_pending(manager)
            await manager.switch_to(CharacterEditDialog.main)
        await refuse_step(message, manager, error)
        return
    clear_pending(manager)
    manager.dialog_data.pop("seen", None)
    manager.dialog_data["saved"] = dump(saved.outcome.changes)
    await manager.switch_to(CharacterEditDialog.main)

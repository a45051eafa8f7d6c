"""What the settings dialog's buttons and typed answers do.

Every change re-reads the game, re-checks that the user still administers its chat (they may
have been demoted since the dialog opened) and saves at once; a refusal changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from aiogram.types import CallbackQuery, Message
from aiogram_dialog import DialogManager
from aiogram_dialog.widgets.kbd import Button

from bot.dialogs.game_settings_view import BY_NAME, NUMBERS, game_id_of, shown_range
from bot.dialogs.states import GameSettingsDialog
from bot.dialogs.widgets import l10n_of
from bot.handlers.replies import refuse
from bot.services import setting_edits
from bot.services.errors import NoActiveGame, Refusal, ServiceError, SettingOutOfBounds
from bot.services.numbers import NUMBER_MAX, parse_int
from bot.services.permissions import admin_ids_of
from bot.services.settings import TIMERS, GameSettings
from bot.services.settings_admin import admin_game, edit_settings
from bot.views.refusals import in_private

# Widget id -> (setting, change) of each - and + button.
STEPS = {
    f"{prefix}_{shown.name}": (shown.name, sign * shown.step)
    for shown in NUMBERS
    for prefix, sign in (("dec", -1), ("inc", 1))
}


async def _check(event: CallbackQuery | Message, manager: DialogManager) -> bool:
    """The game still runs and the user still administers it; otherwise say why."""
    assert event.from_user is not None
    data = manager.middleware_data
    try:
        await admin_game(
            data["bot"], game_id_of(manager), event.from_user.id, admin_ids_of(data["settings"])
        )
    except ServiceError as error:
        await _refuse(event, manager, error)
        return False
    return True


async def _apply(
    event: CallbackQuery | Message,
    manager: DialogManager,
    edit: Callable[[GameSettings], GameSettings],
) -> bool:
    assert event.from_user is not None
    data = manager.middleware_data
    try:
        await edit_settings(
            data["bot"],
            game_id_of(manager),
            event.from_user.id,
            admin_ids_of(data["settings"]),
            edit,
        )
    except ServiceError as error:
        await _refuse(event, manager, error)
        return False
    return True


async def _refuse(
    event: CallbackQuery | Message, manager: DialogManager, error: ServiceError
) -> None:
    if isinstance(error, NoActiveGame):
        await manager.done()  # the game is over: nothing left to set, its buttons go
    await refuse(event, l10n_of(manager), in_private(error))


def _out_of_range(settings: GameSettings, name: str) -> ServiceError:
    """The refusal, with the range in the units shown (minutes for a timer)."""
    low, high = shown_range(settings, name)
    if name in TIMERS:
        return ServiceError(Refusal.SETTING_MINUTES, low=low, high=high)
    return SettingOutOfBounds(low, high)


def _stepped(name: str, delta: int) -> Callable[[GameSettings], GameSettings]:
    def edit(settings: GameSettings) -> GameSettings:
        try:
            return setting_edits.step_number(settings, name, delta)
        except SettingOutOfBounds:
            raise _out_of_range(settings, name) from None

    return edit


async def on_step(callback: CallbackQuery, button: Button, manager: DialogManager) -> None:
    name, delta = STEPS[button.widget_id or ""]
    await _apply(callback, manager, _stepped(name, delta))


async def on_toggle(callback: CallbackQuery, button: Button, manager: DialogManager) -> None:
    name = (button.widget_id or "").removeprefix("tg_")
    await _apply(callback, manager, lambda s: setting_edits.toggle(s, name))


async def on_ask_number(callback: CallbackQuery, button: Button, manager: DialogManager) -> None:
    name = (button.widget_id or "").removeprefix("ask_")
    if name in BY_NAME and await _check(callback, manager):
        manager.dialog_data["editing"] = name
        await manager.switch_to(GameSettingsDialog.number)


def _typed_number(text: str, name: str) -> Callable[[GameSettings], GameSettings]:
    """The typed number, in the units shown (minutes for a timer); out of range, the range
    is given in those units too."""

    def edit(settings: GameSettings) -> GameSettings:
        plus = text.startswith("+")  # «+5» but not «+-5»
        typed = parse_int(text[1:]) if plus else parse_int(text, low=-NUMBER_MAX)
        if typed is None:
            raise _out_of_range(settings, name)
        try:
            return setting_edits.set_number(settings, name, typed * BY_NAME[name].unit)
        except SettingOutOfBounds:
            raise _out_of_range(settings, name) from None

    return edit


async def on_number_text(message: Message, widget: Any, manager: DialogManager) -> None:
    name = manager.dialog_data.get("editing")
    if name not in BY_NAME:
        await manager.switch_to(GameSettingsDialog.main)
        return
    if await _apply(message, manager, _typed_number((message.text or "").strip(), name)):
        manager.dialog_data.pop("editing", None)
        await manager.switch_to(GameSettingsDialog.main)


async def on_skill_text(message: Message, widget: Any, manager: DialogManager) -> None:
    text = message.text or ""
    await _apply(message, manager, lambda s: setting_edits.add_skill(s, text))


async def on_skill_remove(
    callback: CallbackQuery, widget: Any, manager: DialogManager, key: str
) -> None:
    await _apply(callback, manager, lambda s: setting_edits.remove_skill(s, key))

"""What the ``pool`` creation dialog does: the name, gender, stat buttons, confirm, cancel.

Everything typed or chosen so far lives in the dialog's data (aiogram-dialog's stack in Redis),
so a restart mid-dialog resumes it. A refusal becomes a notice shown in the window itself.
"""

from __future__ import annotations

from typing import Any

from aiogram.types import CallbackQuery, Message
from aiogram_dialog.api.protocols import DialogManager
from aiogram_dialog.widgets.input import ManagedTextInput
from aiogram_dialog.widgets.kbd import Button

from bot.dialogs.creation_flow import end_with, game_of
from bot.dialogs.pool_creation_view import points_left, stats_in
from bot.dialogs.states import PoolCreation
from bot.dialogs.widgets import l10n_of
from bot.services.characters import PoolBuild, create_character
from bot.services.errors import InvalidBuild, InvalidName, ServiceError
from bot.services.names import check_name_free, clean_name
from bot.views.refusals import private_refusal_text, refusal_message
from rules.pool.build import stat_minimum
from rules.pool.model import Gender, Stat, Stats

# A legal build to start from (Атака+Защита 5 «норма», Живучесть 5: no wound penalty),
# so a player who agrees needs no taps; "All to minimum" gives a blank sheet.
DEFAULT_STATS = Stats(initiative=1, attack=3, defense=2, vitality=5, charisma=1)
ABOUT = {
    Stat.INITIATIVE: "creation-pool-about-initiative",
    Stat.ATTACK: "creation-pool-about-attack",
    Stat.DEFENSE: "creation-pool-about-defense",
    Stat.VITALITY: "creation-pool-about-vitality",
    Stat.CHARISMA: "creation-pool-about-charisma",
}


def set_notice(manager: DialogManager, msg_id: str | None = None, **args: Any) -> None:
    manager.dialog_data["notice"] = None if msg_id is None else {"id": msg_id, **args}


def name_notice(manager: DialogManager, error: InvalidName) -> None:
    key, args = refusal_message(error)
    set_notice(manager, key, **args)


async def clear_notice(_: CallbackQuery, __: Button, manager: DialogManager) -> None:
    set_notice(manager)


async def on_start(_: Any, manager: DialogManager) -> None:
    manager.dialog_data.setdefault("stats", {stat.value: DEFAULT_STATS.get(stat) for stat in Stat})


async def on_name(_: Message, __: ManagedTextInput[str], manager: DialogManager, text: str) -> None:
    try:
        game = await game_of(manager)
    except ServiceError as error:
        await end_with(manager, private_refusal_text(l10n_of(manager), error))
        return
    try:
        name = clean_name(text)
        await check_name_free(game, name)
    except InvalidName as error:
        name_notice(manager, error)
        return
    manager.dialog_data["name"] = name
    set_notice(manager)
    await manager.switch_to(PoolCreation.gender)


async def on_gender(_: CallbackQuery, button: Button, manager: DialogManager) -> None:
    gender = Gender.FEMALE if button.widget_id == "female" else Gender.MALE
    manager.dialog_data["gender"] = gender.value
    set_notice(manager)
    await manager.switch_to(PoolCreation.stats)


async def on_stat(_: CallbackQuery, button: Button, manager: DialogManager) -> None:
    """``inc_<stat>`` / ``dec_<stat>`` / ``about_<stat>``: never past 12, never below minimum."""
    action, _sep, name = (button.widget_id or "").partition("_")
    stat = Stat(name)
    stats = stats_in(manager)
    if action == "about":
        set_notice(manager, ABOUT[stat])
    elif action == "inc" and points_left(manager) <= 0:
        set_notice(manager, "creation-pool-hint-no-points")
    elif action == "dec" and stats[stat.value] <= stat_minimum(stat):
        set_notice(
            manager, "creation-pool-hint-minimum", stat=stat.value, minimum=stat_minimum(stat)
        )
    else:
        stats[stat.value] += 1 if action == "inc" else -1
        set_notice(manager)


async def on_reset(_: CallbackQuery, __: Button, manager: DialogManager) -> None:
    manager.dialog_data["stats"] = {stat.value: stat_minimum(stat) for stat in Stat}
    set_notice(manager)


async def on_stats_done(_: CallbackQuery, __: Button, manager: DialogManager) -> None:
    left = points_left(manager)
    if left != 0:
        set_notice(manager, "creation-pool-hint-unspent", left=left)
        return
    set_notice(manager)
    await manager.switch_to(PoolCreation.preview)


async def on_pills_move(_: CallbackQuery, __: Button, manager: DialogManager) -> None:
    """The start kit's pills go to the jacket's left pocket (applied at «Создать»)."""
    manager.dialog_data["pills_in_reach"] = True
    set_notice(manager)


async def on_confirm(callback: CallbackQuery, _: Button, manager: DialogManager) -> None:
    """Create the character; a refusal creates nothing and says why."""
    l10n = l10n_of(manager)
    data = manager.dialog_data
    try:
        game = await game_of(manager)
        stats = Stats(**stats_in(manager))
        build = PoolBuild(Gender(data["gender"]), stats, bool(data.get("pills_in_reach")))
        character = await create_character(game, callback.from_user.id, data["name"], build)
    except InvalidName as error:  # taken meanwhile: back to the name, the rest is kept
        data.pop("name", None)
        name_notice(manager, error)
        await manager.switch_to(PoolCreation.name)
        return
    except InvalidBuild:
        set_notice(manager, "error-build")
        await manager.switch_to(PoolCreation.stats)
        return
    except ServiceError as error:
        await end_with(manager, private_refusal_text(l10n, error))
        return
    text = l10n.text("creation-pool-created", number=character.number, name=character.name)
    await end_with(manager, text)


async def on_cancel(_: CallbackQuery, __: Button, manager: DialogManager) -> None:
    await end_with(manager, l10n_of(manager).text("creation-pool-cancelled"))

"""The game master's NPCs for a gathering d20 battle, in private, one after another: name,
class or HP, gender, side; each goes the one way of ``/npc`` (:mod:`bot.handlers.d20_npc`,
:func:`bot.services.battles.field_npc`), and the group hears it as for ``/npc``.

Started by the battle's «🎭 Добавить НПС» button with ``{"game_id": ..., "battle_id": ...}``.
The values live in the dialog data (Redis): a restart resumes the dialog where it was.
"""

from __future__ import annotations

import contextlib
from functools import partial
from typing import Any

from aiogram.exceptions import TelegramAPIError
from aiogram.types import CallbackQuery, Message
from aiogram_dialog import Dialog, DialogManager, Window
from aiogram_dialog.widgets.input import MessageInput
from aiogram_dialog.widgets.kbd import Button, Group, Row, Select
from aiogram_dialog.widgets.text import Format, Multi

from bot.db.models import Encounter, Game
from bot.dialogs.creation_flow import (
    end_with,
    error_getter,
    error_line,
    game_of,
    show_error,
    show_refusal,
)
from bot.dialogs.states import NpcDialog
from bot.dialogs.widgets import I18NFormat, l10n_of
from bot.handlers import d20_publish
from bot.handlers.d20_npc import Written, fielded_text, sheet
from bot.i18n import Translator
from bot.services import battles
from bot.services.battles import NpcSheet
from bot.services.errors import InvalidName, Refusal, ServiceError
from bot.services.names import NAME_MAX, NAME_MIN, clean_name
from bot.services.permissions import may_administer
from bot.views.d20 import side_name
from bot.views.refusals import private_refusal_text
from rules.d20 import CharacterClass
from rules.d20.character import NPC_HP_MAX
from rules.d20.encounter import SIDES, BattleSnapshot, BattleStage
from rules.errors import Code
from rules.gender import Gender

NAME, CLASS, HP, GENDER, FIELDED = "name", "class", "hp", "gender", "fielded"
SHEET_KEYS = (NAME, CLASS, HP, GENDER)


def _battle_id(manager: DialogManager) -> int:
    data = manager.start_data
    battle_id = data.get("battle_id") if isinstance(data, dict) else None
    return battle_id if isinstance(battle_id, int) else 0


async def gathering(manager: DialogManager) -> tuple[Game, BattleSnapshot]:
    """The game and its battle, still gathering (else the refusal: NPCs join only then)."""
    game = await game_of(manager)
    snap = await battles.open_battle_in(game)
    if snap is None or snap.id != _battle_id(manager) or snap.stage is not BattleStage.JOINING:
        raise ServiceError(Refusal.NO_BATTLE_GATHERING)
    return game, snap


async def _refused(manager: DialogManager, error: ServiceError) -> None:
    l10n = l10n_of(manager)
    if error.code is Refusal.NO_BATTLE_GATHERING:  # begun meanwhile: /npc's words don't fit
        await end_with(manager, l10n.text("d20-npcs-no-battle"))
        return
    await end_with(manager, private_refusal_text(l10n, error))


async def on_name(message: Message, _: MessageInput, manager: DialogManager) -> None:
    try:
        name = clean_name(message.text or "")
    except InvalidName:
        show_error(manager, "d20-npcs-bad-name", min=NAME_MIN, max=NAME_MAX)
        return
    try:
        await gathering(manager)
    except ServiceError as error:
        await _refused(manager, error)
        return
    manager.dialog_data[NAME] = name
    await manager.next()


async def on_class(_: CallbackQuery, __: Any, manager: DialogManager, item_id: str) -> None:
    manager.dialog_data[CLASS] = CharacterClass(item_id).value
    manager.dialog_data[HP] = 0
    await manager.next()


async def on_hp(message: Message, _: MessageInput, manager: DialogManager) -> None:
    typed = (message.text or "").strip()
    hp = int(typed) if typed.isascii() and typed.isdigit() and len(typed) <= 4 else 0
    if not 1 <= hp <= NPC_HP_MAX:
        show_error(manager, "d20-npcs-bad-hp", max=NPC_HP_MAX)
        return
    manager.dialog_data[CLASS] = None
    manager.dialog_data[HP] = hp
    await manager.next()


async def on_gender(_: CallbackQuery, button: Button, manager: DialogManager) -> None:
    genders = {"she": Gender.FEMALE.value, "he": Gender.MALE.value}
    manager.dialog_data[GENDER] = genders.get(button.widget_id or "")
    try:
        await gathering(manager)  # the sides' buttons are the gathering battle's
    except ServiceError as error:
        await _refused(manager, error)
        return
    await manager.next()


def written_of(data: dict[str, Any], side: str) -> Written:
    character_class = CharacterClass(data[CLASS]) if data.get(CLASS) else None
    gender = Gender(data[GENDER]) if data.get(GENDER) else None
    return Written(data[NAME], character_class, int(data.get(HP) or 0), gender, side)


async def on_side(_: CallbackQuery, __: Any, manager: DialogManager, side: str) -> None:
    """The NPC goes into the battle the way of ``/npc``; the group hears it."""
    if side not in SIDES or NAME not in manager.dialog_data:
        return
    middleware = manager.middleware_data
    bot, user = middleware["bot"], middleware["event_from_user"]
    translator: Translator = middleware["translator"]
    written = written_of(manager.dialog_data, side)
    fielded = NpcSheet(written.name, sheet(written, written.name), side, written.gender)
    try:
        game, snap = await gathering(manager)
        is_admin = await may_administer(bot, game.chat_id, user.id, middleware["settings"])
        told = partial(d20_publish.compose, bot, translator)
        snap = await battles.field_npc(
            game, user.id, is_admin, fielded, middleware["runtime"], told
        )
    except ServiceError as error:
        if error.code is Code.NAME_IN_BATTLE:  # another name, and the rest again
            for key in SHEET_KEYS:
                manager.dialog_data.pop(key, None)
            show_refusal(manager, error)
            await manager.switch_to(NpcDialog.name)
            return
        await _refused(manager, error)
        return
    group = translator.for_locale(game.locale)
    record = await Encounter.get(id=snap.id)
    with contextlib.suppress(TelegramAPIError):
        await bot.send_message(
            record.chat_id,
            fielded_text(group, group, fielded, snap, side),
            message_thread_id=record.thread_id,
        )
    for key in SHEET_KEYS:
        manager.dialog_data.pop(key, None)
    manager.dialog_data[FIELDED] = fielded_text(l10n_of(manager), group, fielded, snap, side)
    await manager.switch_to(NpcDialog.more)


async def on_more(_: CallbackQuery, __: Button, manager: DialogManager) -> None:
    manager.dialog_data.pop(FIELDED, None)
    await manager.switch_to(NpcDialog.name)


async def on_done(_: CallbackQuery, __: Button, manager: DialogManager) -> None:
    await end_with(manager, l10n_of(manager).text("d20-npcs-done"))


async def on_cancel(_: CallbackQuery, __: Button, manager: DialogManager) -> None:
    await end_with(manager, l10n_of(manager).text("d20-npcs-cancelled"))


async def name_getter(dialog_manager: DialogManager, **_: Any) -> dict[str, Any]:
    data = dialog_manager.dialog_data
    return {"name": data.get(NAME, ""), "min": NAME_MIN, "max": NAME_MAX, "hp_max": NPC_HP_MAX}


async def classes_getter(dialog_manager: DialogManager, **_: Any) -> dict[str, Any]:
    l10n = l10n_of(dialog_manager)
    classes = [
        {"id": c.value, "label": l10n.text(f"creation-d20-class-{c.value}")} for c in CharacterClass
    ]
    return {"classes": classes}


async def sides_getter(dialog_manager: DialogManager, **_: Any) -> dict[str, Any]:
    l10n = l10n_of(dialog_manager)
    try:
        _game, snap = await gathering(dialog_manager)
    except ServiceError:
        return {"sides": []}  # the press says why
    return {
        "sides": [
            {"id": side, "label": side_name(l10n, snap.state, side, escape=False)} for side in SIDES
        ]
    }


async def more_getter(dialog_manager: DialogManager, **_: Any) -> dict[str, Any]:
    return {"fielded": dialog_manager.dialog_data.get(FIELDED, "")}


def _cancel() -> Button:
    return Button(I18NFormat("d20-npcs-button-cancel"), id="cancel", on_click=on_cancel)


def _prompt(msg_id: str) -> Multi:
    return Multi(error_line(), I18NFormat(msg_id), sep="\n\n")


def build_dialog() -> Dialog:
    return Dialog(
        Window(
            _prompt("d20-npcs-name-prompt"),
            MessageInput(on_name),
            _cancel(),
            getter=[error_getter, name_getter],
            state=NpcDialog.name,
        ),
        Window(
            _prompt("d20-npcs-sheet-prompt"),
            MessageInput(on_hp),
            Group(
                Select(
                    Format("{item[label]}"),
                    id="class",
                    item_id_getter=lambda item: item["id"],
                    items="classes",
                    on_click=on_class,
                ),
                width=2,
            ),
            _cancel(),
            getter=[error_getter, name_getter, classes_getter],
            state=NpcDialog.sheet,
        ),
        Window(
            _prompt("d20-npcs-gender-prompt"),
            Row(
                Button(I18NFormat("d20-npcs-button-he"), id="he", on_click=on_gender),
                Button(I18NFormat("d20-npcs-button-she"), id="she", on_click=on_gender),
            ),
            Button(I18NFormat("d20-npcs-button-any"), id="any", on_click=on_gender),
            _cancel(),
            getter=[error_getter, name_getter],
            state=NpcDialog.gender,
        ),
        Window(
            _prompt("d20-npcs-side-prompt"),
            Select(
                Format("{item[label]}"),
                id="side",
                item_id_getter=lambda item: item["id"],
                items="sides",
                on_click=on_side,
            ),
            _cancel(),
            getter=[error_getter, name_getter, sides_getter],
            state=NpcDialog.side,
        ),
        Window(
            Multi(
                error_line(), Format("{fielded}"), I18NFormat("d20-npcs-more-prompt"), sep="\n\n"
            ),
            Row(
                Button(I18NFormat("d20-npcs-button-more"), id="more", on_click=on_more),
                Button(I18NFormat("d20-npcs-button-done"), id="done", on_click=on_done),
            ),
            getter=[error_getter, more_getter],
            state=NpcDialog.more,
        ),
    )

"""The item steps of the character edit dialog: what to do (add, remove, move), which item,
from where and to where, then how many (only pockets and the backpack hold more than one)."""

from __future__ import annotations

from typing import Any

from aiogram.types import CallbackQuery
from aiogram_dialog import DialogManager
from aiogram_dialog.widgets.kbd import Button

from bot.dialogs.character_edit_handlers import precheck, propose
from bot.dialogs.character_edit_view import ITEM_COUNT
from bot.dialogs.states import CharacterEditDialog
from bot.services.character_edit_model import Edit, Field
from rules.pool.model import Item
from rules.pool.places import CARRIED_PLACES, HANDS, Place

ADD, REMOVE, MOVE = "add", "remove", "move"
OPERATIONS = {"i_add": ADD, "i_remove": REMOVE, "i_move": MOVE}
SOURCE, DEST = "source", "dest"
_SINGLE = frozenset({*HANDS, Place.WORN})  # places that hold one thing: no count to ask


async def on_operation(callback: CallbackQuery, button: Button, manager: DialogManager) -> None:
    data = manager.dialog_data
    for key in ("item", SOURCE, DEST):
        data.pop(key, None)
    data["item_op"] = OPERATIONS[button.widget_id or ""]
    await manager.switch_to(CharacterEditDialog.item_kind)


async def on_item(callback: CallbackQuery, widget: Any, manager: DialogManager, key: str) -> None:
    if key not in {item.value for item in Item}:
        await manager.switch_to(CharacterEditDialog.items)
        return
    data = manager.dialog_data
    data["item"] = key
    data["picking"] = DEST if data.get("item_op") == ADD else SOURCE
    await manager.switch_to(CharacterEditDialog.item_place)


async def on_place(callback: CallbackQuery, widget: Any, manager: DialogManager, key: str) -> None:
    if key not in {place.value for place in CARRIED_PLACES}:
        await manager.switch_to(CharacterEditDialog.items)
        return
    data = manager.dialog_data
    picking = str(data.get("picking", DEST))
    data[picking] = key
    if picking == SOURCE and data.get("item_op") == MOVE:
        data["picking"] = DEST
        return  # the same window asks where to
    edit = Edit(
        Field.ITEM,
        (1,),
        key=str(data.get("item", "")),
        source=str(data.get(SOURCE, "")),
        dest=str(data.get(DEST, "")),
    )
    if {Place(p) for p in (edit.source, edit.dest) if p} <= _SINGLE:
        await propose(callback, manager, edit)
    elif await precheck(callback, manager, edit):  # a wrong place is refused before "how many"
        data["field"] = ITEM_COUNT
        await manager.switch_to(CharacterEditDialog.number)

"""What the inventory dialog's buttons do. Each action re-checks everything in the rules; a
refusal changes nothing and is shown in the window as a notice."""

from __future__ import annotations

from typing import Any

from aiogram.types import CallbackQuery
from aiogram_dialog import DialogManager
from aiogram_dialog.widgets.kbd import Button

from bot.dialogs.inventory_view import EAT, GIVE, PICK_ANY, PILLS, actor_of, chosen
from bot.dialogs.states import InventoryDialog
from bot.dialogs.widgets import l10n_of
from bot.i18n import Html, L10n
from bot.services import inventory
from bot.services.errors import ServiceError
from bot.services.runtime import Runtime
from bot.views.refusals import private_refusal_text
from bot.views.world_items import items_text, parse_key, place_to
from rules.errors import Code
from rules.pool.model import Item
from rules.pool.places import Place


def _notice(manager: DialogManager, text: str | None) -> None:
    manager.dialog_data["notice"] = text


async def on_stack(_: CallbackQuery, __: Any, manager: DialogManager, key: str) -> None:
    if parse_key(key) is None:
        return
    manager.dialog_data.update(key=key, count=1)
    _notice(manager, None)
    await manager.switch_to(InventoryDialog.stack)


async def on_back(_: CallbackQuery, __: Button, manager: DialogManager) -> None:
    _notice(manager, None)
    await manager.switch_to(InventoryDialog.main)


async def on_count(_: CallbackQuery, button: Button, manager: DialogManager) -> None:
    """``less`` / ``more`` / ``all``: the count is clamped to what the stack holds on render."""
    data = manager.dialog_data
    count = int(data.get("count", 1))
    if button.widget_id == "less":
        count -= 1
    elif button.widget_id == "more":
        count += 1
    else:
        try:
            things = await inventory.belongings(await actor_of(manager))
        except ServiceError as error:
            _notice(manager, private_refusal_text(l10n_of(manager), error))
            return
        stack = chosen(things, str(data.get("key", "")))
        count = stack.count if stack else 1
    data["count"] = max(1, count)
    _notice(manager, None)


async def _do(
    l10n: L10n, manager: DialogManager, action: str, item: Item, source: Place, count: int
) -> str:
    """Run ``action`` and return the notice saying what happened."""
    actor = await actor_of(manager)
    runtime: Runtime = manager.middleware_data["runtime"]
    if action == EAT:
        await inventory.eat_ration(actor, source, runtime)
        return l10n.text("inventory-done-eaten")
    if action == PILLS:
        me = await inventory.swallow(actor, count, source, runtime)
        return l10n.text("inventory-done-pills", count=count, health=me.health, max=me.max_health)
    kind, _, where = action.partition(".")
    items = items_text(l10n, item, count)
    if kind == "pick":
        dest = None if action == PICK_ANY else Place(where)
        try:
            taken = await inventory.pick_up(actor, item, count, dest, runtime, None)  # said here
        except ServiceError as error:
            if error.code is Code.NOT_THERE and error.details.get("have") == 0:
                return l10n.text("inventory-pick-gone", items=items)  # someone took it first
            raise
        if taken is None:
            return l10n.text("inventory-done-requested", items=items)
        where = ", ".join(
            f"{items_text(l10n, e.item, e.count)} → {place_to(l10n, e.place)}" for e in taken.taken
        )
        return l10n.text("inventory-done-picked", items=Html(where))
    dest = Place(where)
    await inventory.move(actor, item, source, dest, count, runtime)
    return l10n.text("inventory-done-moved", items=items, where=place_to(l10n, dest))


async def on_action(_: CallbackQuery, __: Any, manager: DialogManager, action: str) -> None:
    l10n = l10n_of(manager)
    data = manager.dialog_data
    parsed = parse_key(str(data.get("key", "")))
    if parsed is None:
        await manager.switch_to(InventoryDialog.main)
        return
    source, item = parsed
    if action == GIVE:  # whom to: the next window
        _notice(manager, None)
        await manager.switch_to(InventoryDialog.give)
        return
    try:
        done = await _do(l10n, manager, action, item, source, int(data.get("count", 1)))
    except ServiceError as error:
        _notice(manager, private_refusal_text(l10n, error))
        return
    except ValueError:  # a forged action id
        _notice(manager, l10n.text("error-refused"))
        return
    _notice(manager, done)
    await manager.switch_to(InventoryDialog.main)

"""The inventory dialog's «Передать» window: whom to give the chosen stack to, among the others
in the hall (those at 0 first, marked), by Charisma and build as /look begins its lines."""

from __future__ import annotations

from typing import Any

from aiogram.types import CallbackQuery
from aiogram_dialog import DialogManager, Window
from aiogram_dialog.widgets.kbd import Button, Column, Select
from aiogram_dialog.widgets.text import Format

from bot.dialogs.inventory_view import actor_of, chosen
from bot.dialogs.states import InventoryDialog
from bot.dialogs.widgets import I18NFormat, l10n_of, told_by
from bot.handlers import world_giving
from bot.i18n import L10n
from bot.services import giving
from bot.services.errors import ServiceError
from bot.services.giving import Receiver, Step
from bot.services.inventory import belongings
from bot.services.numbers import parse_int
from bot.services.runtime import Runtime
from bot.views.refusals import private_refusal_text
from bot.views.world_items import items_text, parse_key


def _label(l10n: L10n, receiver: Receiver) -> str:
    state = "at_zero" if receiver.at_zero else "asleep" if receiver.asleep else "awake"
    looks = receiver.looks
    return l10n.text(
        "inventory-give-to",
        state=state,
        charisma=looks.charisma,
        build=looks.build.value,
    )


async def give_getter(dialog_manager: DialogManager, **_: Any) -> dict[str, Any]:
    l10n = l10n_of(dialog_manager)
    data = dialog_manager.dialog_data
    notice = str(data.get("notice") or "")
    try:
        actor = await actor_of(dialog_manager)
        things = await belongings(actor)
        found = await giving.receivers(actor)
    except ServiceError as error:
        return {"body": private_refusal_text(l10n, error), "people": [], "notice": notice}
    stack = chosen(things, str(data.get("key", "")))
    if stack is None:
        return {"body": l10n.text("inventory-gone"), "people": [], "notice": notice}
    count = max(1, min(int(data.get("count", 1)), stack.count))
    items = items_text(l10n, stack.item, count)
    body = l10n.text("inventory-give-whom" if found else "inventory-give-nobody", items=items)
    people = [{"id": str(r.number), "label": _label(l10n, r)} for r in found]
    return {"body": body, "people": people, "notice": notice}


def _done(l10n: L10n, news: giving.Gift) -> str:
    items = items_text(l10n, news.offer.item, news.offer.count)
    if news.step is Step.OFFERED:
        return l10n.text("inventory-given-offered", items=items)
    if news.handed is not None and news.handed.swallowed:
        return l10n.text("inventory-given-pills", items=items)
    return l10n.text("inventory-given", items=items)


async def on_receiver(_: CallbackQuery, __: Any, manager: DialogManager, number: str) -> None:
    l10n = l10n_of(manager)
    data = manager.dialog_data
    parsed = parse_key(str(data.get("key", "")))
    receiver = parse_int(number)
    if parsed is None or receiver is None:
        data["notice"] = l10n.text("error-refused")
        return
    source, item = parsed
    runtime: Runtime = manager.middleware_data["runtime"]
    count = int(data.get("count", 1))
    try:
        actor, told = await actor_of(manager), told_by(manager, world_giving.compose)
        news = await giving.give(actor, receiver, item, source, count, runtime, told)
    except ServiceError as error:
        data["notice"] = private_refusal_text(l10n, error)
        return
    data["notice"] = _done(l10n, news)
    await manager.switch_to(InventoryDialog.main)


async def on_back(_: CallbackQuery, __: Button, manager: DialogManager) -> None:
    manager.dialog_data["notice"] = None
    await manager.switch_to(InventoryDialog.stack)


def give_window() -> Window:
    return Window(
        Format("{body}"),
        Format("\n{notice}", when="notice"),
        Column(
            Select(
                Format("{item[label]}"),
                id="to",
                item_id_getter=lambda item: item["id"],
                items="people",
                on_click=on_receiver,
            )
        ),
        Button(I18NFormat("inventory-back"), id="gback", on_click=on_back),
        state=InventoryDialog.give,
        getter=give_getter,
    )

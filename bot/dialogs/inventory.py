"""The inventory dialog (private): things by place; choose a stack, then what to do with it.

Started by ``/inventory`` (bot/handlers/world_inventory.py) with ``{"game_id": int}``.
"""

from __future__ import annotations

from aiogram_dialog import Dialog, Window
from aiogram_dialog.widgets.kbd import Button, Cancel, Column, Row, Select, WebApp
from aiogram_dialog.widgets.text import Const, Format

from bot.dialogs import inventory_actions as act
from bot.dialogs.inventory_give import give_window
from bot.dialogs.inventory_view import main_getter, stack_getter
from bot.dialogs.states import InventoryDialog
from bot.dialogs.widgets import I18NFormat


def _main_window() -> Window:
    return Window(
        Format("{body}"),
        Format("\n{notice}", when="notice"),
        Column(
            Select(
                Format("{item[label]}"),
                id="stk",
                item_id_getter=lambda item: item["id"],
                items="stacks",
                on_click=act.on_stack,
            )
        ),
        WebApp(I18NFormat("miniapp-button"), Format("{miniapp}"), id="app", when="miniapp"),
        Row(
            Button(I18NFormat("inventory-refresh"), id="refresh"),
            Cancel(I18NFormat("inventory-close")),
        ),
        state=InventoryDialog.main,
        getter=main_getter,
    )


def _stack_window() -> Window:
    return Window(
        Format("{body}"),
        Format("\n{notice}", when="notice"),
        Row(
            Button(Const("−"), id="less", on_click=act.on_count),
            Button(Format("{count}"), id="count"),
            Button(Const("+"), id="more", on_click=act.on_count),
            Button(I18NFormat("inventory-all"), id="all", on_click=act.on_count),
            when="many",
        ),
        Column(
            Select(
                Format("{item[label]}"),
                id="act",
                item_id_getter=lambda item: item["id"],
                items="options",
                on_click=act.on_action,
            )
        ),
        Button(I18NFormat("inventory-back"), id="back", on_click=act.on_back),
        state=InventoryDialog.stack,
        getter=stack_getter,
    )


def build_dialog() -> Dialog:
    return Dialog(_main_window(), _stack_window(), give_window())

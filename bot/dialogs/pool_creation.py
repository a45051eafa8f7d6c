"""The ``pool`` character creation dialog: name, gender, 12 points over 5 stats, preview.

Started by ``/start j<game>`` (bot/handlers/join.py) with ``{"game_id": int}``. Back and cancel
on every step after the first (the first has cancel only: there is nothing before it).
"""

from __future__ import annotations

from typing import Any

from aiogram_dialog import Dialog, Window
from aiogram_dialog.api.protocols import DialogManager
from aiogram_dialog.widgets.input import TextInput
from aiogram_dialog.widgets.kbd import Back, Button, Row, SwitchTo
from aiogram_dialog.widgets.text import Const, Multi

from bot.dialogs import pool_creation_actions as act
from bot.dialogs.pool_creation_view import StatLabel, common_getter, preview_getter
from bot.dialogs.states import PoolCreation
from bot.dialogs.widgets import I18NFormat
from rules.pool.model import Stat


def _no_penalty(data: dict[str, Any], _: Any, __: DialogManager) -> bool:
    return not data.get("total")


def _notice() -> I18NFormat:
    return I18NFormat("creation-pool-notice", when="notice")


def _back_and_cancel() -> Row:
    return Row(
        Back(I18NFormat("creation-pool-back"), on_click=act.clear_notice),
        _cancel(),
    )


def _cancel() -> Button:
    return Button(I18NFormat("creation-pool-cancel"), id="cancel", on_click=act.on_cancel)


def _stat_row(stat: Stat) -> Row:
    return Row(
        Button(Const("−"), id=f"dec_{stat.value}", on_click=act.on_stat),
        Button(StatLabel(stat), id=f"about_{stat.value}", on_click=act.on_stat),
        Button(Const("+"), id=f"inc_{stat.value}", on_click=act.on_stat),
    )


def _name_window() -> Window:
    return Window(
        I18NFormat("creation-pool-name"),
        I18NFormat("creation-pool-name-current", when="name"),
        _notice(),
        TextInput(id="name", on_success=act.on_name),
        SwitchTo(
            I18NFormat("creation-pool-next"),
            id="name_next",
            state=PoolCreation.gender,
            on_click=act.clear_notice,
            when="name",
        ),
        _cancel(),
        state=PoolCreation.name,
    )


def _gender_window() -> Window:
    return Window(
        I18NFormat("creation-pool-gender"),
        _notice(),
        Row(
            Button(I18NFormat("creation-pool-male"), id="male", on_click=act.on_gender),
            Button(I18NFormat("creation-pool-female"), id="female", on_click=act.on_gender),
        ),
        _back_and_cancel(),
        state=PoolCreation.gender,
    )


def _stats_window() -> Window:
    return Window(
        I18NFormat("creation-pool-stats"),
        _notice(),
        *(_stat_row(stat) for stat in Stat),
        Button(I18NFormat("creation-pool-reset"), id="reset", on_click=act.on_reset),
        Button(I18NFormat("creation-pool-next"), id="stats_next", on_click=act.on_stats_done),
        _back_and_cancel(),
        state=PoolCreation.stats,
    )


def _preview_window() -> Window:
    return Window(
        Multi(
            I18NFormat("creation-pool-preview"),
            Multi(
                I18NFormat("creation-pool-penalty-none", when=_no_penalty),
                I18NFormat("creation-pool-penalty", when="total"),
                I18NFormat("creation-pool-bleeding", when="bleeding"),
            ),
            Multi(
                I18NFormat("creation-pool-appearance"),
                I18NFormat("creation-pool-kit"),
                I18NFormat("creation-pool-pills-hint", when="movable"),
                I18NFormat("creation-pool-pills-moved", when="pocket"),
            ),
            _notice(),
            sep="\n\n",
        ),
        Button(
            I18NFormat("creation-pool-pills-move"),
            id="pills_move",
            on_click=act.on_pills_move,
            when="movable",
        ),
        Button(I18NFormat("creation-pool-confirm"), id="confirm", on_click=act.on_confirm),
        _back_and_cancel(),
        state=PoolCreation.preview,
        getter=preview_getter,
    )


def build_dialog() -> Dialog:
    return Dialog(
        _name_window(),
        _gender_window(),
        _stats_window(),
        _preview_window(),
        on_start=act.on_start,
        getter=common_getter,
    )

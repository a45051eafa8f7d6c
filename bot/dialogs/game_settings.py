"""The game settings dialog an admin opens in private from ``/game`` in the group.

Only what applies to the game's system is shown, plus the common timers. Numbers change with
- and + (or a typed number), toggles with one press, duel skills are added by typing a name
and removed with their buttons. Each change is saved at once.
"""

from __future__ import annotations

from aiogram.enums import ContentType
from aiogram_dialog import Dialog, Window
from aiogram_dialog.widgets.input import MessageInput
from aiogram_dialog.widgets.kbd import Button, Cancel, Column, Group, Row, Select, SwitchTo
from aiogram_dialog.widgets.text import Const, Format

from bot.dialogs.game_settings_handlers import (
    on_ask_number,
    on_number_text,
    on_skill_remove,
    on_skill_text,
    on_step,
    on_toggle,
)
from bot.dialogs.game_settings_view import NUMBERS, TOGGLES, Shown, settings_getter
from bot.dialogs.states import GameSettingsDialog
from bot.dialogs.widgets import I18NFormat


def _number_row(shown: Shown) -> Row:
    return Row(
        Button(Const(f"−{shown.shown_step}"), id=f"dec_{shown.name}", on_click=on_step),
        Button(I18NFormat(shown.label), id=f"ask_{shown.name}", on_click=on_ask_number),
        Button(Const(f"+{shown.shown_step}"), id=f"inc_{shown.name}", on_click=on_step),
        when=f"show_{shown.name}",
    )


def _toggle_row(shown: Shown) -> Button:
    return Button(
        I18NFormat(shown.label),
        id=f"tg_{shown.name}",
        on_click=on_toggle,
        when=f"show_{shown.name}",
    )


def _main_window() -> Window:
    return Window(
        I18NFormat("settings-main", when="active"),
        I18NFormat("error-no-game", when="ended"),
        Group(
            *(_number_row(shown) for shown in NUMBERS),
            *(_toggle_row(shown) for shown in TOGGLES),
            SwitchTo(
                I18NFormat("settings-skills-button"),
                id="skills",
                state=GameSettingsDialog.skills,
                when="is_duel",
            ),
            when="active",
        ),
        Cancel(I18NFormat("settings-close")),
        state=GameSettingsDialog.main,
    )


def _back() -> SwitchTo:
    return SwitchTo(I18NFormat("settings-back"), id="back", state=GameSettingsDialog.main)


def _number_window() -> Window:
    return Window(
        I18NFormat("settings-ask-number", when="ask_number"),
        I18NFormat("settings-ask-minutes", when="ask_minutes"),
        I18NFormat("error-no-game", when="ended"),
        MessageInput(on_number_text, content_types=ContentType.TEXT),
        _back(),
        state=GameSettingsDialog.number,
    )


def _skills_window() -> Window:
    return Window(
        I18NFormat("settings-skills", when="active"),
        I18NFormat("error-no-game", when="ended"),
        MessageInput(on_skill_text, content_types=ContentType.TEXT),
        Column(
            Select(
                Format("✖ {item[name]}"),
                id="skill",
                item_id_getter=lambda item: item["key"],
                items="skills",
                on_click=on_skill_remove,
            ),
            when="active",
        ),
        _back(),
        state=GameSettingsDialog.skills,
    )


def build_dialog() -> Dialog:
    return Dialog(_main_window(), _number_window(), _skills_window(), getter=settings_getter)

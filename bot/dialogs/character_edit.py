"""The private dialog in which a game master edits one character (``/edit N`` in the group).

Main window: the full sheet and a button per field group of the game's system. A field is
changed by typing a number (or pressing a state, a class, an item step); the edit is checked
by the rules, limits it breaks are shown with "apply anyway", a reason is asked, then the edit
is saved with its log entry and announced in the group. Back and cancel on every window.
"""

from __future__ import annotations

from aiogram.enums import ContentType
from aiogram_dialog import Dialog, Window
from aiogram_dialog.widgets.input import MessageInput, TextInput
from aiogram_dialog.widgets.kbd import Button, Cancel, Column, Group, Row, Select
from aiogram_dialog.widgets.text import Format

from bot.dialogs.character_edit_handlers import (
    on_back,
    on_class,
    on_counter,
    on_gender,
    on_group,
    on_number_text,
    on_race,
    on_race_text,
    on_skill,
    on_state,
)
from bot.dialogs.character_edit_item_steps import on_item, on_operation, on_place
from bot.dialogs.character_edit_save import on_force, on_reason
from bot.dialogs.character_edit_view import edit_getter
from bot.dialogs.states import CharacterEditDialog as States
from bot.dialogs.widgets import I18NFormat


def _button(label: str, widget_id: str, when: str | None = None) -> Button:
    return Button(I18NFormat(label), id=widget_id, on_click=on_group, when=when)


def _state(label: str, widget_id: str, when: str) -> Button:
    return Button(I18NFormat(label), id=widget_id, on_click=on_state, when=when)


def _back() -> Button:
    return Button(I18NFormat("edit-button-back"), id="back", on_click=on_back)


def _gone() -> tuple[I18NFormat, I18NFormat]:
    return I18NFormat("error-no-game", when="ended"), I18NFormat("edit-missing", when="missing")


def _main_window() -> Window:
    pool = Group(
        Row(_button("edit-button-stats", "g_stats"), _button("edit-button-health", "g_health")),
        Row(_button("edit-button-items", "g_items"), _button("edit-button-hall", "g_hall")),
        Row(
            _button("edit-button-counters", "g_counters"),
            _button("edit-button-states", "g_states"),
        ),
        when="is_pool",
    )
    duel = Group(
        Row(_button("edit-button-hp", "g_health"), _button("edit-button-max-hp", "g_max_health")),
        Row(_button("edit-button-agility", "g_agility"), _button("edit-button-skills", "g_skills")),
        when="is_duel",
    )
    d20 = Group(
        Row(_button("edit-button-hp", "g_health"), _button("edit-button-class", "g_classes")),
        Row(_button("edit-button-race", "g_races")),
        when="is_d20",
    )
    every = Row(_button("edit-button-gender", "g_gender"))
    return Window(
        I18NFormat("edit-main", when="active"),
        I18NFormat("edit-saved", when="saved"),
        *_gone(),
        Group(pool, duel, d20, every, when="alive"),
        _state("edit-button-kill", "s_kill", when="kill_here"),
        _state("edit-button-revive", "s_revive", when="dead"),
        Cancel(I18NFormat("edit-button-close")),
        state=States.main,
    )


def _number_window() -> Window:
    return Window(
        I18NFormat("edit-ask", when="active"),
        *_gone(),
        MessageInput(on_number_text, content_types=ContentType.TEXT),
        _back(),
        state=States.number,
    )


def _counters_window() -> Window:
    return Window(
        I18NFormat("edit-counters", when="active"),
        *_gone(),
        Column(
            Button(I18NFormat("edit-button-food"), id="c_food", on_click=on_counter),
            Button(I18NFormat("edit-button-sleep"), id="c_sleep", on_click=on_counter),
            Button(I18NFormat("edit-button-slept"), id="c_slept", on_click=on_counter),
            when="alive",
        ),
        _back(),
        state=States.counters,
    )


def _states_window() -> Window:
    return Window(
        I18NFormat("edit-states", when="active"),
        *_gone(),
        Column(
            _state("edit-button-sleep-on", "s_sleep", when="awake"),
            _state("edit-button-wake", "s_wake", when="sleeping"),
            _state("edit-button-fall", "s_fall", when="standing"),
            _state("edit-button-stand", "s_stand", when="lying"),
            _state("edit-button-kill", "s_kill", when="alive"),
        ),
        _back(),
        state=States.states,
    )


def _select(widget_id: str, items: str, on_click: object, width: int = 2) -> Group:
    return Group(
        Select(
            Format("{item[label]}"),
            id=widget_id,
            item_id_getter=lambda item: item["id"],
            items=items,
            on_click=on_click,  # type: ignore[arg-type]
        ),
        width=width,
    )


def _items_windows() -> list[Window]:
    operations = Row(
        Button(I18NFormat("edit-button-add"), id="i_add", on_click=on_operation),
        Button(I18NFormat("edit-button-remove"), id="i_remove", on_click=on_operation),
        Button(I18NFormat("edit-button-move"), id="i_move", on_click=on_operation),
        when="alive",
    )
    return [
        Window(
            I18NFormat("edit-items", when="active"),
            *_gone(),
            operations,
            _back(),
            state=States.items,
        ),
        Window(
            I18NFormat("edit-pick-item", when="active"),
            *_gone(),
            _select("kind", "kinds", on_item),
            _back(),
            state=States.item_kind,
        ),
        Window(
            I18NFormat("edit-pick-place", when="active"),
            *_gone(),
            _select("place", "places", on_place),
            _back(),
            state=States.item_place,
        ),
    ]


def _pick_windows() -> list[Window]:
    return [
        Window(
            I18NFormat("edit-skills", when="active"),
            *_gone(),
            _select("skill", "skills", on_skill, width=1),
            _back(),
            state=States.skills,
        ),
        Window(
            I18NFormat("edit-classes", when="active"),
            *_gone(),
            _select("cls", "classes", on_class),
            _back(),
            state=States.classes,
        ),
        Window(
            I18NFormat("edit-races", when="active"),
            *_gone(),
            _select("race", "races", on_race),
            MessageInput(on_race_text, content_types=ContentType.TEXT),
            _back(),
            state=States.races,
        ),
        Window(
            I18NFormat("edit-gender", when="active"),
            *_gone(),
            Row(
                Button(I18NFormat("creation-gender-he"), id="gender_m", on_click=on_gender),
                Button(I18NFormat("creation-gender-she"), id="gender_f", on_click=on_gender),
                when="alive",
            ),
            _back(),
            state=States.gender,
        ),
    ]


def _confirm_windows() -> list[Window]:
    return [
        Window(
            I18NFormat("edit-confirm", when="active"),
            *_gone(),
            Button(I18NFormat("edit-button-force"), id="force", on_click=on_force),
            Button(I18NFormat("edit-button-cancel"), id="cancel", on_click=on_back),
            state=States.confirm,
        ),
        Window(
            I18NFormat("edit-reason", when="active"),
            *_gone(),
            TextInput(id="reason", on_success=on_reason),
            Button(I18NFormat("edit-button-cancel"), id="cancel", on_click=on_back),
            state=States.reason,
        ),
    ]


def build_dialog() -> Dialog:
    return Dialog(
        _main_window(),
        _number_window(),
        _counters_window(),
        _states_window(),
        *_items_windows(),
        *_pick_windows(),
        *_confirm_windows(),
        getter=edit_getter,
    )

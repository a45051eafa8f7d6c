"""Creating a ``duel`` character in private: name, gender, skills, agility, preview, confirm.

Started by ``/start j<game>`` with ``{"game_id": ...}``. Values live in the dialog data
(Redis), so a restart resumes the dialog from its last message with the same values.
"""

from __future__ import annotations

from typing import Any

from aiogram_dialog import Dialog, DialogManager, Window
from aiogram_dialog.widgets.input import MessageInput
from aiogram_dialog.widgets.kbd import Back, Button, ListGroup, Next, Row
from aiogram_dialog.widgets.text import Const, Format, Multi

from bot.dialogs import creation_flow as flow
from bot.dialogs.duel_handlers import (
    TEXTS,
    on_agility_step,
    on_agility_typed,
    on_confirm,
    on_skill_step,
    on_skills_next,
    on_toggle,
    settings_for,
)
from bot.dialogs.duel_values import middle, normalize, preview_skills, skill_rows
from bot.dialogs.states import DuelCreation
from bot.dialogs.widgets import I18NFormat, l10n_of
from bot.views.grammar import gender_of


async def name_getter(dialog_manager: DialogManager, **_: Any) -> dict[str, Any]:
    return {"name": dialog_manager.dialog_data.get(flow.NAME_KEY, "")}


async def skills_getter(dialog_manager: DialogManager, **_: Any) -> dict[str, Any]:
    settings = await settings_for(dialog_manager)
    skills, _agility = normalize(dialog_manager.dialog_data, settings)
    return {
        "name": dialog_manager.dialog_data.get(flow.NAME_KEY, ""),
        "min": settings.skill_min,
        "max": settings.skill_max,
        "default": middle(settings.skill_min, settings.skill_max),
        "no_skills": not settings.duel_skills,
        "rows": skill_rows(skills, settings),
    }


async def agility_getter(dialog_manager: DialogManager, **_: Any) -> dict[str, Any]:
    settings = await settings_for(dialog_manager)
    _skills, agility = normalize(dialog_manager.dialog_data, settings)
    return {
        "name": dialog_manager.dialog_data.get(flow.NAME_KEY, ""),
        "agility": agility,
        "min": settings.agility_min,
        "max": settings.agility_max,
    }


async def preview_getter(dialog_manager: DialogManager, **_: Any) -> dict[str, Any]:
    settings = await settings_for(dialog_manager)
    skills, agility = normalize(dialog_manager.dialog_data, settings)
    return {
        "name": dialog_manager.dialog_data.get(flow.NAME_KEY, ""),
        "gender": gender_of(dialog_manager.dialog_data.get(flow.GENDER_KEY)),
        "skills": preview_skills(l10n_of(dialog_manager), skills, settings),
        "agility": agility,
        "hp": settings.duel_hp,
    }


def _chosen(data: dict[str, Any], *_: Any) -> bool:
    return bool(data["item"]["chosen"])


def _back() -> Back:
    return Back(I18NFormat("creation-duel-button-back"))


def _agility_button(widget_id: str, label: str) -> Button:
    return Button(Const(label), id=widget_id, on_click=on_agility_step)


def _skill_row() -> Row:
    return Row(
        Button(Format("✅ {item[label]}"), id="skill_off", on_click=on_toggle, when=_chosen),
        Button(
            Format("▫️ {item[label]}"),
            id="skill_on",
            on_click=on_toggle,
            when=lambda data, *_: not _chosen(data),
        ),
        Button(Const("−"), id="skill_minus", on_click=on_skill_step, when=_chosen),
        Button(Format("{item[value]}"), id="skill_value", when=_chosen),
        Button(Const("+"), id="skill_plus", on_click=on_skill_step, when=_chosen),
    )


def build_dialog() -> Dialog:
    error = flow.error_line()
    return Dialog(
        Window(
            Multi(
                error,
                I18NFormat("creation-duel-name-prompt"),
                I18NFormat("creation-duel-name-current", when="name"),
                sep="\n\n",
            ),
            flow.name_input(TEXTS),
            Next(I18NFormat("creation-duel-button-next"), when="name"),
            flow.cancel_button(TEXTS),
            getter=[flow.error_getter, name_getter],
            state=DuelCreation.name,
        ),
        flow.gender_window(TEXTS, _back(), DuelCreation.gender),
        Window(
            Multi(
                error,
                I18NFormat("creation-duel-skills-prompt"),
                I18NFormat("creation-duel-no-skills", when="no_skills"),
                sep="\n\n",
            ),
            ListGroup(_skill_row(), id="skills", item_id_getter=lambda r: r["pos"], items="rows"),
            Row(
                _back(),
                Button(
                    I18NFormat("creation-duel-button-next"),
                    id="skills_next",
                    on_click=on_skills_next,
                ),
            ),
            flow.cancel_button(TEXTS),
            getter=[flow.error_getter, skills_getter],
            state=DuelCreation.skills,
        ),
        Window(
            Multi(error, I18NFormat("creation-duel-agility-prompt"), sep="\n\n"),
            MessageInput(on_agility_typed),
            Row(
                _agility_button("agility_m5", "−5"),
                _agility_button("agility_m1", "−1"),
                Button(Format("{agility}\u00a0%"), id="agility_value"),
                _agility_button("agility_p1", "+1"),
                _agility_button("agility_p5", "+5"),
            ),
            Row(_back(), Next(I18NFormat("creation-duel-button-next"))),
            flow.cancel_button(TEXTS),
            getter=[flow.error_getter, agility_getter],
            state=DuelCreation.agility,
        ),
        Window(
            Multi(error, I18NFormat("creation-duel-preview"), sep="\n\n"),
            Button(I18NFormat("creation-duel-button-confirm"), id="confirm", on_click=on_confirm),
            Row(_back(), flow.cancel_button(TEXTS)),
            getter=[flow.error_getter, preview_getter],
            state=DuelCreation.preview,
        ),
    )

"""Creating a ``d20`` character in private: name, gender, class, optional race, optional
description, preview, confirm.

Started by ``/start j<game>`` with ``{"game_id": ...}``; values live in the dialog data (Redis).
"""

from __future__ import annotations

from typing import Any

from aiogram.types import CallbackQuery, Message
from aiogram_dialog import Dialog, DialogManager, Window
from aiogram_dialog.widgets.input import MessageInput
from aiogram_dialog.widgets.kbd import Back, Button, Group, Next, Row, Select, SwitchTo
from aiogram_dialog.widgets.text import Format, Multi

from bot.dialogs import creation_flow as flow
from bot.dialogs.d20_race_steps import chosen_race, race_windows
from bot.dialogs.states import D20Creation
from bot.dialogs.widgets import I18NFormat, l10n_of
from bot.i18n import L10n
from bot.services.characters import DESCRIPTION_MAX, D20Build
from bot.views.d20_race import race_label
from bot.views.grammar import gender_of
from rules.d20 import ARMOUR_CLASS, CLASS_HP, CharacterClass

TEXTS = flow.FlowTexts(
    need_text="creation-d20-need-text",
    cancel_button="creation-d20-button-cancel",
    cancelled="creation-d20-cancelled",
    created="creation-d20-created",
)
CLASS_NAMES = {
    CharacterClass.WARLOCK: "creation-d20-class-warlock",
    CharacterClass.WIZARD: "creation-d20-class-wizard",
    CharacterClass.CLERIC: "creation-d20-class-cleric",
    CharacterClass.MONK: "creation-d20-class-monk",
    CharacterClass.FIGHTER: "creation-d20-class-fighter",
    CharacterClass.PALADIN: "creation-d20-class-paladin",
    CharacterClass.RANGER: "creation-d20-class-ranger",
    CharacterClass.BARBARIAN: "creation-d20-class-barbarian",
}
CLASS_KEY = "character_class"
DESCRIPTION_KEY = "description"


def _class_of(data: dict[str, Any]) -> CharacterClass | None:
    value = data.get(CLASS_KEY)
    return CharacterClass(value) if isinstance(value, str) and _known(value) else None


def _known(value: str) -> bool:
    return value in {c.value for c in CharacterClass}


def _class_name(l10n: L10n, character_class: CharacterClass | None) -> str:
    return l10n.text(CLASS_NAMES[character_class]) if character_class else ""


async def values_getter(dialog_manager: DialogManager, **_: Any) -> dict[str, Any]:
    data = dialog_manager.dialog_data
    l10n = l10n_of(dialog_manager)
    character_class = _class_of(data)
    return {
        "name": data.get(flow.NAME_KEY, ""),
        "gender": gender_of(data.get(flow.GENDER_KEY)),
        "class": _class_name(l10n, character_class),
        "hp": CLASS_HP[character_class] if character_class else 0,
        "ac": ARMOUR_CLASS,
        "description": data.get(DESCRIPTION_KEY, ""),
        "race": race_label(l10n, chosen_race(data)) if chosen_race(data) else "",
        "limit": DESCRIPTION_MAX,
    }


async def classes_getter(dialog_manager: DialogManager, **_: Any) -> dict[str, Any]:
    l10n = l10n_of(dialog_manager)
    chosen = _class_of(dialog_manager.dialog_data)
    classes = []
    for character_class, hp in CLASS_HP.items():
        name = _class_name(l10n, character_class)
        label = l10n.text("creation-d20-class-button", **{"class": name, "hp": hp})
        mark = "✅ " if character_class == chosen else ""
        classes.append({"id": character_class.value, "label": mark + label})
    return {"classes": classes}


async def on_class(_: CallbackQuery, __: Any, manager: DialogManager, item_id: str) -> None:
    if not _known(item_id):
        return
    manager.dialog_data[CLASS_KEY] = item_id
    await manager.next()


async def on_description(message: Message, _: MessageInput, manager: DialogManager) -> None:
    if not message.text:
        flow.show_error(manager, TEXTS.need_text)
        return
    text = message.text.strip()
    if len(text) > DESCRIPTION_MAX:
        flow.show_error(
            manager, "creation-d20-error-description-long", limit=DESCRIPTION_MAX, length=len(text)
        )
        return
    manager.dialog_data[DESCRIPTION_KEY] = text
    await manager.next()


async def on_skip(_: CallbackQuery, __: Button, manager: DialogManager) -> None:
    manager.dialog_data[DESCRIPTION_KEY] = ""
    await manager.next()


async def on_confirm(_: CallbackQuery, __: Button, manager: DialogManager) -> None:
    character_class = _class_of(manager.dialog_data)
    if character_class is None:
        await manager.switch_to(D20Creation.character_class)
        return
    description = manager.dialog_data.get(DESCRIPTION_KEY, "")
    race = chosen_race(manager.dialog_data)
    build = D20Build(character_class, description, flow.chosen_gender(manager), race)
    await flow.finish(manager, TEXTS, build, D20Creation.name)


def _no_description(data: dict[str, Any], *_: Any) -> bool:
    return not data["description"]


def _back() -> Back:
    return Back(I18NFormat("creation-d20-button-back"))


def build_dialog() -> Dialog:
    error = flow.error_line()
    getter = [flow.error_getter, values_getter]
    return Dialog(
        Window(
            Multi(
                error,
                I18NFormat("creation-d20-name-prompt"),
                I18NFormat("creation-d20-name-current", when="name"),
                sep="\n\n",
            ),
            flow.name_input(TEXTS),
            Next(I18NFormat("creation-d20-button-next"), when="name"),
            flow.cancel_button(TEXTS),
            getter=getter,
            state=D20Creation.name,
        ),
        flow.gender_window(TEXTS, _back(), D20Creation.gender),
        Window(
            Multi(error, I18NFormat("creation-d20-class-prompt"), sep="\n\n"),
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
            Row(_back(), flow.cancel_button(TEXTS)),
            getter=[*getter, classes_getter],
            state=D20Creation.character_class,
        ),
        *race_windows(TEXTS, getter),
        Window(
            Multi(
                error,
                I18NFormat("creation-d20-description-prompt"),
                I18NFormat("creation-d20-description-current", when="description"),
                sep="\n\n",
            ),
            MessageInput(on_description),
            Row(
                Button(I18NFormat("creation-d20-button-skip"), id="skip", on_click=on_skip),
                Next(I18NFormat("creation-d20-button-keep"), when="description"),
            ),
            Row(
                SwitchTo(
                    I18NFormat("creation-d20-button-back"), id="desc_back", state=D20Creation.race
                ),
                flow.cancel_button(TEXTS),
            ),
            getter=getter,
            state=D20Creation.description,
        ),
        Window(
            Multi(
                error,
                Multi(
                    I18NFormat("creation-d20-preview"),
                    I18NFormat("creation-d20-preview-race", when="race"),
                    I18NFormat("creation-d20-preview-description", when="description"),
                    I18NFormat("creation-d20-preview-no-description", when=_no_description),
                ),
                I18NFormat("creation-d20-preview-confirm"),
                sep="\n\n",
            ),
            Button(I18NFormat("creation-d20-button-confirm"), id="confirm", on_click=on_confirm),
            Row(_back(), flow.cancel_button(TEXTS)),
            getter=getter,
            state=D20Creation.preview,
        ),
    )

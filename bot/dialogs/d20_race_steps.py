"""The race step of d20 creation (rulebook: d20 / Race): a button of the list, «other» and
one's own word, or skip. The chosen code (or word) lives in the dialog data (Redis)."""

from __future__ import annotations

from typing import Any

from aiogram.types import CallbackQuery, Message
from aiogram_dialog import DialogManager, Window
from aiogram_dialog.widgets.input import MessageInput
from aiogram_dialog.widgets.kbd import Button, Group, Row, Select, SwitchTo
from aiogram_dialog.widgets.text import Format, Multi

from bot.dialogs import creation_flow as flow
from bot.dialogs.states import D20Creation
from bot.dialogs.widgets import I18NFormat, l10n_of
from bot.services.d20_race import KNOWN, NO_RACE, parse_race
from bot.services.errors import ServiceError
from bot.views.d20_race import RACE_IDS, race_label
from rules.d20 import RACE_TEXT_MAX, Race

RACE_KEY = "race"
OTHER = Race.OTHER.value


def chosen_race(data: dict[str, Any]) -> str:
    """The race code or own word chosen so far ("" none), as :func:`parse_race` takes it."""
    value = data.get(RACE_KEY, NO_RACE)
    return value if isinstance(value, str) else NO_RACE


async def race_getter(dialog_manager: DialogManager, **_: Any) -> dict[str, Any]:
    l10n = l10n_of(dialog_manager)
    chosen = chosen_race(dialog_manager.dialog_data)
    own = chosen not in KNOWN and chosen != NO_RACE
    races = []
    for race in Race:
        mark = "✅ " if race.value == chosen or (race is Race.OTHER and own) else ""
        races.append({"id": race.value, "label": mark + l10n.text(RACE_IDS[race])})
    return {
        "races": races,
        "race": race_label(l10n, chosen) if chosen else "",
        "race_limit": RACE_TEXT_MAX,
    }


async def on_race(_: CallbackQuery, __: Any, manager: DialogManager, item_id: str) -> None:
    if item_id == OTHER:
        await manager.switch_to(D20Creation.race_other)
    elif item_id in KNOWN:
        manager.dialog_data[RACE_KEY] = item_id
        await manager.switch_to(D20Creation.description)


async def on_race_text(message: Message, _: MessageInput, manager: DialogManager) -> None:
    """One's own word, typed at either race window."""
    if not message.text:
        flow.show_error(manager, "creation-d20-need-text")
        return
    try:
        race, text = parse_race(message.text)
    except ServiceError as error:
        flow.show_refusal(manager, error)
        return
    manager.dialog_data[RACE_KEY] = text or (race.value if race else NO_RACE)
    await manager.switch_to(D20Creation.description)


async def on_skip_race(_: CallbackQuery, __: Button, manager: DialogManager) -> None:
    manager.dialog_data[RACE_KEY] = NO_RACE
    await manager.switch_to(D20Creation.description)


def race_windows(texts: flow.FlowTexts, getter: list[Any]) -> list[Window]:
    back = I18NFormat("creation-d20-button-back")
    return [
        Window(
            Multi(
                flow.error_line(),
                I18NFormat("creation-d20-race-prompt"),
                I18NFormat("creation-d20-race-current", when="race"),
                sep="\n\n",
            ),
            Group(
                Select(
                    Format("{item[label]}"),
                    id="race",
                    item_id_getter=lambda item: item["id"],
                    items="races",
                    on_click=on_race,
                ),
                width=2,
            ),
            MessageInput(on_race_text),
            Button(I18NFormat("creation-d20-button-skip"), id="skip_race", on_click=on_skip_race),
            Row(
                SwitchTo(back, id="race_back", state=D20Creation.character_class),
                flow.cancel_button(texts),
            ),
            getter=[*getter, race_getter],
            state=D20Creation.race,
        ),
        Window(
            Multi(flow.error_line(), I18NFormat("creation-d20-race-other-prompt"), sep="\n\n"),
            MessageInput(on_race_text),
            Row(SwitchTo(back, id="other_back", state=D20Creation.race), flow.cancel_button(texts)),
            getter=[*getter, race_getter],
            state=D20Creation.race_other,
        ),
    ]

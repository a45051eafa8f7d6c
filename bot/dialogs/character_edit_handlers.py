"""What the character edit dialog's buttons and typed answers do.

Every step re-checks that the game runs and the user still administers its chat. An edit is
checked when proposed (refused, or its broken limits shown for confirmation), then saved after
the reason, only if the character is still as it was when the admin opened the field.
"""

from __future__ import annotations

import re
from typing import Any

from aiogram.types import CallbackQuery, Message
from aiogram_dialog import DialogManager
from aiogram_dialog.widgets.kbd import Button

from bot.db.models import Game
from bot.dialogs.character_edit_view import ITEM_COUNT, game_id_of, number_of
from bot.dialogs.states import CharacterEditDialog
from bot.dialogs.widgets import l10n_of
from bot.handlers.replies import refuse
from bot.services.character_edit_model import Edit, Field, Outcome, StaleEdit
from bot.services.character_edit_other import duel_skill_names
from bot.services.character_edits import Target, check_edit, load_target
from bot.services.codec import dump
from bot.services.errors import NoActiveGame, Refusal, ServiceError
from bot.services.games import settings_of
from bot.services.numbers import NUMBER_MAX, parse_int
from bot.services.permissions import admin_ids_of
from bot.services.settings_admin import admin_game
from bot.views.refusals import in_private
from rules.gender import Gender

NO_RACE_ID = "none"  # the race list's button for "not told"
SEPARATORS = re.compile(r"[\s,;]+")  # «3 3 2 6 0», «3, 3, 2, 6, 0»
PENDING = ("edit", "outcome", "forced", "field", "skill", "item", "item_op", "source", "dest")
# Buttons of the main window: the window they open and the field a number window would ask.
GROUPS: dict[str, tuple[Any, str]] = {
    "g_stats": (CharacterEditDialog.number, Field.STATS),
    "g_health": (CharacterEditDialog.number, Field.HEALTH),
    "g_max_health": (CharacterEditDialog.number, Field.MAX_HEALTH),
    "g_hall": (CharacterEditDialog.number, Field.HALL),
    "g_agility": (CharacterEditDialog.number, Field.AGILITY),
    "g_counters": (CharacterEditDialog.counters, ""),
    "g_states": (CharacterEditDialog.states, ""),
    "g_items": (CharacterEditDialog.items, ""),
    "g_skills": (CharacterEditDialog.skills, ""),
    "g_classes": (CharacterEditDialog.classes, ""),
    "g_races": (CharacterEditDialog.races, ""),
    "g_gender": (CharacterEditDialog.gender, ""),
}
COUNTER_BUTTONS = {"c_food": Field.FOOD, "c_sleep": Field.SLEEP, "c_slept": Field.SLEPT}
# State buttons: the field and the value they set.
STATE_BUTTONS = {
    "s_sleep": (Field.ASLEEP, 1),
    "s_wake": (Field.ASLEEP, 0),
    "s_fall": (Field.FALLEN, 1),
    "s_stand": (Field.FALLEN, 0),
    "s_kill": (Field.DEAD, 1),
    "s_revive": (Field.ALIVE, 1),
}


async def refuse_step(
    event: CallbackQuery | Message, manager: DialogManager, error: ServiceError
) -> None:
    if isinstance(error, NoActiveGame):
        await manager.done()  # the game is over: nothing left to edit, its buttons go
    await refuse(event, l10n_of(manager), in_private(error))


async def admin_target(
    event: CallbackQuery | Message, manager: DialogManager
) -> tuple[Game, Target] | None:
    """The running game and the character as stored now, if the user still administers it."""
    assert event.from_user is not None
    data = manager.middleware_data
    try:
        game = await admin_game(
            data["bot"], game_id_of(manager), event.from_user.id, admin_ids_of(data["settings"])
        )
        return game, await load_target(game, number_of(manager))
    except ServiceError as error:
        await refuse_step(event, manager, error)
        return None


def clear_pending(manager: DialogManager) -> None:
    for key in PENDING:
        manager.dialog_data.pop(key, None)


async def on_group(callback: CallbackQuery, button: Button, manager: DialogManager) -> None:
    """Open a field group: what the admin sees now is what the edit must still find."""
    found = await admin_target(callback, manager)
    if found is None:
        return
    state, field = GROUPS[button.widget_id or ""]
    clear_pending(manager)
    manager.dialog_data.pop("saved", None)
    manager.dialog_data["seen"] = found[1].seen
    if field:
        manager.dialog_data["field"] = field
    await manager.switch_to(state)


async def on_counter(callback: CallbackQuery, button: Button, manager: DialogManager) -> None:
    manager.dialog_data["field"] = COUNTER_BUTTONS[button.widget_id or ""]
    await manager.switch_to(CharacterEditDialog.number)


async def on_back(callback: CallbackQuery, button: Button, manager: DialogManager) -> None:
    clear_pending(manager)
    await manager.switch_to(CharacterEditDialog.main)


async def _checked(
    event: CallbackQuery | Message, manager: DialogManager, edit: Edit
) -> Outcome | None:
    """What the edit would do, or None when it was refused (the admin is told why)."""
    found = await admin_target(event, manager)
    if found is None:
        return None
    game, target = found
    seen = manager.dialog_data.setdefault("seen", target.seen)
    try:
        if seen != target.seen:
            raise StaleEdit()
        return await check_edit(game, target, edit)
    except StaleEdit as error:
        await show_stale(event, manager, error)
    except ServiceError as error:
        await refuse_step(event, manager, error)
    return None


async def precheck(event: CallbackQuery | Message, manager: DialogManager, edit: Edit) -> bool:
    """Whether the edit can be done at all (before asking how many)."""
    return await _checked(event, manager, edit) is not None


async def propose(event: CallbackQuery | Message, manager: DialogManager, edit: Edit) -> None:
    """Check the edit; go on to confirm the limits it breaks, or straight to the reason."""
    outcome = await _checked(event, manager, edit)
    if outcome is None:
        return
    manager.dialog_data.update(edit=dump(edit), outcome=dump(outcome), forced=False)
    next_state = CharacterEditDialog.confirm if outcome.breaks else CharacterEditDialog.reason
    await manager.switch_to(next_state)


async def show_stale(
    event: CallbackQuery | Message, manager: DialogManager, error: Exception
) -> None:
    """The character changed meanwhile: say so and show it as it is now."""
    clear_pending(manager)
    manager.dialog_data.pop("seen", None)
    await manager.switch_to(CharacterEditDialog.main)
    await refuse(event, l10n_of(manager), error if isinstance(error, ServiceError) else StaleEdit())


def _typed_edit(manager: DialogManager, values: tuple[int, ...]) -> Edit:
    data = manager.dialog_data
    field = str(data.get("field", ""))
    if field == ITEM_COUNT:
        return Edit(
            Field.ITEM,
            values,
            key=str(data.get("item", "")),
            source=str(data.get("source", "")),
            dest=str(data.get("dest", "")),
        )
    if field == Field.SKILL:
        return Edit(Field.SKILL, values, key=str(data.get("skill", "")))
    return Edit(Field(field), values)


async def on_number_text(message: Message, widget: Any, manager: DialogManager) -> None:
    if not manager.dialog_data.get("field"):
        await manager.switch_to(CharacterEditDialog.main)
        return
    words = SEPARATORS.split((message.text or "").strip())
    numbers = [parse_int(word, low=-NUMBER_MAX) for word in words]
    values = tuple(number for number in numbers if number is not None)
    if not values or len(values) != len(words) or len(values) > 5:
        await refuse(message, l10n_of(manager), ServiceError(Refusal.EDIT_NUMBERS, count=1))
        return
    await propose(message, manager, _typed_edit(manager, values))


async def on_state(callback: CallbackQuery, button: Button, manager: DialogManager) -> None:
    field, value = STATE_BUTTONS[button.widget_id or ""]
    await propose(callback, manager, Edit(field, (value,)))


async def on_gender(callback: CallbackQuery, button: Button, manager: DialogManager) -> None:
    gender = Gender.FEMALE if button.widget_id == "gender_f" else Gender.MALE
    await propose(callback, manager, Edit(Field.GENDER, key=gender.value))


async def on_class(callback: CallbackQuery, widget: Any, manager: DialogManager, key: str) -> None:
    await propose(callback, manager, Edit(Field.CLASS, (1,), key=key))


async def on_race(callback: CallbackQuery, widget: Any, manager: DialogManager, key: str) -> None:
    """A race of the list, or "none" (no race)."""
    await propose(callback, manager, Edit(Field.RACE, key="" if key == NO_RACE_ID else key))


async def on_race_text(message: Message, widget: Any, manager: DialogManager) -> None:
    """A race in the game master's own words."""
    await propose(message, manager, Edit(Field.RACE, key=message.text or ""))


async def on_skill(callback: CallbackQuery, widget: Any, manager: DialogManager, key: str) -> None:
    found = await admin_target(callback, manager)
    if found is None:
        return
    game, target = found
    names = duel_skill_names(target.state, settings_of(game))
    index = parse_int(key, high=len(names) - 1)
    if index is None:
        await manager.switch_to(CharacterEditDialog.main)
        return
    manager.dialog_data.update(field=Field.SKILL, skill=names[index])
    await manager.switch_to(CharacterEditDialog.number)

"""Button and text handlers of the ``duel`` creation dialog: every value stays in the game's
limits; a refused step shows the reason and changes nothing."""

from __future__ import annotations

from dataclasses import replace

from aiogram.types import CallbackQuery, Message
from aiogram_dialog import DialogManager
from aiogram_dialog.widgets.input import MessageInput
from aiogram_dialog.widgets.kbd import Button

from bot.dialogs import creation_flow as flow
from bot.dialogs.duel_values import AGILITY_KEY, build_of, middle, normalize
from bot.dialogs.states import DuelCreation
from bot.services.games import settings_of
from bot.services.numbers import parse_int
from bot.services.settings import GameSettings

TEXTS = flow.FlowTexts(
    need_text="creation-duel-need-text",
    cancel_button="creation-duel-button-cancel",
    cancelled="creation-duel-cancelled",
    created="creation-duel-created",
)
AGILITY_STEPS = {"agility_m5": -5, "agility_m1": -1, "agility_p1": 1, "agility_p5": 5}


async def settings_for(manager: DialogManager) -> GameSettings:
    return settings_of(await flow.game_of(manager))


def _row_skill(manager: DialogManager, settings: GameSettings) -> str | None:
    """The skill of the pressed row (its position in the game's list), or None if forged."""
    row = parse_int(getattr(manager, "item_id", ""), high=len(settings.duel_skills) - 1)
    return None if row is None else settings.duel_skills[row]


async def on_toggle(_: CallbackQuery, __: Button, manager: DialogManager) -> None:
    settings = await settings_for(manager)
    skills, _agility = normalize(manager.dialog_data, settings)
    skill = _row_skill(manager, settings)
    if skill is None:
        return
    if skill in skills:
        del skills[skill]
    else:
        skills[skill] = middle(settings.skill_min, settings.skill_max)


async def on_skill_step(_: CallbackQuery, button: Button, manager: DialogManager) -> None:
    settings = await settings_for(manager)
    skills, _agility = normalize(manager.dialog_data, settings)
    skill = _row_skill(manager, settings)
    if skill is None or skill not in skills:
        return
    value = skills[skill] + (1 if button.widget_id == "skill_plus" else -1)
    if value < settings.skill_min:
        flow.show_error(manager, "creation-duel-error-skill-min", min=settings.skill_min)
    elif value > settings.skill_max:
        flow.show_error(manager, "creation-duel-error-skill-max", max=settings.skill_max)
    else:
        skills[skill] = value


async def on_skills_next(_: CallbackQuery, __: Button, manager: DialogManager) -> None:
    skills, _agility = normalize(manager.dialog_data, await settings_for(manager))
    if not skills:
        flow.show_error(manager, "creation-duel-error-no-skill")
        return
    await manager.next()


async def on_agility_step(_: CallbackQuery, button: Button, manager: DialogManager) -> None:
    settings = await settings_for(manager)
    _skills, agility = normalize(manager.dialog_data, settings)
    wanted = agility + AGILITY_STEPS.get(button.widget_id or "", 0)
    value = max(settings.agility_min, min(settings.agility_max, wanted))
    if value == agility and wanted != agility:
        flow.show_error(
            manager,
            "creation-duel-error-agility-range",
            min=settings.agility_min,
            max=settings.agility_max,
        )
    manager.dialog_data[AGILITY_KEY] = value


async def on_agility_typed(message: Message, _: MessageInput, manager: DialogManager) -> None:
    settings = await settings_for(manager)
    limits = {"min": settings.agility_min, "max": settings.agility_max}
    typed = parse_int((message.text or "").strip().removesuffix("%").rstrip())
    if typed is None:
        flow.show_error(manager, "creation-duel-error-agility-number", **limits)
    elif not settings.agility_min <= typed <= settings.agility_max:
        flow.show_error(manager, "creation-duel-error-agility-range", **limits)
    else:
        manager.dialog_data[AGILITY_KEY] = typed


async def on_confirm(_: CallbackQuery, __: Button, manager: DialogManager) -> None:
    build = build_of(manager.dialog_data, await settings_for(manager))
    build = replace(build, gender=flow.chosen_gender(manager))
    if not build.skills:
        flow.show_error(manager, "creation-duel-error-no-skill")
        await manager.switch_to(DuelCreation.skills)
        return
    await flow.finish(manager, TEXTS, build, DuelCreation.name)

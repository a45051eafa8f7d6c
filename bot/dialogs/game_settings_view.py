"""What the settings dialog shows: which settings apply to which system, and the window data.

The data is read from the database on every render, so an admin always sees what is stored
(another admin may have changed it a moment ago).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from aiogram_dialog import DialogManager

from bot.db.models import Game, GameStatus, GameSystem
from bot.dialogs.widgets import l10n_of
from bot.handlers.games import SYSTEM_NAMES
from bot.i18n import Html, L10n
from bot.services.games import settings_of
from bot.services.setting_edits import MAX_SKILLS, allowed_range, skill_key
from bot.services.settings import MINUTE, TIMERS, GameSettings
from bot.views.marks import duration

ALL = frozenset(GameSystem)
POOL = frozenset({GameSystem.POOL})
DUEL = frozenset({GameSystem.DUEL})
D20 = frozenset({GameSystem.D20})


@dataclass(frozen=True, slots=True)
class Shown:
    """A setting in the dialog. ``label`` is formatted with the setting's name as argument.
    A timer is stored in seconds and shown, stepped and typed in minutes (``unit``)."""

    name: str
    label: str
    systems: frozenset[GameSystem]
    step: int = 0  # for numbers: what one press of - or + changes (stored units)
    unit: int = 1  # stored units per unit shown

    @property
    def shown_step(self) -> int:
        return self.step // self.unit


NUMBERS = (
    Shown("round_timeout", "settings-round-timeout", ALL, 5 * MINUTE, MINUTE),
    Shown("join_window", "settings-join-window", ALL, 5 * MINUTE, MINUTE),
    Shown("choice_timeout", "settings-choice-timeout", POOL, MINUTE, MINUTE),
    Shown("narration_timeout", "settings-narration-timeout", D20, 5 * MINUTE, MINUTE),
    Shown("halls", "settings-halls", POOL, 1),
    Shown("auto_tick_minutes", "settings-auto-tick", POOL, 15),
    Shown("skill_min", "settings-skill-min", DUEL, 1),
    Shown("skill_max", "settings-skill-max", DUEL, 1),
    Shown("agility_min", "settings-agility-min", DUEL, 5),
    Shown("agility_max", "settings-agility-max", DUEL, 5),
    Shown("duel_hp", "settings-duel-hp", DUEL, 5),
)
TOGGLES = (
    Shown("duel_to_death", "settings-duel-to-death", DUEL),
    Shown("allow_new_after_death", "settings-new-after-death", ALL),
    Shown("d20_any_action", "settings-d20-any-action", D20),
)
BY_NAME = {shown.name: shown for shown in (*NUMBERS, *TOGGLES)}


def game_id_of(manager: DialogManager) -> int:
    start_data = manager.start_data
    assert isinstance(start_data, dict)
    return int(start_data["game_id"])


def _value(l10n: L10n, settings: GameSettings, name: str) -> int | str:
    value = getattr(settings, name)
    if isinstance(value, bool):
        return "yes" if value else "no"
    assert isinstance(value, int)
    if name in TIMERS:
        return duration(l10n, value)
    return value


def setting_text(l10n: L10n, settings: GameSettings, name: str) -> str:
    return l10n.text(BY_NAME[name].label, **{name: _value(l10n, settings, name)})


def shown_range(settings: GameSettings, name: str) -> tuple[int, int]:
    """What ``name`` may be typed as now, in the units shown (whole minutes for a timer)."""
    low, high = allowed_range(settings, name)
    unit = BY_NAME[name].unit
    return -(-low // unit), high // unit


def _summary(l10n: L10n, system: GameSystem, settings: GameSettings) -> Html:
    lines = [
        setting_text(l10n, settings, shown.name)
        for shown in (*NUMBERS, *TOGGLES)
        if system in shown.systems
    ]
    if system is GameSystem.DUEL:
        skills = ", ".join(settings.duel_skills)
        lines.append(l10n.text("settings-duel-skills", skills=skills))
    return Html("\n".join(lines))


async def settings_getter(dialog_manager: DialogManager, **_: Any) -> dict[str, Any]:
    l10n = l10n_of(dialog_manager)
    game = await Game.get_or_none(id=game_id_of(dialog_manager), status=GameStatus.ACTIVE)
    if game is None:
        return {"active": False, "ended": True}
    system = GameSystem(game.system)
    settings = settings_of(game)
    start_data = dialog_manager.start_data
    assert isinstance(start_data, dict)
    data: dict[str, Any] = {
        "active": True,
        "ended": False,
        "game_id": str(game.id),
        "system": l10n.text(SYSTEM_NAMES[system]),
        "title": str(start_data.get("chat_title") or ""),
        "summary": _summary(l10n, system, settings),
        "is_duel": system is GameSystem.DUEL,
        "skills": [{"key": skill_key(s), "name": s} for s in settings.duel_skills],
        "skill_count": len(settings.duel_skills),
        "max_skills": MAX_SKILLS,
        "skills_text": ", ".join(settings.duel_skills),
    }
    for shown in (*NUMBERS, *TOGGLES):
        data[f"show_{shown.name}"] = system in shown.systems
        data[shown.name] = _value(l10n, settings, shown.name)
    editing = dialog_manager.dialog_data.get("editing")
    if editing in BY_NAME and editing not in {t.name for t in TOGGLES}:
        low, high = shown_range(settings, editing)
        data.update(current=Html(setting_text(l10n, settings, editing)), low=low, high=high)
        data.update(ask_minutes=editing in TIMERS, ask_number=editing not in TIMERS)
    return data

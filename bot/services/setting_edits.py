"""Edits an admin makes to a game's settings: pure functions from settings to settings.

Each one raises a :class:`~bot.services.errors.ServiceError` the handler can explain, and
leaves the settings untouched when it does.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import replace

from bot.services.errors import Refusal, ServiceError, SettingOutOfBounds, SkillProblem
from bot.services.settings import BOUNDS, GameSettings, SettingOutOfRange, change_setting

SKILL_MIN_LENGTH = 2
SKILL_MAX_LENGTH = 24
MAX_SKILLS = 10
TOGGLES = ("duel_to_death", "allow_new_after_death", "d20_any_action")
# The lower and upper setting of each pair that must stay in order.
PAIRS = {"skill_min": "skill_max", "agility_min": "agility_max"}
SPACES = re.compile(r"\s+")


def allowed_range(settings: GameSettings, name: str) -> tuple[int, int]:
    """What ``name`` may be set to now: its bounds, narrowed by the other half of its pair."""
    low, high = BOUNDS[name]
    for low_name, high_name in PAIRS.items():
        if name == low_name:
            high = min(high, getattr(settings, high_name))
        elif name == high_name:
            low = max(low, getattr(settings, low_name))
    return low, high


def set_number(settings: GameSettings, name: str, value: int) -> GameSettings:
    low, high = allowed_range(settings, name)
    if not low <= value <= high:
        raise SettingOutOfBounds(low, high)
    try:
        return change_setting(settings, name, value)
    except SettingOutOfRange:
        raise SettingOutOfBounds(low, high) from None


def step_number(settings: GameSettings, name: str, delta: int) -> GameSettings:
    """Move by ``delta``, stopping at the allowed range; a press at its edge is refused."""
    low, high = allowed_range(settings, name)
    current = getattr(settings, name)
    wanted = min(max(current + delta, low), high)
    if wanted == current:
        raise SettingOutOfBounds(low, high)
    return set_number(settings, name, wanted)


def toggle(settings: GameSettings, name: str) -> GameSettings:
    if name not in TOGGLES:
        raise ValueError(name)
    return change_setting(settings, name, not getattr(settings, name))


def clean_skill(text: str) -> str:
    """A skill name as typed, with runs of spaces squeezed; refused unless it is 2-24 letters,
    spaces and hyphens."""
    skill = SPACES.sub(" ", text).strip()
    if not SKILL_MIN_LENGTH <= len(skill) <= SKILL_MAX_LENGTH:
        raise ServiceError(Refusal.BAD_SKILL, problem=SkillProblem.LENGTH)
    if not all(c.isalpha() or c in " -" for c in skill) or not any(c.isalpha() for c in skill):
        raise ServiceError(Refusal.BAD_SKILL, problem=SkillProblem.CHARACTERS)
    return skill


def skill_key(skill: str) -> str:
    """A short id for a skill's button: the same for any case, stable across renders."""
    return hashlib.sha256(skill.casefold().encode()).hexdigest()[:10]


def add_skill(settings: GameSettings, text: str) -> GameSettings:
    skill = clean_skill(text)
    if any(s.casefold() == skill.casefold() for s in settings.duel_skills):
        raise ServiceError(Refusal.BAD_SKILL, problem=SkillProblem.DUPLICATE)
    if len(settings.duel_skills) >= MAX_SKILLS:
        raise ServiceError(Refusal.BAD_SKILL, problem=SkillProblem.TOO_MANY)
    return replace(settings, duel_skills=(*settings.duel_skills, skill))


def remove_skill(settings: GameSettings, key: str) -> GameSettings:
    """Remove the skill whose :func:`skill_key` is ``key``; at least one skill stays."""
    kept = tuple(s for s in settings.duel_skills if skill_key(s) != key)
    if len(kept) == len(settings.duel_skills):
        raise ServiceError(Refusal.BAD_SKILL, problem=SkillProblem.GONE)
    if not kept:
        raise ServiceError(Refusal.BAD_SKILL, problem=SkillProblem.LAST)
    return replace(settings, duel_skills=kept)

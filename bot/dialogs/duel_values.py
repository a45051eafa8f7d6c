"""The duel creation dialog's values: chosen skills and agility, kept within the game's limits."""

from __future__ import annotations

from typing import Any

from bot.i18n import Html, L10n
from bot.services.characters import DuelBuild
from bot.services.settings import GameSettings
from rules.odds.duel import round_win_chance

SKILLS_KEY = "skills"
AGILITY_KEY = "agility"


def middle(low: int, high: int) -> int:
    """The default of a new skill and of agility: the middle of the game's range, rounded down."""
    return (low + high) // 2


def _clamp(value: int, low: int, high: int) -> int:
    return max(low, min(high, value))


def normalize(data: dict[str, Any], settings: GameSettings) -> tuple[dict[str, int], int]:
    """The chosen skills (in the game's order) and agility, fitted to the game's current limits.

    The fitted values are written back, so what the player sees is what will be saved even
    if an admin changed the limits meanwhile.
    """
    stored = data.get(SKILLS_KEY) or {}
    skills = {
        skill: _clamp(int(stored[skill]), settings.skill_min, settings.skill_max)
        for skill in settings.duel_skills
        if skill in stored
    }
    agility = _clamp(
        int(data.get(AGILITY_KEY, middle(settings.agility_min, settings.agility_max))),
        settings.agility_min,
        settings.agility_max,
    )
    data[SKILLS_KEY] = skills
    data[AGILITY_KEY] = agility
    return skills, agility


def build_of(data: dict[str, Any], settings: GameSettings) -> DuelBuild:
    skills, agility = normalize(data, settings)
    return DuelBuild(skills=tuple(skills.items()), agility=agility)


def skill_rows(skills: dict[str, int], settings: GameSettings) -> list[dict[str, Any]]:
    """One keyboard row per skill of the game; ``pos`` is the button's item id."""
    return [
        {"pos": pos, "label": skill, "chosen": skill in skills, "value": skills.get(skill, 0)}
        for pos, skill in enumerate(settings.duel_skills)
    ]


def preview_skills(l10n: L10n, skills: dict[str, int], settings: GameSettings) -> Html:
    """A line per skill with the exact chance to win a round against the weakest and the
    strongest opponent the game allows."""
    opponents = sorted({settings.skill_min, settings.skill_max})
    lines = []
    for skill, value in skills.items():
        odds = ", ".join(
            l10n.text(
                "creation-duel-preview-odds",
                opponent=opponent,
                chance=float(round_win_chance(value, opponent) * 100),
            )
            for opponent in opponents
        )
        lines.append(
            l10n.text("creation-duel-preview-skill", skill=skill, value=value, odds=Html(odds))
        )
    return Html("\n".join(lines))

"""Character sheets: the full one (owner, admins) and the public line (the group)."""

from __future__ import annotations

from typing import Any

from bot.db.models import Character
from bot.i18n import L10n
from bot.views.d20_race import race_name
from bot.views.grammar import gender_of
from bot.views.marks import health_bar
from bot.views.pool_sheet import pool_sheet
from rules.d20.character import D20Character
from rules.duel.character import DuelCharacter
from rules.pool.build import appearance
from rules.pool.model import PoolCharacter


def skills_text(character: DuelCharacter) -> str:
    return ", ".join(f"{skill} {value}" for skill, value in character.skills)


def _duel_state(character: DuelCharacter) -> str:
    if character.dead:
        return "dead"
    return "out" if character.hp <= 0 else "fine"


def _d20_state(character: D20Character) -> str:
    if character.dead:
        return "dead"
    return "fallen" if character.fallen else "fine"


def duel_sheet(l10n: L10n, row: Character, character: DuelCharacter) -> str:
    return "\n".join(
        (
            l10n.text("sheet-duel-head", number=row.number, name=character.name),
            l10n.text("sheet-duel-state", state=_duel_state(character), gender=gender_of(row)),
            l10n.text(
                "sheet-health",
                bar=health_bar(character.hp, character.max_hp),
                hp=max(character.hp, 0),  # never below 0: the state line says what 0 means
                max=character.max_hp,
            ),
            l10n.text("sheet-duel-skills", skills=skills_text(character)),
            l10n.text("sheet-duel-agility", agility=character.agility),
        )
    )


def d20_sheet(l10n: L10n, row: Character, character: D20Character) -> str:
    lines = [
        l10n.text(
            "sheet-d20-head",
            number=row.number,
            name=character.name,
            cls=character.character_class.value,
        ),
        l10n.text("sheet-d20-state", state=_d20_state(character), gender=gender_of(row)),
        l10n.text(
            "sheet-health",
            bar=health_bar(character.hp, character.max_hp),
            hp=max(character.hp, 0),
            max=character.max_hp,
        ),
        l10n.text("sheet-d20-ac", ac=character.armour_class),
    ]
    if character.race is not None:
        lines.insert(1, l10n.text("sheet-d20-race", race=race_name(l10n, character)))
    if row.description:
        lines.append(l10n.text("sheet-d20-description", description=row.description))
    return "\n".join(lines)


def full_sheet(l10n: L10n, row: Character, state: Any) -> str:
    """Everything about a character (its row and its rule state), for its owner or an admin."""
    if isinstance(state, PoolCharacter):
        return pool_sheet(l10n, state)
    if isinstance(state, DuelCharacter):
        return duel_sheet(l10n, row, state)
    assert isinstance(state, D20Character)
    return d20_sheet(l10n, row, state)


def public_line(l10n: L10n, number: int, state: Any) -> str:
    """Only what the seeds make public: for ``pool`` charisma and the build word."""
    if isinstance(state, PoolCharacter):
        look = appearance(state)
        return l10n.text(
            "players-pool-line",
            number=number,
            name=state.name,
            charisma=look.charisma,
            build=look.build.value,
        )
    if isinstance(state, DuelCharacter):
        return l10n.text(
            "players-duel-line",
            number=number,
            name=state.name,
            skills=skills_text(state),
            agility=state.agility,
            hp=max(state.hp, 0),
            max=state.max_hp,
        )
    assert isinstance(state, D20Character)
    return l10n.text(
        "players-d20-line",
        number=number,
        name=state.name,
        cls=state.character_class.value,
        hp=max(state.hp, 0),
        max=state.max_hp,
    )

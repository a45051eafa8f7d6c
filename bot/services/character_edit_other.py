"""A game master's edit of a ``duel`` or ``d20`` character.

``duel``: HP (0..max, the rules allow no more), max HP (the game's duel HP is the creation
limit), agility (the game's range; 0..100 always) and skill values (the game's range; at least
1, 0 removes a skill, never the last one). ``d20``: HP (0..the class's max), class (HP above
the new class's max comes down to it) and race (rulebook: d20 / Race). Both: death.
"""

from __future__ import annotations

from dataclasses import replace

from bot.services.character_edit_model import (
    COUNTER_MAX,
    Break,
    Change,
    Edit,
    Field,
    Outcome,
    broken,
    need_values,
    out_of_range,
    unchanged,
)
from bot.services.d20_race import parse_race, race_code
from bot.services.errors import Refusal, ServiceError
from bot.services.settings import GameSettings
from rules.d20.character import CLASS_HP, CharacterClass, D20Character
from rules.duel.character import DuelCharacter

AGILITY_MAX = 100


def _duel_hp(character: DuelCharacter, edit: Edit) -> tuple[DuelCharacter, Outcome]:
    (hp,) = need_values(edit)
    out_of_range(hp, 0, character.max_hp)
    change = Change(Field.HEALTH, str(character.hp), str(hp))
    return replace(character, hp=hp), Outcome((change,))


def _duel_max_hp(
    character: DuelCharacter, edit: Edit, settings: GameSettings
) -> tuple[DuelCharacter, Outcome]:
    (top,) = need_values(edit)
    out_of_range(top, 1, COUNTER_MAX)
    hp = min(character.hp, top)
    changes = [Change(Field.MAX_HEALTH, str(character.max_hp), str(top))]
    if hp != character.hp:
        changes.append(Change(Field.HEALTH, str(character.hp), str(hp)))
    breaks: tuple[Break, ...] = ()
    if top != settings.duel_hp:
        breaks = (broken("edit-limit-duel-hp", hp=settings.duel_hp),)
    return replace(character, hp=hp, max_hp=top), Outcome(tuple(changes), breaks)


def _agility(
    character: DuelCharacter, edit: Edit, settings: GameSettings
) -> tuple[DuelCharacter, Outcome]:
    (agility,) = need_values(edit)
    out_of_range(agility, 0, AGILITY_MAX)
    breaks: tuple[Break, ...] = ()
    if not settings.agility_min <= agility <= settings.agility_max:
        low, high = settings.agility_min, settings.agility_max
        breaks = (broken("edit-limit-range", low=low, high=high),)
    change = Change(Field.AGILITY, str(character.agility), str(agility))
    return replace(character, agility=agility), Outcome((change,), breaks)


def duel_skill_names(character: DuelCharacter, settings: GameSettings) -> list[str]:
    """The character's skills, then the game's skills the character lacks."""
    own = [name for name, _ in character.skills]
    return own + [name for name in settings.duel_skills if name not in own]


def _skill(
    character: DuelCharacter, edit: Edit, settings: GameSettings
) -> tuple[DuelCharacter, Outcome]:
    (value,) = need_values(edit)
    out_of_range(value, 0, COUNTER_MAX)
    if edit.key not in duel_skill_names(character, settings):
        raise ServiceError(Refusal.EDIT_SKILL)
    skills = dict(character.skills)
    before = skills.get(edit.key, 0)
    if value:
        skills[edit.key] = value
    else:
        skills.pop(edit.key, None)
    if not skills:
        raise ServiceError(Refusal.EDIT_LAST_SKILL)
    breaks: tuple[Break, ...] = ()
    if value and not settings.skill_min <= value <= settings.skill_max:
        breaks = (broken("edit-limit-range", low=settings.skill_min, high=settings.skill_max),)
    change = Change(Field.SKILL, str(before), str(value), item=edit.key)
    return replace(character, skills=tuple(skills.items())), Outcome((change,), breaks)


def apply_duel(
    character: DuelCharacter, edit: Edit, settings: GameSettings
) -> tuple[DuelCharacter, Outcome]:
    if edit.field == Field.HEALTH:
        after, outcome = _duel_hp(character, edit)
    elif edit.field == Field.MAX_HEALTH:
        after, outcome = _duel_max_hp(character, edit, settings)
    elif edit.field == Field.AGILITY:
        after, outcome = _agility(character, edit, settings)
    elif edit.field == Field.SKILL:
        after, outcome = _skill(character, edit, settings)
    elif edit.field == Field.DEAD:
        after, outcome = replace(character, dead=True), _killed()
    else:
        raise ServiceError(Refusal.EDIT_FIELD)
    if after == character:
        raise unchanged()
    return after, outcome


def _killed() -> Outcome:
    return Outcome((Change(Field.DEAD, "alive", "dead"),))


def apply_d20(character: D20Character, edit: Edit) -> tuple[D20Character, Outcome]:
    if edit.field == Field.HEALTH:
        (hp,) = need_values(edit)
        out_of_range(hp, 0, character.max_hp)
        after = replace(character, hp=hp)
        outcome = Outcome((Change(Field.HEALTH, str(character.hp), str(hp)),))
    elif edit.field == Field.CLASS:
        try:
            cls = CharacterClass(edit.key)
        except ValueError:
            raise ServiceError(Refusal.EDIT_FIELD) from None
        hp = min(character.hp, CLASS_HP[cls])
        after = replace(character, character_class=cls, hp=hp)
        changes = [Change(Field.CLASS, character.character_class.value, cls.value)]
        if hp != character.hp:
            changes.append(Change(Field.HEALTH, str(character.hp), str(hp)))
        outcome = Outcome(tuple(changes))
    elif edit.field == Field.RACE:
        race, text = parse_race(edit.key)
        after = replace(character, race=race, race_text=text)
        before_code = race_code(character.race, character.race_text)
        outcome = Outcome((Change(Field.RACE, before_code, race_code(race, text)),))
    elif edit.field == Field.DEAD:
        after, outcome = replace(character, dead=True, hp=0), _killed()
    else:
        raise ServiceError(Refusal.EDIT_FIELD)
    if after == character:
        raise unchanged()
    return after, outcome

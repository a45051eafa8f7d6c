"""A ``duel`` character: name, HP, agility in percent and combat skills by name."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from rules.errors import Code, RuleError

DEFAULT_HP = 30


@dataclass(frozen=True, slots=True)
class DuelCharacter:
    """A fighter of the ``duel`` system.

    ``skills`` holds ``(name, value)`` pairs (build one with :func:`new_character` from a
    mapping). ``hp`` may drop below 0 after a heavy blow: it is kept as computed, so the
    result shows the whole damage. ``dead`` is set by a duel fought to the death.
    """

    name: str
    skills: tuple[tuple[str, int], ...]
    hp: int = DEFAULT_HP
    max_hp: int = DEFAULT_HP
    agility: int = 0
    dead: bool = False

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise RuleError(Code.INVALID_NAME, name=self.name)
        if self.max_hp < 1 or self.hp > self.max_hp:
            raise RuleError(Code.INVALID_HP, hp=self.hp, max_hp=self.max_hp)
        if not 0 <= self.agility <= 100:
            raise RuleError(Code.INVALID_AGILITY, agility=self.agility)
        if not self.skills:
            raise RuleError(Code.NO_SKILLS, name=self.name)
        seen: set[str] = set()
        for skill, value in self.skills:
            if not skill.strip() or skill in seen or value < 1:
                raise RuleError(Code.INVALID_SKILL, skill=skill, value=value)
            seen.add(skill)

    def skill(self, skill: str) -> int:
        """The value of combat skill ``skill``; ``UNKNOWN_SKILL`` if lacking."""
        for name, value in self.skills:
            if name == skill:
                return value
        raise RuleError(Code.UNKNOWN_SKILL, name=self.name, skill=skill)

    @property
    def can_fight(self) -> bool:
        """Alive and above 0 HP."""
        return not self.dead and self.hp > 0


def new_character(
    name: str,
    skills: Mapping[str, int],
    *,
    hp: int = DEFAULT_HP,
    agility: int = 0,
) -> DuelCharacter:
    """A fresh character at full HP (``hp`` is also the max)."""
    return DuelCharacter(name, tuple(skills.items()), hp=hp, max_hp=hp, agility=agility)


def restore_hp(character: DuelCharacter, hp: int | None = None) -> DuelCharacter:
    """An admin restores HP: to max by default, or to ``hp`` (at most max).

    HP otherwise carries over between duels. The dead stay dead.
    """
    if character.dead:
        raise RuleError(Code.DEAD_CHARACTER, name=character.name)
    target = character.max_hp if hp is None else hp
    if target < 1:
        raise RuleError(Code.INVALID_HP, hp=target, max_hp=character.max_hp)
    return replace(character, hp=target)

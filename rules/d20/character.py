"""A ``d20`` character: a name, a class with its HP, an optional race, the common armour class."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.d20.race import Race, check_race
from rules.errors import Code, RuleError

NPC_HP_MAX = 999
"""The largest max HP the game master may give an NPC (rulebook: d20 / NPCs)."""

ARMOUR_CLASS = 12
"""КЗ: 12 for everyone. It is the lowest d20 that wounds (12-17: die - 11, see the table)."""


class CharacterClass(StrEnum):
    """The eight classes (rulebook: d20 / Character and checks); Russian names in the locale."""

    WARLOCK = "warlock"
    WIZARD = "wizard"
    CLERIC = "cleric"
    MONK = "monk"
    FIGHTER = "fighter"
    PALADIN = "paladin"
    RANGER = "ranger"
    BARBARIAN = "barbarian"


CLASS_HP: dict[CharacterClass, int] = {
    CharacterClass.WARLOCK: 12,
    CharacterClass.WIZARD: 12,
    CharacterClass.CLERIC: 16,
    CharacterClass.MONK: 16,
    CharacterClass.FIGHTER: 20,
    CharacterClass.PALADIN: 20,
    CharacterClass.RANGER: 20,
    CharacterClass.BARBARIAN: 22,
}


@dataclass(frozen=True, slots=True)
class D20Character:
    """A ``d20`` fighter. HP 0 is fallen; ``dead`` only after being finished off.

    ``race`` is optional (None: not told); ``race_text`` is the player's word for ``Race.OTHER``.
    ``hp_max``: a max HP of its own (an NPC's, 1..:data:`NPC_HP_MAX`); 0: the class's.
    """

    name: str
    character_class: CharacterClass
    hp: int
    dead: bool = False
    race: Race | None = None
    race_text: str = ""
    hp_max: int = 0

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise RuleError(Code.INVALID_NAME, name=self.name)
        if not 0 <= self.hp_max <= NPC_HP_MAX:
            raise RuleError(Code.INVALID_HP, hp=self.hp_max, max_hp=NPC_HP_MAX)
        if not 0 <= self.hp <= self.max_hp:
            raise RuleError(Code.INVALID_HP, hp=self.hp, max_hp=self.max_hp)
        check_race(self.race, self.race_text)

    @property
    def max_hp(self) -> int:
        return self.hp_max or CLASS_HP[self.character_class]

    @property
    def armour_class(self) -> int:
        return ARMOUR_CLASS

    @property
    def fallen(self) -> bool:
        """At 0 HP: out of the fight (dead or not)."""
        return self.hp == 0

    @property
    def standing(self) -> bool:
        return self.hp > 0


def new_character(
    name: str, character_class: CharacterClass, race: Race | None = None, race_text: str = ""
) -> D20Character:
    """A fresh character at the full HP of their class."""
    return D20Character(name, character_class, CLASS_HP[character_class], False, race, race_text)

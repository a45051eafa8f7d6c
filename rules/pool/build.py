"""Building a ``pool`` character and what anyone can see of it (RULINGS: pool / Character,
Appearance).

Name validation belongs to the bot layer; here only the numbers are checked.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.errors import RuleError
from rules.pool.model import STAT_POINTS, Gender, PoolCharacter, Stat, Stats, start_kit

STAT_MINIMUM = 0
VITALITY_MINIMUM = 1
FEEBLE_MAX = 3
NORMAL_MAX = 7


class BuildError(RuleError):
    """A character build breaks a rule."""


class StatNotWholeError(BuildError):
    """A stat is not a whole number."""

    def __init__(self, stat: Stat, value: object) -> None:
        super().__init__(stat, value)
        self.stat = stat
        self.value = value


class StatBelowMinimumError(BuildError):
    """A stat is below its minimum (0, or 1 for Живучесть)."""

    def __init__(self, stat: Stat, value: int, minimum: int) -> None:
        super().__init__(stat, value, minimum)
        self.stat = stat
        self.value = value
        self.minimum = minimum


class StatsSumError(BuildError):
    """The stats do not add up to exactly 12."""

    def __init__(self, total: int, expected: int = STAT_POINTS) -> None:
        super().__init__(total, expected)
        self.total = total
        self.expected = expected


class CharacterNumberError(BuildError):
    """Character numbers start at 1."""

    def __init__(self, number: int) -> None:
        super().__init__(number)
        self.number = number


def stat_minimum(stat: Stat) -> int:
    """The lowest allowed value of a stat: 1 for Живучесть, 0 for the others."""
    return VITALITY_MINIMUM if stat == Stat.VITALITY else STAT_MINIMUM


def validate_stats(stats: Stats) -> None:
    """Raise a :class:`BuildError` unless the stats are 5 whole numbers, each >= its minimum,
    summing to exactly 12. Stats are checked in :class:`Stat` order, the sum last."""
    for stat in Stat:
        value: object = getattr(stats, stat.value)
        if not isinstance(value, int) or isinstance(value, bool):
            raise StatNotWholeError(stat, value)
        minimum = stat_minimum(stat)
        if value < minimum:
            raise StatBelowMinimumError(stat, value, minimum)
    if stats.total != STAT_POINTS:
        raise StatsSumError(stats.total)


def new_character(number: int, name: str, gender: Gender, stats: Stats) -> PoolCharacter:
    """A new character at full health (max health = Живучесть) with the start kit, in hall 1."""
    if number < 1:
        raise CharacterNumberError(number)
    validate_stats(stats)
    return PoolCharacter(
        number=number,
        name=name,
        gender=gender,
        stats=stats,
        health=stats.vitality,
        inventory=start_kit(),
    )


class Build(StrEnum):
    """Атака+Защита as seen from outside: 0-3 «дохлятина», 4-7 «норма», 8+ «кабанъ»."""

    FEEBLE = "feeble"
    NORMAL = "normal"
    HULK = "hulk"


def build_of(attack_plus_defense: int) -> Build:
    """The appearance word for Атака+Защита (7 is NORMAL: the seed's ranges overlap there)."""
    if attack_plus_defense <= FEEBLE_MAX:
        return Build.FEEBLE
    if attack_plus_defense <= NORMAL_MAX:
        return Build.NORMAL
    return Build.HULK


@dataclass(frozen=True, slots=True)
class Appearance:
    """What anyone may look up: Харизма exactly and the Атака+Защита word."""

    character: int
    charisma: int
    build: Build


def appearance(character: PoolCharacter) -> Appearance:
    """The character's appearance."""
    stats = character.stats
    return Appearance(character.number, stats.charisma, build_of(stats.attack + stats.defense))

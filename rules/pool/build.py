"""Building a ``pool`` character and what anyone can see of it (rulebook: pool / Character,
Appearance).

Name validation belongs to the bot layer; here only the numbers are checked.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.errors import Code, RuleError
from rules.pool.model import STAT_POINTS, Gender, Item, PoolCharacter, Stat, Stats, start_kit

STAT_MINIMUM = 0
VITALITY_MINIMUM = 1
FEEBLE_MAX = 3
NORMAL_MAX = 7


def stat_minimum(stat: Stat) -> int:
    """The lowest allowed value of a stat: 1 for Живучесть, 0 for the others."""
    return VITALITY_MINIMUM if stat == Stat.VITALITY else STAT_MINIMUM


def validate_stats(stats: Stats) -> None:
    """Raise a :class:`RuleError` unless the stats are 5 whole numbers, each >= its minimum,
    summing to exactly 12. Stats are checked in :class:`Stat` order, the sum last."""
    for stat in Stat:
        value: object = getattr(stats, stat.value)
        if not isinstance(value, int) or isinstance(value, bool):
            raise RuleError(Code.STAT_NOT_WHOLE, stat=stat, value=value)
        minimum = stat_minimum(stat)
        if value < minimum:
            raise RuleError(Code.STAT_BELOW_MINIMUM, stat=stat, value=value, minimum=minimum)
    if stats.total != STAT_POINTS:
        raise RuleError(Code.STATS_SUM, total=stats.total, expected=STAT_POINTS)


def new_character(number: int, name: str, gender: Gender, stats: Stats) -> PoolCharacter:
    """A new character at full health (max health = Живучесть) with the start kit, in hall 1.

    Its health is recorded for the cycle it joins in, as every tick records it for the next
    one: a wound taken before its first tick gets the rest of that cycle to react, as from the
    second cycle on (rulebook: pool / Health, "every wound gives one round to react").
    """
    if number < 1:
        raise RuleError(Code.CHARACTER_NUMBER, number=number)
    validate_stats(stats)
    return PoolCharacter(
        number=number,
        name=name,
        gender=gender,
        stats=stats,
        health=stats.vitality,
        inventory=start_kit(),
        health_at_cycle_start=stats.vitality,
    )


class Build(StrEnum):
    """Атака+Защита as seen from outside: 0-3 «дохлятина», 4-7 «норма», 8+ «кабанъ»."""

    FEEBLE = "feeble"
    NORMAL = "normal"
    HULK = "hulk"


def build_of(attack_plus_defense: int) -> Build:
    """The appearance word for Атака+Защита (7 is NORMAL: the original ranges overlap there)."""
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


class Swords(StrEnum):
    """Which hands hold a sword, as anyone nearby sees it."""

    NONE = "none"
    LEFT = "left"
    RIGHT = "right"
    BOTH = "both"


@dataclass(frozen=True, slots=True)
class Gear:
    """What anyone in the same hall sees a character wear and hold (**bot's choice**): the worn
    jacket, trousers and backpack and the swords in hand. Pockets, the backpack's content and a
    ration in hand stay secret."""

    jacket: bool
    trousers: bool
    backpack: bool
    swords: Swords


def visible_gear(character: PoolCharacter) -> Gear:
    """The character's gear as seen from the same hall."""
    inventory = character.inventory
    left = inventory.left_hand == Item.SWORD
    right = inventory.right_hand == Item.SWORD
    if left and right:
        swords = Swords.BOTH
    elif left:
        swords = Swords.LEFT
    elif right:
        swords = Swords.RIGHT
    else:
        swords = Swords.NONE
    return Gear(inventory.jacket, inventory.trousers, inventory.backpack, swords)

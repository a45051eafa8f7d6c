"""d10 pool rolls and initiative rolls (rulebook: pool / Dice pool roll, Initiative)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.dice import Dice, owned, roll_many
from rules.pool.model import PoolCharacter

POOL_DIE = 10
BASE_THRESHOLD = 6
INITIATIVE_DIE = 10


def threshold(penalty: int) -> int:
    """Success threshold T = 6 + penalty: a die succeeds when it shows T or more."""
    return BASE_THRESHOLD + penalty


def count_successes(dice: Sequence[int], threshold: int) -> int:
    """Raw successes: dice >= ``threshold`` minus dice showing 1. May be negative.

    A 1 is never a success, even if a (hypothetical) threshold were 1 or less.
    """
    hits = sum(1 for value in dice if value >= threshold and value != 1)
    ones = sum(1 for value in dice if value == 1)
    return hits - ones


@dataclass(frozen=True, slots=True)
class PoolRoll:
    """A pool roll: the dice in order and the threshold they were read against."""

    dice: tuple[int, ...]
    threshold: int

    @property
    def raw(self) -> int:
        """Successes minus ones; negative when the 1s outnumber the successes."""
        return count_successes(self.dice, self.threshold)

    @property
    def successes(self) -> int:
        """Successes as counted: a negative result counts as 0."""
        return max(0, self.raw)

    @property
    def negative(self) -> bool:
        """True when the result was negative (the character drops a sword or falls)."""
        return self.raw < 0


def pool_roll(dice: Dice, count: int, penalty: int = 0) -> PoolRoll:
    """Roll ``count`` d10 against threshold ``6 + penalty``."""
    return PoolRoll(roll_many(dice, count, POOL_DIE), threshold(penalty))


@dataclass(frozen=True, slots=True)
class InitiativeRoll:
    """One initiative roll: ``die`` (1d10) plus the character's Инициатива ``bonus``."""

    character: int
    die: int
    bonus: int

    @property
    def total(self) -> int:
        return self.die + self.bonus


def initiative_roll(character: PoolCharacter, dice: Dice) -> InitiativeRoll:
    """1d10 + Инициатива (seed: initiative 2, die 5 -> 7)."""
    with owned(dice, f"initiative {character.number}"):
        die = dice.roll(INITIATIVE_DIE)
    return InitiativeRoll(character.number, die, character.stats.initiative)


@dataclass(frozen=True, slots=True)
class InitiativeResult:
    """Outcome of :func:`initiative_order`.

    ``rolls`` holds every roll in the order it was made: the first group is everyone, each
    further group one re-roll among tied characters. ``order`` is highest first (the winner of a
    contest of speed first); :attr:`lowest_first` is the order of choosing in a group fight.
    """

    rolls: tuple[tuple[InitiativeRoll, ...], ...]
    order: tuple[int, ...]

    @property
    def lowest_first(self) -> tuple[int, ...]:
        return tuple(reversed(self.order))

    @property
    def winner(self) -> int:
        return self.order[0]


def initiative_order(characters: Sequence[PoolCharacter], dice: Dice) -> InitiativeResult:
    """Roll initiative for everyone (in the given order); ties re-roll among the tied only.

    Tied groups are settled depth first, from the highest total down, re-rolling until every
    tie is broken, so the returned order is strict.
    """
    history: list[tuple[InitiativeRoll, ...]] = []
    order = _rank(list(characters), dice, history)
    return InitiativeResult(tuple(history), tuple(order))


def _rank(
    characters: list[PoolCharacter], dice: Dice, history: list[tuple[InitiativeRoll, ...]]
) -> list[int]:
    if len(characters) <= 1:
        return [character.number for character in characters]
    rolls = tuple(initiative_roll(character, dice) for character in characters)
    history.append(rolls)
    by_number = {character.number: character for character in characters}
    order: list[int] = []
    for total in sorted({roll.total for roll in rolls}, reverse=True):
        tied = [by_number[roll.character] for roll in rolls if roll.total == total]
        order.extend(_rank(tied, dice, history))
    return order

"""Penalty to attack and defense rolls, as a breakdown by cause (rulebook: pool / Dice pool roll).

Penalty = wounds (:func:`rules.pool.health.health_penalty`) + no trousers 1 + no sword in hand 2
+ female without a jacket 1 + hunger + sleeplessness. It raises the success threshold of attack
and defense rolls alike.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from rules.pool.health import health_penalty
from rules.pool.model import Gender, PoolCharacter

NO_TROUSERS_PENALTY = 1
NO_SWORD_PENALTY = 2
NO_JACKET_FEMALE_PENALTY = 1
HUNGER_GRACE_CYCLES = 4
SLEEPLESSNESS_GRACE_CYCLES = 4


class PenaltyCause(StrEnum):
    WOUNDS = "wounds"
    NO_TROUSERS = "no_trousers"
    NO_SWORD = "no_sword"
    NO_JACKET = "no_jacket"
    HUNGER = "hunger"
    SLEEPLESSNESS = "sleeplessness"


@dataclass(frozen=True, slots=True)
class PenaltyPart:
    """One cause of penalty and its amount (always > 0 inside a :class:`Penalty`)."""

    cause: PenaltyCause
    amount: int


@dataclass(frozen=True, slots=True)
class Penalty:
    """A penalty broken down by cause, in the order of :class:`PenaltyCause`."""

    parts: tuple[PenaltyPart, ...] = ()
    total: int = field(init=False)  # the parts' sum

    def __post_init__(self) -> None:
        object.__setattr__(self, "total", sum(part.amount for part in self.parts))

    def amount(self, cause: PenaltyCause) -> int:
        """The amount of one cause (0 when it does not apply)."""
        return sum(part.amount for part in self.parts if part.cause == cause)


def hunger_penalty(cycles_without_food: int) -> int:
    """After 4 cycles without food, +1 for each further cycle (cycle 5: 1, cycle 6: 2...)."""
    return max(0, cycles_without_food - HUNGER_GRACE_CYCLES)


def sleeplessness_penalty(cycles_without_sleep: int) -> int:
    """After 4 cycles without sleep, +1 for each further cycle (cycle 5: 1, cycle 6: 2...)."""
    return max(0, cycles_without_sleep - SLEEPLESSNESS_GRACE_CYCLES)


def penalty(character: PoolCharacter) -> Penalty:
    """The character's current penalty to attack and defense rolls, cause by cause."""
    inventory = character.inventory
    amounts = (
        (PenaltyCause.WOUNDS, health_penalty(character.health)),
        (PenaltyCause.NO_TROUSERS, 0 if inventory.trousers else NO_TROUSERS_PENALTY),
        (PenaltyCause.NO_SWORD, 0 if inventory.swords_in_hand else NO_SWORD_PENALTY),
        (
            PenaltyCause.NO_JACKET,
            NO_JACKET_FEMALE_PENALTY
            if character.gender == Gender.FEMALE and not inventory.jacket
            else 0,
        ),
        (PenaltyCause.HUNGER, hunger_penalty(character.cycles_without_food)),
        (PenaltyCause.SLEEPLESSNESS, sleeplessness_penalty(character.cycles_without_sleep)),
    )
    return Penalty(tuple(PenaltyPart(cause, amount) for cause, amount in amounts if amount > 0))

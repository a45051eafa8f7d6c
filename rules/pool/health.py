"""Health thresholds, bleeding and dying (rulebook: pool / Health).

Shared by fight rounds and the cycle tick: "outside a fight, a cycle counts as a round".
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.pool.model import PoolCharacter

BLEEDING_HEALTH = (1, 2)
SAFE_HEALTH = 3


def health_penalty(health: int) -> int:
    """Penalty from wounds: >=5: 0; 4: 1; 3: 2; 2: 3; 1: 4; 0 or less: 4 (cannot fight anyway)."""
    if health >= 5:
        return 0
    return min(5 - health, 4)


def is_bleeding(health: int) -> bool:
    return health in BLEEDING_HEALTH


@dataclass(frozen=True, slots=True)
class Bled:
    """``character`` lost 1 health to bleeding and now has ``health``."""

    character: int
    health: int


@dataclass(frozen=True, slots=True)
class Died:
    """``character`` died; ``cause`` is ``"wounds"`` (health < 0), ``"unattended"`` (stayed at 0)
    or ``"killed_asleep"``."""

    character: int
    cause: str


def kill_if_below_zero(character: PoolCharacter) -> tuple[PoolCharacter, tuple[Died, ...]]:
    """Health below 0 at any moment: dead at once."""
    if character.alive and character.health < 0:
        return replace(character, alive=False), (Died(character.number, "wounds"),)
    return character, ()


def end_of_round(
    character: PoolCharacter, health_at_start: int
) -> tuple[PoolCharacter, tuple[Bled | Died, ...]]:
    """Bleeding and dying at the end of a round (or a cycle, outside fights).

    * started at 0 and still at 0: dies;
    * started wounded at 1-2, still at 1-2: loses 1 health (so health 1 bleeds to 0).

    Bleeding is a wound's: a character at full health is not wounded, and healing to full
    health stops the bleeding like healing to 3 does. Without this, a character built with
    Живучесть 1-2 would bleed from the first cycle and could never be saved (their health
    can never reach 3), which the original rules, speaking of wounds («раны»), cannot mean
    (rulebook: pool / Health).

    A character knocked from 1-2 down to exactly 0 during the round does not bleed further:
    the rulebook promises that "every wound gives one round to react", and at 0 that round is the
    next one (pills or death). Bleeding therefore never kills by itself.
    """
    if not character.alive:
        return character, ()
    if health_at_start == 0 and character.health == 0:
        return replace(character, alive=False), (Died(character.number, "unattended"),)
    wounded = is_bleeding(health_at_start) and health_at_start < character.max_health
    if wounded and 0 < character.health < min(SAFE_HEALTH, character.max_health):
        bled = replace(character, health=character.health - 1)
        return bled, (Bled(bled.number, bled.health),)
    return character, ()


def cycles_left_at_zero(character: PoolCharacter) -> int:
    """Outside a fight, which tick kills a character at 0 who stays at 0: 1, the one ending
    this cycle, when the cycle began at 0; else 2 (this cycle's tick only records the 0: a
    cycle that began above 0 is the wound's, and the next whole cycle is the one to react in).
    """
    start = character.health_at_cycle_start
    return 1 if start is None or start <= 0 else 2

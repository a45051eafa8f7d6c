"""Theft from the awake (rulebook: pool / Theft).

Seed 000 forbids stealing from a sleeper but lets a sword be torn from a hand, so stealing from
the awake is possible; the project's mechanic, from the seed's own tools:

* the thief (able, not fighting) and the victim (another character of the same hall, alive,
  awake, not fighting) each roll a pool: the thief Атака + Инициатива d10, the victim Защита +
  Инициатива d10 (none at health 0: they cannot resist), each against their own threshold
  6 + penalty, successes counted as for any pool (1s take one away, never below 0);
* the thief succeeds with strictly more successes than the victim;
* on success one die, dN over the N single items in the victim's left pocket, right pocket and
  backpack (in that order; inside the backpack in :class:`Item` order), picks the item blindly;
  it goes where a prize would (:func:`rules.pool.carrying.prize_place`), else to the floor.
  Empty pockets and backpack are no refusal (that would tell): the thief just finds nothing;
* one attempt per thief per cycle, success or not.

Dice are rolled in this order: the thief's pool, the victim's pool, the pick.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.dice import Dice
from rules.errors import Code, RuleError
from rules.pool.carrying import place_prize, require_able
from rules.pool.model import Item, PoolCharacter
from rules.pool.penalty import penalty
from rules.pool.places import POCKETS, Place, held, take
from rules.pool.roll import PoolRoll, pool_roll
from rules.pool.world import World, with_character, with_floor

SOURCES = (*POCKETS, Place.BACKPACK)


def thief_dice(character: PoolCharacter) -> int:
    """The thief's pool: Атака + Инициатива."""
    return character.stats.attack + character.stats.initiative


def victim_dice(character: PoolCharacter) -> int:
    """The victim's pool: Защита + Инициатива; none at health 0 (they cannot resist)."""
    if character.health <= 0:
        return 0
    return character.stats.defense + character.stats.initiative


@dataclass(frozen=True, slots=True)
class Theft:
    """One attempt: both pools; on success the ``pick`` die (1..``of``) and the ``item`` it
    found at ``source`` in the victim's things, gone to ``to`` (the thief's place, or FLOOR
    when they had no room). ``item`` None on success: there was nothing to find."""

    thief: int
    victim: int
    attack: PoolRoll
    defense: PoolRoll
    of: int = 0
    pick: int | None = None
    item: Item | None = None
    source: Place | None = None
    to: Place | None = None

    @property
    def success(self) -> bool:
        return self.attack.successes > self.defense.successes


def stealable(character: PoolCharacter) -> list[tuple[Place, Item]]:
    """Every single item a thief's hand may find, in order: left pocket, right pocket, backpack."""
    units: list[tuple[Place, Item]] = []
    for place in SOURCES:
        for item in Item:
            units += [(place, item)] * held(character.inventory, item, place)
    return units


def check_theft(
    world: World, thief: int, victim: int, fighting: frozenset[int] = frozenset()
) -> tuple[PoolCharacter, PoolCharacter]:
    """The thief and the victim, if ``thief`` may try to rob ``victim`` now (else a refusal)."""
    if thief == victim:
        raise RuleError(Code.SELF_TARGET, character=thief)
    doer = world.character(thief)
    require_able(doer)
    target = world.beside(doer, victim)
    if target.asleep:
        raise RuleError(Code.STEAL_FROM_SLEEPER, sleeper=victim, place=Place.BACKPACK)
    for number in (thief, victim):
        if number in fighting:
            raise RuleError(Code.THEFT_IN_FIGHT, character=number)
    if doer.theft_cycle == world.cycle:
        raise RuleError(Code.THEFT_DONE, character=thief, cycle=world.cycle + 1)
    return doer, target


def steal(
    world: World, thief: int, victim: int, dice: Dice, fighting: frozenset[int] = frozenset()
) -> tuple[World, Theft]:
    """``thief`` tries to rob ``victim`` (see the module doc); ``fighting``: those in a fight."""
    doer, target = check_theft(world, thief, victim, fighting)
    attack = pool_roll(dice, thief_dice(doer), penalty(doer).total)
    defense = pool_roll(dice, victim_dice(target), penalty(target).total)
    doer = replace(doer, theft_cycle=world.cycle)
    theft = Theft(thief, victim, attack, defense)
    if not theft.success:
        return with_character(world, doer), theft
    units = stealable(target)
    if not units:
        return with_character(world, doer), theft
    pick = dice.roll(len(units))
    source, item = units[pick - 1]
    target = replace(target, inventory=take(target.inventory, item, source))
    doer, floor, to = place_prize(doer, item, world.floor(doer.hall))
    world = with_floor(with_character(with_character(world, doer), target), doer.hall, floor)
    return world, replace(theft, of=len(units), pick=pick, item=item, source=source, to=to)

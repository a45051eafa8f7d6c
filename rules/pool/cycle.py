"""One cycle tick of the ``pool`` world (rulebook: pool / Cycles), in exactly this order:

1. sleepers count the cycle slept; at health >= 4 they heal +1 (never above max);
2. the awake: (a) pick-up requests are settled, contested ones by initiative, on the floor as it
   lay during the cycle; (b) in number order, cycles without food +1, cycles without sleep +1,
   and the charisma roll (Харизма d10, a prize per die, overflow to the hall floor);
3. bleeding and dying, as at the end of a round, against health at the start of the cycle
   (so a wound taken mid-cycle leaves the rest of the cycle to react); whoever dies leaves
   everything they carried on their hall's floor (:mod:`rules.pool.loot`);
4. those who have slept 2 cycles wake;
5. portals open: everyone who asked to move and can (alive, awake, health > 0) goes; so does
   a sleeper who asked (before or during sleep) and woke in step 4. One still asleep keeps the
   request for the opening after they wake. Whoever goes through is on their feet: one who fell
   in a fight and fled it through the portal is no longer fallen (a fall ends with its fight).

Dice are drawn in that order: initiative dice of pick-up contests, then charisma dice.
Asleep or awake "during the cycle" is read from the state at the tick. Everyone alive and awake
rolls charisma, winners and those at 0 health included: the roll asks nothing of them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.dice import Dice, roll_many
from rules.errors import Code, RuleError
from rules.pool.carrying import place_prize
from rules.pool.contests import InitiativeContest, settle_pick_ups
from rules.pool.health import Died, end_of_round
from rules.pool.loot import bury
from rules.pool.model import Item, PoolCharacter
from rules.pool.needs import SLEEP_CYCLES, wake
from rules.pool.sleepers import release_guards
from rules.pool.world import World, with_character, with_floor
from rules.pool.world_events import (
    CycleEvent,
    Healed,
    Inability,
    MoveBlocked,
    Moved,
    MoveWaits,
    PrizeWon,
    Slept,
    Woke,
)

CHARISMA_DIE = 10
SLEEP_HEAL_FROM = 4
PRIZES: dict[int, Item] = {
    1: Item.JACKET,
    2: Item.TROUSERS,
    3: Item.BACKPACK,
    4: Item.SWORD,
    5: Item.BACKPACK,
    6: Item.RATION,
    7: Item.PILL,
    8: Item.COIN,
    9: Item.COIN,
    10: Item.COIN,
}


@dataclass(frozen=True, slots=True)
class CharismaRoll:
    character: int
    dice: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TickResult:
    """The world after the tick, every event in order, and every die rolled."""

    world: World
    events: tuple[CycleEvent, ...]
    charisma: tuple[CharismaRoll, ...]
    contests: tuple[InitiativeContest, ...]


def _sleep(character: PoolCharacter) -> tuple[PoolCharacter, list[CycleEvent]]:
    slept = replace(character, cycles_slept=character.cycles_slept + 1)
    events: list[CycleEvent] = [Slept(slept.number, slept.cycles_slept)]
    if SLEEP_HEAL_FROM <= slept.health < slept.max_health:
        slept = replace(slept, health=slept.health + 1)
        events.append(Healed(slept.number, slept.health))
    return slept, events


def _charisma(
    world: World, character: PoolCharacter, dice: Dice
) -> tuple[World, CharismaRoll, list[CycleEvent]]:
    """Count the cycle awake, roll charisma and place the prizes."""
    character = replace(
        character,
        cycles_without_food=character.cycles_without_food + 1,
        cycles_without_sleep=character.cycles_without_sleep + 1,
    )
    rolled = roll_many(dice, character.stats.charisma, CHARISMA_DIE)
    floor = world.floor(character.hall)
    events: list[CycleEvent] = []
    for die in rolled:
        character, floor, place = place_prize(character, PRIZES[die], floor)
        events.append(PrizeWon(character.number, die, PRIZES[die], place))
    world = with_floor(with_character(world, character), character.hall, floor)
    return world, CharismaRoll(character.number, rolled), events


def _portal(world: World, character: PoolCharacter) -> tuple[World, CycleEvent]:
    to_hall = character.move_to
    assert to_hall is not None
    reason: Inability | None = None
    if not character.alive:
        reason = Inability.DEAD
    elif character.asleep:  # slept 1 cycle of 2: goes at the next opening, once awake
        return world, MoveWaits(character.number, to_hall)
    elif character.health <= 0:
        reason = Inability.AT_ZERO
    elif world.connected(character.hall, to_hall):
        moved = replace(character, hall=to_hall, move_to=None, guarding=None, fallen=False)
        return with_character(world, moved), Moved(character.number, character.hall, to_hall)
    blocked = replace(character, move_to=None)
    return with_character(world, blocked), MoveBlocked(character.number, to_hall, reason)


def tick(world: World, dice: Dice, fighting: frozenset[int] = frozenset()) -> TickResult:
    """Advance the world by one cycle (see the module docstring for the order).

    ``fighting``: characters in a fight right now. "Outside a fight, a cycle counts as a round"
    for bleeding and dying; inside one, the fight's own rounds do that, so the cycle skips them.
    """
    if world.finished:
        raise RuleError(Code.GAME_OVER, winners=world.winners)
    start = {
        c.number: c.health if c.health_at_cycle_start is None else c.health_at_cycle_start
        for c in world.characters
    }
    events: list[CycleEvent] = []
    for c in world.characters:  # 1. sleepers
        if c.alive and c.asleep:
            slept, happened = _sleep(c)
            world = with_character(world, slept)
            events.extend(happened)
    world, picked, contests = settle_pick_ups(world, dice)  # 2a. pick-ups
    events.extend(picked)
    charisma: list[CharismaRoll] = []
    for number in [c.number for c in world.characters]:  # 2b. the awake
        c = world.character(number)
        if c.alive and not c.asleep:
            world, roll, happened = _charisma(world, c, dice)
            charisma.append(roll)
            events.extend(happened)
    for c in world.characters:  # 3. bleeding and dying
        if c.number in fighting:
            continue
        bled, bleeding = end_of_round(c, start[c.number])
        world = with_character(world, bled)
        events.extend(bleeding)
        if any(isinstance(e, Died) for e in bleeding):
            world, spilled = bury(world, c.number)
            events.extend(() if spilled is None else (spilled,))
    for c in world.characters:  # 4. full sleep over
        if c.alive and c.asleep and c.cycles_slept >= SLEEP_CYCLES:
            world = release_guards(with_character(world, wake(c)), c.number)
            events.append(Woke(c.number))
    for c in world.characters:  # 5. portals
        if c.move_to is not None:
            world, event = _portal(world, c)
            events.append(event)
    characters = tuple(replace(c, health_at_cycle_start=c.health) for c in world.characters)
    world = replace(world, cycle=world.cycle + 1, characters=characters)
    return TickResult(world, tuple(events), tuple(charisma), contests)

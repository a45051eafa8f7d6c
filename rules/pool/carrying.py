"""Carrying operations of one character in their hall (rulebook: pool / Items and carrying).

Every operation takes the character and the floor of their hall and returns new values; a rule
violation raises a :class:`rules.errors.RuleError` subclass and changes nothing. The limits
themselves live in :mod:`rules.pool.places`.

Picking up here is immediate; in a game the bot files a pick-up request instead
(:func:`rules.pool.world.request_pick_up`), because two characters may want the same item in one
cycle and the tick settles that by initiative.
"""

from __future__ import annotations

from dataclasses import replace

from rules.errors import Code, RuleError
from rules.pool.model import HallFloor, Inventory, Item, PoolCharacter
from rules.pool.places import HANDS, POCKETS, Place, container_present, held, put, room, take
from rules.pool.world_events import Inability

# Where a new item goes, first place with room wins, else the hall floor. Pills prefer the left
# pocket (the only one usable in a fight), coins the right one, so the two do not crowd each other.
PRIZE_ORDER: dict[Item, tuple[Place, ...]] = {
    Item.SWORD: (Place.RIGHT_HAND, Place.LEFT_HAND),
    Item.JACKET: (Place.WORN, Place.BACKPACK),
    Item.TROUSERS: (Place.WORN, Place.BACKPACK),
    Item.BACKPACK: (Place.WORN,),
    Item.RATION: (Place.BACKPACK, Place.RIGHT_HAND, Place.LEFT_HAND),
    Item.PILL: (Place.LEFT_POCKET, Place.BACKPACK, Place.RIGHT_POCKET),
    Item.COIN: (Place.RIGHT_POCKET, Place.BACKPACK, Place.LEFT_POCKET),
}


def require_able(character: PoolCharacter, *, at_zero_allowed: bool = False) -> None:
    """Raise ``CANNOT_ACT`` unless the character is alive, awake and above 0 health.

    ``at_zero_allowed`` is for the one thing a character at 0 may do: swallow pills from the
    jacket's left pocket.
    """
    if not character.alive:
        raise RuleError(Code.CANNOT_ACT, character=character.number, reason=Inability.DEAD)
    if character.asleep:
        raise RuleError(Code.CANNOT_ACT, character=character.number, reason=Inability.ASLEEP)
    if character.health <= 0 and not at_zero_allowed:
        raise RuleError(Code.CANNOT_ACT, character=character.number, reason=Inability.AT_ZERO)


def _check_count(count: int) -> None:
    if count < 1:
        raise RuleError(Code.BAD_COUNT, count=count)


def move(
    character: PoolCharacter,
    floor: HallFloor,
    item: Item,
    source: Place,
    dest: Place,
    count: int = 1,
) -> tuple[PoolCharacter, HallFloor]:
    """Move ``count`` ``item`` from ``source`` to ``dest`` (either may be the hall floor).

    Covers wearing (dest ``WORN``), taking off (source ``WORN``), dropping and picking up.
    """
    _check_count(count)
    if source == dest:
        raise RuleError(Code.SAME_PLACE, place=source)
    require_able(character)
    inv = character.inventory
    if source == Place.FLOOR:
        have = floor.count(item)
        if count > have:
            raise RuleError(Code.NOT_THERE, item=item, place=Place.FLOOR, count=count, have=have)
        floor = floor.remove(item, count)
    else:
        inv = take(inv, item, source, count)
    if dest == Place.FLOOR:
        floor = floor.add(item, count)
    else:
        inv = put(inv, item, dest, count)
    return replace(character, inventory=inv), floor


def pills_to_reach(character: PoolCharacter) -> int:
    """How many of the backpack's pills fit in the jacket's left pocket now: the only place a
    character at health 0 can swallow them from (0 when none are there or there is no room)."""
    inv = character.inventory
    if not container_present(inv, Place.BACKPACK):
        return 0
    return min(held(inv, Item.PILL, Place.BACKPACK), room(inv, Item.PILL, Place.LEFT_POCKET))


def pills_into_reach(character: PoolCharacter) -> PoolCharacter:
    """The character with :func:`pills_to_reach` pills moved from the backpack to the jacket's
    left pocket (an ordinary move, as /inventory makes it; unchanged when there are none)."""
    count = pills_to_reach(character)
    if not count:
        return character
    moved, _floor = move(
        character, HallFloor(), Item.PILL, Place.BACKPACK, Place.LEFT_POCKET, count
    )
    return moved


def wear(
    character: PoolCharacter, floor: HallFloor, item: Item, source: Place
) -> tuple[PoolCharacter, HallFloor]:
    """Put on a jacket, trousers or backpack taken from ``source`` (one of each may be worn)."""
    return move(character, floor, item, source, Place.WORN)


def take_off(
    character: PoolCharacter, floor: HallFloor, item: Item, dest: Place = Place.FLOOR
) -> tuple[PoolCharacter, HallFloor]:
    """Take off a worn item to ``dest``. A jacket needs empty pockets, a backpack must be empty."""
    return move(character, floor, item, Place.WORN, dest)


def drop(
    character: PoolCharacter, floor: HallFloor, item: Item, source: Place, count: int = 1
) -> tuple[PoolCharacter, HallFloor]:
    """Drop ``count`` ``item`` from ``source`` to the hall floor."""
    return move(character, floor, item, source, Place.FLOOR, count)


def pick_up(
    character: PoolCharacter, floor: HallFloor, item: Item, dest: Place, count: int = 1
) -> tuple[PoolCharacter, HallFloor]:
    """Pick up ``count`` ``item`` from the hall floor to ``dest``, at once (no contest)."""
    return move(character, floor, item, Place.FLOOR, dest, count)


def eat(character: PoolCharacter, source: Place) -> PoolCharacter:
    """Eat a ration from a hand or the backpack: hunger starts counting again from 0."""
    require_able(character)
    if source not in (*HANDS, Place.BACKPACK):
        raise RuleError(Code.WRONG_PLACE, item=Item.RATION, place=source)
    inventory = take(character.inventory, Item.RATION, source)
    return replace(character, inventory=inventory, cycles_without_food=0)


def take_pills(character: PoolCharacter, count: int, source: Place) -> PoolCharacter:
    """Swallow ``count`` pills from a pocket or the backpack: +1 health each, never above max.

    Pills beyond what is needed are swallowed all the same (the player chose the count).
    At health 0 only the jacket's left pocket is in reach. In a fight only the left pocket is
    allowed at all; that is the fight module's check.
    """
    _check_count(count)
    require_able(character, at_zero_allowed=source == Place.LEFT_POCKET)
    if source not in (*POCKETS, Place.BACKPACK):
        raise RuleError(Code.WRONG_PLACE, item=Item.PILL, place=source)
    inventory = take(character.inventory, Item.PILL, source, count)
    health = min(character.max_health, character.health + count)
    return replace(character, inventory=inventory, health=health)


def prize_place(inventory: Inventory, item: Item) -> Place:
    """Where a new ``item`` goes: the first place of :data:`PRIZE_ORDER` with room, else floor."""
    for place in PRIZE_ORDER[item]:
        if room(inventory, item, place) > 0:
            return place
    return Place.FLOOR


def place_prize(
    character: PoolCharacter, item: Item, floor: HallFloor
) -> tuple[PoolCharacter, HallFloor, Place]:
    """Give the character a new ``item`` (prize, donation return), overflow to the hall floor.

    Works whatever the character's state (asleep, at 0): nothing is asked of them.
    """
    place = prize_place(character.inventory, item)
    if place == Place.FLOOR:
        return character, floor.add(item), place
    return replace(character, inventory=put(character.inventory, item, place)), floor, place


def spill(character: PoolCharacter, floor: HallFloor) -> tuple[PoolCharacter, HallFloor]:
    """Everything the character carries falls to the hall floor (e.g. for a body, if wanted)."""
    inv = character.inventory
    # Containers before what is worn, so a jacket or backpack leaves the body empty.
    for place in (*POCKETS, Place.BACKPACK, *HANDS, Place.WORN):
        for item in Item:
            n = held(inv, item, place)
            if n:
                inv = take(inv, item, place, n)
                floor = floor.add(item, n)
    return replace(character, inventory=inv), floor

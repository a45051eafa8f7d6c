"""The ``pool`` world as one value: cycle, characters, halls, portals, floors, winners.

Helpers here look characters up by number, swap updated values back in and file the requests
that the cycle tick settles (portal moves, pick-ups from the floor).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from rules.errors import Code, RuleError
from rules.pool.carrying import PRIZE_ORDER, move, require_able
from rules.pool.model import HallFloor, Item, PoolCharacter
from rules.pool.places import Place, inventory_counts, put, room

WINNERS_NEEDED = 2


@dataclass(frozen=True, slots=True)
class PickUpRequest:
    """``character`` reaches for ``count`` ``item`` on their hall's floor during this cycle.

    ``place`` None: each item goes where a prize would (:data:`rules.pool.carrying.PRIZE_ORDER`).
    """

    character: int
    item: Item
    count: int = 1
    place: Place | None = None


@dataclass(frozen=True, slots=True)
class World:
    """Everything a ``pool`` game's rules need. ``floors[h - 1]`` is the floor of hall ``h``.

    ``connections`` holds the portal pairs ``(a, b)`` with ``a < b``; None: every hall connects
    to every other.
    """

    halls: int = 1
    cycle: int = 0
    characters: tuple[PoolCharacter, ...] = ()
    floors: tuple[HallFloor, ...] = ()
    connections: frozenset[tuple[int, int]] | None = None
    winners: tuple[int, ...] = ()
    pick_ups: tuple[PickUpRequest, ...] = ()

    def __post_init__(self) -> None:
        if self.halls < 1 or len(self.floors) > self.halls:
            raise ValueError(f"bad hall count {self.halls} for {len(self.floors)} floors")
        floors = self.floors + (HallFloor(),) * (self.halls - len(self.floors))
        object.__setattr__(self, "floors", floors)
        ordered = tuple(sorted(self.characters, key=lambda c: c.number))
        object.__setattr__(self, "characters", ordered)
        if self.connections is not None:
            pairs = frozenset((min(a, b), max(a, b)) for a, b in self.connections)
            object.__setattr__(self, "connections", pairs)

    def character(self, number: int) -> PoolCharacter:
        """The character with ``number`` (``UNKNOWN_CHARACTER`` if none)."""
        for character in self.characters:
            if character.number == number:
                return character
        raise RuleError(Code.UNKNOWN_CHARACTER, number=number)

    def beside(self, doer: PoolCharacter, number: int) -> PoolCharacter:
        """Character ``number`` if alive in ``doer``'s hall; else ``NOT_HERE``, the same refusal
        whether they are elsewhere, dead or nobody (a hall is a secret donations sell)."""
        other = next((c for c in self.characters if c.number == number), None)
        if other is None or not other.alive or other.hall != doer.hall:
            raise RuleError(Code.NOT_HERE, character=doer.number, other=number)
        return other

    def floor(self, hall: int) -> HallFloor:
        """The floor of ``hall`` (``UNKNOWN_HALL`` if there is no such hall)."""
        self.check_hall(hall)
        return self.floors[hall - 1]

    def check_hall(self, hall: int) -> None:
        if not 1 <= hall <= self.halls:
            raise RuleError(Code.UNKNOWN_HALL, hall=hall)

    def connected(self, a: int, b: int) -> bool:
        """Whether a portal leads from hall ``a`` to hall ``b`` (never from a hall to itself)."""
        if a == b:
            return False
        if self.connections is None:
            return True
        return (min(a, b), max(a, b)) in self.connections

    @property
    def finished(self) -> bool:
        """Two winners are in: the game has ended."""
        return len(self.winners) >= WINNERS_NEEDED


def new_world(halls: int = 1, connections: Iterable[tuple[int, int]] | None = None) -> World:
    """An empty world of ``halls`` halls; ``connections`` as pairs, None for all-to-all."""
    world = World(halls=halls)
    if connections is None:
        return world
    pairs = frozenset(connections)
    for hall in {hall for pair in pairs for hall in pair}:
        world.check_hall(hall)
    return replace(world, connections=pairs)


def add_character(world: World, character: PoolCharacter, hall: int = 1) -> tuple[World, int]:
    """Add a character in ``hall`` with the next number (1, 2, 3... in joining order)."""
    world.check_hall(hall)
    number = max((c.number for c in world.characters), default=0) + 1
    joined = replace(character, number=number, hall=hall)
    return replace(world, characters=(*world.characters, joined)), number


def with_character(world: World, character: PoolCharacter) -> World:
    """``world`` with ``character`` replacing the one of the same number."""
    world.character(character.number)
    others = tuple(c for c in world.characters if c.number != character.number)
    return replace(world, characters=(*others, character))


def with_floor(world: World, hall: int, floor: HallFloor) -> World:
    """``world`` with ``floor`` as the floor of ``hall``."""
    world.check_hall(hall)
    floors = (*world.floors[: hall - 1], floor, *world.floors[hall:])
    return replace(world, floors=floors)


def update_character(
    world: World, number: int, change: Callable[[PoolCharacter], PoolCharacter]
) -> World:
    """Apply a character-level rule (e.g. ``eat``, ``fall_asleep``) to character ``number``."""
    return with_character(world, change(world.character(number)))


def act_in_hall(
    world: World,
    number: int,
    change: Callable[[PoolCharacter, HallFloor], tuple[PoolCharacter, HallFloor]],
) -> World:
    """Apply a rule that touches the character and the floor of their hall."""
    character = world.character(number)
    changed, floor = change(character, world.floor(character.hall))
    return with_floor(with_character(world, changed), character.hall, floor)


def move_item(
    world: World, number: int, item: Item, source: Place, dest: Place, count: int = 1
) -> World:
    """Move, wear, take off or drop (dest ``FLOOR``). Taking from the floor is
    :func:`rules.pool.pick_ups.reach`: at once when nobody contests it, else at the tick."""
    if source == Place.FLOOR:
        raise RuleError(Code.WRONG_PLACE, item=item, place=source)
    return act_in_hall(world, number, lambda c, f: move(c, f, item, source, dest, count))


def request_move(world: World, number: int, hall: int | None) -> World:
    """Ask to go through the portal to ``hall`` when portals open (None cancels).

    A sleeper may ask too (or keep the request made before sleeping): the request waits until
    they wake, and the tick wakes them before it opens the portals."""
    character = world.character(number)
    if hall is not None:
        require_able(replace(character, asleep=False))
        world.check_hall(hall)
        if not world.connected(character.hall, hall):
            raise RuleError(Code.NOT_CONNECTED, from_hall=character.hall, to_hall=hall)
    return with_character(world, replace(character, move_to=hall))


def request_pick_up(
    world: World, number: int, item: Item, count: int = 1, place: Place | None = None
) -> World:
    """File a request for ``count`` ``item`` on the hall's floor; replaces an earlier request
    for that item. Settled at the tick, by initiative when several want more than lies there
    (:func:`rules.pool.pick_ups.reach` decides whether it is taken at once instead)."""
    character = world.character(number)
    if count < 1:
        raise RuleError(Code.BAD_COUNT, count=count)
    require_able(character)
    have = world.floor(character.hall).count(item)
    if count > have:
        raise RuleError(Code.NOT_THERE, item=item, place=Place.FLOOR, count=count, have=have)
    if place == Place.FLOOR:
        raise RuleError(Code.SAME_PLACE, place=place)
    if place is not None:
        put(character.inventory, item, place, count)  # raises if it cannot go there now
    else:
        space = sum(room(character.inventory, item, p) for p in PRIZE_ORDER[item])
        if count > space:
            raise RuleError(
                Code.DOES_NOT_FIT, item=item, place=PRIZE_ORDER[item][0], count=count, room=space
            )
    request = PickUpRequest(number, item, count, place)
    kept = tuple(r for r in world.pick_ups if (r.character, r.item) != (number, item))
    return replace(world, pick_ups=(*kept, request))


def world_counts(world: World) -> Counter[Item]:
    """Every item in the world, carried or on a floor (dead characters' belongings included)."""
    counts: Counter[Item] = Counter()
    for character in world.characters:
        counts.update(inventory_counts(character.inventory))
    for floor in world.floors:
        counts.update(dict(floor.items))
    return counts

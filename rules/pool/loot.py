"""What the dead leave behind (rulebook: pool / Items and carrying).

Every way a character dies (a mortal wound, staying at 0, killed in sleep, a game master's
kill) empties their body in the same change: everything they carried, in hands, pockets,
backpack and worn, falls to the floor of the hall they died in and joins what lies there.
:func:`strip_body` is the one place that does it; :func:`bury` also puts it on the floor.
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.pool.carrying import spill
from rules.pool.model import HallFloor, PoolCharacter
from rules.pool.places import inventory_counts
from rules.pool.world import World, with_character, with_floor
from rules.pool.world_events import Spilled


def strip_body(character: PoolCharacter) -> tuple[PoolCharacter, Spilled | None]:
    """A dead character with nothing on them, and what fell (None: they carried nothing).

    The living are left as they are: only a death empties a body."""
    if character.alive:
        return character, None
    counts = inventory_counts(character.inventory)
    if not sum(counts.values()):
        return character, None
    emptied, _ = spill(character, HallFloor())
    fallen = HallFloor(tuple(counts.items())).items
    return emptied, Spilled(character.number, character.hall, fallen)


def bury(world: World, number: int) -> tuple[World, Spilled | None]:
    """Character ``number``, dead, leaves everything on their hall's floor."""
    emptied, spilled = strip_body(world.character(number))
    if spilled is None:
        return world, None
    world = with_character(world, emptied)
    return with_floor(world, spilled.hall, spilled.onto(world.floor(spilled.hall))), spilled


def bury_all(world: World, numbers: Iterable[int]) -> tuple[World, tuple[Spilled, ...]]:
    """:func:`bury` each of ``numbers`` in turn; what fell, in that order."""
    fell: list[Spilled] = []
    for number in numbers:
        world, spilled = bury(world, number)
        if spilled is not None:
            fell.append(spilled)
    return world, tuple(fell)

"""Builders for the pool world tests (scripted dice only, no randomness)."""

from __future__ import annotations

from typing import Any

from rules.pool.model import Gender, HallFloor, Inventory, Item, PoolCharacter, Stats, start_kit
from rules.pool.world import World, add_character, new_world


def make(
    number: int = 1,
    *,
    initiative: int = 2,
    attack: int = 3,
    defense: int = 3,
    vitality: int = 4,
    charisma: int = 0,
    **changes: Any,
) -> PoolCharacter:
    """A character with the start kit at full health unless ``health`` is given."""
    fields: dict[str, Any] = {
        "number": number,
        "name": f"c{number}",
        "gender": Gender.MALE,
        "stats": Stats(initiative, attack, defense, vitality, charisma),
        "health": vitality,
        "inventory": start_kit(),
    }
    fields.update(changes)
    return PoolCharacter(**fields)


def bare(number: int = 1, **changes: Any) -> PoolCharacter:
    """A character carrying nothing at all."""
    return make(number, inventory=Inventory(), **changes)


def world_of(*characters: PoolCharacter, halls: int = 1, **changes: Any) -> World:
    """A world with ``characters`` (renumbered 1, 2, ... in order, halls kept)."""
    world = new_world(halls)
    for character in characters:
        world, _ = add_character(world, character, character.hall)
    if changes:
        from dataclasses import replace

        world = replace(world, **changes)
    return world


def floor_of(**counts: int) -> HallFloor:
    """A floor from item values: ``floor_of(sword=2, coin=5)``."""
    return HallFloor(tuple((Item(name), n) for name, n in counts.items()))

"""The world value: numbering, halls, portals, floors (rulebook: pool / Character, Halls)."""

from __future__ import annotations

import pytest

from rules.errors import Code
from rules.pool.model import HallFloor, Item
from rules.pool.places import Place
from rules.pool.world import (
    World,
    add_character,
    move_item,
    new_world,
    request_move,
    with_character,
    with_floor,
    world_counts,
)
from tests.refusals import refused
from tests.rules.pool_world.world_helpers import floor_of, make, world_of


def test_ruling_characters_numbered_in_joining_order() -> None:
    world = new_world(2)
    world, first = add_character(world, make(77))
    world, second = add_character(world, make(5), hall=2)
    assert (first, second) == (1, 2)
    assert [c.number for c in world.characters] == [1, 2]
    assert world.character(2).hall == 2


def test_ruling_characters_start_in_hall_1() -> None:
    world, number = add_character(new_world(3), make(hall=3))
    assert world.character(number).hall == 1


def test_unknown_numbers_and_halls_are_errors() -> None:
    world = world_of(make())
    with refused(Code.UNKNOWN_CHARACTER) as caught:
        world.character(2)
    assert caught.value.details == {"number": 2}
    with refused(Code.UNKNOWN_HALL):
        world.floor(2)
    with refused(Code.UNKNOWN_HALL):
        add_character(world, make(), hall=0)
    with refused(Code.UNKNOWN_CHARACTER):
        with_character(world, make(3))
    with refused(Code.UNKNOWN_HALL):
        new_world(2, connections=[(1, 3)])


def test_world_validates_floors_against_halls() -> None:
    assert len(World(halls=3).floors) == 3
    with pytest.raises(ValueError, match="hall count"):
        World(halls=1, floors=(HallFloor(), HallFloor()))
    with pytest.raises(ValueError, match="hall count"):
        World(halls=0)


def test_ruling_halls_connect_all_to_all_unless_the_admin_sets_connections() -> None:
    everywhere = new_world(4)
    assert all(everywhere.connected(a, b) for a in range(1, 5) for b in range(1, 5) if a != b)
    assert not everywhere.connected(2, 2)
    ring = new_world(3, connections=[(2, 1), (2, 3)])
    assert ring.connected(1, 2) and ring.connected(3, 2) and not ring.connected(1, 3)


def test_request_move_is_validated() -> None:
    world = world_of(make(), make(health=0), halls=3, connections=frozenset({(1, 2)}))
    with refused(Code.NOT_CONNECTED) as caught:
        request_move(world, 1, 3)
    assert caught.value.details == {"from_hall": 1, "to_hall": 3}
    with refused(Code.NOT_CONNECTED):
        request_move(world, 1, 1)
    with refused(Code.UNKNOWN_HALL):
        request_move(world, 1, 4)
    with refused(Code.CANNOT_ACT):
        request_move(world, 2, 2)
    assert request_move(world, 1, 2).character(1).move_to == 2


def test_move_item_drops_to_the_hall_floor_but_never_takes_from_it() -> None:
    world = world_of(make(hall=2), halls=2)
    world = move_item(world, 1, Item.SWORD, Place.RIGHT_HAND, Place.FLOOR)
    assert world.floor(2) == floor_of(sword=1) and world.floor(1) == HallFloor()
    with refused(Code.WRONG_PLACE):
        move_item(world, 1, Item.SWORD, Place.FLOOR, Place.RIGHT_HAND)


def test_hall_floor_is_canonical() -> None:
    built = HallFloor(((Item.COIN, 2), (Item.SWORD, 1), (Item.COIN, 1), (Item.PILL, 0)))
    assert built == HallFloor().add(Item.SWORD).add(Item.COIN, 3)
    assert built.items == ((Item.SWORD, 1), (Item.COIN, 3))
    assert built.remove(Item.SWORD) == floor_of(coin=3)
    with pytest.raises(ValueError, match="negative"):
        built.remove(Item.PILL)


def test_world_counts_sum_characters_and_floors() -> None:
    world = with_floor(world_of(make(), make(), halls=2), 2, floor_of(sword=3))
    counts = world_counts(world)
    assert counts[Item.SWORD] == 5 and counts[Item.RATION] == 10 and counts[Item.COIN] == 0

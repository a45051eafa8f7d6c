"""Carrying limits and operations (rulebook: pool / Items and carrying)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.errors import Code
from rules.pool.carrying import (
    drop,
    eat,
    move,
    pick_up,
    pills_into_reach,
    pills_to_reach,
    place_prize,
    prize_place,
    spill,
    take_off,
    take_pills,
    wear,
)
from rules.pool.model import BackpackContent, HallFloor, Inventory, Item, PocketContent, start_kit
from rules.pool.places import Place, held, inventory_counts, put, room, take, within_limits
from rules.pool.world_events import Inability
from tests.refusals import refused
from tests.rules.pool_world.world_helpers import bare, floor_of, make

EMPTY = HallFloor()
JACKET_ONLY = Inventory(jacket=True)


def test_ruling_pockets_exist_only_with_a_jacket_worn() -> None:
    with refused(Code.NO_CONTAINER) as caught:
        put(Inventory(), Item.PILL, Place.LEFT_POCKET)
    assert caught.value.details["place"] == Place.LEFT_POCKET
    assert room(Inventory(), Item.COIN, Place.RIGHT_POCKET) == 0
    assert put(JACKET_ONLY, Item.PILL, Place.LEFT_POCKET).left_pocket == PocketContent(Item.PILL, 1)


def test_ruling_pocket_holds_one_kind_pills_or_coins() -> None:
    inv = put(JACKET_ONLY, Item.PILL, Place.LEFT_POCKET, 3)
    with refused(Code.DOES_NOT_FIT) as caught:
        put(inv, Item.COIN, Place.LEFT_POCKET)
    assert caught.value.details == {
        "item": Item.COIN,
        "place": Place.LEFT_POCKET,
        "count": 1,
        "room": 0,
    }
    emptied = take(inv, Item.PILL, Place.LEFT_POCKET, 3)
    assert emptied.left_pocket == PocketContent()
    assert put(emptied, Item.COIN, Place.LEFT_POCKET).left_pocket == PocketContent(Item.COIN, 1)


def test_ruling_pocket_holds_up_to_10_pills() -> None:
    inv = put(JACKET_ONLY, Item.PILL, Place.RIGHT_POCKET, 10)
    assert room(inv, Item.PILL, Place.RIGHT_POCKET) == 0
    with refused(Code.DOES_NOT_FIT):
        put(inv, Item.PILL, Place.RIGHT_POCKET)
    with refused(Code.DOES_NOT_FIT):
        put(JACKET_ONLY, Item.PILL, Place.RIGHT_POCKET, 11)


def test_ruling_pocket_holds_up_to_100_coins() -> None:
    inv = put(JACKET_ONLY, Item.COIN, Place.LEFT_POCKET, 100)
    with refused(Code.DOES_NOT_FIT) as caught:
        put(inv, Item.COIN, Place.LEFT_POCKET)
    assert caught.value.details["count"] == 1


@pytest.mark.parametrize("item", [Item.SWORD, Item.RATION, Item.JACKET, Item.TROUSERS])
def test_ruling_pockets_hold_only_pills_and_coins(item: Item) -> None:
    with refused(Code.WRONG_PLACE):
        put(JACKET_ONLY, item, Place.LEFT_POCKET)


def test_ruling_backpack_holds_at_most_10_rations_jackets_trousers_together() -> None:
    inv = Inventory(backpack=True, pack=BackpackContent(rations=5, jackets=2, trousers=2))
    assert room(inv, Item.TROUSERS, Place.BACKPACK) == 1
    full = put(inv, Item.JACKET, Place.BACKPACK)
    for item in (Item.RATION, Item.JACKET, Item.TROUSERS):
        with refused(Code.DOES_NOT_FIT):
            put(full, item, Place.BACKPACK)


def test_ruling_backpack_holds_pills_and_coins_without_limit() -> None:
    full = Inventory(backpack=True, pack=BackpackContent(rations=10))
    inv = put(put(full, Item.PILL, Place.BACKPACK, 500), Item.COIN, Place.BACKPACK, 1000)
    assert inv.pack == BackpackContent(rations=10, pills=500, coins=1000)


def test_ruling_backpack_holds_nothing_unless_worn() -> None:
    with refused(Code.NO_CONTAINER):
        put(Inventory(), Item.RATION, Place.BACKPACK)


@pytest.mark.parametrize("item", [Item.SWORD, Item.BACKPACK])
def test_ruling_backpack_takes_no_swords_or_backpacks(item: Item) -> None:
    with refused(Code.WRONG_PLACE):
        put(Inventory(backpack=True), item, Place.BACKPACK)


def test_ruling_swords_only_in_hands_one_per_hand() -> None:
    inv = put(put(Inventory(), Item.SWORD, Place.LEFT_HAND), Item.SWORD, Place.RIGHT_HAND)
    assert inv.swords_in_hand == 2
    with refused(Code.DOES_NOT_FIT):
        put(inv, Item.SWORD, Place.LEFT_HAND)
    with refused(Code.DOES_NOT_FIT):
        put(Inventory(), Item.SWORD, Place.LEFT_HAND, 2)
    for place in (Place.WORN, Place.BACKPACK, Place.LEFT_POCKET):
        with refused(Code.WRONG_PLACE):
            put(Inventory(jacket=True, backpack=True), Item.SWORD, place)


def test_ruling_ration_only_in_backpack_or_one_in_a_free_hand() -> None:
    inv = put(Inventory(right_hand=Item.SWORD), Item.RATION, Place.LEFT_HAND)
    assert inv.left_hand == Item.RATION
    with refused(Code.DOES_NOT_FIT):
        put(inv, Item.RATION, Place.LEFT_HAND)  # one a hand
    with refused(Code.DOES_NOT_FIT):
        put(inv, Item.RATION, Place.RIGHT_HAND)  # the sword hand is not free
    with refused(Code.WRONG_PLACE):
        put(Inventory(jacket=True), Item.RATION, Place.LEFT_POCKET)


def test_ruling_one_jacket_trousers_backpack_worn() -> None:
    worn = start_kit()
    for item in (Item.JACKET, Item.TROUSERS, Item.BACKPACK):
        with refused(Code.DOES_NOT_FIT):
            put(worn, item, Place.WORN)
    with refused(Code.WRONG_PLACE):
        put(worn, Item.SWORD, Place.WORN)


def test_ruling_not_worn_not_held_not_fitting_lies_on_the_floor() -> None:
    nothing = bare()
    for item in Item:
        if item in (Item.SWORD, Item.RATION, Item.JACKET, Item.TROUSERS, Item.BACKPACK):
            continue
        _, floor, place = place_prize(nothing, item, EMPTY)
        assert place == Place.FLOOR
        assert floor.count(item) == 1


def test_move_between_places_and_hands() -> None:
    hero = make()
    hero, floor = move(hero, EMPTY, Item.SWORD, Place.RIGHT_HAND, Place.LEFT_HAND)
    assert (hero.inventory.left_hand, hero.inventory.right_hand) == (Item.SWORD, None)
    hero, floor = move(hero, floor, Item.PILL, Place.BACKPACK, Place.LEFT_POCKET, 5)
    assert hero.inventory.pills_in_left_pocket == 5
    assert hero.inventory.pack.pills == 0
    assert floor == EMPTY


def test_move_validates_count_place_and_presence() -> None:
    hero = make()
    with refused(Code.BAD_COUNT):
        move(hero, EMPTY, Item.PILL, Place.BACKPACK, Place.LEFT_POCKET, 0)
    with refused(Code.SAME_PLACE):
        move(hero, EMPTY, Item.PILL, Place.BACKPACK, Place.BACKPACK)
    with refused(Code.NOT_THERE) as caught:
        move(hero, EMPTY, Item.PILL, Place.BACKPACK, Place.LEFT_POCKET, 6)
    assert caught.value.details == {
        "item": Item.PILL,
        "place": Place.BACKPACK,
        "count": 6,
        "have": 5,
    }
    with refused(Code.NOT_THERE):
        pick_up(hero, floor_of(pill=1), Item.PILL, Place.LEFT_POCKET, 2)


def test_drop_and_pick_up_use_the_floor() -> None:
    hero, floor = drop(make(), EMPTY, Item.RATION, Place.BACKPACK, 2)
    assert floor == floor_of(ration=2)
    assert hero.inventory.pack.rations == 3
    hero, floor = pick_up(hero, floor, Item.RATION, Place.LEFT_HAND)
    assert hero.inventory.left_hand == Item.RATION
    assert floor == floor_of(ration=1)


def test_wear_and_take_off() -> None:
    hero, floor = take_off(make(), EMPTY, Item.TROUSERS, Place.BACKPACK)
    assert not hero.inventory.trousers
    assert hero.inventory.pack.trousers == 1
    hero, floor = wear(hero, floor, Item.TROUSERS, Place.BACKPACK)
    assert hero.inventory.trousers
    hero, floor = take_off(hero, floor, Item.JACKET)
    assert floor == floor_of(jacket=1)
    hero, floor = wear(hero, floor, Item.JACKET, Place.FLOOR)
    assert hero.inventory.jacket and floor == EMPTY


def test_take_off_jacket_refused_unless_pockets_empty() -> None:
    inv = replace(start_kit(), right_pocket=PocketContent(Item.COIN, 3))
    with refused(Code.NOT_EMPTY) as caught:
        take_off(make(inventory=inv), EMPTY, Item.JACKET)
    assert caught.value.details["item"] == Item.JACKET


def test_take_off_backpack_refused_unless_empty() -> None:
    with refused(Code.NOT_EMPTY):
        take_off(make(), EMPTY, Item.BACKPACK)
    empty_pack = replace(start_kit(), pack=BackpackContent())
    hero, floor = take_off(make(inventory=empty_pack), EMPTY, Item.BACKPACK)
    assert not hero.inventory.backpack and floor == floor_of(backpack=1)


def test_taken_off_jacket_can_go_into_the_backpack_but_a_backpack_cannot() -> None:
    hero, _ = take_off(make(), EMPTY, Item.JACKET, Place.BACKPACK)
    assert hero.inventory.pack.jackets == 1
    empty_pack = replace(start_kit(), pack=BackpackContent())
    with refused(Code.WRONG_PLACE):
        take_off(make(inventory=empty_pack), EMPTY, Item.BACKPACK, Place.BACKPACK)


def test_ruling_eating_a_ration_resets_hunger() -> None:
    hungry = make(cycles_without_food=7)
    fed = eat(hungry, Place.BACKPACK)
    assert fed.cycles_without_food == 0
    assert fed.inventory.pack.rations == 4
    in_hand = make(inventory=Inventory(left_hand=Item.RATION), cycles_without_food=5)
    assert eat(in_hand, Place.LEFT_HAND).inventory.left_hand is None
    with refused(Code.WRONG_PLACE):
        eat(hungry, Place.FLOOR)
    with refused(Code.NOT_THERE):
        eat(bare(), Place.RIGHT_HAND)


def test_ruling_pill_gives_one_health_never_above_max() -> None:
    hurt = make(vitality=6, health=3)
    assert take_pills(hurt, 1, Place.BACKPACK).health == 4
    healed = take_pills(hurt, 5, Place.BACKPACK)
    assert healed.health == 6  # capped; the extra pills are swallowed all the same
    assert healed.inventory.pack.pills == 0


def test_ruling_several_pills_may_be_taken_at_once() -> None:
    assert take_pills(make(vitality=6, health=1), 3, Place.BACKPACK).health == 4


def test_ruling_health_zero_only_pills_from_left_pocket() -> None:
    inv = replace(start_kit(), left_pocket=PocketContent(Item.PILL, 2))
    down = make(health=0, inventory=inv)
    assert take_pills(down, 2, Place.LEFT_POCKET).health == 2
    with refused(Code.CANNOT_ACT) as caught:
        take_pills(down, 1, Place.BACKPACK)
    assert caught.value.details["reason"] == Inability.AT_ZERO
    for action in (
        lambda: eat(down, Place.BACKPACK),
        lambda: drop(down, EMPTY, Item.SWORD, Place.RIGHT_HAND),
    ):
        with refused(Code.CANNOT_ACT):
            action()


def test_pills_come_only_from_pockets_or_backpack() -> None:
    with refused(Code.WRONG_PLACE):
        take_pills(make(), 1, Place.FLOOR)
    with refused(Code.BAD_COUNT):
        take_pills(make(), 0, Place.BACKPACK)


def test_dead_and_sleeping_characters_cannot_act() -> None:
    with refused(Code.CANNOT_ACT) as dead:
        eat(make(alive=False), Place.BACKPACK)
    assert dead.value.details["reason"] == Inability.DEAD
    with refused(Code.CANNOT_ACT) as asleep:
        take_pills(make(asleep=True), 1, Place.BACKPACK)
    assert asleep.value.details["reason"] == Inability.ASLEEP


@pytest.mark.parametrize(
    ("inventory", "item", "place"),
    [
        (start_kit(), Item.SWORD, Place.LEFT_HAND),
        (Inventory(left_hand=Item.RATION), Item.SWORD, Place.RIGHT_HAND),
        (Inventory(left_hand=Item.RATION, right_hand=Item.SWORD), Item.SWORD, Place.FLOOR),
        (Inventory(), Item.JACKET, Place.WORN),
        (Inventory(jacket=True, backpack=True), Item.JACKET, Place.BACKPACK),
        (Inventory(jacket=True), Item.JACKET, Place.FLOOR),
        (start_kit(), Item.BACKPACK, Place.FLOOR),
        (Inventory(), Item.BACKPACK, Place.WORN),
        (start_kit(), Item.RATION, Place.BACKPACK),
        (Inventory(right_hand=Item.SWORD), Item.RATION, Place.LEFT_HAND),
        (Inventory(), Item.RATION, Place.RIGHT_HAND),
        (start_kit(), Item.PILL, Place.LEFT_POCKET),
        (
            replace(start_kit(), left_pocket=PocketContent(Item.COIN, 1)),
            Item.PILL,
            Place.BACKPACK,
        ),
        (
            Inventory(jacket=True, left_pocket=PocketContent(Item.PILL, 10)),
            Item.PILL,
            Place.RIGHT_POCKET,
        ),
        (start_kit(), Item.COIN, Place.RIGHT_POCKET),
        (
            replace(start_kit(), right_pocket=PocketContent(Item.COIN, 100)),
            Item.COIN,
            Place.BACKPACK,
        ),
        (
            Inventory(jacket=True, right_pocket=PocketContent(Item.PILL, 1)),
            Item.COIN,
            Place.LEFT_POCKET,
        ),
        (Inventory(), Item.COIN, Place.FLOOR),
    ],
)
def test_prize_place_preference_order(inventory: Inventory, item: Item, place: Place) -> None:
    assert prize_place(inventory, item) == place


def test_place_prize_works_for_sleepers_and_overflows_to_floor() -> None:
    sleeper = make(asleep=True)
    got, floor, place = place_prize(sleeper, Item.BACKPACK, EMPTY)
    assert (got, floor, place) == (sleeper, floor_of(backpack=1), Place.FLOOR)
    got, floor, place = place_prize(sleeper, Item.COIN, EMPTY)
    assert place == Place.RIGHT_POCKET and got.inventory.right_pocket == PocketContent(Item.COIN, 1)


def test_spill_drops_everything_on_the_floor() -> None:
    inv = replace(start_kit(), left_pocket=PocketContent(Item.PILL, 2), left_hand=Item.RATION)
    hero = make(inventory=inv, alive=False)
    emptied, floor = spill(hero, floor_of(coin=1))
    assert emptied.inventory == Inventory()
    assert floor == floor_of(coin=1, pill=7, ration=6, sword=1, jacket=1, trousers=1, backpack=1)


def test_ruling_start_kit_counts_and_fits_the_limits() -> None:
    counts = inventory_counts(start_kit())
    assert counts == {
        Item.SWORD: 1,
        Item.JACKET: 1,
        Item.TROUSERS: 1,
        Item.BACKPACK: 1,
        Item.RATION: 5,
        Item.PILL: 5,
    }
    assert within_limits(start_kit())
    assert held(start_kit(), Item.SWORD, Place.FLOOR) == 0
    assert not within_limits(Inventory(left_pocket=PocketContent(Item.PILL, 1)))
    assert not within_limits(Inventory(pack=BackpackContent(pills=1)))


def test_start_pills_go_into_reach_as_far_as_the_left_pocket_holds() -> None:
    hero = make()
    assert pills_to_reach(hero) == 5
    moved = pills_into_reach(hero)
    assert moved.inventory.pills_in_left_pocket == 5 and moved.inventory.pack.pills == 0
    assert pills_to_reach(moved) == 0 and pills_into_reach(moved) == moved
    many = replace(hero.inventory, pack=replace(hero.inventory.pack, pills=14))
    assert pills_to_reach(replace(hero, inventory=many)) == 10  # a pocket holds 10
    coins = replace(hero.inventory, left_pocket=PocketContent(Item.COIN, 3))
    assert pills_to_reach(replace(hero, inventory=coins)) == 0  # one kind per pocket
    no_jacket = replace(hero.inventory, jacket=False)
    assert pills_to_reach(replace(hero, inventory=no_jacket)) == 0

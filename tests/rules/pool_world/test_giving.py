"""Giving items to another character in the same hall (issue 25 item 3, rules.pool.giving)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from rules.dice import ScriptedDice
from rules.errors import Code
from rules.pool.cycle import tick
from rules.pool.fight_round import resolve_round
from rules.pool.fight_setup import Choice, FightState
from rules.pool.giving import GiveProblem, Handed, accept, give
from rules.pool.health import Died
from rules.pool.model import BackpackContent, Inventory, Item, PocketContent, start_kit
from rules.pool.offers import GiftOffer
from rules.pool.places import Place, inventory_counts
from rules.pool.world import World, update_character, world_counts
from tests.refusals import refused
from tests.rules.pool_world.world_helpers import bare, make, world_of

WITH_POCKET_PILLS = replace(start_kit(), left_pocket=PocketContent(Item.PILL, 3))


def _hand(world: World, *args: Any, **kwargs: Any) -> tuple[World, Handed]:
    after, handed = give(world, *args, **kwargs)
    assert isinstance(handed, Handed)
    return after, handed


def _offer(world: World, *args: Any, **kwargs: Any) -> GiftOffer:
    after, offer = give(world, *args, **kwargs)
    assert isinstance(offer, GiftOffer) and after == world  # nothing moves before acceptance
    return offer


def _down(world: World, number: int, **changes: Any) -> World:
    """Character ``number`` at 0 since the cycle began (the tick ending it kills them)."""
    return update_character(
        world, number, lambda c: replace(c, health=0, health_at_cycle_start=0, **changes)
    )


def test_ruling_pills_given_at_zero_are_swallowed_and_save_at_the_tick() -> None:
    world = _down(world_of(make(inventory=WITH_POCKET_PILLS), make(vitality=4)), 2)
    before = world_counts(world)
    given, handed = _hand(world, 1, 2, Item.PILL, Place.LEFT_POCKET, 2)
    assert handed == Handed(1, 2, Item.PILL, 2, True, (), 2)
    assert given.character(2).health == 2 and given.character(2).inventory == start_kit()
    assert given.character(1).inventory.pills_in_left_pocket == 1
    assert world_counts(given)[Item.PILL] == before[Item.PILL] - 2  # swallowed, gone
    after = tick(given, ScriptedDice())
    assert after.world.character(2).alive and after.world.character(2).health == 2
    unsaved = tick(world, ScriptedDice())
    assert Died(2, "unattended") in unsaved.events


def test_ruling_pills_given_at_zero_never_rise_above_max() -> None:
    world = _down(world_of(make(), make(vitality=1)), 2)
    given, handed = _hand(world, 1, 2, Item.PILL, Place.BACKPACK, 3)
    assert given.character(2).health == 1 and handed.health == 1
    assert given.character(1).inventory.pack.pills == 2  # all three were given and swallowed


def test_ruling_a_fighter_at_zero_takes_pills_from_a_giver_outside_the_fight() -> None:
    world = _down(world_of(make(), make()), 2)
    given, _ = _hand(world, 1, 2, Item.PILL, Place.BACKPACK, 1, fighting=frozenset({2, 3}))
    assert given.character(2).health == 1
    with refused(Code.CANNOT_GIVE) as error:
        give(world, 1, 2, Item.PILL, Place.BACKPACK, 1, fighting=frozenset({1, 2}))
    assert error.value.details["reason"] == GiveProblem.GIVER_FIGHTING


def test_ruling_other_items_at_zero_go_where_new_items_go_and_overflow_is_refused() -> None:
    world = _down(world_of(make(), bare()), 2)
    given, handed = _hand(world, 1, 2, Item.SWORD, Place.RIGHT_HAND, 1)
    assert handed.places == ((Place.RIGHT_HAND, 1),) and not handed.swallowed
    assert given.character(2).inventory.right_hand == Item.SWORD
    assert given.character(2).health == 0  # a sword saves nobody
    with refused(Code.NO_ROOM_FOR_GIFT) as error:
        give(world, 1, 2, Item.RATION, Place.BACKPACK, 3)  # two hands, no backpack
    assert error.value.details == {"receiver": 2, "item": Item.RATION, "count": 3, "room": 2}


def test_ruling_an_awake_receiver_above_zero_gets_an_offer_and_accepts() -> None:
    world = world_of(make(), make())
    offer = _offer(world, 1, 2, Item.PILL, Place.BACKPACK, 4)
    assert offer == GiftOffer(0, 1, 2, Item.PILL, Place.BACKPACK, 4)
    after, handed = accept(world, offer)
    assert handed.places == ((Place.LEFT_POCKET, 4),) and not handed.swallowed
    assert after.character(2).inventory.pills_in_left_pocket == 4
    assert after.character(1).inventory.pack.pills == 1
    assert world_counts(after) == world_counts(world)


def test_ruling_pills_fill_the_left_pocket_first_then_the_backpack() -> None:
    packed = replace(start_kit(), pack=BackpackContent(pills=15))
    world = world_of(make(inventory=packed), make())
    _, handed = accept(world, _offer(world, 1, 2, Item.PILL, Place.BACKPACK, 15))
    assert handed.places == ((Place.LEFT_POCKET, 10), (Place.BACKPACK, 5))


def test_ruling_an_offer_ends_with_its_cycle() -> None:
    world = world_of(make(), make())
    offer = _offer(world, 1, 2, Item.RATION, Place.BACKPACK, 1)
    ticked = tick(world, ScriptedDice()).world
    with refused(Code.OFFER_GONE):
        accept(ticked, offer)
    assert _offer(ticked, 1, 2, Item.RATION, Place.BACKPACK, 1).cycle == 1


def test_ruling_acceptance_checks_everything_again() -> None:
    world = world_of(make(), make(), halls=2)
    offer = _offer(world, 1, 2, Item.PILL, Place.BACKPACK, 5)
    emptied = update_character(world, 1, lambda c: replace(c, inventory=Inventory()))
    with refused(Code.NOT_THERE):
        accept(emptied, offer)
    with refused(Code.NOT_HERE):
        accept(update_character(world, 2, lambda c: replace(c, hall=2)), offer)
    with refused(Code.CANNOT_GIVE):
        accept(update_character(world, 2, lambda c: replace(c, asleep=True)), offer)
    with refused(Code.CANNOT_GIVE):
        accept(world, offer, fighting=frozenset({1, 3}))
    coins = PocketContent(Item.COIN, 1)
    full = Inventory(jacket=True, left_pocket=coins, right_pocket=coins)  # no room for pills
    with refused(Code.NO_ROOM_FOR_GIFT):
        accept(update_character(world, 2, lambda c: replace(c, inventory=full)), offer)


def test_ruling_a_full_receiver_cannot_be_offered_what_they_cannot_carry() -> None:
    full = Inventory(left_hand=Item.SWORD, right_hand=Item.SWORD)
    world = world_of(make(), make(inventory=full))
    with refused(Code.NO_ROOM_FOR_GIFT):
        give(world, 1, 2, Item.SWORD, Place.RIGHT_HAND, 1)


def test_ruling_the_asleep_cannot_receive() -> None:
    world = world_of(make(), make(asleep=True))
    with refused(Code.CANNOT_GIVE) as error:
        give(world, 1, 2, Item.PILL, Place.BACKPACK, 1)
    assert error.value.details["reason"] == GiveProblem.RECEIVER_ASLEEP


@pytest.mark.parametrize(
    "world",
    [
        world_of(make(), make(alive=False)),
        world_of(make(), make(alive=False, health=0)),
        world_of(make(), make(hall=2), halls=2),
        world_of(make()),
    ],
)
def test_ruling_the_dead_elsewhere_and_nobody_are_refused_alike(world: World) -> None:
    """Which hall someone is in is a secret donations sell: one refusal for all of them."""
    with refused(Code.NOT_HERE) as error:
        give(world, 1, 2, Item.PILL, Place.BACKPACK, 1)
    assert error.value.details == {"character": 1, "other": 2}


def test_ruling_a_sleeper_at_zero_swallows_pills_but_takes_nothing_else() -> None:
    world = _down(world_of(make(), make()), 2, asleep=True)
    given, _ = _hand(world, 1, 2, Item.PILL, Place.BACKPACK, 1)
    assert given.character(2).health == 1
    with refused(Code.CANNOT_GIVE) as error:
        give(world, 1, 2, Item.RATION, Place.BACKPACK, 1)
    assert error.value.details["reason"] == GiveProblem.RECEIVER_ASLEEP


def test_ruling_a_fighter_above_zero_cannot_receive() -> None:
    world = world_of(make(), make())
    with refused(Code.CANNOT_GIVE) as error:
        give(world, 1, 2, Item.PILL, Place.BACKPACK, 1, fighting=frozenset({2, 3}))
    assert error.value.details["reason"] == GiveProblem.RECEIVER_FIGHTING


def test_ruling_self_other_hall_and_what_the_giver_lacks_are_refused() -> None:
    world = world_of(make(), make(hall=2), make(), halls=2)
    with refused(Code.SELF_TARGET):
        give(world, 1, 1, Item.PILL, Place.BACKPACK, 1)
    with refused(Code.NOT_HERE):
        give(world, 1, 2, Item.PILL, Place.BACKPACK, 1)
    with refused(Code.NOT_THERE):
        give(world, 1, 3, Item.PILL, Place.BACKPACK, 6)
    with refused(Code.NOT_THERE):
        give(world, 1, 3, Item.COIN, Place.RIGHT_POCKET, 1)
    with refused(Code.WRONG_PLACE):
        give(world, 1, 3, Item.SWORD, Place.FLOOR, 1)
    with refused(Code.BAD_COUNT):
        give(world, 1, 3, Item.PILL, Place.BACKPACK, 0)


def test_ruling_a_worn_jacket_is_given_only_with_empty_pockets() -> None:
    world = world_of(make(inventory=WITH_POCKET_PILLS), bare(health=0))
    with refused(Code.NOT_EMPTY):
        give(world, 1, 2, Item.JACKET, Place.WORN, 1)
    emptied = update_character(world, 1, lambda c: replace(c, inventory=start_kit()))
    given, handed = _hand(emptied, 1, 2, Item.JACKET, Place.WORN, 1)
    assert handed.places == ((Place.WORN, 1),)
    assert not given.character(1).inventory.jacket and given.character(2).inventory.jacket


def test_ruling_a_giver_who_cannot_act_gives_nothing() -> None:
    for giver in (make(asleep=True), make(health=0)):
        world = world_of(giver, make())
        with refused(Code.CANNOT_ACT):
            give(world, 1, 2, Item.PILL, Place.BACKPACK, 1)


def test_giving_keeps_every_item_in_the_world() -> None:
    world = world_of(make(), bare(health=0))
    given, _ = _hand(world, 1, 2, Item.RATION, Place.BACKPACK, 2)
    assert inventory_counts(given.character(2).inventory) == {Item.RATION: 2}
    assert world_counts(given) == world_counts(world)


def test_ruling_pills_given_to_a_fighter_at_zero_save_them_at_the_round_end() -> None:
    fighters = frozenset({1, 2, 3})
    state = FightState(hall=1, initiative=(1, 2, 3), choices=(Choice(3, 2), Choice(1, 3)))
    world = world_of(make(health=0), make(attack=1, defense=1), make(attack=1, defense=1), make())
    dice = {10: [2] * 40}  # no successes, no ones: nobody is hurt this round
    left = resolve_round(list(world.characters[:3]), state, {}, ScriptedDice(dice))
    assert Died(1, "unattended") in left.events  # as the round would have gone
    given, _ = _hand(world, 4, 1, Item.PILL, Place.BACKPACK, 3, fighting=fighters)
    saved = resolve_round(list(given.characters[:3]), state, {}, ScriptedDice(dice))
    assert not any(isinstance(e, Died) for e in saved.events)
    assert saved.characters[0].alive and saved.characters[0].health == 3

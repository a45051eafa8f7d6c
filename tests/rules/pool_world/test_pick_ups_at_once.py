"""Pick-ups without waiting when nobody contests (issue 25 item 5, rules.pool.pick_ups)."""

from __future__ import annotations

from rules.dice import ScriptedDice
from rules.errors import Code
from rules.pool.contests import InitiativeRoll
from rules.pool.cycle import tick
from rules.pool.model import Item
from rules.pool.needs import fall_asleep
from rules.pool.pick_ups import reach
from rules.pool.places import Place
from rules.pool.world import PickUpRequest, update_character, with_floor
from rules.pool.world_events import PickedUp, PickUpMissed
from tests.refusals import refused
from tests.rules.pool_world.world_helpers import floor_of, make, world_of


def test_ruling_an_uncontested_pick_up_happens_at_once() -> None:
    world = with_floor(world_of(make(), make(), halls=2), 1, floor_of(sword=1, pill=3))
    world, taken = reach(world, 1, Item.SWORD)
    assert taken == (PickedUp(1, Item.SWORD, 1, Place.LEFT_HAND),)  # the right hand holds one
    assert world.floor(1) == floor_of(pill=3) and world.pick_ups == ()
    world, taken = reach(world, 2, Item.PILL, 2, Place.LEFT_POCKET)
    assert taken == (PickedUp(2, Item.PILL, 2, Place.LEFT_POCKET),)
    assert world.character(2).inventory.left_pocket.count == 2
    assert world.floor(1) == floor_of(pill=1)


def test_ruling_an_item_taken_at_once_is_gone_for_the_next() -> None:
    world, _ = reach(with_floor(world_of(make(), make()), 1, floor_of(sword=1)), 1, Item.SWORD)
    with refused(Code.NOT_THERE) as error:
        reach(world, 2, Item.SWORD)
    assert error.value.details["have"] == 0


def test_ruling_a_fighter_reaches_and_waits_for_the_tick() -> None:
    world = with_floor(world_of(make(), make()), 1, floor_of(sword=1))
    world, taken = reach(world, 1, Item.SWORD, fighting=frozenset({1}))
    assert taken == () and world.pick_ups == (PickUpRequest(1, Item.SWORD),)
    assert world.floor(1) == floor_of(sword=1)
    after = tick(world, ScriptedDice())
    assert after.events[0] == PickedUp(1, Item.SWORD, 1, Place.LEFT_HAND)


def test_ruling_competing_requests_wait_and_go_by_initiative() -> None:
    world = with_floor(world_of(make(initiative=0), make(initiative=3)), 1, floor_of(sword=1))
    world, _ = reach(world, 1, Item.SWORD, fighting=frozenset({1}))  # a fighter's: pending
    world, taken = reach(world, 2, Item.SWORD)  # a rival's request is pending: waits too
    assert taken == () and len(world.pick_ups) == 2
    result = tick(world, ScriptedDice({10: [9, 5]}))  # 9 + 0 = 9 against 5 + 3 = 8
    assert result.contests[0].rolls == (InitiativeRoll(1, 9, 0, 9), InitiativeRoll(2, 5, 3, 8))
    assert result.events[:2] == (
        PickedUp(1, Item.SWORD, 1, Place.LEFT_HAND),
        PickUpMissed(2, Item.SWORD, 1),
    )


def test_ruling_only_a_pending_request_for_the_same_item_in_the_hall_contests() -> None:
    world = world_of(make(), make(), make(hall=2), halls=2)
    world = with_floor(world, 1, floor_of(sword=1, coin=2))
    world = with_floor(world, 2, floor_of(sword=1))
    world, _ = reach(world, 3, Item.SWORD, fighting=frozenset({3}))  # another hall
    world, _ = reach(world, 1, Item.COIN, fighting=frozenset({1}))  # another item
    world, taken = reach(world, 2, Item.SWORD)
    assert taken == (PickedUp(2, Item.SWORD, 1, Place.LEFT_HAND),)


def test_ruling_a_request_of_one_who_can_no_longer_act_does_not_contest() -> None:
    world = with_floor(world_of(make(), make()), 1, floor_of(sword=1))
    world, _ = reach(world, 1, Item.SWORD, fighting=frozenset({1}))
    world = update_character(world, 1, fall_asleep)  # their request will be missed anyway
    world, taken = reach(world, 2, Item.SWORD)
    assert taken == (PickedUp(2, Item.SWORD, 1, Place.LEFT_HAND),)


def test_ruling_nothing_is_picked_from_another_hall_or_beyond_the_floor() -> None:
    world = with_floor(world_of(make(), halls=2), 2, floor_of(sword=1))
    with refused(Code.NOT_THERE):
        reach(world, 1, Item.SWORD)  # the sword lies in hall 2
    world = with_floor(world, 1, floor_of(pill=1))
    with refused(Code.NOT_THERE):
        reach(world, 1, Item.PILL, 2)
    with refused(Code.DOES_NOT_FIT):
        reach(with_floor(world, 1, floor_of(sword=2)), 1, Item.SWORD, 2)  # one free hand
    assert world.pick_ups == () and world.floor(1) == floor_of(pill=1)

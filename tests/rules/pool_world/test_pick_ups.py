"""Pick-ups from the floor and contests of speed (rulebook: pool / Initiative, Halls)."""

from __future__ import annotations

from dataclasses import replace

from rules.dice import ScriptedDice
from rules.errors import Code
from rules.pool.contests import InitiativeRoll, rank_by_initiative
from rules.pool.cycle import tick
from rules.pool.model import Inventory, Item
from rules.pool.places import Place
from rules.pool.world import request_pick_up, update_character, with_floor
from rules.pool.world_events import PickedUp, PickUpMissed, PrizeWon
from tests.refusals import refused
from tests.rules.pool_world.world_helpers import bare, floor_of, make, world_of


def test_ruling_initiative_roll_is_d10_plus_initiative_seed_example() -> None:
    # Seed: Initiative 2, the die shows 5: the roll is 7.
    order, rolls = rank_by_initiative([make(1, initiative=2)], ScriptedDice({10: [5]}))
    assert order == (1,) and rolls == (InitiativeRoll(1, 5, 2, 7),)


def test_ruling_initiative_ties_rolled_again_among_the_tied() -> None:
    people = [make(1, initiative=0), make(2, initiative=1), make(3, initiative=2), make(4)]
    # totals 8, 8, 9, 6 -> 3 first; 1 and 2 tie at 8 and roll again: 4 vs 4, then 2 vs 9.
    dice = ScriptedDice({10: [8, 7, 7, 4, 4, 3, 2, 9]})
    order, rolls = rank_by_initiative(people, dice)
    assert order == (3, 2, 1, 4)
    assert [r.round for r in rolls] == [1, 1, 1, 1, 2, 2, 3, 3]
    assert dice.remaining(10) == 0


def test_ruling_contested_pick_up_highest_initiative_takes() -> None:
    world = with_floor(world_of(bare(initiative=0), bare(initiative=3)), 1, floor_of(sword=1))
    world = request_pick_up(request_pick_up(world, 1, Item.SWORD), 2, Item.SWORD)
    result = tick(world, ScriptedDice({10: [9, 5]}))  # 9 + 0 = 9 against 5 + 3 = 8
    assert result.contests[0].order == (1, 2)
    assert result.contests[0].rolls == (InitiativeRoll(1, 9, 0, 9), InitiativeRoll(2, 5, 3, 8))
    assert result.events == (
        PickedUp(1, Item.SWORD, 1, Place.RIGHT_HAND),
        PickUpMissed(2, Item.SWORD, 1),
    )
    assert result.world.floor(1) == floor_of()
    assert result.world.pick_ups == ()


def test_contest_initiative_dice_come_before_charisma_dice() -> None:
    world = with_floor(world_of(make(charisma=1), make(initiative=5)), 1, floor_of(coin=1))
    world = request_pick_up(request_pick_up(world, 1, Item.COIN), 2, Item.COIN)
    # initiative 1 + 2 = 3 against 1 + 5 = 6, then the charisma die 8 (a coin for 1)
    result = tick(world, ScriptedDice({10: [1, 1, 8]}))
    assert result.events == (
        PickedUp(2, Item.COIN, 1, Place.RIGHT_POCKET),
        PickUpMissed(1, Item.COIN, 1),
        PrizeWon(1, 8, Item.COIN, Place.RIGHT_POCKET),
    )


def test_enough_for_everyone_no_dice_rolled() -> None:
    world = with_floor(world_of(make(), make()), 1, floor_of(pill=3))
    world = request_pick_up(world, 2, Item.PILL, 2, Place.RIGHT_POCKET)
    world = request_pick_up(world, 1, Item.PILL, 1)
    result = tick(world, ScriptedDice())
    assert result.contests == ()
    assert result.events == (
        PickedUp(1, Item.PILL, 1, Place.LEFT_POCKET),
        PickedUp(2, Item.PILL, 2, Place.RIGHT_POCKET),
    )


def test_the_loser_takes_what_the_winner_left() -> None:
    world = with_floor(world_of(make(), make()), 1, floor_of(coin=5))
    world = request_pick_up(request_pick_up(world, 1, Item.COIN, 4), 2, Item.COIN, 3)
    result = tick(world, ScriptedDice({10: [2, 6]}))
    assert result.events == (
        PickedUp(2, Item.COIN, 3, Place.RIGHT_POCKET),
        PickedUp(1, Item.COIN, 2, Place.RIGHT_POCKET),
        PickUpMissed(1, Item.COIN, 2),
    )


def test_auto_placed_pick_up_spreads_over_places() -> None:
    world = with_floor(world_of(make()), 1, floor_of(pill=12))
    world = request_pick_up(world, 1, Item.PILL, 12)
    result = tick(world, ScriptedDice())
    assert result.events == (
        PickedUp(1, Item.PILL, 10, Place.LEFT_POCKET),
        PickedUp(1, Item.PILL, 2, Place.BACKPACK),
    )


def test_ruling_picking_up_happens_within_one_hall() -> None:
    world = world_of(bare(), bare(hall=2), halls=2)
    world = with_floor(with_floor(world, 1, floor_of(sword=1)), 2, floor_of(sword=1))
    world = request_pick_up(request_pick_up(world, 1, Item.SWORD), 2, Item.SWORD)
    result = tick(world, ScriptedDice())
    assert len([e for e in result.events if isinstance(e, PickedUp)]) == 2


def test_a_new_request_for_the_same_item_replaces_the_old() -> None:
    world = with_floor(world_of(make()), 1, floor_of(pill=3))
    world = request_pick_up(request_pick_up(world, 1, Item.PILL, 3), 1, Item.PILL, 1)
    assert len(world.pick_ups) == 1 and world.pick_ups[0].count == 1


def test_those_who_fell_asleep_or_died_miss_their_pick_up() -> None:
    world = with_floor(world_of(make(), make()), 1, floor_of(sword=2))
    world = request_pick_up(request_pick_up(world, 1, Item.SWORD), 2, Item.SWORD)
    world = update_character(world, 1, lambda c: replace(c, asleep=True))
    world = update_character(world, 2, lambda c: replace(c, alive=False))
    result = tick(world, ScriptedDice())
    assert result.events[1:3] == (
        PickUpMissed(1, Item.SWORD, 1),
        PickUpMissed(2, Item.SWORD, 1),
    )


def test_no_room_left_at_tick_time_is_missed() -> None:
    world = with_floor(world_of(bare()), 1, floor_of(sword=1))
    world = request_pick_up(world, 1, Item.SWORD, 1, Place.LEFT_HAND)
    world = update_character(
        world, 1, lambda c: replace(c, inventory=Inventory(left_hand=Item.RATION))
    )
    result = tick(world, ScriptedDice())
    assert result.events == (PickUpMissed(1, Item.SWORD, 1),)


def test_pick_up_request_is_validated() -> None:
    world = with_floor(world_of(bare(), make(health=0)), 1, floor_of(pill=2, sword=1))
    with refused(Code.BAD_COUNT):
        request_pick_up(world, 1, Item.PILL, 0)
    with refused(Code.NOT_THERE):
        request_pick_up(world, 1, Item.PILL, 3)
    with refused(Code.NO_CONTAINER):
        request_pick_up(world, 1, Item.PILL, 1, Place.LEFT_POCKET)
    with refused(Code.DOES_NOT_FIT):
        request_pick_up(world, 1, Item.PILL)  # no jacket, no backpack
    with refused(Code.SAME_PLACE):
        request_pick_up(world, 1, Item.SWORD, 1, Place.FLOOR)
    with refused(Code.CANNOT_ACT):
        request_pick_up(world, 2, Item.SWORD)

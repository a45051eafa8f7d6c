"""The cycle tick (rulebook: pool / Cycles, Health, Halls, Initiative)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from rules.dice import ScriptedDice
from rules.errors import Code
from rules.pool.cycle import PRIZES, CharismaRoll, tick
from rules.pool.health import Bled, Died
from rules.pool.model import BackpackContent, Inventory, Item, PocketContent
from rules.pool.needs import fall_asleep
from rules.pool.penalty import hunger_penalty, sleeplessness_penalty
from rules.pool.places import Place
from rules.pool.sleepers import guard
from rules.pool.world import new_world, request_move, update_character, with_floor
from rules.pool.world_events import (
    Healed,
    Inability,
    MoveBlocked,
    Moved,
    MoveWaits,
    PrizeWon,
    Slept,
    Woke,
)
from tests.refusals import refused
from tests.rules.pool_world.world_helpers import bare, floor_of, make, world_of


def no_dice() -> ScriptedDice:
    return ScriptedDice()


def test_ruling_tick_order_sleepers_heal_before_awake_roll() -> None:
    world = world_of(
        make(vitality=6, health=4, asleep=True, cycles_slept=1),
        make(charisma=1),
        make(health=2, charisma=0),
        make(move_to=None),
    )
    world = request_move(replace(world, halls=2, floors=()), 4, 2)
    dice = ScriptedDice({10: [7]})
    result = tick(world, dice)
    kinds = [type(e) for e in result.events]
    assert kinds == [Slept, Healed, PrizeWon, Bled, Woke, Moved]
    assert result.events[:2] == (Slept(1, 2), Healed(1, 5))
    assert result.events[2] == PrizeWon(2, 7, Item.PILL, Place.LEFT_POCKET)
    assert result.charisma == (
        CharismaRoll(2, (7,)),
        CharismaRoll(3, ()),
        CharismaRoll(4, ()),
    )
    assert result.world.cycle == 1


def test_ruling_sleep_heals_one_at_health_4_or_more_never_above_max() -> None:
    world = world_of(
        make(vitality=6, health=4, asleep=True),
        make(vitality=6, health=6, asleep=True),
        make(vitality=6, health=3, asleep=True),
    )
    after = tick(world, no_dice()).world
    assert [c.health for c in after.characters] == [5, 6, 3]
    assert [c.cycles_slept for c in after.characters] == [1, 1, 1]


def test_ruling_awake_count_cycles_without_food_and_sleep_sleepers_do_not() -> None:
    world = world_of(make(cycles_without_food=3), make(asleep=True, cycles_without_food=3))
    after = tick(world, no_dice()).world
    awake, asleep = after.characters
    assert (awake.cycles_without_food, awake.cycles_without_sleep) == (4, 1)
    assert (asleep.cycles_without_food, asleep.cycles_without_sleep) == (3, 0)


def test_ruling_hunger_penalty_from_the_fifth_cycle_without_food() -> None:
    world = world_of(make())
    penalties = []
    for _ in range(6):
        world = tick(world, no_dice()).world
        penalties.append(hunger_penalty(world.character(1).cycles_without_food))
    assert penalties == [0, 0, 0, 0, 1, 2]


def test_ruling_sleeplessness_penalty_from_the_fifth_cycle_without_sleep() -> None:
    world = world_of(make())
    penalties = []
    for _ in range(6):
        world = tick(world, no_dice()).world
        penalties.append(sleeplessness_penalty(world.character(1).cycles_without_sleep))
    assert penalties == [0, 0, 0, 0, 1, 2]


def test_ruling_sleep_lasts_two_cycles_then_wakes_with_sleeplessness_reset() -> None:
    world = update_character(world_of(make(cycles_without_sleep=7)), 1, fall_asleep)
    first = tick(world, no_dice())
    assert first.world.character(1).asleep
    second = tick(first.world, no_dice())
    woken = second.world.character(1)
    assert not woken.asleep and woken.cycles_without_sleep == 0
    assert second.events == (Slept(1, 2), Woke(1))


@pytest.mark.parametrize(("die", "item"), sorted(PRIZES.items()))
def test_ruling_charisma_prize_table(die: int, item: Item) -> None:
    expected = {
        1: Item.JACKET,
        2: Item.TROUSERS,
        3: Item.BACKPACK,
        4: Item.SWORD,
        5: Item.BACKPACK,
        6: Item.RATION,
        7: Item.PILL,
    }.get(die, Item.COIN)
    assert item == expected
    result = tick(world_of(bare(charisma=1)), ScriptedDice({10: [die]}))
    (event,) = result.events
    assert isinstance(event, PrizeWon) and (event.die, event.item) == (die, item)


def test_ruling_charisma_roll_one_d10_per_point_prizes_placed_overflow_to_floor() -> None:
    world = world_of(bare(charisma=4))
    result = tick(world, ScriptedDice({10: [4, 4, 4, 9]}))
    assert result.charisma == (CharismaRoll(1, (4, 4, 4, 9)),)
    places = [e.place for e in result.events if isinstance(e, PrizeWon)]
    assert places == [Place.RIGHT_HAND, Place.LEFT_HAND, Place.FLOOR, Place.FLOOR]
    assert result.world.floor(1) == floor_of(sword=1, coin=1)


def test_ruling_sleepers_do_not_roll_charisma() -> None:
    result = tick(world_of(make(charisma=3, asleep=True)), no_dice())
    assert result.charisma == ()


def test_ruling_cycle_counts_as_a_round_for_bleeding() -> None:
    result = tick(world_of(make(health=2), make(health=1)), no_dice())
    assert [e for e in result.events if isinstance(e, (Bled, Died))] == [
        Bled(1, 1),
        Bled(2, 0),
    ]


def test_ruling_only_outside_a_fight_a_cycle_counts_as_a_round() -> None:
    """Fighters bleed and die by their fight's rounds, not by the cycle as well."""
    result = tick(world_of(make(health=2), make(health=0)), no_dice(), fighting=frozenset({1, 2}))
    assert [e for e in result.events if isinstance(e, (Bled, Died))] == []
    assert [c.health for c in result.world.characters] == [2, 0]


def test_ruling_cycle_counts_as_a_round_for_dying_at_zero() -> None:
    result = tick(world_of(make(health=0), make(health=0, asleep=True)), no_dice())
    assert Died(1, "unattended") in result.events and Died(2, "unattended") in result.events


def test_ruling_bleeding_stops_when_raised_to_3_during_the_cycle() -> None:
    world = tick(world_of(make(health=2)), no_dice()).world
    world = update_character(world, 1, lambda c: replace(c, health=3))  # a pill mid-cycle
    result = tick(world, no_dice())
    assert result.world.character(1).health == 3 and result.events == ()


def test_ruling_wound_mid_cycle_leaves_the_rest_of_the_cycle_to_react() -> None:
    world = tick(world_of(make(health=4)), no_dice()).world
    world = update_character(world, 1, lambda c: replace(c, health=0))  # a fight mid-cycle
    first = tick(world, no_dice())
    assert first.world.character(1).alive
    second = tick(first.world, no_dice())
    assert Died(1, "unattended") in second.events


def test_ruling_sleepers_wake_before_the_portals_open() -> None:
    world = world_of(make(asleep=True, cycles_slept=1), make(), halls=2)
    world = request_move(world, 2, 2)
    events = tick(world, no_dice()).events
    assert events[-2:] == (Woke(1), Moved(2, 1, 2))


def test_ruling_portals_move_those_who_asked_and_can() -> None:
    world = world_of(make(), make(), halls=3)
    world = request_move(request_move(world, 1, 3), 2, 2)
    world = request_move(world, 2, None)  # changed their mind
    result = tick(world, no_dice())
    assert [c.hall for c in result.world.characters] == [3, 1]
    assert result.world.character(1).move_to is None


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"health": 0, "health_at_cycle_start": 4}, Inability.AT_ZERO),
        ({"alive": False}, Inability.DEAD),
    ],
)
def test_ruling_health_zero_or_dead_cannot_move(changes: dict[str, Any], reason: Inability) -> None:
    world = request_move(world_of(make(), halls=2), 1, 2)
    world = update_character(world, 1, lambda c: replace(c, **changes))
    result = tick(world, no_dice())
    assert MoveBlocked(1, 2, reason) in result.events
    assert result.world.character(1).hall == 1


def test_a_sleeper_still_asleep_at_the_opening_keeps_the_request() -> None:
    world = world_of(make(asleep=True, move_to=2), halls=2)
    result = tick(world, no_dice())
    assert result.events[-1] == MoveWaits(1, 2)
    assert (result.world.character(1).hall, result.world.character(1).move_to) == (1, 2)


def test_ruling_halls_connect_all_to_all_by_default_else_as_set() -> None:
    assert new_world(3).connected(1, 3)
    world = replace(world_of(make(), make(), halls=3), connections=frozenset({(1, 2)}))
    world = request_move(world, 1, 2)
    world = replace(world, connections=frozenset({(2, 3)}))  # the admin changed the map
    result = tick(world, no_dice())
    assert result.events == (MoveBlocked(1, 2, None),)


def test_moving_stops_guarding() -> None:
    world = guard(world_of(make(asleep=True), make(), halls=2), 2, 1)
    world = request_move(world, 2, 2)
    after = tick(world, no_dice()).world
    assert after.character(2).guarding is None and after.character(2).hall == 2


def test_tick_refused_after_the_game_ended() -> None:
    with refused(Code.GAME_OVER):
        tick(replace(world_of(make(), make()), winners=(1, 2)), no_dice())


def test_tick_records_health_at_cycle_start() -> None:
    after = tick(world_of(make(health=3)), no_dice()).world
    assert after.character(1).health_at_cycle_start == 3


def test_prizes_of_a_full_character_overflow_to_their_hall_floor() -> None:
    inv = Inventory(
        left_hand=Item.SWORD,
        right_hand=Item.SWORD,
        jacket=True,
        trousers=True,
        backpack=True,
        left_pocket=PocketContent(Item.PILL, 10),
        right_pocket=PocketContent(Item.PILL, 10),
        pack=BackpackContent(rations=10),
    )
    world = world_of(make(charisma=5, inventory=inv, hall=2), halls=2)
    world = with_floor(world, 1, floor_of(coin=1))
    result = tick(world, ScriptedDice({10: [1, 2, 3, 4, 6]}))
    assert result.world.floor(2) == floor_of(jacket=1, trousers=1, backpack=1, sword=1, ration=1)
    assert result.world.floor(1) == floor_of(coin=1)
    assert result.world.character(1).inventory == inv

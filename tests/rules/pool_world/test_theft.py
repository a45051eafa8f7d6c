"""Theft from the awake: a pool contest, a blind pick, one attempt a cycle (rulebook: pool /
Items and carrying, Theft). Dice scripted: the thief's pool, the victim's pool, the pick."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from rules.dice import ScriptedDice
from rules.errors import Code
from rules.pool.cycle import tick
from rules.pool.model import BackpackContent, Inventory, Item, PocketContent, PoolCharacter
from rules.pool.places import Place
from rules.pool.theft import steal, stealable, thief_dice, victim_dice
from rules.pool.world import World, world_counts
from tests.refusals import refused
from tests.rules.pool_world.world_helpers import floor_of, world_of
from tests.rules.pool_world.world_helpers import make as made

# №1 the thief: Атака 3 + Инициатива 2 = 5 dice; №2 the victim: Защита 3 + Инициатива 2 = 5.
POCKETS = Inventory(
    right_hand=Item.SWORD,
    jacket=True,
    trousers=True,
    backpack=True,
    left_pocket=PocketContent(Item.PILL, 2),
    right_pocket=PocketContent(Item.COIN, 3),
    pack=BackpackContent(rations=1),
)


def make(**changes: Any) -> PoolCharacter:
    """A character at full health 5: no penalty for wounds, threshold 6 with the start kit."""
    return made(**{"vitality": 5, **changes})


def pair(**victim: object) -> World:
    return world_of(make(), make(inventory=POCKETS, **victim))


def test_ruling_theft_pools_are_attack_plus_initiative_against_defense_plus_initiative() -> None:
    thief, victim = make(attack=4, initiative=1), make(defense=2, initiative=3)
    assert (thief_dice(thief), victim_dice(victim)) == (5, 5)
    assert victim_dice(replace(victim, health=0)) == 0  # at 0 nobody resists


def test_ruling_more_successes_steals_one_item_picked_blindly() -> None:
    # thief 6,7,8,2,3 -> 3 successes; victim 6,2,2,2,2 -> 1; the pick: d6, 4 -> the 2nd coin.
    dice = ScriptedDice({10: [6, 7, 8, 2, 3, 6, 2, 2, 2, 2], 6: [4]})
    world = pair()
    after, theft = steal(world, 1, 2, dice)
    assert theft.success and (theft.attack.successes, theft.defense.successes) == (3, 1)
    assert (theft.of, theft.pick, theft.item, theft.source) == (6, 4, Item.COIN, Place.RIGHT_POCKET)
    assert theft.to == Place.RIGHT_POCKET  # where a prize coin goes
    assert after.character(2).inventory.right_pocket == PocketContent(Item.COIN, 2)
    assert after.character(1).inventory.right_pocket == PocketContent(Item.COIN, 1)
    assert world_counts(after) == world_counts(world)


def test_ruling_the_pick_counts_left_pocket_right_pocket_backpack_in_order() -> None:
    units = stealable(make(inventory=POCKETS))
    assert units == [
        (Place.LEFT_POCKET, Item.PILL),
        (Place.LEFT_POCKET, Item.PILL),
        (Place.RIGHT_POCKET, Item.COIN),
        (Place.RIGHT_POCKET, Item.COIN),
        (Place.RIGHT_POCKET, Item.COIN),
        (Place.BACKPACK, Item.RATION),
    ]  # hands and worn things are out of a thief's reach


def test_ruling_a_tie_fails_and_the_victim_keeps_everything() -> None:
    dice = ScriptedDice({10: [6, 2, 2, 2, 2, 9, 2, 2, 2, 2]})  # 1 against 1
    world = pair()
    after, theft = steal(world, 1, 2, dice)
    assert not theft.success and theft.item is None and theft.pick is None
    assert after.character(2) == world.character(2)
    assert after.character(1).inventory == world.character(1).inventory


def test_ruling_ones_take_successes_away_and_never_below_zero() -> None:
    dice = ScriptedDice({10: [6, 1, 1, 2, 2, 2, 2, 2, 2, 2]})  # thief raw -1 -> 0; victim 0
    _, theft = steal(pair(), 1, 2, dice)
    assert (theft.attack.successes, theft.defense.successes) == (0, 0) and not theft.success


def test_ruling_each_rolls_against_their_own_penalty() -> None:
    # the victim has no sword (+2) and no trousers (+1): threshold 9, so 8s do not count.
    naked = replace(POCKETS, right_hand=None, trousers=False)
    dice = ScriptedDice({10: [6, 2, 2, 2, 2, 8, 8, 8, 8, 8], 6: [1]})
    _, theft = steal(world_of(make(), make(inventory=naked)), 1, 2, dice)
    assert (theft.attack.threshold, theft.defense.threshold) == (6, 9)
    assert theft.success and theft.item == Item.PILL


def test_ruling_a_victim_at_zero_cannot_resist() -> None:
    dice = ScriptedDice({10: [6, 2, 2, 2, 2], 6: [6]})
    _, theft = steal(pair(health=0), 1, 2, dice)
    assert theft.defense.dice == () and theft.success and theft.item == Item.RATION


def test_ruling_empty_pockets_and_backpack_find_nothing_after_a_full_contest() -> None:
    dice = ScriptedDice({10: [6, 7, 2, 2, 2, 2, 2, 2, 2, 2]})
    empty = replace(POCKETS, left_pocket=PocketContent(), right_pocket=PocketContent())
    world = world_of(make(), make(inventory=replace(empty, pack=BackpackContent())))
    after, theft = steal(world, 1, 2, dice)
    assert theft.success and theft.item is None and theft.of == 0
    assert after.character(2) == world.character(2)


def test_ruling_no_room_drops_the_stolen_item_to_the_floor() -> None:
    full = Inventory(left_hand=Item.SWORD, right_hand=Item.SWORD)  # no backpack, no jacket
    dice = ScriptedDice({10: [6, 7, 2, 2, 2, 2, 2, 2, 2, 2], 6: [6]})
    after, theft = steal(world_of(make(inventory=full), make(inventory=POCKETS)), 1, 2, dice)
    assert (theft.item, theft.to) == (Item.RATION, Place.FLOOR)
    assert after.floor(1) == floor_of(ration=1)


def test_ruling_one_attempt_per_cycle_the_tick_allows_the_next() -> None:
    dice = ScriptedDice({10: [2] * 10})
    after, _ = steal(pair(), 1, 2, dice)
    with refused(Code.THEFT_DONE) as error:
        steal(after, 1, 2, ScriptedDice())
    assert error.value.details == {"character": 1, "cycle": 1}
    ticked = tick(after, ScriptedDice()).world
    _, again = steal(ticked, 1, 2, ScriptedDice({10: [2] * 10}))
    assert not again.success


@pytest.mark.parametrize(
    ("world", "thief", "victim", "code"),
    [
        (pair(), 1, 1, Code.SELF_TARGET),
        (world_of(make(), make(hall=2), halls=2), 1, 2, Code.NOT_HERE),
        (pair(asleep=True), 1, 2, Code.STEAL_FROM_SLEEPER),
        (world_of(make(asleep=True), make()), 1, 2, Code.CANNOT_ACT),
        (world_of(make(health=0), make()), 1, 2, Code.CANNOT_ACT),
        (pair(), 1, 7, Code.NOT_HERE),
        (world_of(make(), make(alive=False)), 1, 2, Code.NOT_HERE),
    ],
)
def test_ruling_theft_refusals_change_nothing(
    world: World, thief: int, victim: int, code: Code
) -> None:
    with refused(code):
        steal(world, thief, victim, ScriptedDice())


@pytest.mark.parametrize("fighter", [1, 2])
def test_ruling_nobody_steals_in_a_fight_or_from_a_fighter(fighter: int) -> None:
    with refused(Code.THEFT_IN_FIGHT) as error:
        steal(pair(), 1, 2, ScriptedDice(), frozenset({fighter}))
    assert error.value.details == {"character": fighter}

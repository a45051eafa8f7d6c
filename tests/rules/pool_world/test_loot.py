"""What the dead leave behind: everything falls to their hall's floor in the change that kills
them (rulebook: pool / Items and carrying)."""

from __future__ import annotations

from dataclasses import replace

from rules.dice import ScriptedDice
from rules.pool.cycle import tick
from rules.pool.fight_round import resolve_round
from rules.pool.fight_setup import Choice, FightState
from rules.pool.health import Died
from rules.pool.loot import bury, strip_body
from rules.pool.model import BackpackContent, Inventory, Item, PocketContent
from rules.pool.sleepers import SleeperAttackOutcome, attack_sleeper
from rules.pool.world import with_floor, world_counts
from rules.pool.world_events import Spilled
from tests.rules.pool_world.world_helpers import bare, floor_of, make, world_of

KIT = ((Item.JACKET, 1), (Item.TROUSERS, 1), (Item.BACKPACK, 1), (Item.SWORD, 1))
FULL = Inventory(
    left_hand=Item.SWORD,
    right_hand=Item.RATION,
    jacket=True,
    trousers=True,
    backpack=True,
    left_pocket=PocketContent(Item.PILL, 3),
    right_pocket=PocketContent(Item.COIN, 40),
    pack=BackpackContent(rations=2, jackets=1, pills=1, coins=7),
)


def test_ruling_dying_at_the_tick_spills_everything_onto_the_hall_floor() -> None:
    dying = make(hall=2, health=0, health_at_cycle_start=0, inventory=FULL)
    world = with_floor(world_of(dying, make(), halls=2), 2, floor_of(sword=1, coin=5))
    result = tick(world, ScriptedDice())
    died = result.events.index(Died(1, "unattended"))
    fell = (
        (Item.JACKET, 2),
        (Item.TROUSERS, 1),
        (Item.BACKPACK, 1),
        (Item.SWORD, 1),
        (Item.RATION, 3),
        (Item.PILL, 4),
        (Item.COIN, 47),
    )
    assert result.events[died + 1] == Spilled(1, 2, fell)
    assert result.world.character(1).inventory == Inventory()
    assert result.world.floor(2) == floor_of(
        jacket=2, trousers=1, backpack=1, sword=2, ration=3, pill=4, coin=52
    )
    assert result.world.floor(1) == floor_of()  # the living one's hall: nothing fell there
    assert world_counts(result.world) == world_counts(world)


def test_ruling_a_body_with_nothing_on_it_spills_nothing() -> None:
    world = world_of(bare(health=0, health_at_cycle_start=0))
    result = tick(world, ScriptedDice())
    assert Died(1, "unattended") in result.events
    assert not any(isinstance(e, Spilled) for e in result.events)


def test_ruling_the_living_keep_what_they_carry() -> None:
    alive = make()
    assert strip_body(alive) == (alive, None)
    world = world_of(alive)
    assert bury(world, 1) == (world, None)


def test_ruling_killed_in_sleep_spills_onto_the_floor_at_once() -> None:
    world = world_of(make(asleep=True), make())
    after, attack = attack_sleeper(world, 2, 1)
    assert attack.outcome == SleeperAttackOutcome.KILLED
    assert attack.spilled == Spilled(1, 1, (*KIT, (Item.RATION, 5), (Item.PILL, 5)))
    assert after.character(1).inventory == Inventory()
    assert after.floor(1) == floor_of(jacket=1, trousers=1, backpack=1, sword=1, ration=5, pill=5)


def test_ruling_killed_in_a_fight_round_leaves_everything_for_the_floor() -> None:
    weak = make(1, attack=0, defense=0, health=1, inventory=FULL)
    foe = make(2, attack=3, defense=1)
    state = FightState(hall=1, initiative=(2, 1), choices=(Choice(1, 2), Choice(2, 1)))
    dice = ScriptedDice({10: [9, 9, 9, 2]})  # three hits on №1; №2 defends with one die
    result = resolve_round([weak, foe], state, {}, dice)
    assert Died(1, "wounds") in result.events
    dead = next(c for c in result.characters if c.number == 1)
    assert dead.inventory == Inventory()
    (spilled,) = result.spilled
    assert spilled.character == 1 and spilled.hall == 1
    assert dict(spilled.items)[Item.COIN] == 47
    survivor = next(c for c in result.characters if c.number == 2)
    assert survivor.inventory == foe.inventory


def test_spilled_joins_what_lies_on_the_floor() -> None:
    spilled = Spilled(1, 1, ((Item.SWORD, 1), (Item.PILL, 2)))
    assert spilled.onto(floor_of(sword=1, coin=3)) == floor_of(sword=2, pill=2, coin=3)
    assert replace(spilled, items=()).onto(floor_of()) == floor_of()

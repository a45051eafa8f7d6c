"""The first cycle of a new character (issue 24, item 4): its health is recorded when it is
made, so a wound taken before its first tick gets the rest of that cycle, as from the second
cycle on (rulebook: pool / Health, "every wound gives one round to react")."""

from __future__ import annotations

from dataclasses import replace

from rules.dice import ScriptedDice
from rules.pool.build import new_character
from rules.pool.carrying import take_pills
from rules.pool.cycle import tick
from rules.pool.health import Bled, Died
from rules.pool.model import Gender, Item, PocketContent, Stats
from rules.pool.places import Place
from rules.pool.world import World, add_character, new_world, update_character

# Харизма 1: each tick rolls one scripted d10 for the character (8: a coin, harmless here).
STATS = Stats(initiative=2, attack=3, defense=2, vitality=4, charisma=1)


def _newcomer() -> World:
    hero = new_character(1, "Вера", Gender.FEMALE, STATS)
    world, _ = add_character(new_world(), hero)
    return world


def _wounded(world: World, health: int) -> World:
    """A blow between the character's joining and its first tick (a fight, say)."""
    return update_character(world, 1, lambda c: replace(c, health=health))


def test_ruling_a_new_character_starts_its_cycle_with_its_health_recorded() -> None:
    hero = new_character(1, "Вера", Gender.FEMALE, STATS)
    assert hero.health_at_cycle_start == hero.health == 4


def test_ruling_knocked_to_zero_before_the_first_tick_survives_it_with_time_to_react() -> None:
    world = _wounded(_newcomer(), 0)
    first = tick(world, ScriptedDice({10: [8]}))
    hero = first.world.character(1)
    assert hero.alive and hero.health == 0
    assert not [e for e in first.events if isinstance(e, Died | Bled)]
    # Still at 0 through the next whole cycle: dead at its end, as the rulebook says.
    second = tick(first.world, ScriptedDice({10: [8]}))
    assert Died(1, "unattended") in second.events
    assert not second.world.character(1).alive


def test_ruling_knocked_to_zero_before_the_first_tick_is_saved_by_a_left_pocket_pill() -> None:
    world = update_character(
        _wounded(_newcomer(), 0),
        1,
        lambda c: replace(
            c, inventory=replace(c.inventory, left_pocket=PocketContent(Item.PILL, 1))
        ),
    )
    first = tick(world, ScriptedDice({10: [8]}))
    saved = update_character(first.world, 1, lambda c: take_pills(c, 1, Place.LEFT_POCKET))
    second = tick(saved, ScriptedDice({10: [8]}))
    hero = second.world.character(1)
    assert hero.alive and hero.health == 1
    assert not [e for e in second.events if isinstance(e, Died | Bled)]


def test_ruling_knocked_to_two_before_the_first_tick_does_not_bleed_at_once() -> None:
    world = _wounded(_newcomer(), 2)
    first = tick(world, ScriptedDice({10: [8]}))
    assert first.world.character(1).health == 2
    assert not [e for e in first.events if isinstance(e, Bled)]
    second = tick(first.world, ScriptedDice({10: [8]}))  # a whole cycle at 2: now it bleeds
    assert Bled(1, 1) in second.events


def test_ruling_the_old_trap_is_gone_not_the_rule() -> None:
    """The control: a character whose cycle began at 0 (recorded by a tick) still dies at once."""
    world = update_character(
        _wounded(_newcomer(), 0), 1, lambda c: replace(c, health_at_cycle_start=0)
    )
    result = tick(world, ScriptedDice({10: [8]}))
    assert Died(1, "unattended") in result.events

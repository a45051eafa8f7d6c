"""A fall ends with its fight (issue 25 item 2; the rules are silent on a fall outliving the
fight that caused it): when a round ends the fight, every living fighter who fell is up."""

from __future__ import annotations

from dataclasses import replace

from pool_helpers import duel_state, make

from rules.dice import ScriptedDice
from rules.pool.cycle import tick
from rules.pool.exchange import Fell
from rules.pool.fight_round import resolve_round
from rules.pool.fight_setup import Choice, FightState
from rules.pool.fight_targets import stand_after_fight
from rules.pool.model import Inventory
from rules.pool.world import request_move
from tests.rules.pool_world.world_helpers import make as wl_make
from tests.rules.pool_world.world_helpers import world_of


def test_ruling_a_fall_in_the_last_round_ends_with_the_fight() -> None:
    unarmed = make(1, attack=1, defense=1, health=3, inventory=Inventory())  # threshold 11
    foe = make(2, attack=3, defense=1)
    # 1 -> 2: attack 1 (a one: -1, no sword: falls), defense 5; 2 -> 1: 10, 10, 10 vs 2: 3 damage
    dice = ScriptedDice({10: [1, 5, 10, 10, 10, 2]})
    result = resolve_round([unarmed, foe], duel_state(), {}, dice)
    assert Fell(1) in result.events
    assert result.over
    down = result.characters[0]
    assert (down.alive, down.health, down.fallen) == (True, 0, False)
    assert dice.remaining(10) == 0


def test_ruling_a_fall_lasts_while_the_fight_goes_on() -> None:
    trio = FightState(
        hall=1, initiative=(1, 2, 3), choices=(Choice(2, 1), Choice(3, 1), Choice(1, 3))
    )
    people = [make(n, attack=1, defense=1) for n in (1, 2, 3)]
    people[0] = replace(people[0], inventory=Inventory())
    # 1 -> 3: a one (falls); 2 -> 1 and 3 -> 1: 5 against 1, no damage either way
    result = resolve_round(people, trio, {}, ScriptedDice({10: [1, 5, 5, 5, 5, 5]}))
    assert not result.over and result.characters[0].fallen


def test_ruling_stand_after_fight_touches_only_the_living_fighters() -> None:
    fallen = replace(make(1), fallen=True)
    dead = replace(make(2), fallen=True, alive=False)
    elsewhere = replace(make(3), fallen=True)  # fell in another fight, still going on
    after = stand_after_fight([fallen, dead, elsewhere], (1, 2))
    assert [c.fallen for c in after] == [False, True, True]
    assert after[1] == dead and after[2] == elsewhere


def test_ruling_a_fallen_fighter_who_flees_through_a_portal_is_up() -> None:
    world = request_move(world_of(wl_make(fallen=True), halls=2), 1, 2)
    after = tick(world, ScriptedDice()).world.character(1)
    assert (after.hall, after.fallen) == (2, False)

"""Sleepers and portals (seed 000: sleepers wake «за минуту до открытия порталов», so they can
still go through): a sleeper may ask to move, a request made before sleep is kept, and the
sleeper goes through on the tick they wake (rulebook: pool / Cycles)."""

from __future__ import annotations

from dataclasses import replace

from rules.dice import ScriptedDice
from rules.errors import Code
from rules.pool.cycle import tick
from rules.pool.needs import fall_asleep
from rules.pool.sleepers import wake_up
from rules.pool.world import request_move, update_character
from rules.pool.world_events import Inability, Moved, MoveWaits, Slept, Woke
from tests.refusals import refused
from tests.rules.pool_world.world_helpers import make, world_of


def test_ruling_a_request_made_before_sleep_is_kept_and_used_on_waking() -> None:
    world = request_move(world_of(make(), halls=2), 1, 2)
    world = update_character(world, 1, fall_asleep)
    assert world.character(1).move_to == 2
    first = tick(world, ScriptedDice())
    assert first.events == (Slept(1, 1), MoveWaits(1, 2))
    assert first.world.character(1).hall == 1
    second = tick(first.world, ScriptedDice())
    assert second.events == (Slept(1, 2), Woke(1), Moved(1, 1, 2))  # woken, then through
    after = second.world.character(1)
    assert (after.hall, after.move_to, after.asleep) == (2, None, False)


def test_ruling_a_sleeper_may_ask_to_move_while_asleep() -> None:
    world = world_of(make(asleep=True, cycles_slept=1), halls=3)
    world = request_move(world, 1, 3)
    result = tick(world, ScriptedDice())
    assert result.events[-2:] == (Woke(1), Moved(1, 1, 3))
    assert result.world.character(1).hall == 3


def test_ruling_a_sleeper_may_change_or_cancel_the_request() -> None:
    world = request_move(world_of(make(asleep=True, cycles_slept=1), halls=3), 1, 2)
    world = request_move(world, 1, 3)
    assert world.character(1).move_to == 3
    world = request_move(world, 1, None)
    result = tick(world, ScriptedDice())
    assert result.events[-1] == Woke(1)
    assert result.world.character(1).hall == 1


def test_ruling_a_sleeper_woken_early_goes_at_the_next_opening() -> None:
    world = world_of(make(asleep=True), make(), halls=2)
    world = wake_up(request_move(world, 1, 2), 1, 2)  # №2 wakes №1 mid-cycle
    result = tick(world, ScriptedDice())
    assert Moved(1, 1, 2) in result.events


def test_ruling_sleepers_at_zero_or_dead_still_cannot_ask() -> None:
    at_zero = world_of(make(asleep=True, health=0, health_at_cycle_start=0), halls=2)
    with refused(Code.CANNOT_ACT) as error:
        request_move(at_zero, 1, 2)
    assert error.value.details["reason"] == Inability.AT_ZERO
    dead = world_of(replace(make(asleep=True), alive=False), halls=2)
    with refused(Code.CANNOT_ACT):
        request_move(dead, 1, 2)


def test_a_sleeper_cannot_ask_for_a_hall_without_a_portal() -> None:
    world = replace(world_of(make(asleep=True), halls=3), connections=frozenset({(1, 2)}))
    with refused(Code.NOT_CONNECTED):
        request_move(world, 1, 3)
    with refused(Code.UNKNOWN_HALL):
        request_move(world, 1, 9)
    assert world.character(1).move_to is None

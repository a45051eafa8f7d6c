"""Sleep, waking, guarding, attacking and robbing sleepers (rulebook: pool / Cycles)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.errors import Code
from rules.pool.health import Died
from rules.pool.model import HallFloor, Inventory, Item
from rules.pool.needs import fall_asleep, halved_sleeplessness, wake
from rules.pool.places import Place
from rules.pool.sleepers import (
    SleeperAttackOutcome,
    attack_sleeper,
    guard,
    guards_of,
    take_from_sleeper,
    wake_up,
)
from rules.pool.world import update_character
from tests.refusals import refused
from tests.rules.pool_world.world_helpers import make, world_of


def test_fall_asleep_stops_guarding_and_keeps_the_portal_request() -> None:
    sleeper = fall_asleep(make(guarding=2, move_to=3, cycles_slept=5))
    assert sleeper.asleep
    assert (sleeper.guarding, sleeper.move_to, sleeper.cycles_slept) == (None, 3, 0)
    with refused(Code.CANNOT_ACT):
        fall_asleep(sleeper)


def test_ruling_full_two_cycle_sleep_resets_sleeplessness() -> None:
    woken = wake(make(asleep=True, cycles_slept=2, cycles_without_sleep=9))
    assert (woken.asleep, woken.cycles_slept, woken.cycles_without_sleep) == (False, 0, 0)


@pytest.mark.parametrize(
    ("cycles", "after"),
    [(0, 0), (3, 3), (4, 4), (5, 5), (6, 5), (7, 6), (8, 6), (9, 7), (14, 9)],
)
def test_ruling_woken_after_one_cycle_halves_sleeplessness_rounded_up(
    cycles: int, after: int
) -> None:
    # C without sleep, P = C - 4 > 0: C becomes 4 + ceil(P / 2); with no penalty yet C stays.
    assert halved_sleeplessness(cycles) == after
    woken = wake(make(asleep=True, cycles_slept=1, cycles_without_sleep=cycles))
    assert woken.cycles_without_sleep == after


def test_woken_before_a_whole_cycle_gets_no_sleep() -> None:
    woken = wake(make(asleep=True, cycles_slept=0, cycles_without_sleep=8))
    assert woken.cycles_without_sleep == 8 and not woken.asleep


def test_waking_the_awake_or_dead_is_an_error() -> None:
    with refused(Code.NOT_ASLEEP):
        wake(make())
    with refused(Code.NOT_ASLEEP):
        wake(make(asleep=True, alive=False))


def test_ruling_anyone_may_wake_a_sleeper() -> None:
    world = world_of(make(asleep=True, cycles_slept=1, cycles_without_sleep=8), make())
    woken = wake_up(world, 1, waker=2).character(1)
    assert not woken.asleep and woken.cycles_without_sleep == 6
    assert not wake_up(world, 1).character(1).asleep  # the game itself (an admin)


def test_waker_must_be_another_awake_character_in_the_same_hall() -> None:
    world = world_of(make(asleep=True), make(hall=2), make(asleep=True), halls=2)
    with refused(Code.NOT_HERE):
        wake_up(world, 1, waker=2)
    with refused(Code.CANNOT_ACT):
        wake_up(world, 1, waker=3)
    with refused(Code.SELF_TARGET):
        wake_up(world, 1, waker=1)


def test_a_sleeper_elsewhere_dead_or_nobody_is_refused_alike() -> None:
    """Not "not asleep" for the dead, nor a word of another hall: a hall is a secret."""
    world = world_of(make(asleep=True, hall=2), make(asleep=True, alive=False), make(), halls=2)
    for sleeper in (1, 2, 7):
        with refused(Code.NOT_HERE):
            wake_up(world, sleeper, waker=3)
        with refused(Code.NOT_HERE):
            guard(world, 3, sleeper)


def test_ruling_sleeper_nobody_guards_is_killed_without_rolls() -> None:
    world = world_of(make(asleep=True), make())
    world, result = attack_sleeper(world, 2, 1)
    assert result.outcome == SleeperAttackOutcome.KILLED
    assert result.died == Died(1, "killed_asleep")
    assert not world.character(1).alive


def test_ruling_guarded_sleeper_attacker_must_fight_guard_first() -> None:
    world = world_of(make(asleep=True), make(), make(), make())
    world = guard(guard(world, 4, 1), 2, 1)
    after, result = attack_sleeper(world, 3, 1)
    assert result.outcome == SleeperAttackOutcome.MUST_FIGHT_GUARD
    assert (result.guard, result.guards) == (2, (2, 4))
    assert after == world  # nothing happens until the guard is beaten


def test_guard_does_not_protect_against_themselves() -> None:
    world = guard(world_of(make(asleep=True), make()), 2, 1)
    _, result = attack_sleeper(world, 2, 1)
    assert result.outcome == SleeperAttackOutcome.KILLED


@pytest.mark.parametrize(
    "guard_changes",
    [{"alive": False}, {"asleep": True}, {"health": 0}, {"hall": 2}],
)
def test_a_guard_who_cannot_fight_or_left_protects_nobody(guard_changes: dict[str, Any]) -> None:
    world = guard(world_of(make(asleep=True), make(), make(), halls=2), 2, 1)
    world = update_character(
        world,
        2,
        lambda c: make(2, guarding=1, **guard_changes),
    )
    assert guards_of(world, 1) == ()
    _, result = attack_sleeper(world, 3, 1)
    assert result.outcome == SleeperAttackOutcome.KILLED


def test_ruling_guarding_happens_within_one_hall() -> None:
    world = world_of(make(), make(), make(asleep=True, hall=2), halls=2)
    with refused(Code.NOT_ASLEEP):
        guard(world, 2, 1)
    with refused(Code.NOT_HERE):
        guard(world, 2, 3)


def test_guards_stop_when_the_sleeper_wakes() -> None:
    world = guard(world_of(make(asleep=True), make()), 2, 1)
    assert world.character(2).guarding == 1
    assert wake_up(world, 1, waker=2).character(2).guarding is None


def test_ruling_sword_can_be_snatched_from_a_sleeper_and_wakes_them() -> None:
    world = world_of(make(asleep=True, cycles_slept=1, cycles_without_sleep=8), make())
    world = take_from_sleeper(world, 2, 1, Place.RIGHT_HAND)
    victim, thief = world.character(1), world.character(2)
    assert victim.inventory.right_hand is None and not victim.asleep
    assert victim.cycles_without_sleep == 6  # the early-wake rule
    assert thief.inventory.swords_in_hand == 2 and thief.inventory.left_hand == Item.SWORD


def test_snatched_sword_goes_to_the_floor_when_no_hand_is_free() -> None:
    full = Inventory(left_hand=Item.SWORD, right_hand=Item.RATION)
    world = world_of(make(asleep=True), make(inventory=full))
    world = take_from_sleeper(world, 2, 1, Place.RIGHT_HAND)
    assert world.floor(1) == HallFloor(((Item.SWORD, 1),))
    world = world_of(make(asleep=True), make(inventory=full))
    with refused(Code.DOES_NOT_FIT):
        take_from_sleeper(world, 2, 1, Place.RIGHT_HAND, to=Place.LEFT_HAND)
    with refused(Code.WRONG_PLACE):
        take_from_sleeper(world, 2, 1, Place.RIGHT_HAND, to=Place.BACKPACK)


@pytest.mark.parametrize("place", [Place.BACKPACK, Place.WORN, Place.LEFT_POCKET, Place.LEFT_HAND])
def test_ruling_nothing_else_can_be_stolen_from_a_sleeper(place: Place) -> None:
    world = world_of(make(asleep=True), make())
    with refused(Code.STEAL_FROM_SLEEPER) as caught:
        take_from_sleeper(world, 2, 1, place)
    assert caught.value.details == {"sleeper": 1, "place": place}


def test_robbing_or_attacking_the_awake_is_not_a_sleeper_rule() -> None:
    world = world_of(make(), make())
    with refused(Code.NOT_ASLEEP):
        take_from_sleeper(world, 2, 1, Place.RIGHT_HAND)
    with refused(Code.NOT_ASLEEP):
        attack_sleeper(world, 2, 1)

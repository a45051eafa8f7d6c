"""Penalty breakdown (rulebook: pool / Dice pool roll, Cycles: hunger and sleeplessness)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pool_helpers import make

from rules.pool.model import Gender, Item
from rules.pool.penalty import (
    Penalty,
    PenaltyCause,
    PenaltyPart,
    hunger_penalty,
    penalty,
    sleeplessness_penalty,
)


def test_healthy_armed_dressed_character_has_no_penalty() -> None:
    assert penalty(make()) == Penalty(())
    assert penalty(make()).total == 0


@pytest.mark.parametrize(("health", "amount"), [(7, 0), (5, 0), (4, 1), (3, 2), (2, 3), (1, 4)])
def test_ruling_health_penalty_levels(health: int, amount: int) -> None:
    hero = make(vitality=7, health=health)
    assert penalty(hero).amount(PenaltyCause.WOUNDS) == amount
    assert penalty(hero).total == amount


def test_ruling_penalty_no_trousers_1() -> None:
    hero = make()
    hero = replace(hero, inventory=replace(hero.inventory, trousers=False))
    assert penalty(hero).parts == (PenaltyPart(PenaltyCause.NO_TROUSERS, 1),)


def test_ruling_penalty_no_sword_in_hand_2() -> None:
    hero = make()
    unarmed = replace(hero, inventory=replace(hero.inventory, right_hand=None))
    assert penalty(unarmed).parts == (PenaltyPart(PenaltyCause.NO_SWORD, 2),)
    ration = replace(hero, inventory=replace(hero.inventory, right_hand=Item.RATION))
    assert penalty(ration).total == 2
    left = replace(hero, inventory=replace(hero.inventory, right_hand=None, left_hand=Item.SWORD))
    assert penalty(left).total == 0


def test_ruling_penalty_female_without_jacket_1() -> None:
    woman = make(gender=Gender.FEMALE)
    woman = replace(woman, inventory=replace(woman.inventory, jacket=False))
    assert penalty(woman).parts == (PenaltyPart(PenaltyCause.NO_JACKET, 1),)
    man = replace(woman, gender=Gender.MALE)
    assert penalty(man).total == 0


@pytest.mark.parametrize(("cycles", "amount"), [(0, 0), (4, 0), (5, 1), (6, 2), (10, 6)])
def test_ruling_hunger_after_four_cycles(cycles: int, amount: int) -> None:
    assert hunger_penalty(cycles) == amount
    assert penalty(make(cycles_without_food=cycles)).amount(PenaltyCause.HUNGER) == amount


@pytest.mark.parametrize(("cycles", "amount"), [(0, 0), (4, 0), (5, 1), (6, 2), (9, 5)])
def test_ruling_sleeplessness_after_four_cycles(cycles: int, amount: int) -> None:
    assert sleeplessness_penalty(cycles) == amount
    hero = make(cycles_without_sleep=cycles)
    assert penalty(hero).amount(PenaltyCause.SLEEPLESSNESS) == amount


def test_ruling_penalty_is_sum_of_all_causes() -> None:
    hero = make(gender=Gender.FEMALE, health=2, cycles_without_food=6, cycles_without_sleep=5)
    bare = replace(hero.inventory, jacket=False, trousers=False, right_hand=None)
    result = penalty(replace(hero, inventory=bare))
    assert result.parts == (
        PenaltyPart(PenaltyCause.WOUNDS, 3),
        PenaltyPart(PenaltyCause.NO_TROUSERS, 1),
        PenaltyPart(PenaltyCause.NO_SWORD, 2),
        PenaltyPart(PenaltyCause.NO_JACKET, 1),
        PenaltyPart(PenaltyCause.HUNGER, 2),
        PenaltyPart(PenaltyCause.SLEEPLESSNESS, 1),
    )
    assert result.total == 10


@given(st.integers(min_value=-5, max_value=50))
def test_property_hunger_and_sleeplessness_never_negative(cycles: int) -> None:
    assert hunger_penalty(cycles) == max(0, cycles - 4) >= 0
    assert sleeplessness_penalty(cycles) == max(0, cycles - 4) >= 0

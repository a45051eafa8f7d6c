"""Character building and appearance (rulebook: pool / Character, Appearance)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.errors import Code, RuleError
from rules.pool.build import (
    Appearance,
    Build,
    Gear,
    Swords,
    appearance,
    build_of,
    new_character,
    validate_stats,
    visible_gear,
)
from rules.pool.model import BackpackContent, Gender, Item, PocketContent, Stat, Stats
from tests.refusals import refused

GOOD = Stats(initiative=2, attack=3, defense=2, vitality=5, charisma=0)


def test_ruling_stats_sum_exactly_twelve() -> None:
    validate_stats(GOOD)
    with refused(Code.STATS_SUM) as too_many:
        validate_stats(Stats(2, 3, 2, 5, 1))
    assert too_many.value.details == {"total": 13, "expected": 12}
    with refused(Code.STATS_SUM) as too_few:
        validate_stats(Stats(2, 3, 2, 4, 0))
    assert too_few.value.details["total"] == 11


def test_ruling_stats_each_at_least_zero() -> None:
    with refused(Code.STAT_BELOW_MINIMUM) as error:
        validate_stats(Stats(-1, 5, 3, 5, 0))
    assert error.value.details == {"stat": Stat.INITIATIVE, "value": -1, "minimum": 0}


def test_ruling_vitality_at_least_one() -> None:
    with refused(Code.STAT_BELOW_MINIMUM) as error:
        validate_stats(Stats(3, 3, 3, 0, 3))
    assert error.value.details == {"stat": Stat.VITALITY, "value": 0, "minimum": 1}
    validate_stats(Stats(0, 0, 0, 12, 0))
    validate_stats(Stats(11, 0, 0, 1, 0))


@pytest.mark.parametrize("bad", [2.5, True, "3"])
def test_ruling_stats_are_whole_numbers(bad: object) -> None:
    stats = Stats(2, 3, 2, 5, bad)  # type: ignore[arg-type]
    with refused(Code.STAT_NOT_WHOLE) as error:
        validate_stats(stats)
    assert error.value.details == {"stat": Stat.CHARISMA, "value": bad}


def test_build_errors_carry_a_code_and_plain_details_without_text() -> None:
    with refused(Code.STATS_SUM) as caught:
        validate_stats(Stats(3, 3, 3, 3, 1))
    assert isinstance(caught.value, RuleError)
    assert caught.value.details == {"total": 13, "expected": 12}
    assert str(caught.value) == "stats_sum: {'total': 13, 'expected': 12}"


def test_ruling_new_character_full_health_max_is_vitality_with_start_kit() -> None:
    hero = new_character(3, "Вася", Gender.FEMALE, GOOD)
    assert (hero.number, hero.name, hero.gender) == (3, "Вася", Gender.FEMALE)
    assert hero.health == hero.max_health == 5
    assert hero.alive and not hero.fallen and not hero.asleep
    assert hero.hall == 1


def test_ruling_start_kit() -> None:
    kit = new_character(1, "Петя", Gender.MALE, GOOD).inventory
    assert kit.jacket and kit.trousers and kit.backpack
    assert kit.right_hand == Item.SWORD and kit.left_hand is None
    assert kit.pack == BackpackContent(rations=5, pills=5, coins=0)
    assert kit.left_pocket == kit.right_pocket == PocketContent()


def test_new_character_checks_stats_and_number() -> None:
    with refused(Code.STATS_SUM):
        new_character(1, "Петя", Gender.MALE, Stats(1, 1, 1, 1, 1))
    with refused(Code.CHARACTER_NUMBER) as error:
        new_character(0, "Петя", Gender.MALE, GOOD)
    assert error.value.details["number"] == 0


@pytest.mark.parametrize(
    ("total", "word"),
    [
        (0, Build.FEEBLE),
        (3, Build.FEEBLE),
        (4, Build.NORMAL),
        (7, Build.NORMAL),
        (8, Build.HULK),
        (11, Build.HULK),
    ],
)
def test_ruling_appearance_attack_plus_defense_word(total: int, word: Build) -> None:
    assert build_of(total) == word


def test_ruling_appearance_seven_is_normal() -> None:
    assert build_of(7) == Build.NORMAL


def test_ruling_appearance_shows_charisma_exactly() -> None:
    hero = new_character(2, "Маша", Gender.FEMALE, Stats(0, 4, 4, 1, 3))
    assert appearance(hero) == Appearance(character=2, charisma=3, build=Build.HULK)


def test_ruling_gear_in_plain_view() -> None:
    hero = new_character(2, "Маша", Gender.FEMALE, Stats(0, 4, 4, 1, 3))
    assert visible_gear(hero) == Gear(
        jacket=True, trousers=True, backpack=True, swords=Swords.RIGHT
    )
    bare = replace(hero.inventory, jacket=False, left_hand=Item.SWORD, right_hand=Item.RATION)
    assert visible_gear(replace(hero, inventory=bare)) == Gear(False, True, True, Swords.LEFT)
    both = replace(bare, right_hand=Item.SWORD)
    assert visible_gear(replace(hero, inventory=both)).swords == Swords.BOTH
    empty = replace(bare, left_hand=None, trousers=False, backpack=False)
    assert visible_gear(replace(hero, inventory=empty)) == Gear(False, False, False, Swords.NONE)


stat = st.integers(min_value=0, max_value=12)


@given(stat, stat, stat, st.integers(min_value=1, max_value=12), stat)
def test_property_build_valid_iff_rules_hold(i: int, a: int, d: int, v: int, c: int) -> None:
    stats = Stats(i, a, d, v, c)
    if i + a + d + v + c == 12:
        hero = new_character(1, "x", Gender.MALE, stats)
        assert hero.health == v
    else:
        with refused(Code.STATS_SUM):
            validate_stats(stats)

"""Dice pool rolls and initiative (rulebook: pool / Dice pool roll, Initiative)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pool_helpers import CyclingDice, make

from rules.dice import ScriptedDice
from rules.pool.roll import (
    InitiativeRoll,
    PoolRoll,
    count_successes,
    initiative_order,
    initiative_roll,
    pool_roll,
    threshold,
)


def test_seed_example_4_6_7_1_10_gives_two_successes() -> None:
    roll = pool_roll(ScriptedDice({10: [4, 6, 7, 1, 10]}), 5)
    assert roll == PoolRoll((4, 6, 7, 1, 10), 6)
    assert (roll.raw, roll.successes, roll.negative) == (2, 2, False)


def test_ruling_penalty_threshold_is_six_plus_penalty() -> None:
    assert [threshold(p) for p in (0, 1, 4, 5)] == [6, 7, 10, 11]
    roll = pool_roll(ScriptedDice({10: [6, 6]}), 2, penalty=2)
    assert roll.threshold == 8


def test_ruling_penalty_one_counts_seven_and_up() -> None:
    roll = pool_roll(ScriptedDice({10: [4, 6, 7, 1, 10]}), 5, penalty=1)
    assert roll.threshold == 7
    assert roll.successes == 1  # 7 and 10, minus the 1


def test_ruling_threshold_above_ten_no_success_but_ones_subtract() -> None:
    roll = pool_roll(ScriptedDice({10: [10, 10, 1]}), 3, penalty=5)
    assert roll.threshold == 11
    assert (roll.raw, roll.successes, roll.negative) == (-1, 0, True)
    assert pool_roll(ScriptedDice({10: [10, 9]}), 2, penalty=7).raw == 0


def test_ruling_negative_result_counts_as_zero() -> None:
    roll = PoolRoll((1, 1, 6), 6)
    assert (roll.raw, roll.successes, roll.negative) == (-1, 0, True)


def test_a_one_is_never_a_success_and_empty_pool_is_zero() -> None:
    assert count_successes([1], threshold=0) == -1
    assert pool_roll(ScriptedDice(), 0) == PoolRoll((), 6)


@given(
    st.lists(st.integers(min_value=1, max_value=10), max_size=15),
    st.integers(min_value=0, max_value=12),
)
def test_property_successes_formula(dice: list[int], penalty: int) -> None:
    roll = pool_roll(ScriptedDice({10: dice}), len(dice), penalty)
    t = 6 + penalty
    raw = sum(d >= t for d in dice) - sum(d == 1 for d in dice)
    assert roll.dice == tuple(dice)
    assert roll.threshold == t
    assert roll.raw == raw
    assert roll.successes == max(0, raw)
    assert roll.negative == (raw < 0)


def test_seed_example_initiative_two_plus_five_is_seven() -> None:
    roll = initiative_roll(make(7, initiative=2), ScriptedDice({10: [5]}))
    assert roll == InitiativeRoll(character=7, die=5, bonus=2)
    assert roll.total == 7


def test_ruling_initiative_highest_roll_wins_contest_of_speed() -> None:
    a, b = make(1, initiative=0), make(2, initiative=3)
    result = initiative_order([a, b], ScriptedDice({10: [9, 5]}))
    assert result.winner == 1  # 9 beats 5 + 3
    assert result.order == (1, 2)
    assert result.lowest_first == (2, 1)


def test_ruling_initiative_ties_reroll_among_tied_only() -> None:
    a, b, c = make(1, initiative=1), make(2, initiative=2), make(3, initiative=0)
    # totals: 1: 5+1=6, 2: 4+2=6, 3: 9+0=9 -> 1 and 2 re-roll: 3+1=4, 8+2=10
    result = initiative_order([a, b, c], ScriptedDice({10: [5, 4, 9, 3, 8]}))
    assert result.order == (3, 2, 1)
    assert [[r.character for r in group] for group in result.rolls] == [[1, 2, 3], [1, 2]]
    assert [r.total for r in result.rolls[1]] == [4, 10]


def test_initiative_ties_within_reroll_recurse_until_broken() -> None:
    people = [make(n, initiative=0) for n in (1, 2, 3, 4)]
    # all tie at 5; re-roll: 1:7 2:7 3:2 4:2; then 1,2 tie-break (3, 4), then 3,4 (6, 6), (1, 9)
    dice = ScriptedDice({10: [5, 5, 5, 5, 7, 7, 2, 2, 3, 4, 6, 6, 1, 9]})
    result = initiative_order(people, dice)
    assert result.order == (2, 1, 4, 3)
    assert [len(group) for group in result.rolls] == [4, 4, 2, 2, 2]
    assert dice.remaining(10) == 0


def test_initiative_of_one_or_nobody_rolls_nothing() -> None:
    assert initiative_order([make(4)], ScriptedDice()).order == (4,)
    assert initiative_order([], ScriptedDice()).rolls == ()


@given(
    st.lists(st.integers(min_value=0, max_value=4), min_size=1, max_size=7),
    st.lists(st.integers(min_value=1, max_value=10), max_size=30),
)
def test_property_initiative_ties_always_broken(bonuses: list[int], prefix: list[int]) -> None:
    people = [make(n + 1, initiative=bonus) for n, bonus in enumerate(bonuses)]
    dice = CyclingDice(prefix)
    result = initiative_order(people, dice)
    assert sorted(result.order) == [p.number for p in people]
    assert [r.die for group in result.rolls for r in group] == dice.rolled
    # the last roll of each character decides among those tied with them at every level:
    # check that the order is consistent with the first round's totals
    first = {r.character: r.total for r in result.rolls[0]} if result.rolls else {}
    totals = [first.get(n, 0) for n in result.order]
    assert totals == sorted(totals, reverse=True)
    for group in result.rolls[1:]:
        tied_totals = {first[r.character] for r in group}
        assert len(tied_totals) == 1
    # every pair adjacent in the order was separated by some roll where both took part
    for left, right in zip(result.order, result.order[1:], strict=False):
        last_shared = [
            group for group in result.rolls if {left, right} <= {r.character for r in group}
        ][-1]
        by = {r.character: r.total for r in last_shared}
        assert by[left] > by[right]


@pytest.mark.parametrize("sides_value", [1, 10])
def test_initiative_die_is_d10(sides_value: int) -> None:
    dice = ScriptedDice({10: [sides_value]})
    assert initiative_roll(make(), dice).die == sides_value
    assert dice.rolled == [(10, sides_value)]

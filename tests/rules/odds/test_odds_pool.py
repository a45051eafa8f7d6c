"""Exact pool odds against exhaustive enumeration of the real roll rule, and icepool."""

from __future__ import annotations

import itertools
from fractions import Fraction

import icepool
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.errors import Code
from rules.odds.pool import (
    attack_odds,
    counted_successes,
    die_weights,
    negative_chance,
    raw_successes,
)
from rules.pool.roll import count_successes, threshold
from tests.refusals import refused

PENALTIES = range(7)


def enumerate_raw(dice: int, penalty: int) -> dict[int, Fraction]:
    """Every face combination through the pool roll rule itself."""
    counts: dict[int, int] = {}
    for faces in itertools.product(range(1, 11), repeat=dice):
        raw = count_successes(faces, threshold(penalty))
        counts[raw] = counts.get(raw, 0) + 1
    return {k: Fraction(v, 10**dice) for k, v in counts.items()}


@pytest.mark.parametrize("penalty", PENALTIES)
@pytest.mark.parametrize("dice", range(5))
def test_odds_pool_raw_matches_exhaustive_enumeration(dice: int, penalty: int) -> None:
    assert raw_successes(dice, penalty) == enumerate_raw(dice, penalty)


@pytest.mark.parametrize("penalty", PENALTIES)
def test_odds_pool_counted_folds_negatives_into_0(penalty: int) -> None:
    raw = enumerate_raw(3, penalty)
    counted = counted_successes(3, penalty)
    assert counted[0] == sum(p for k, p in raw.items() if k <= 0)
    assert all(counted[k] == raw[k] for k in counted if k > 0)
    assert negative_chance(3, penalty) == sum(p for k, p in raw.items() if k < 0)


@pytest.mark.parametrize("penalty", PENALTIES)
def test_odds_pool_matches_icepool_for_12_dice(penalty: int) -> None:
    minus, zero, plus = die_weights(penalty)
    die = icepool.Die({-1: minus, 0: zero, 1: plus} if plus else {-1: minus, 0: zero})
    pool = 12 @ die
    expected = {k: Fraction(w, pool.denominator()) for k, w in pool.items()}
    assert raw_successes(12, penalty) == expected


def test_odds_pool_seed_threshold_cases() -> None:
    # T = 6: faces 6..10 succeed, 1 subtracts; T = 7 with penalty 1; nothing succeeds at T > 10.
    assert die_weights(0) == (1, 4, 5)
    assert die_weights(1) == (1, 5, 4)
    assert die_weights(5) == die_weights(6) == (1, 9, 0)
    assert counted_successes(0) == {0: Fraction(1)}


@given(st.integers(0, 30), st.integers(0, 12))
def test_property_odds_pool_distributions_sum_to_exactly_1(dice: int, penalty: int) -> None:
    assert sum(raw_successes(dice, penalty).values()) == 1
    assert sum(counted_successes(dice, penalty).values()) == 1


def enumerate_attack(
    attack: int, defense: int, pa: int, pd: int
) -> tuple[dict[int, Fraction], Fraction, Fraction]:
    damage: dict[int, Fraction] = {}
    drops_a = drops_d = Fraction(0)
    ra, rd = enumerate_raw(attack, pa), enumerate_raw(defense, pd)
    for a, p in ra.items():
        for d, q in rd.items():
            dealt = max(max(a, 0) - max(d, 0), 0)
            damage[dealt] = damage.get(dealt, Fraction(0)) + p * q
            drops_a += p * q * (a < 0)
            drops_d += p * q * (d < 0)
    return damage, drops_a, drops_d


@pytest.mark.parametrize(("pa", "pd"), [(0, 0), (1, 0), (0, 2), (3, 3), (5, 0)])
@pytest.mark.parametrize(("attack", "defense"), [(3, 2), (2, 3), (1, 1), (4, 0)])
def test_odds_pool_attack_matches_exhaustive_enumeration(
    attack: int, defense: int, pa: int, pd: int
) -> None:
    odds = attack_odds(attack, defense, pa, pd)
    damage, drops_a, drops_d = enumerate_attack(attack, defense, pa, pd)
    assert odds.damage == {k: damage[k] for k in sorted(damage)}
    assert odds.hit_chance == 1 - damage.get(0, Fraction(0))
    assert odds.expected_damage == sum(k * p for k, p in damage.items())
    assert (odds.attacker_drops, odds.defender_drops) == (drops_a, drops_d)


def test_odds_pool_two_swords_add_one_defense_die() -> None:
    assert attack_odds(4, 2, 1, 0, defender_two_swords=True) == attack_odds(4, 3, 1, 0)


@given(st.integers(0, 12), st.integers(0, 12), st.integers(0, 7), st.integers(0, 7))
def test_property_odds_pool_attack_damage_sums_to_1(a: int, d: int, pa: int, pd: int) -> None:
    odds = attack_odds(a, d, pa, pd)
    assert sum(odds.damage.values()) == 1
    assert 0 <= odds.hit_chance <= 1
    assert max(odds.damage) <= a


@pytest.mark.parametrize(("dice", "penalty"), [(-1, 0), (2, -1)])
def test_odds_pool_refuses_negative_inputs(dice: int, penalty: int) -> None:
    with refused(Code.ODDS_INPUT) as caught:
        raw_successes(dice, penalty)
    assert caught.value.details["value"] == -1

"""Exact d20 odds: each outcome is (its bucket's faces) / 20; checks per difficulty."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.d20 import AttackKind, Difficulty, Outcome
from rules.errors import Code
from rules.odds.d20 import (
    check_chance,
    check_chances,
    outcome_probabilities,
    target_hp_distribution,
)
from tests.refusals import refused


@pytest.mark.parametrize("kind", [AttackKind.PHYSICAL, AttackKind.MAGIC])
def test_odds_d20_outcomes_are_bucket_size_over_20(kind: AttackKind) -> None:
    chances = outcome_probabilities(kind)
    assert chances == {
        Outcome.FUMBLE: Fraction(1, 20),
        Outcome.ALLY_HIT: Fraction(2, 20),
        Outcome.MISS: Fraction(2, 20),
        Outcome.DODGE: Fraction(2, 20),
        Outcome.BLOCK: Fraction(2, 20),
        Outcome.PARTIAL_BLOCK: Fraction(2, 20),
        Outcome.HIT: Fraction(6, 20),
        Outcome.HEAVY_HIT: Fraction(1, 20),
        Outcome.STUN_HIT: Fraction(1, 20),
        Outcome.CRITICAL: Fraction(1, 20),
    }
    assert sum(chances.values()) == 1


def test_odds_d20_misfire_without_ally_and_buff_spell() -> None:
    alone = outcome_probabilities(AttackKind.PHYSICAL, has_ally=False)
    assert alone[Outcome.SELF_HIT] == Fraction(1, 10) and Outcome.ALLY_HIT not in alone
    buff = outcome_probabilities(AttackKind.BUFF)
    assert buff[Outcome.NO_EFFECT] == Fraction(1, 10)
    assert sum(alone.values()) == sum(buff.values()) == 1


def test_odds_d20_checks() -> None:
    assert check_chances() == {
        Difficulty.DC1: Fraction(1, 2),
        Difficulty.DC2: Fraction(1, 5),
        Difficulty.DC3: Fraction(1, 20),
    }
    assert check_chance(Difficulty.DC2) == Fraction(4, 20)


def test_odds_d20_seed_target_hp_after_one_attack_on_17_of_20() -> None:
    after = target_hp_distribution(17, 20)
    assert sum(after.values()) == 1
    assert after[8] == Fraction(1, 20)  # the critical: 17 -> 8
    assert after[10] == Fraction(2, 20)  # 18 and 19: 7 each
    assert after[17] == Fraction(11, 20)  # 1-11 leave the target untouched
    assert min(after) == 8


@pytest.mark.parametrize("hp", range(1, 23))
def test_odds_d20_target_hp_distribution_sums_to_1_and_a_critical_never_kills(hp: int) -> None:
    after = target_hp_distribution(hp, 22)
    assert sum(after.values()) == 1
    if hp <= 7:
        assert after[0] >= Fraction(2, 20)  # 18 and 19 fell; the 20 leaves 1
        assert after.get(1, Fraction(0)) >= Fraction(1, 20)
    healed = target_hp_distribution(hp, 22, AttackKind.BUFF)
    assert sum(healed.values()) == 1 and min(healed) == hp and max(healed) == 22
    assert healed[22] >= Fraction(1, 20)  # the 20 heals to full


def test_odds_d20_refuses_a_fallen_target() -> None:
    with refused(Code.ODDS_INPUT):
        target_hp_distribution(0, 20)

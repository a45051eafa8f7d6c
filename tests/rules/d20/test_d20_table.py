"""rulebook: d20 / Attacks: the outcome table, read from the die alone."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.d20 import AttackKind, Outcome, attack_effect, critical_hp
from rules.d20.table import base_outcome, target_hp_after
from rules.errors import Code
from tests.refusals import refused

HARMFUL = [AttackKind.PHYSICAL, AttackKind.MAGIC]


@pytest.mark.parametrize("kind", list(AttackKind))
def test_ruling_d20_1_fails_and_the_attacker_loses_next_turn(kind: AttackKind) -> None:
    effect = attack_effect(1, kind, has_ally=True)
    assert effect.outcome is Outcome.FUMBLE
    assert effect.attacker_loses_turn and not effect.target_loses_turn
    assert effect.target_damage == effect.misfire_damage == 0


@pytest.mark.parametrize("kind", HARMFUL)
@pytest.mark.parametrize(("die", "damage"), [(2, 1), (3, 2)])
def test_ruling_d20_2_3_hit_the_next_ally_for_1_or_2(
    kind: AttackKind, die: int, damage: int
) -> None:
    with_ally = attack_effect(die, kind, has_ally=True)
    assert (with_ally.outcome, with_ally.misfire_damage) == (Outcome.ALLY_HIT, damage)
    alone = attack_effect(die, kind, has_ally=False)
    assert (alone.outcome, alone.misfire_damage) == (Outcome.SELF_HIT, damage)
    assert with_ally.target_damage == alone.target_damage == 0


@pytest.mark.parametrize("die", [2, 3])
@pytest.mark.parametrize("has_ally", [True, False])
def test_ruling_d20_2_3_buff_spell_has_no_effect(die: int, has_ally: bool) -> None:
    effect = attack_effect(die, AttackKind.BUFF, has_ally=has_ally)
    assert effect.outcome is Outcome.NO_EFFECT
    assert effect.misfire_damage == effect.target_damage == 0


@pytest.mark.parametrize("kind", HARMFUL)
@pytest.mark.parametrize(
    ("die", "outcome"),
    [
        (4, Outcome.MISS),
        (5, Outcome.MISS),
        (6, Outcome.DODGE),
        (7, Outcome.DODGE),
        (8, Outcome.BLOCK),
        (9, Outcome.BLOCK),
        (10, Outcome.PARTIAL_BLOCK),
        (11, Outcome.PARTIAL_BLOCK),
    ],
)
def test_ruling_d20_4_to_11_miss_dodge_block_partial_block_deal_0(
    kind: AttackKind, die: int, outcome: Outcome
) -> None:
    effect = attack_effect(die, kind, has_ally=True)
    assert effect.outcome is outcome
    assert (effect.target_damage, effect.misfire_damage, effect.critical) == (0, 0, False)
    assert not effect.attacker_loses_turn and not effect.target_loses_turn


@pytest.mark.parametrize("kind", HARMFUL)
@pytest.mark.parametrize("die", range(12, 18))
def test_ruling_d20_12_to_17_deal_die_minus_11(kind: AttackKind, die: int) -> None:
    effect = attack_effect(die, kind, has_ally=True)
    assert (effect.outcome, effect.target_damage) == (Outcome.HIT, die - 11)


@pytest.mark.parametrize("kind", HARMFUL)
def test_ruling_d20_18_deals_7(kind: AttackKind) -> None:
    effect = attack_effect(18, kind, has_ally=True)
    assert (effect.outcome, effect.target_damage, effect.target_loses_turn) == (
        Outcome.HEAVY_HIT,
        7,
        False,
    )


@pytest.mark.parametrize("kind", HARMFUL)
def test_ruling_d20_19_deals_7_and_the_target_loses_next_turn(kind: AttackKind) -> None:
    effect = attack_effect(19, kind, has_ally=True)
    assert (effect.outcome, effect.target_damage, effect.target_loses_turn) == (
        Outcome.STUN_HIT,
        7,
        True,
    )


@pytest.mark.parametrize("kind", HARMFUL)
def test_ruling_d20_20_is_a_critical(kind: AttackKind) -> None:
    effect = attack_effect(20, kind, has_ally=True)
    assert (effect.outcome, effect.critical, effect.target_damage) == (Outcome.CRITICAL, True, 0)


# rulebook: d20 / Healing: (die, HP before, max HP) -> HP after, lost turns.
HEALING = [
    (1, 5, 16, 5),  # fails; the caster loses the next turn
    (2, 5, 16, 5),
    (3, 5, 16, 5),
    *((die, 5, 16, 5) for die in range(4, 12)),  # lost concentration, miscast, fizzled
    *((die, 5, 16, 5 + die - 11) for die in range(12, 18)),  # die - 11
    (18, 5, 16, 12),
    (19, 5, 16, 12),  # 7, and no lost turn: the target does not resist
    (20, 5, 16, 16),  # to full
    (17, 14, 16, 16),  # never above max
    (18, 12, 16, 16),
    (20, 16, 16, 16),
    (12, 0, 16, 1),  # a fallen ally stands up
    (20, 0, 22, 22),
    (11, 0, 16, 0),  # no effect: still fallen
]


@pytest.mark.parametrize(("die", "hp", "max_hp", "after"), HEALING)
def test_ruling_d20_healing_reads_the_bands(die: int, hp: int, max_hp: int, after: int) -> None:
    effect = attack_effect(die, AttackKind.BUFF, has_ally=True)
    assert target_hp_after(effect, hp, max_hp) == after
    assert (effect.target_damage, effect.misfire_damage) == (0, 0)
    assert not effect.target_loses_turn
    assert effect.attacker_loses_turn == (die == 1)
    assert effect.outcome is (Outcome.NO_EFFECT if die in (2, 3) else base_outcome(die))


def test_seed_d20_critical_17_of_20_leaves_8() -> None:
    assert critical_hp(17, 20) == 8


@pytest.mark.parametrize(("hp", "after"), [(20, 10), (11, 5), (22, 11)])
def test_ruling_d20_critical_halves_when_above_half(hp: int, after: int) -> None:
    assert critical_hp(hp, 20 if hp <= 20 else 22) == after


@pytest.mark.parametrize("hp", [10, 9, 2, 1])
def test_ruling_d20_critical_drops_to_1_at_or_below_half(hp: int) -> None:
    assert critical_hp(hp, 20) == 1


@given(st.integers(1, 100), st.integers(1, 100))
def test_property_d20_critical_never_kills(hp: int, extra: int) -> None:
    max_hp = hp + extra - 1
    after = critical_hp(hp, max_hp)
    assert 1 <= after <= hp


def test_d20_target_hp_after_never_goes_below_0() -> None:
    assert target_hp_after(attack_effect(18, AttackKind.PHYSICAL, has_ally=True), 5, 20) == 0
    assert target_hp_after(attack_effect(20, AttackKind.MAGIC, has_ally=True), 1, 12) == 1


@pytest.mark.parametrize("die", [0, 21])
def test_d20_table_refuses_impossible_dice(die: int) -> None:
    with refused(Code.INVALID_DIE) as caught:
        attack_effect(die, AttackKind.PHYSICAL, has_ally=True)
    assert caught.value.details["die"] == die

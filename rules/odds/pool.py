"""Exact odds of ``pool`` dice rolls and of one attack against one defense.

A die succeeds on ``>= 6 + penalty`` and a 1 takes a success away, so each die adds
+1, 0 or -1; a pool's raw result is their sum (negative: the roller drops a sword, or falls
without one), counted as ``max(raw, 0)``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from rules.odds.errors import require
from rules.pool.roll import POOL_DIE, threshold


def die_weights(penalty: int) -> tuple[int, int, int]:
    """Faces of one d10 giving -1, 0 and +1 at ``penalty`` (they sum to 10)."""
    require("penalty", penalty, 0)
    plus = max(0, POOL_DIE + 1 - threshold(penalty))
    return 1, POOL_DIE - 1 - plus, plus


@lru_cache(maxsize=512)
def _raw_counts(dice: int, penalty: int) -> tuple[int, ...]:
    """Ways (out of 10**dice) to roll raw -dice..dice; index 0 is -dice."""
    weights = die_weights(penalty)
    counts = [1]
    for _ in range(dice):
        grown = [0] * (len(counts) + 2)
        for i, ways in enumerate(counts):
            for step, weight in enumerate(weights):
                grown[i + step] += ways * weight
        counts = grown
    return tuple(counts)


def raw_successes(dice: int, penalty: int = 0) -> dict[int, Fraction]:
    """Distribution of raw successes (negative included) of ``dice`` d10 at ``penalty``."""
    require("dice", dice, 0)
    total = POOL_DIE**dice
    counts = _raw_counts(dice, penalty)
    return {k - dice: Fraction(w, total) for k, w in enumerate(counts) if w}


def counted_successes(dice: int, penalty: int = 0) -> dict[int, Fraction]:
    """Distribution of successes as counted: a negative result counts as 0."""
    counted: dict[int, Fraction] = {}
    for k, p in raw_successes(dice, penalty).items():
        counted[max(k, 0)] = counted.get(max(k, 0), Fraction(0)) + p
    return counted


def negative_chance(dice: int, penalty: int = 0) -> Fraction:
    """Chance that the raw result is below 0 (a sword dropped, or a fall)."""
    return sum((p for k, p in raw_successes(dice, penalty).items() if k < 0), Fraction(0))


@dataclass(frozen=True, slots=True)
class AttackOdds:
    """One attack roll against one defense roll.

    ``damage`` maps damage to its chance, 0 being a miss. ``attacker_drops`` and
    ``defender_drops`` are the chances of a negative roll: a sword dropped (or a fall for a
    roller without one). The two rolls are independent.
    """

    hit_chance: Fraction
    damage: Mapping[int, Fraction]
    expected_damage: Fraction
    attacker_drops: Fraction
    defender_drops: Fraction


def attack_odds(
    attack_dice: int,
    defense_dice: int,
    attack_penalty: int = 0,
    defense_penalty: int = 0,
    *,
    defender_two_swords: bool = False,
) -> AttackOdds:
    """Exact odds of ``attack_dice`` (Атака) against ``defense_dice`` (Защита).

    A sword in each of the defender's hands adds one defense die. Damage = attack
    successes - defense successes when positive, else a miss.
    """
    defense_dice += defender_two_swords
    attack = counted_successes(attack_dice, attack_penalty)
    defense = counted_successes(defense_dice, defense_penalty)
    damage: dict[int, Fraction] = {}
    for a, pa in attack.items():
        for d, pd in defense.items():
            dealt = max(a - d, 0)
            damage[dealt] = damage.get(dealt, Fraction(0)) + pa * pd
    damage = dict(sorted(damage.items()))
    return AttackOdds(
        hit_chance=1 - damage.get(0, Fraction(0)),
        damage=damage,
        expected_damage=sum((k * p for k, p in damage.items()), Fraction(0)),
        attacker_drops=negative_chance(attack_dice, attack_penalty),
        defender_drops=negative_chance(defense_dice, defense_penalty),
    )

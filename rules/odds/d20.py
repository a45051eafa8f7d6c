"""Exact odds of the ``d20`` system: each face of the d20 has chance 1/20."""

from __future__ import annotations

from fractions import Fraction

from rules.d20.checks import CHECK_MINIMUM, D20, Difficulty, check_succeeds
from rules.d20.table import AttackKind, Outcome, attack_effect, target_hp_after
from rules.odds.errors import require

FACE = Fraction(1, D20)


def outcome_probabilities(
    kind: AttackKind = AttackKind.PHYSICAL, *, has_ally: bool = True
) -> dict[Outcome, Fraction]:
    """Chance of each outcome of one attack: (faces in its bucket) / 20."""
    chances: dict[Outcome, Fraction] = {}
    for die in range(1, D20 + 1):
        outcome = attack_effect(die, kind, has_ally=has_ally).outcome
        chances[outcome] = chances.get(outcome, Fraction(0)) + FACE
    return chances


def check_chance(difficulty: Difficulty) -> Fraction:
    """Chance to pass a check: DC1 1/2, DC2 1/5, DC3 1/20."""
    return sum((FACE for die in range(1, D20 + 1) if check_succeeds(difficulty, die)), Fraction(0))


def check_chances() -> dict[Difficulty, Fraction]:
    """:func:`check_chance` for every difficulty."""
    return {difficulty: check_chance(difficulty) for difficulty in CHECK_MINIMUM}


def target_hp_distribution(
    hp: int, max_hp: int, kind: AttackKind = AttackKind.PHYSICAL
) -> dict[int, Fraction]:
    """Distribution of a standing target's HP after one attack (misfires spare the target)."""
    require("hp", hp, 1, max_hp)
    after: dict[int, Fraction] = {}
    for die in range(1, D20 + 1):
        left = target_hp_after(attack_effect(die, kind, has_ally=True), hp, max_hp)
        after[left] = after.get(left, Fraction(0)) + FACE
    return dict(sorted(after.items()))

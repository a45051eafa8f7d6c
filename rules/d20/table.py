"""The d20 attack table (rulebook: d20): the die alone decides the outcome and its damage.

The bot maps each :class:`Outcome` (with the attack kind and the classes involved) to
narrative text in the locale; nothing here holds text.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.d20.checks import D20
from rules.errors import Code, RuleError


class AttackKind(StrEnum):
    """Physical blow, harmful spell, or a beneficial spell (a buff: healing) cast on an ally."""

    PHYSICAL = "physical"
    MAGIC = "magic"
    BUFF = "buff"


class Outcome(StrEnum):
    FUMBLE = "fumble"  # 1: fails, the attacker loses their next turn
    ALLY_HIT = "ally_hit"  # 2-3: misses, hits the next ally in turn order
    SELF_HIT = "self_hit"  # 2-3 with no ally standing: hits the attacker
    NO_EFFECT = "no_effect"  # 2-3 of a buff spell (4-11 of a buff heal nothing either)
    MISS = "miss"  # 4-5: lost concentration
    DODGE = "dodge"  # 6-7
    BLOCK = "block"  # 8-9
    PARTIAL_BLOCK = "partial_block"  # 10-11: 0 HP
    HIT = "hit"  # 12-17: die - 11
    HEAVY_HIT = "heavy_hit"  # 18: 7
    STUN_HIT = "stun_hit"  # 19: 7, the target loses their next turn
    CRITICAL = "critical"  # 20: HP halved, or down to 1


HEAVY_DAMAGE = 7


@dataclass(frozen=True, slots=True)
class AttackEffect:
    """What a d20 result does, before it meets the battle.

    ``target_damage`` is fixed damage to the target (the critical is ``critical`` instead);
    ``misfire_damage`` goes to the next ally, or to the attacker when there is none.
    A buff spell heals (rulebook: d20 / Healing): ``heal`` HP to its target,
    or (``critical``, a 20) up to full; 1-11 heal nothing, and a 1 still costs the caster
    their next turn. The target of a buff never loses a turn (it does not resist).
    """

    die: int
    kind: AttackKind
    outcome: Outcome
    target_damage: int = 0
    misfire_damage: int = 0
    heal: int = 0
    critical: bool = False
    attacker_loses_turn: bool = False
    target_loses_turn: bool = False


_BUCKETS = (
    (20, Outcome.CRITICAL),
    (19, Outcome.STUN_HIT),
    (18, Outcome.HEAVY_HIT),
    (12, Outcome.HIT),
    (10, Outcome.PARTIAL_BLOCK),
    (8, Outcome.BLOCK),
    (6, Outcome.DODGE),
    (4, Outcome.MISS),
    (2, Outcome.ALLY_HIT),
    (1, Outcome.FUMBLE),
)


def base_outcome(die: int) -> Outcome:
    """The table's row for ``die`` (1..20), as for a harmful attack with an ally standing."""
    if not 1 <= die <= D20:
        raise RuleError(Code.INVALID_DIE, die=die)
    return next(outcome for low, outcome in _BUCKETS if die >= low)


def attack_effect(die: int, kind: AttackKind, *, has_ally: bool) -> AttackEffect:
    """Read the table for ``die`` (1..20). ``has_ally``: a standing ally of the attacker exists.

    1 fumble (attacker loses next turn); 2-3 misfire for 1/2 HP on the next ally or the
    attacker (a buff: no effect); 4-5 miss; 6-7 dodge; 8-9 block; 10-11 partial block, 0 HP;
    12-17 die - 11; 18 seven; 19 seven and the target loses next turn; 20 critical.
    A buff heals by the same bands: 12-17 die - 11, 18-19 seven, 20 to full; below 12 nothing.
    """
    outcome = base_outcome(die)
    if outcome is Outcome.FUMBLE:
        return AttackEffect(die, kind, outcome, attacker_loses_turn=True)
    if kind is AttackKind.BUFF:
        # A beneficial spell harms no one: it heals from 12 up, and its target never resists.
        if outcome is Outcome.ALLY_HIT:
            return AttackEffect(die, kind, Outcome.NO_EFFECT)
        if outcome is Outcome.HIT:
            return AttackEffect(die, kind, outcome, heal=die - 11)
        if outcome in (Outcome.HEAVY_HIT, Outcome.STUN_HIT):
            return AttackEffect(die, kind, outcome, heal=HEAVY_DAMAGE)
        return AttackEffect(die, kind, outcome, critical=outcome is Outcome.CRITICAL)
    if outcome is Outcome.ALLY_HIT:
        outcome = Outcome.ALLY_HIT if has_ally else Outcome.SELF_HIT
        return AttackEffect(die, kind, outcome, misfire_damage=die - 1)
    if outcome is Outcome.HIT:
        return AttackEffect(die, kind, outcome, target_damage=die - 11)
    if outcome in (Outcome.HEAVY_HIT, Outcome.STUN_HIT):
        stun = outcome is Outcome.STUN_HIT
        return AttackEffect(die, kind, outcome, target_damage=HEAVY_DAMAGE, target_loses_turn=stun)
    return AttackEffect(die, kind, outcome, critical=outcome is Outcome.CRITICAL)


def critical_hp(hp: int, max_hp: int) -> int:
    """HP after a critical: halved rounding down while above half of max, else 1.

    A critical never kills: the result is at least 1. Seed: 17 of 20 -> 8.
    """
    return max(hp // 2, 1) if 2 * hp > max_hp else 1


def healed_hp(effect: AttackEffect, hp: int, max_hp: int) -> int:
    """The target's HP after a buff (standing or fallen): healed, never above ``max_hp``."""
    return max_hp if effect.critical else min(hp + effect.heal, max_hp)


def target_hp_after(effect: AttackEffect, hp: int, max_hp: int) -> int:
    """A target's HP after ``effect`` (misfires spare the target); never below 0, and a buff
    never above ``max_hp``."""
    if effect.kind is AttackKind.BUFF:
        return healed_hp(effect, hp, max_hp)
    if effect.critical:
        return critical_hp(hp, max_hp)
    return max(hp - effect.target_damage, 0)

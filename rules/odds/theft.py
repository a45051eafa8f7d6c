"""Exact odds of a theft (rulebook: pool / Theft): the thief's pool against
the victim's, each at its own penalty; the thief wins with strictly more counted successes."""

from __future__ import annotations

from fractions import Fraction

from rules.odds.pool import counted_successes


def theft_chance(
    thief_dice: int, victim_dice: int, thief_penalty: int = 0, victim_penalty: int = 0
) -> Fraction:
    """Chance that ``thief_dice`` d10 at ``thief_penalty`` count more successes than
    ``victim_dice`` d10 at ``victim_penalty`` (a victim with no dice counts 0)."""
    thief = counted_successes(thief_dice, thief_penalty)
    victim = counted_successes(victim_dice, victim_penalty)
    return sum((p * q for k, p in thief.items() for m, q in victim.items() if k > m), Fraction(0))

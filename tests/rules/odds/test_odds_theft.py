"""Exact theft odds against brute-force enumeration of every roll (small pools)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from rules.odds.theft import theft_chance
from rules.pool.roll import count_successes, threshold


def brute(thief: int, victim: int, thief_penalty: int, victim_penalty: int) -> Fraction:
    faces = range(1, 11)
    wins = total = 0
    for a in product(faces, repeat=thief):
        mine = max(0, count_successes(a, threshold(thief_penalty)))
        for d in product(faces, repeat=victim):
            total += 1
            wins += mine > max(0, count_successes(d, threshold(victim_penalty)))
    return Fraction(wins, total)


@pytest.mark.parametrize(
    ("thief", "victim", "thief_penalty", "victim_penalty"),
    [
        (1, 1, 0, 0),
        (2, 1, 0, 0),
        (2, 2, 0, 0),
        (3, 2, 1, 0),
        (2, 3, 0, 2),
        (3, 0, 0, 0),
        (0, 2, 0, 0),
        (2, 2, 5, 0),
    ],
)
def test_theft_chance_matches_enumeration(
    thief: int, victim: int, thief_penalty: int, victim_penalty: int
) -> None:
    assert theft_chance(thief, victim, thief_penalty, victim_penalty) == brute(
        thief, victim, thief_penalty, victim_penalty
    )


def test_ruling_theft_odds_of_a_typical_pair() -> None:
    # Атака 3 + Инициатива 2 against Защита 2 + Инициатива 2, both at threshold 6.
    chance = theft_chance(5, 4)
    assert chance == Fraction(3796289, 8000000)
    assert round(float(chance) * 100) == 47
    assert theft_chance(5, 0) == Fraction(211, 250)  # a victim at 0 does not resist

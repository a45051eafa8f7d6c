"""Exact odds of the ``duel`` system: a round, its damage, and a whole duel fought out.

A round's 5 rolls are independent, each the challenger's success with chance A/(A+B); the
loser then dodges each winning success with chance agility/100.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb

from rules.duel.round import ROLLS_PER_ROUND
from rules.odds.errors import require

_WIN = ROLLS_PER_ROUND // 2 + 1


def _check(a: int, b: int, *agilities: int) -> None:
    require("challenger_skill", a, 1)
    require("opponent_skill", b, 1)
    for agility in agilities:
        require("agility", agility, 0, 100)


def _binomial(n: int, p: Fraction) -> dict[int, Fraction]:
    """Binomial(n, p), leaving out outcomes of chance 0."""
    terms = {k: comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)}
    return {k: term for k, term in terms.items() if term}


def round_successes(a: int, b: int) -> dict[int, Fraction]:
    """Distribution of the challenger's successes (0..5) with skills ``a`` against ``b``."""
    _check(a, b)
    return _binomial(ROLLS_PER_ROUND, Fraction(a, a + b))


def round_win_chance(a: int, b: int) -> Fraction:
    """Chance that the challenger (skill ``a``) wins a round against skill ``b``."""
    return sum((p for k, p in round_successes(a, b).items() if k >= _WIN), Fraction(0))


def remaining_successes(successes: int, agility: int) -> dict[int, Fraction]:
    """Distribution of winning successes left after the loser's d100 dodges at ``agility``."""
    require("agility", agility, 0, 100)
    return _binomial(successes, 1 - Fraction(agility, 100))


def round_transitions(
    a: int, b: int, challenger_agility: int, opponent_agility: int
) -> dict[tuple[int, int], Fraction]:
    """Distribution of one round's ``(damage to challenger, damage to opponent)``.

    At most one of the two is non-zero: the winner takes no damage.
    """
    return dict(_transitions(a, b, challenger_agility, opponent_agility))


@lru_cache(maxsize=1024)
def _transitions(
    a: int, b: int, challenger_agility: int, opponent_agility: int
) -> tuple[tuple[tuple[int, int], Fraction], ...]:
    _check(a, b, challenger_agility, opponent_agility)
    outcome: dict[tuple[int, int], Fraction] = {}
    for k, p in round_successes(a, b).items():
        if k >= _WIN:
            won, skill, agility = k, a, opponent_agility
        else:
            won, skill, agility = ROLLS_PER_ROUND - k, b, challenger_agility
        for left, q in remaining_successes(won, agility).items():
            key = (0, left * skill) if k >= _WIN else (left * skill, 0)
            outcome[key] = outcome.get(key, Fraction(0)) + p * q
    return tuple(outcome.items())


@dataclass(frozen=True, slots=True)
class RoundOdds:
    """A round's win chance for the challenger and the expected damage each side takes."""

    challenger_wins: Fraction
    expected_damage_to_challenger: Fraction
    expected_damage_to_opponent: Fraction


def round_odds(a: int, b: int, challenger_agility: int, opponent_agility: int) -> RoundOdds:
    """Exact round odds; each expected damage already counts the loser's dodges."""
    transitions = round_transitions(a, b, challenger_agility, opponent_agility)
    return RoundOdds(
        challenger_wins=round_win_chance(a, b),
        expected_damage_to_challenger=sum((d * p for (d, _), p in transitions.items()), Fraction()),
        expected_damage_to_opponent=sum((d * p for (_, d), p in transitions.items()), Fraction()),
    )


@dataclass(frozen=True, slots=True)
class DuelOdds:
    """Chances of a duel fought until someone drops to HP <= 0.

    ``undecided`` is the chance it never ends: only when both dodge everything (agility 100).
    """

    challenger_wins: Fraction
    opponent_wins: Fraction
    undecided: Fraction


def duel_odds(
    a: int,
    b: int,
    *,
    challenger_hp: int,
    opponent_hp: int,
    challenger_agility: int = 0,
    opponent_agility: int = 0,
) -> DuelOdds:
    """Exact chances to win a duel when both always go on.

    A Markov chain on ``(challenger HP, opponent HP)`` with absorbing states at HP <= 0.
    A round that deals no damage (all dodged) returns to the same state, so
    ``W(s) = sum(p(t) W(t) for t != s) / (1 - p(s))``. Every other move lowers one HP, so
    the table is filled from low HP up, each state once (no recursion).
    """
    require("challenger_hp", challenger_hp, 1)
    require("opponent_hp", opponent_hp, 1)
    moves = round_transitions(a, b, challenger_agility, opponent_agility)
    stay = moves.get((0, 0), Fraction(0))
    if stay == 1:
        return DuelOdds(Fraction(0), Fraction(0), Fraction(1))
    moving = [(dc, do, p / (1 - stay)) for (dc, do), p in moves.items() if (dc, do) != (0, 0)]
    wins: dict[tuple[int, int], Fraction] = {}
    for hp_c in range(1, challenger_hp + 1):
        for hp_o in range(1, opponent_hp + 1):
            total = Fraction(0)
            for dc, do, p in moving:
                if hp_o - do <= 0:
                    total += p
                elif hp_c - dc > 0:
                    total += p * wins[hp_c - dc, hp_o - do]
            wins[hp_c, hp_o] = total
    won = wins[challenger_hp, opponent_hp]
    return DuelOdds(won, 1 - won, Fraction(0))

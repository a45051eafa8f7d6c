"""Exact odds against 100,000-roll simulations of the real rules with a seeded dice source."""

from __future__ import annotations

import math
import random
from fractions import Fraction

from rules.d20 import AttackKind, Difficulty, attack_effect, check
from rules.duel import Choice, Side, choose, duel_round, new_character, play_round, start_duel
from rules.odds.d20 import check_chances, outcome_probabilities
from rules.odds.duel import duel_odds, round_odds, round_transitions
from rules.odds.pool import attack_odds, raw_successes
from rules.pool.roll import pool_roll

SAMPLES = 100_000


class SeededDice:
    """A reproducible dice source for simulations (tests only)."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def roll(self, sides: int) -> int:
        return self._rng.randint(1, sides)


def close(hits: int, n: int, p: Fraction) -> bool:
    """Within 5 standard errors of an exact chance."""
    sigma = math.sqrt(float(p) * (1 - float(p)) / n)
    return abs(hits / n - float(p)) <= 5 * sigma + 1e-12


def test_simulated_pool_rolls_match_exact_distribution() -> None:
    dice = SeededDice(1)
    exact = raw_successes(6, 1)
    seen: dict[int, int] = {}
    for _ in range(SAMPLES):
        raw = pool_roll(dice, 6, 1).raw
        seen[raw] = seen.get(raw, 0) + 1
    assert set(seen) <= set(exact)
    assert all(close(seen.get(k, 0), SAMPLES, p) for k, p in exact.items())


def test_simulated_pool_attacks_match_exact_odds() -> None:
    dice = SeededDice(2)
    odds = attack_odds(5, 4, 1, 0, defender_two_swords=True)
    hits = drops_a = drops_d = 0
    for _ in range(SAMPLES):
        attack, defense = pool_roll(dice, 5, 1), pool_roll(dice, 5, 0)
        hits += attack.successes > defense.successes
        drops_a += attack.negative
        drops_d += defense.negative
    assert close(hits, SAMPLES, odds.hit_chance)
    assert close(drops_a, SAMPLES, odds.attacker_drops)
    assert close(drops_d, SAMPLES, odds.defender_drops)


def test_simulated_duel_rounds_match_exact_odds() -> None:
    dice = SeededDice(3)
    sandor = new_character("Сандор", {"пеший": 9}, hp=10_000, agility=10)
    bronn = new_character("Бронн", {"пеший": 8}, hp=10_000, agility=20)
    moves = round_transitions(9, 8, 10, 20)
    seen: dict[tuple[int, int], int] = {}
    wins = damage_to_bronn = 0
    for _ in range(SAMPLES):
        result = duel_round(sandor, bronn, "пеший", dice)
        key = (10_000 - result.challenger.hp, 10_000 - result.opponent.hp)
        seen[key] = seen.get(key, 0) + 1
        wins += result.winner is Side.CHALLENGER
        damage_to_bronn += key[1]
    odds = round_odds(9, 8, 10, 20)
    assert close(wins, SAMPLES, odds.challenger_wins)
    assert set(seen) <= set(moves)
    assert all(close(seen.get(k, 0), SAMPLES, p) for k, p in moves.items())
    # Damage per round is at most 45: a loose bound on the mean's standard error.
    assert abs(damage_to_bronn / SAMPLES - float(odds.expected_damage_to_opponent)) < 0.2


def test_simulated_whole_duels_match_the_markov_chain() -> None:
    """A quarter of the rounds of the other simulations: each round here is a state change."""
    dice = SeededDice(4)
    duels, wins, rolls = 0, 0, 0
    while rolls < SAMPLES // 4:
        duel = start_duel(
            new_character("A", {"s": 4}, hp=20, agility=25),
            new_character("B", {"s": 5}, hp=16, agility=10),
            "s",
        )
        while True:
            duel = play_round(duel, dice)
            rolls += 1
            if duel.finished:
                break
            duel = choose(choose(duel, Side.CHALLENGER, Choice.GO_ON), Side.OPPONENT, Choice.GO_ON)
        duels += 1
        wins += duel.winner is Side.CHALLENGER
    exact = duel_odds(
        4, 5, challenger_hp=20, opponent_hp=16, challenger_agility=25, opponent_agility=10
    )
    assert close(wins, duels, exact.challenger_wins)


def test_simulated_d20_outcomes_and_checks_match_exact_odds() -> None:
    dice = SeededDice(5)
    seen: dict[object, int] = {}
    passed = dict.fromkeys(Difficulty, 0)
    for _ in range(SAMPLES):
        outcome = attack_effect(dice.roll(20), AttackKind.MAGIC, has_ally=True).outcome
        seen[outcome] = seen.get(outcome, 0) + 1
    for _ in range(SAMPLES):
        for difficulty in Difficulty:
            passed[difficulty] += check(difficulty, dice).success
    exact = outcome_probabilities(AttackKind.MAGIC)
    assert set(seen) == set(exact)
    assert all(close(seen[k], SAMPLES, p) for k, p in exact.items())
    assert all(close(passed[d], SAMPLES, p) for d, p in check_chances().items())

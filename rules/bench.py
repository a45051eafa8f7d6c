"""Figures for the rules: ``python -m rules.bench``. Prints only; nothing here is asserted.

* pool exchanges resolved per second (``rules.pool.exchange``), with the game's verifiable
  dice and with a trivial dice source (the rule logic alone);
* exact odds of 12 attack dice against 12 defense dice at penalties 0..6, and their time;
* a duel win-chance table: skills 5..10 against 8, HP 30, agility 20.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from typing import TypeVar

from rules.dice import Dice, VerifiableDice, new_seed
from rules.odds import pool as pool_odds
from rules.odds.duel import duel_odds, round_odds
from rules.pool.build import new_character
from rules.pool.exchange import resolve_exchange
from rules.pool.model import Gender, Stats

T = TypeVar("T")

PENALTIES = range(7)
DUEL_SKILLS = range(5, 11)


class _CountingDice:
    """Deterministic, near-free dice: measures the rules, not the dice."""

    def __init__(self) -> None:
        self._n = 0

    def roll(self, sides: int) -> int:
        self._n += 1
        return (self._n * 7919) % sides + 1


def _exchanges_per_second(dice: Dice, seconds: float) -> tuple[int, float]:
    attacker = new_character(1, "A", Gender.MALE, Stats(2, 5, 3, 2, 0))
    defender = new_character(2, "B", Gender.FEMALE, Stats(2, 3, 5, 2, 0))
    count, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for _ in range(200):
            resolve_exchange(attacker, defender, dice)
        count += 200
    return count, count / elapsed


def _timed(work: Callable[[], T]) -> tuple[T, float]:
    start = time.perf_counter()
    result = work()
    return result, time.perf_counter() - start


def bench_exchanges() -> None:
    print("pool exchanges (Атака 5 vs Защита 5, one sword each):")
    for label, dice in (
        ("VerifiableDice (HMAC-SHA256 a die)", VerifiableDice(new_seed())),
        ("counting dice (rule logic only)", _CountingDice()),
    ):
        count, rate = _exchanges_per_second(dice, 1.0)
        print(f"  {label:36} {rate:>10,.0f} / s  ({count:,} resolved)")


def bench_pool_odds() -> None:
    print("\nexact odds, 12 attack dice vs 12 defense dice: hit chance %")
    print("  attack penalty (rows) x defense penalty (columns)")
    pool_odds._raw_counts.cache_clear()
    grid, seconds = _timed(
        lambda: {
            (pa, pd): pool_odds.attack_odds(12, 12, pa, pd) for pa in PENALTIES for pd in PENALTIES
        }
    )
    print("       " + "".join(f"{pd:>8}" for pd in PENALTIES))
    for pa in PENALTIES:
        row = "".join(f"{float(grid[pa, pd].hit_chance) * 100:8.2f}" for pd in PENALTIES)
        print(f"  {pa:>3}  {row}")
    print(f"  {len(grid)} exact computations in {seconds * 1000:.1f} ms")
    print("  same penalty p on both: hit %, expected damage, attacker drops %, defender drops %")
    for p in PENALTIES:
        odds = grid[p, p]
        print(
            f"    p={p}: {float(odds.hit_chance) * 100:6.2f}  {float(odds.expected_damage):6.3f}"
            f"  {float(odds.attacker_drops) * 100:6.2f}  {float(odds.defender_drops) * 100:6.2f}"
        )


def bench_duel_odds() -> None:
    print("\nduel: challenger skill vs 8, both HP 30, agility 20, both always go on")
    print("  skill  round win %  dmg to opp/round  dmg taken/round  duel win %    time")
    for a in DUEL_SKILLS:
        rounds = round_odds(a, 8, 20, 20)
        duel, seconds = _timed(
            partial(
                duel_odds,
                a,
                8,
                challenger_hp=30,
                opponent_hp=30,
                challenger_agility=20,
                opponent_agility=20,
            )
        )
        print(
            f"  {a:>5}  {float(rounds.challenger_wins) * 100:11.2f}"
            f"  {float(rounds.expected_damage_to_opponent):16.3f}"
            f"  {float(rounds.expected_damage_to_challenger):15.3f}"
            f"  {float(duel.challenger_wins) * 100:10.2f}  {seconds * 1000:6.1f} ms"
        )


def main() -> None:
    """Print every figure."""
    start = time.perf_counter()
    bench_exchanges()
    bench_pool_odds()
    bench_duel_odds()
    print(f"\ntotal {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()

"""Exact duel odds against exhaustive enumeration through ``duel_round`` and a forward chain."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.dice import ScriptedDice
from rules.duel import duel_round, new_character
from rules.errors import Code
from rules.odds.duel import (
    DuelOdds,
    duel_odds,
    remaining_successes,
    round_odds,
    round_successes,
    round_transitions,
    round_win_chance,
)
from tests.refusals import refused


def enumerate_round(
    a: int, b: int, agility_a: int, agility_b: int
) -> dict[tuple[int, int], Fraction]:
    """Every action sequence and every dodge pattern, played through ``duel_round``.

    A d100 of 1 dodges (agility >= 1) and 100 does not (agility < 100); each pattern is
    weighted by its chance, so the d100 need not be enumerated face by face.
    """
    challenger = new_character("A", {"s": a}, hp=1000, agility=agility_a)
    opponent = new_character("B", {"s": b}, hp=1000, agility=agility_b)
    outcome: dict[tuple[int, int], Fraction] = {}
    face = Fraction(1, (a + b) ** 5)
    for actions in itertools.product(range(1, a + b + 1), repeat=5):
        mine = sum(v > b for v in actions)
        agility = agility_b if mine >= 3 else agility_a
        dodge = Fraction(agility, 100)
        for pattern in itertools.product((True, False), repeat=max(mine, 5 - mine)):
            weight = face
            for dodged in pattern:
                weight *= dodge if dodged else 1 - dodge
            if weight == 0:
                continue
            d100 = [1 if dodged else 100 for dodged in pattern]
            result = duel_round(
                challenger, opponent, "s", ScriptedDice({a + b: actions, 100: d100})
            )
            key = (1000 - result.challenger.hp, 1000 - result.opponent.hp)
            outcome[key] = outcome.get(key, Fraction(0)) + weight
    return outcome


@pytest.mark.parametrize(
    ("a", "b", "agility_a", "agility_b"),
    [(1, 1, 0, 0), (1, 3, 20, 50), (3, 1, 100, 0), (2, 2, 0, 100)],
)
def test_odds_duel_round_matches_exhaustive_enumeration(
    a: int, b: int, agility_a: int, agility_b: int
) -> None:
    assert round_transitions(a, b, agility_a, agility_b) == enumerate_round(
        a, b, agility_a, agility_b
    )


@pytest.mark.parametrize(("a", "b"), [(1, 1), (2, 3), (4, 1)])
def test_odds_duel_round_successes_match_enumeration(a: int, b: int) -> None:
    counts = [0] * 6
    for actions in itertools.product(range(1, a + b + 1), repeat=5):
        counts[sum(v > b for v in actions)] += 1
    total = (a + b) ** 5
    assert round_successes(a, b) == {k: Fraction(c, total) for k, c in enumerate(counts)}
    assert round_win_chance(a, b) == Fraction(sum(counts[3:]), total)


def test_odds_duel_seed_skills_9_vs_8() -> None:
    win = round_win_chance(9, 8)
    assert win == Fraction(788049, 1419857)
    assert round_win_chance(8, 9) == 1 - win
    assert round_win_chance(8, 8) == Fraction(1, 2)


def test_odds_duel_expected_damage_counts_the_losers_agility() -> None:
    plain = round_odds(9, 8, 0, 0)
    dodgy = round_odds(9, 8, 0, 20)
    assert dodgy.expected_damage_to_opponent == plain.expected_damage_to_opponent * Fraction(4, 5)
    assert dodgy.expected_damage_to_challenger == plain.expected_damage_to_challenger
    assert remaining_successes(3, 20) == {
        0: Fraction(1, 125),
        1: Fraction(12, 125),
        2: Fraction(48, 125),
        3: Fraction(64, 125),
    }


@given(st.integers(1, 12), st.integers(1, 12), st.integers(0, 100), st.integers(0, 100))
def test_property_odds_duel_round_sums_to_1(a: int, b: int, ag_a: int, ag_b: int) -> None:
    moves = round_transitions(a, b, ag_a, ag_b)
    assert sum(moves.values()) == 1
    assert all(dc == 0 or do == 0 for dc, do in moves)
    assert all(dc % b == 0 and do % a == 0 for dc, do in moves)


def forward_chain(
    a: int, b: int, hp_a: int, hp_b: int, ag_a: int, ag_b: int, rounds: int
) -> tuple[Fraction, Fraction]:
    """Push the state distribution round by round; returns absorbed (A wins, B wins)."""
    moves = round_transitions(a, b, ag_a, ag_b)
    alive = {(hp_a, hp_b): Fraction(1)}
    won = lost = Fraction(0)
    for _ in range(rounds):
        step: dict[tuple[int, int], Fraction] = {}
        for (ha, hb), p in alive.items():
            for (dc, do), q in moves.items():
                if hb - do <= 0:
                    won += p * q
                elif ha - dc <= 0:
                    lost += p * q
                else:
                    step[ha - dc, hb - do] = step.get((ha - dc, hb - do), Fraction(0)) + p * q
        alive = step
        if not alive:
            break
    return won, lost


@pytest.mark.parametrize(("a", "b", "hp_a", "hp_b"), [(2, 3, 12, 10), (5, 5, 7, 20), (1, 4, 30, 9)])
def test_odds_duel_markov_matches_a_forward_chain_exactly_without_dodges(
    a: int, b: int, hp_a: int, hp_b: int
) -> None:
    won, lost = forward_chain(a, b, hp_a, hp_b, 0, 0, rounds=100)
    assert won + lost == 1
    odds = duel_odds(a, b, challenger_hp=hp_a, opponent_hp=hp_b)
    assert odds == DuelOdds(won, lost, Fraction(0))


def test_odds_duel_markov_matches_a_forward_chain_with_dodges() -> None:
    won, lost = forward_chain(3, 2, 10, 12, 40, 30, rounds=40)
    odds = duel_odds(
        3, 2, challenger_hp=10, opponent_hp=12, challenger_agility=40, opponent_agility=30
    )
    assert 0 <= odds.challenger_wins - won < Fraction(1, 10**6)
    assert 0 <= odds.opponent_wins - lost < Fraction(1, 10**6)


def test_odds_duel_symmetric_duel_is_even() -> None:
    odds = duel_odds(
        8, 8, challenger_hp=30, opponent_hp=30, challenger_agility=20, opponent_agility=20
    )
    assert odds == DuelOdds(Fraction(1, 2), Fraction(1, 2), Fraction(0))


def test_odds_duel_agility_100_never_loses_and_both_100_never_ends() -> None:
    sure = duel_odds(1, 9, challenger_hp=1, opponent_hp=30, challenger_agility=100)
    assert sure.challenger_wins == 1
    endless = duel_odds(
        5, 5, challenger_hp=10, opponent_hp=10, challenger_agility=100, opponent_agility=100
    )
    assert endless == DuelOdds(Fraction(0), Fraction(0), Fraction(1))


@settings(max_examples=20, deadline=None)
@given(
    st.integers(1, 10),
    st.integers(1, 10),
    st.integers(1, 25),
    st.integers(1, 25),
    st.integers(0, 99),
    st.integers(0, 99),
)
def test_property_odds_duel_win_chances_sum_to_1_and_solve_the_chain(
    a: int, b: int, hp_a: int, hp_b: int, ag_a: int, ag_b: int
) -> None:
    odds = duel_odds(
        a, b, challenger_hp=hp_a, opponent_hp=hp_b, challenger_agility=ag_a, opponent_agility=ag_b
    )
    assert odds.challenger_wins + odds.opponent_wins + odds.undecided == 1
    assert odds.undecided == 0
    # One step of the chain: W(s) = sum over moves of p * W(next), with W = 1 / 0 when absorbed.
    total = Fraction(0)
    for (dc, do), p in round_transitions(a, b, ag_a, ag_b).items():
        if hp_b - do <= 0:
            total += p
        elif hp_a - dc > 0:
            nxt = duel_odds(
                a,
                b,
                challenger_hp=hp_a - dc,
                opponent_hp=hp_b - do,
                challenger_agility=ag_a,
                opponent_agility=ag_b,
            )
            total += p * nxt.challenger_wins
    assert total == odds.challenger_wins


@pytest.mark.parametrize(
    ("args", "field"),
    [
        ((0, 1, 0, 0), "challenger_skill"),
        ((1, 0, 0, 0), "opponent_skill"),
        ((1, 1, 101, 0), "agility"),
        ((1, 1, 0, -1), "agility"),
    ],
)
def test_odds_duel_refuses_invalid_inputs(args: tuple[int, int, int, int], field: str) -> None:
    with refused(Code.ODDS_INPUT) as caught:
        round_transitions(*args)
    assert caught.value.details["field"] == field
    with refused(Code.ODDS_INPUT):
        duel_odds(1, 1, challenger_hp=0, opponent_hp=1)

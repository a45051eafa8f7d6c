"""/odds: reading the question and computing the answer from ``rules.odds``.

Every figure is the rules' exact one, except a duel's win chance at large HP: the exact chain
(``rules.odds.duel.duel_odds``) grows too slow past a few thousand HP states, so there the same
chain is run in floating point over the rules' exact round transitions (shown to 0.1 %).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from fractions import Fraction

from bot.db.models import GameSystem
from bot.services.numbers import parse_int
from rules.d20.table import AttackKind, Outcome
from rules.duel.character import DEFAULT_HP
from rules.odds.d20 import check_chances, outcome_probabilities
from rules.odds.duel import RoundOdds, duel_odds, round_odds, round_transitions
from rules.odds.pool import AttackOdds, attack_odds

MAX_DICE = 30
MAX_PENALTY = 30
MAX_SKILL = 100
MAX_AGILITY = 100
MAX_HP = 1000
EXACT_DUEL_STATES = 900  # hp_a * hp_b up to this (30 against 30): the rules' exact chain
SYSTEM_WORDS = {system.value: system for system in GameSystem}


class OddsUsage(Exception):
    """The question cannot be read; ``system`` picks the usage to show (None: all three)."""

    def __init__(self, system: GameSystem | None) -> None:
        super().__init__(system)
        self.system = system


@dataclass(frozen=True, slots=True)
class PoolQuestion:
    attack: int
    defense: int
    attack_penalty: int = 0
    defense_penalty: int = 0


@dataclass(frozen=True, slots=True)
class DuelQuestion:
    skill_a: int
    skill_b: int
    agility_a: int = 0
    agility_b: int = 0
    hp_a: int = DEFAULT_HP
    hp_b: int = DEFAULT_HP


@dataclass(frozen=True, slots=True)
class D20Question:
    pass


Question = PoolQuestion | DuelQuestion | D20Question


def _number(word: str, low: int, high: int, system: GameSystem, *, percent: bool = False) -> int:
    value = parse_int(word.removesuffix("%") if percent else word, low=low, high=high)
    if value is None:
        raise OddsUsage(system)
    return value


def _system_for(words: list[str], chat_system: GameSystem | None) -> GameSystem:
    """The explicit first word, else the chat's game, else the argument count."""
    if words and words[0].lower() in SYSTEM_WORDS:
        return SYSTEM_WORDS[words.pop(0).lower()]
    if chat_system is not None:
        return chat_system
    if len(words) == 3:
        return GameSystem.POOL
    if len(words) == 6:
        return GameSystem.DUEL
    raise OddsUsage(None)  # none, or 2 and 4 numbers fit both pool and duel


def parse_question(
    text: str, chat_system: GameSystem | None, default_hp: int = DEFAULT_HP
) -> Question:
    words = text.split()
    system = _system_for(words, chat_system)
    if system == GameSystem.D20:
        return D20Question()
    if system == GameSystem.POOL:
        if not 2 <= len(words) <= 4:
            raise OddsUsage(system)
        dice = [_number(w, 0, MAX_DICE, system) for w in words[:2]]
        penalties = [_number(w, 0, MAX_PENALTY, system) for w in words[2:]]
        return PoolQuestion(*dice, *penalties)
    if len(words) not in (2, 4, 6):
        raise OddsUsage(system)
    skills = [_number(w, 1, MAX_SKILL, system) for w in words[:2]]
    agility = [_number(w, 0, MAX_AGILITY, system, percent=True) for w in words[2:4]] or [0, 0]
    hp = [_number(w, 1, MAX_HP, system) for w in words[4:6]] or [default_hp, default_hp]
    return DuelQuestion(*skills, *agility, *hp)


def pool_answer(question: PoolQuestion) -> AttackOdds:
    return attack_odds(
        question.attack, question.defense, question.attack_penalty, question.defense_penalty
    )


@dataclass(frozen=True, slots=True)
class DuelAnswer:
    round: RoundOdds
    a_wins: float
    b_wins: float
    endless: bool  # both dodge every success: no round ever deals damage


def _float_chain(q: DuelQuestion) -> float | None:
    """The challenger's duel win chance, counting HP in blows of the other's skill."""
    moves = round_transitions(q.skill_a, q.skill_b, q.agility_a, q.agility_b)
    stay = float(moves.get((0, 0), Fraction(0)))
    if stay >= 1:
        return None
    to_b: dict[int, float] = {}
    to_a: dict[int, float] = {}
    for (damage_a, damage_b), chance in moves.items():
        share = float(chance) / (1 - stay)
        if damage_b:
            to_b[damage_b // q.skill_a] = to_b.get(damage_b // q.skill_a, 0.0) + share
        elif damage_a:
            to_a[damage_a // q.skill_b] = to_a.get(damage_a // q.skill_b, 0.0) + share
    blows_a, blows_b = -(-q.hp_a // q.skill_b), -(-q.hp_b // q.skill_a)
    hits_b, hits_a = sorted(to_b.items()), sorted(to_a.items())
    finish = [sum(p for u, p in hits_b if u >= left) for left in range(blows_b + 1)]
    rows: list[list[float]] = [[]]
    for left_a in range(1, blows_a + 1):
        row = finish.copy()  # the opponent's HP runs out in this very round
        for u, p in hits_a:  # the challenger takes u blows and the chain goes on
            if left_a > u:
                below = rows[left_a - u]
                for left_b in range(1, blows_b + 1):
                    row[left_b] += p * below[left_b]
        for left_b in range(1, blows_b + 1):
            total = row[left_b]
            for u, p in hits_b:
                if left_b <= u:
                    break
                total += p * row[left_b - u]
            row[left_b] = total
        rows.append(row)
    return min(1.0, max(0.0, rows[blows_a][blows_b]))


def _duel_answer(q: DuelQuestion) -> DuelAnswer:
    rounds = round_odds(q.skill_a, q.skill_b, q.agility_a, q.agility_b)
    if q.hp_a * q.hp_b <= EXACT_DUEL_STATES:
        exact = duel_odds(
            q.skill_a,
            q.skill_b,
            challenger_hp=q.hp_a,
            opponent_hp=q.hp_b,
            challenger_agility=q.agility_a,
            opponent_agility=q.agility_b,
        )
        return DuelAnswer(
            rounds, float(exact.challenger_wins), float(exact.opponent_wins), exact.undecided == 1
        )
    wins = _float_chain(q)
    if wins is None:
        return DuelAnswer(rounds, 0.0, 0.0, True)
    return DuelAnswer(rounds, wins, 1.0 - wins, False)


async def duel_answer(question: DuelQuestion) -> DuelAnswer:
    """Computed off the event loop: at 1000 HP against skill 1 it takes about a second."""
    return await asyncio.to_thread(_duel_answer, question)


@dataclass(frozen=True, slots=True)
class D20Answer:
    outcomes: dict[AttackKind, dict[Outcome, Fraction]]
    checks: dict[int, Fraction]


def d20_answer() -> D20Answer:
    kinds = (AttackKind.PHYSICAL, AttackKind.MAGIC)
    return D20Answer(
        {kind: outcome_probabilities(kind) for kind in kinds},
        {int(difficulty): chance for difficulty, chance in check_chances().items()},
    )

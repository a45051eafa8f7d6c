"""Difficulty checks (УС): one d20 against the lowest face that succeeds."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from rules.dice import Dice
from rules.errors import Code, RuleError

D20 = 20


class Difficulty(IntEnum):
    """УС 1 (about even odds), УС 2 (hard), УС 3 (only a natural 20)."""

    DC1 = 1
    DC2 = 2
    DC3 = 3


CHECK_MINIMUM: dict[Difficulty, int] = {
    Difficulty.DC1: 11,
    Difficulty.DC2: 17,
    Difficulty.DC3: 20,
}


@dataclass(frozen=True, slots=True)
class CheckResult:
    difficulty: Difficulty
    die: int
    success: bool


def check_succeeds(difficulty: Difficulty, die: int) -> bool:
    """Whether a d20 result ``die`` passes ``difficulty`` (DC1 11-20, DC2 17-20, DC3 20)."""
    if not 1 <= die <= D20:
        raise RuleError(Code.INVALID_DIE, die=die)
    return die >= CHECK_MINIMUM[difficulty]


def check(difficulty: Difficulty, dice: Dice) -> CheckResult:
    """Roll a d20 against ``difficulty``."""
    die = dice.roll(D20)
    return CheckResult(difficulty, die, check_succeeds(difficulty, die))

"""``/roll`` notation: parsed by d20, dice from our scripted source, caps enforced."""

from __future__ import annotations

import pytest

from bot.services.notation import NotationError, NotationProblem, roll_notation
from rules.dice import ScriptedDice


@pytest.mark.parametrize(
    ("text", "script", "breakdown", "total"),
    [
        ("2d6+3", {6: [3, 5]}, "2d6 (3, 5) + 3", 11),
        ("5d10", {10: [4, 6, 7, 1, 10]}, "5d10 (4, 6, 7, 1, 10)", 28),
        ("d20", {20: [17]}, "1d20 (17)", 17),
        ("4d6kh3", {6: [1, 5, 6, 2]}, "4d6kh3 (<s>1</s>, 5, 6, 2)", 13),
        ("1d10e10", {10: [10, 3]}, "1d10e10 (10!, 3)", 13),
        ("d20+5", {20: [20]}, "1d20 (<b>20</b>) + 5", 25),  # a natural 20 counts for the roller
        ("d20", {20: [1]}, "1d20 (<s>1</s>)", 1),  # a natural 1 against
        ("2d20kh1", {20: [20, 1]}, "2d20kh1 (<b>20</b>, <s>1</s>)", 20),  # a dropped 1: struck
        ("2d20kl1", {20: [20, 7]}, "2d20kl1 (<s>20</s>, 7)", 7),  # dropped: struck, not bold
        ("2d10", {10: [10, 1]}, "2d10 (10, 1)", 11),  # no meaning outside d20: plain
    ],
)
def test_notation_rolls_with_scripted_dice(
    text: str, script: dict[int, list[int]], breakdown: str, total: int
) -> None:
    dice = ScriptedDice(script)
    result = roll_notation(text, dice)
    assert result.total == total
    assert result.breakdown == breakdown
    assert all(dice.remaining(sides) == 0 for sides in script)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", NotationProblem.EMPTY),
        ("   ", NotationProblem.EMPTY),
        ("junk", NotationProblem.SYNTAX),
        ("2d6+(", NotationProblem.SYNTAX),
        ("<b>1d6</b>", NotationProblem.SYNTAX),
        ("100000d100000", NotationProblem.TOO_MANY_DICE),
        ("101d6", NotationProblem.TOO_MANY_DICE),
        ("60d6+60d6", NotationProblem.TOO_MANY_DICE),
        ("1d1001", NotationProblem.TOO_MANY_SIDES),
        ("0d6", NotationProblem.ZERO),
        ("1d0", NotationProblem.ZERO),
        ("5", NotationProblem.NO_DICE),
        ("1d6+" * 30, NotationProblem.TOO_LONG),
    ],
)
def test_bad_notation_is_refused_with_a_reason(text: str, problem: NotationProblem) -> None:
    with pytest.raises(NotationError) as error:
        roll_notation(text, ScriptedDice())
    assert error.value.problem == problem


def test_runaway_explosions_are_capped() -> None:
    with pytest.raises(NotationError) as error:
        roll_notation("1d1e1", ScriptedDice({1: [1] * 500}))
    assert error.value.problem == NotationProblem.TOO_MANY_DICE


@pytest.mark.parametrize(
    ("text", "script", "problem"),
    [
        ("1d6/0", {6: [3]}, NotationProblem.DIVISION_BY_ZERO),
        ("1d6%0", {6: [3]}, NotationProblem.DIVISION_BY_ZERO),
        ("1d6//0", {6: [3]}, NotationProblem.DIVISION_BY_ZERO),
        ("(1d6-1d6)/0", {6: [3, 4]}, NotationProblem.DIVISION_BY_ZERO),
        ("1d6/(1d6-1d6)", {6: [5, 2, 2]}, NotationProblem.DIVISION_BY_ZERO),  # both match
        ("1d6+" + "9" * 30, {6: [3]}, NotationProblem.TOO_BIG),  # once broke the formatting
        ("1d6*1000000001", {6: [1]}, NotationProblem.TOO_BIG),
        ("-1d6*1000000000", {6: [2]}, NotationProblem.TOO_BIG),
    ],
)
def test_errors_while_evaluating_are_refused_too(
    text: str, script: dict[int, list[int]], problem: NotationProblem
) -> None:
    """d20 evaluates lazily: what fails on the total is refused like a syntax error."""
    dice = ScriptedDice(script)
    with pytest.raises(NotationError) as error:
        roll_notation(text, dice)
    assert error.value.problem == problem
    assert dice.remaining(6) == 0  # every die was rolled: it failed on evaluation


def test_a_total_at_the_bound_is_shown_and_a_divisor_that_is_not_zero_works() -> None:
    assert roll_notation("1d6*1000000000", ScriptedDice({6: [1]})).total == 1_000_000_000
    assert roll_notation("1d6/(1d6-1d6)", ScriptedDice({6: [6, 5, 2]})).total == 2

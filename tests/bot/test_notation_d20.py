"""``/roll`` evaluates d20's syntax tree itself, with our dice, through d20's documented API
only: it must roll exactly as d20's own ``Roller`` does, given the same dice."""

from __future__ import annotations

import random

import d20
import pytest
from d20 import expression

from bot.services.notation import _Evaluator, _SourcedContext, roll_notation
from rules.dice import ScriptedDice

SEEDS = range(25)


def _d20s_own(
    text: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> tuple[object, dict[int, list[int]]]:
    """d20's own roll of ``text``, and the dice it drew as a script for ours."""
    drawn: dict[int, list[int]] = {}
    source = random.Random(seed)

    def randrange(*args: int) -> int:  # d20 draws ``randrange(size) + 1``, and d% ``0..90``
        value = source.randrange(*args)
        if len(args) == 1:
            drawn.setdefault(args[0], []).append(value + 1)
        else:
            drawn.setdefault(10, []).append(value // 10 + 1)
        return value

    with monkeypatch.context() as patched:
        patched.setattr(random, "randrange", randrange)
        rolled = d20.Roller().roll(text, stringifier=d20.SimpleStringifier())
        shown = rolled.result
    return (shown, rolled.total), drawn


@pytest.mark.parametrize(
    "text",
    [
        "2d6+3",
        "4d6kh3",
        "4d6kl1 + 2d8ph1",
        "4d6p<3",
        "6d6k>2k<6",
        "3d10e10",
        "5d6e>4",
        "8d4ra4",
        "4d6ra<3",
        "8d6mi2",
        "8d6ma4mi2",
        "4d6mi3kh3",
        "1d20rr1",
        "1d6rr<3",
        "1d20ro<5",
        "1d%",
        "3d%kh1 + 1d10",
        "(1d4 + 1, 3, 2d6kl1)kh1",
        "(1d6, 2d4, 3)p1",
        "(1d6,)",
        "((2d6 + 1) * 2)",
        "3d6 [fire] + 1d4 [piercing]",
        "-(1d8 + 3) [healing]",
        "1d20 >= 1d20",
        "1d6 / 2 + 1d6 // 2 + 1d6 % 4",
        "1.5 * 1d6",
        "2d20kh1 + 1d20 == 20",
    ],
)
def test_the_evaluation_matches_d20s_own(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    for seed in SEEDS:
        theirs, drawn = _d20s_own(text, seed, monkeypatch)
        dice = ScriptedDice(drawn)
        rolled = _Evaluator(_SourcedContext(dice)).evaluate(d20.Roller().parse(text))
        ours = (d20.SimpleStringifier().stringify(rolled), int(rolled.total))
        assert ours == theirs, seed
        assert all(dice.remaining(sides) == 0 for sides in drawn)


@pytest.mark.parametrize(
    ("text", "script", "breakdown", "total"),
    [
        ("4d6ro1", {6: [1, 5, 1, 3, 6, 2]}, "4d6ro1 (<s>1</s>, 6, 5, <s>1</s>, 2, 3)", 16),
        (
            "3d6rr<3",
            {6: [1, 2, 4, 2, 5, 6]},
            "3d6rr&lt;3 (<s>1</s>, <s>2</s>, 6, <s>2</s>, 5, 4)",
            15,
        ),
        ("2d6e6", {6: [6, 6, 1, 2]}, "2d6e6 (6!, 6!, 1, 2)", 15),
    ],
)
def test_dice_rolled_together_take_the_script_in_their_order(
    text: str, script: dict[int, list[int]], breakdown: str, total: int
) -> None:
    """d20 rerolls the dice a selector picks in the order of a ``set``: ours go left to right,
    so a scripted reroll lands where the test means it to."""
    dice = ScriptedDice(script)
    result = roll_notation(text, dice)
    assert (result.breakdown, result.total) == (breakdown, total)
    assert all(dice.remaining(sides) == 0 for sides in script)


def test_a_die_d20_would_roll_by_itself_is_refused() -> None:
    """d20 rolls from the global ``random``: should a release do so on a path we do not take
    over, ``count_roll`` (called before each of its dice) stops it rather than let a die that
    is not ours into the roll."""
    context = _SourcedContext(ScriptedDice({6: [4]}))
    with pytest.raises(RuntimeError, match="own random source"):
        expression.Die.new(6, context=context)
    built = _Evaluator(context).evaluate(d20.Roller().parse("1d6"))
    with pytest.raises(RuntimeError, match="own random source"):
        built.roll.roll_another()  # d20's own
    assert context.rolls == 1  # ours counted against the cap all the same

"""``/roll`` dice notation, parsed and evaluated by avrae's ``d20`` with our dice source.

``d20`` draws from the global ``random``; we keep its grammar, operators and rendering but
route every die through an injected :class:`rules.dice.Dice`, so table rolls are scriptable
in tests like everything else.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

import d20
from d20 import diceast, expression

from bot.i18n import Html, isolate
from rules.dice import Dice

MAX_EXPRESSION_LENGTH = 100
MAX_DICE = 100
MAX_SIDES = 1000
MAX_ROLLS = 200  # explosions and rerolls included
MAX_TOTAL = 1_000_000_000  # a total beyond ± this is refused: it always shows in full


class NotationProblem(StrEnum):
    EMPTY = "empty"
    SYNTAX = "syntax"
    TOO_LONG = "too-long"
    TOO_MANY_DICE = "too-many-dice"
    TOO_MANY_SIDES = "too-many-sides"
    NO_DICE = "no-dice"
    ZERO = "zero"
    DIVISION_BY_ZERO = "division-by-zero"  # ``1d6/0``, or ``1d6/(1d6-1d6)`` when both match
    TOO_BIG = "too-big"  # the total is beyond ± MAX_TOTAL


class NotationError(Exception):
    """The expression cannot be rolled; ``problem`` says why (rendered by the locale)."""

    def __init__(self, problem: NotationProblem) -> None:
        super().__init__(problem.value)
        self.problem = problem


@dataclass(frozen=True, slots=True)
class TableRoll:
    expression: str
    breakdown: Html  # escaped HTML, dropped dice in <s>
    total: int


class _SourcedContext(d20.RollContext):  # type: ignore[misc]
    def __init__(self, dice: Dice) -> None:
        super().__init__(max_rolls=MAX_ROLLS)
        self.dice = dice


class _SourcedDie(expression.Die):  # type: ignore[misc]
    def _add_roll(self) -> None:
        context: _SourcedContext = self._context
        context.count_roll()
        if self.size == "%":
            value = (context.dice.roll(10) - 1) * 10
        else:
            value = context.dice.roll(int(self.size))
        self.values.append(expression.Literal(value))


class _SourcedDice(expression.Dice):  # type: ignore[misc]
    @classmethod
    def new(cls, num: int, size: Any, context: Any = None) -> _SourcedDice:
        return cls(
            num, size, [_SourcedDie.new(size, context=context) for _ in range(num)], context=context
        )

    def roll_another(self) -> None:
        self.values.append(_SourcedDie.new(self.size, context=self._context))

    def __copy__(self) -> _SourcedDice:
        return _SourcedDice(
            num=self.num,
            size=self.size,
            context=self._context,
            values=self.values.copy(),
            operations=self.operations.copy(),
        )


class _SourcedRoller(d20.Roller):  # type: ignore[misc]
    def _eval_dice(self, node: diceast.Dice) -> _SourcedDice:
        return _SourcedDice.new(node.num, node.size, context=self.context)


_DROP_OPEN, _DROP_CLOSE = "\x01", "\x02"
_CRIT_OPEN, _CRIT_CLOSE = "\x03", "\x04"
_FUMBLE_OPEN, _FUMBLE_CLOSE = "\x05", "\x06"
_MARKS = {
    _DROP_OPEN: "<s>",
    _DROP_CLOSE: "</s>",
    _CRIT_OPEN: "<b>",
    _CRIT_CLOSE: "</b>",
    _FUMBLE_OPEN: "<s>",
    _FUMBLE_CLOSE: "</s>",
}
D20_SIDES = 20


class _Stringifier(d20.SimpleStringifier):  # type: ignore[misc]
    """Plain rendering with dropped dice marked (struck), and a kept d20's natural 20 (bold)
    and natural 1 (struck), as the bot marks dice everywhere; knows our two node subclasses."""

    def __init__(self) -> None:
        super().__init__()
        self._nodes[_SourcedDice] = self._str_dice
        self._nodes[_SourcedDie] = self._str_die
        self._in_dropped = False

    def _str_expression(self, node: Any) -> str:
        return str(self._stringify(node.roll))  # the total is shown apart, in bold

    def _stringify(self, node: Any) -> str:
        if not node.kept and not self._in_dropped:
            self._in_dropped = True
            inside = str(super()._stringify(node))
            self._in_dropped = False
            return f"{_DROP_OPEN}{inside}{_DROP_CLOSE}"
        return str(super()._stringify(node))

    def _str_die(self, node: Any) -> str:
        shown = [self._stringify(value) for value in node.values]
        if node.size == D20_SIDES and not self._in_dropped:
            shown = [
                _d20_marked(text, value.total)
                for text, value in zip(shown, node.values, strict=True)
            ]
        return ", ".join(shown)


def _d20_marked(text: str, value: int) -> str:
    if value == D20_SIDES:
        return f"{_CRIT_OPEN}{text}{_CRIT_CLOSE}"
    if value == 1:
        return f"{_FUMBLE_OPEN}{text}{_FUMBLE_CLOSE}"
    return text


def _to_html(rendered: str) -> Html:
    """Escape the rendering and turn the marks into tags (dropped dice and natural 1s struck,
    natural 20s bold); a comment in brackets is the user's text, so the whole is bidi-isolated
    when it needs it."""
    escaped = html.escape(rendered)
    for mark, tag in _MARKS.items():
        escaped = escaped.replace(mark, tag)
    return Html(isolate(escaped))


def _dice_nodes(node: Any) -> list[diceast.Dice]:
    found = [node] if isinstance(node, diceast.Dice) else []
    for child in getattr(node, "children", []):
        found.extend(_dice_nodes(child))
    return found


def roll_notation(text: str, dice: Dice) -> TableRoll:
    """Roll ``text`` (``2d6+3``, ``5d10``, ``d20``, ``4d6kh3``...) with caps on size and count."""
    source = text.strip()
    if not source:
        raise NotationError(NotationProblem.EMPTY)
    if len(source) > MAX_EXPRESSION_LENGTH:
        raise NotationError(NotationProblem.TOO_LONG)
    roller = _SourcedRoller(context=_SourcedContext(dice))
    try:
        tree = roller.parse(source)
    except d20.RollSyntaxError:
        raise NotationError(NotationProblem.SYNTAX) from None
    nodes = _dice_nodes(tree)
    if not nodes:
        raise NotationError(NotationProblem.NO_DICE)
    if any(node.num == 0 or node.size == 0 for node in nodes):
        raise NotationError(NotationProblem.ZERO)
    if sum(node.num for node in nodes) > MAX_DICE:
        raise NotationError(NotationProblem.TOO_MANY_DICE)
    if any(node.size != "%" and node.size > MAX_SIDES for node in nodes):
        raise NotationError(NotationProblem.TOO_MANY_SIDES)
    try:  # d20 evaluates lazily: the total and the rendering can raise too
        result = roller.roll(tree, stringifier=_Stringifier())
        total, rendered = result.total, result.result
    except d20.TooManyRolls:
        raise NotationError(NotationProblem.TOO_MANY_DICE) from None
    except d20.RollValueError as error:
        by_zero = isinstance(error.__context__, ZeroDivisionError)
        problem = NotationProblem.DIVISION_BY_ZERO if by_zero else NotationProblem.SYNTAX
        raise NotationError(problem) from None
    except d20.RollError:
        raise NotationError(NotationProblem.SYNTAX) from None
    if not -MAX_TOTAL <= total <= MAX_TOTAL:
        raise NotationError(NotationProblem.TOO_BIG)
    return TableRoll(expression=source, breakdown=_to_html(rendered), total=total)

"""``/roll`` dice notation, parsed by avrae's ``d20`` and evaluated with our dice source.

``d20`` draws from the global ``random``; we keep its grammar, operators and rendering but
route every die through an injected :class:`rules.dice.Dice`, so table rolls are scriptable
in tests like everything else. Only what d20 documents is used (its README and its docs,
https://d20.readthedocs.io: the guard in tests/private_attributes.py holds us to it):
``Roller.parse`` gives the syntax tree, which :class:`_Evaluator` turns into d20's own result
nodes with their constructors; a ``RollContext`` caps the dice one roll takes; and a
``SimpleStringifier`` renders the result through the ``_stringify`` / ``_str_*`` hooks d20
documents for that.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
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
MAX_COMMENT_LENGTH = 100  # a longer comment is cut, with "…"


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
    """d20's documented cap on the dice one roll takes (``count_roll``: "Called each time a
    die is about to be rolled"), and our source those dice come from.

    d20 calls ``count_roll`` before each die it rolls itself, from the global ``random``. Our
    dice are drawn in :meth:`draw` only, so a call from anywhere else means a d20 release
    rolled one behind our back: that is refused rather than shown as a roll of our dice."""

    def __init__(self, dice: Dice) -> None:
        super().__init__(max_rolls=MAX_ROLLS)
        self.dice = dice
        self.drawing = False

    def count_roll(self, n: int = 1) -> None:
        if not self.drawing:
            raise RuntimeError("d20 rolled a die from its own random source, not from ours")
        super().count_roll(n)

    def draw(self, size: int | str) -> Any:
        """One value of a die of ``size`` sides (``"%"``: 0, 10 ... 90, as d20 rolls it)."""
        self.drawing = True
        try:
            self.count_roll()
        finally:
            self.drawing = False
        if size == "%":
            return expression.Literal((self.dice.roll(10) - 1) * 10)
        return expression.Literal(self.dice.roll(int(size)))


_ROLLING_OPERATORS = frozenset({"rr", "ro", "ra", "e"})  # the set operators that roll dice


class _Evaluator:
    """Turns a parsed tree (d20's documented "Abstract Syntax Tree") into d20's result nodes
    (its "Expression Tree"), built with their constructors as ``d20.Roller`` builds them,
    except that every die comes from our source: the set operators that roll dice are applied
    here, the others by d20's ``SetOperator.operate``."""

    def __init__(self, context: _SourcedContext) -> None:
        self.context = context
        self.handlers: dict[type, Callable[[Any], Any]] = {
            diceast.Expression: self.expression,
            diceast.AnnotatedNumber: self.annotated,
            diceast.Literal: self.literal,
            diceast.Parenthetical: self.parenthetical,
            diceast.UnOp: self.unary,
            diceast.BinOp: self.binary,
            diceast.OperatedSet: self.operated,
            diceast.NumberSet: self.number_set,
            diceast.OperatedDice: self.operated,
            diceast.Dice: self.dice,
        }

    def evaluate(self, node: Any) -> Any:
        return self.handlers[type(node)](node)

    def expression(self, node: Any) -> Any:
        return expression.Expression(self.evaluate(node.roll), node.comment)

    def annotated(self, node: Any) -> Any:
        target = self.evaluate(node.value)
        target.annotation = "".join(node.annotations)
        return target

    def literal(self, node: Any) -> Any:
        return expression.Literal(node.value)

    def parenthetical(self, node: Any) -> Any:
        return expression.Parenthetical(self.evaluate(node.value))

    def unary(self, node: Any) -> Any:
        return expression.UnOp(node.op, self.evaluate(node.value))

    def binary(self, node: Any) -> Any:
        return expression.BinOp(self.evaluate(node.left), node.op, self.evaluate(node.right))

    def number_set(self, node: Any) -> Any:
        return expression.Set([self.evaluate(value) for value in node.values])

    def dice(self, node: Any) -> Any:
        dice = [self.die(node.size) for _ in range(node.num)]
        return expression.Dice(node.num, node.size, dice, context=self.context)

    def die(self, size: int | str) -> Any:
        return expression.Die(size, [self.context.draw(size)], context=self.context)

    def operated(self, node: Any) -> Any:
        target = self.evaluate(node.value)
        for operation in node.operations:
            operator = expression.SetOperator.from_ast(operation)
            if operator.op in _ROLLING_OPERATORS:
                self.roll(operator, target)
            else:  # keep, drop, minimum, maximum: no die rolled
                operator.operate(target)
            target.operations.append(operator)
        return target

    def roll(self, operator: Any, dice: Any) -> None:
        """d20's rerolls and explosions (``SetOperator.reroll``, ``reroll_once``,
        ``explode_once``, ``explode``) with our dice. Dice selected together are rolled in
        their order in the roll: d20 goes through a ``set`` of them, in whatever order they
        hash, which would make a scripted reroll land on any of them."""
        match operator.op:
            case "rr":  # reroll until none matches
                selected = self.select(operator, dice)
                while selected:
                    for die in selected:
                        self.reroll(die)
                    selected = self.select(operator, dice)
            case "ro":  # reroll once
                for die in self.select(operator, dice):
                    self.reroll(die)
            case "ra":  # reroll one die at most, and add: it stays, another is rolled
                for die in operator.select(dice, max_targets=1):
                    self.explode(die, dice)
            case _:  # "e": explode on, until no new die matches
                selected = self.select(operator, dice)
                exploded: list[Any] = []
                while selected:
                    for die in selected:
                        self.explode(die, dice)
                    exploded.extend(selected)
                    selected = [die for die in self.select(operator, dice) if die not in exploded]

    @staticmethod
    def select(operator: Any, dice: Any) -> list[Any]:
        chosen = operator.select(dice)
        return [die for die in dice.values if die in chosen]

    def reroll(self, die: Any) -> None:
        """``Die.reroll``: the last value dropped, a new one rolled."""
        die.values[-1].drop()
        die.values.append(self.context.draw(die.size))

    def explode(self, die: Any, dice: Any) -> None:
        """``Die.explode`` marks the value; another die joins the set."""
        die.explode()
        dice.values.append(self.die(dice.size))


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
    and natural 1 (struck), as the bot marks dice everywhere. d20's README ("Custom
    Stringifier") shows this: subclass ``SimpleStringifier``, override ``_stringify`` and the
    ``_str_*`` methods, call ``self._stringify`` and ``super()._stringify``."""

    def __init__(self) -> None:
        super().__init__()
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
    try:  # a roller of its own: d20's shared one caches trees by the text without spaces
        tree = d20.Roller().parse(source)
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
        rolled = _Evaluator(_SourcedContext(dice)).evaluate(tree)
        total, rendered = int(rolled.total), _Stringifier().stringify(rolled)
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


# «к» / «К» (Cyrillic) where d20 expects its die letter: after the start, a count, a space, an
# operator, a bracket or a comma, and before the sides. An annotation in [brackets] is the
# user's text and is kept as it is.
_DIE_LETTER = re.compile(r"(\[[^\]]*\])|(?<![^\s\d+\-*/%(,])[кК](?=\d|%)")
_WORD = re.compile(r"\S+")


@dataclass(frozen=True, slots=True)
class CommentedRoll:
    """``/roll`` arguments split into the notation and the player's comment after it."""

    notation: str  # for :func:`roll_notation`, «к» read as «d»
    typed: str  # the notation as the player typed it (echoed by refusals)
    comment: str  # "" when there is none; whitespace collapsed, at most MAX_COMMENT_LENGTH


def _latin_dice(text: str) -> str:
    return _DIE_LETTER.sub(lambda found: found.group(1) or "d", text)


def _parses(notation: str) -> bool:
    try:
        d20.Roller().parse(notation)
    except d20.RollSyntaxError:
        return False
    return True


def _starts_a_comment(word: str) -> bool:
    """A comment starts with a word: letters and no digits, so what continues the notation
    (``+ 3``, ``kh3``, ``d20``, ``5``) never passes for a comment."""
    return any(ch.isalpha() for ch in word) and not any(ch.isdigit() for ch in word)


def _shortened(comment: str) -> str:
    flat = " ".join(comment.split())
    if len(flat) <= MAX_COMMENT_LENGTH:
        return flat
    return flat[: MAX_COMMENT_LENGTH - 1].rstrip() + "…"


def split_comment(text: str) -> CommentedRoll:
    """``1к20+5 скрытность`` → ``1d20+5`` and ``скрытность``.

    The whole text is the notation when it parses. Otherwise the comment starts at the last word
    (:func:`_starts_a_comment`) where the text before it parses as a notation of at most
    MAX_EXPRESSION_LENGTH, so ``2d6 + 3 урон огнём`` rolls ``2d6 + 3``. When no such word exists
    the whole text is the notation, and :func:`roll_notation` refuses it as it would without
    comments: a comment never makes a bad notation good, nor a good one bad."""
    source = text.strip()
    notation = _latin_dice(source)
    if not source or (len(source) <= MAX_EXPRESSION_LENGTH and _parses(notation)):
        return CommentedRoll(notation, source, "")
    for word in reversed(list(_WORD.finditer(source))[1:]):
        typed = source[: word.start()].rstrip()
        if len(typed) > MAX_EXPRESSION_LENGTH or not _starts_a_comment(word.group()):
            continue
        head = _latin_dice(typed)
        if _parses(head):
            return CommentedRoll(head, typed, _shortened(source[word.start() :]))
    return CommentedRoll(notation, source, "")

"""What a Fluent message needs to be rendered whole, read from its syntax tree.

For each message: its variables in order of appearance (following references to other
messages, whose variables come from the same arguments), and the selector values to render with
so that every variant of every selector is shown at least once: both genders, the sample numbers
for a plural or ``NUMBER()`` selector, every key of any other selector. Nested selectors are
covered inside each variant; independent ones side by side, only as many renderings as the
largest of them needs.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from babel import Locale
from fluent.syntax import FluentParser
from fluent.syntax.ast import (
    BaseNode,
    FunctionReference,
    Identifier,
    Junk,
    Message,
    MessageReference,
    NumberLiteral,
    Pattern,
    Placeable,
    SelectExpression,
    Term,
    TermReference,
    VariableReference,
)

NUMBERS = (1, 2, 5, 21, 0)
GENDERS = ("m", "f")
PLURAL_CATEGORIES = frozenset({"zero", "one", "two", "few", "many", "other"})

Value = int | str
Case = dict[str, Value]


@dataclass
class Shape:
    """A message's variables (``order``: every reference, in order) and its renderings."""

    order: list[str] = field(default_factory=list)
    numbers: set[str] = field(default_factory=set)  # used in a number selector or NUMBER()
    cases: list[Case] = field(default_factory=list)
    gender_at: dict[str, int] = field(default_factory=dict)  # a gender selector's position

    @property
    def variables(self) -> list[str]:
        return list(dict.fromkeys(self.order))


def is_gender(name: str) -> bool:
    return name == "gender" or name.endswith("_gender")


def load(directory: Path) -> dict[str, dict[str, Message]]:
    """Every ``.ftl`` file of a locale: file name -> message id -> message, in file order."""
    files: dict[str, dict[str, Message]] = {}
    for path in sorted(directory.glob("*.ftl")):
        resource = FluentParser().parse(path.read_text(encoding="utf-8"))
        junk = [entry for entry in resource.body if isinstance(entry, Junk)]
        if junk:
            raise ValueError(f"{path}: cannot parse {str(junk[0].content)[:60]!r}")
        files[path.name] = {e.id.name: e for e in resource.body if isinstance(e, Message)}
    return files


def _children(node: BaseNode) -> Iterator[BaseNode]:
    for value in vars(node).values():
        items = value if isinstance(value, list) else [value]
        yield from (item for item in items if isinstance(item, BaseNode))


def _selected_variable(select: SelectExpression) -> tuple[str | None, bool]:
    """The variable a selector reads, and whether it reads it through ``NUMBER()``."""
    selector = select.selector
    if isinstance(selector, VariableReference):
        return selector.id.name, False
    if isinstance(selector, FunctionReference) and selector.arguments.positional:
        first = selector.arguments.positional[0]
        if isinstance(first, VariableReference):
            return first.id.name, True
    return None, False


def _is_number_selector(select: SelectExpression, through_number: bool) -> bool:
    keys = [variant.key for variant in select.variants]
    if through_number or any(isinstance(key, NumberLiteral) for key in keys):
        return True
    names = {key.name for key in keys if isinstance(key, Identifier)}
    return names <= PLURAL_CATEGORIES and names != {"other"}


class Analysis:
    """Shapes of the messages of one locale (``messages``: every id of the locale)."""

    def __init__(self, locale: str, messages: dict[str, Message | Term]) -> None:
        self._plural = Locale.parse(locale).plural_form
        self._messages = messages

    def shape(self, message: Message) -> Shape:
        shape = Shape()
        self._collect(message, shape, set())
        if message.value is not None:
            shape.cases = self._cover(message.value, shape, {message.id.name})
        return shape

    def _collect(self, node: BaseNode, shape: Shape, seen: set[str]) -> None:
        if isinstance(node, VariableReference):
            shape.order.append(node.id.name)
        elif isinstance(node, MessageReference) and node.id.name not in seen:
            target = self._messages.get(node.id.name)
            if target is not None:
                self._collect(target, shape, seen | {node.id.name})
        elif isinstance(node, TermReference):
            return  # a term's variables are its own arguments, not the message's
        elif isinstance(node, FunctionReference) and node.id.name == "NUMBER":
            for argument in node.arguments.positional:
                if isinstance(argument, VariableReference):
                    shape.numbers.add(argument.id.name)
        if isinstance(node, SelectExpression):
            name, through_number = _selected_variable(node)
            if name is not None and _is_number_selector(node, through_number):
                shape.numbers.add(name)
            if name is not None and is_gender(name):
                shape.gender_at.setdefault(name, len(shape.order))
        for child in _children(node):
            self._collect(child, shape, seen)

    def _samples(self, select: SelectExpression, name: str, shape: Shape) -> list[Value]:
        if is_gender(name):
            return list(GENDERS)
        if name in shape.numbers:
            return list(NUMBERS)
        return [v.key.name for v in select.variants if isinstance(v.key, Identifier)]

    def _chosen(self, select: SelectExpression, value: Value) -> Pattern:
        default = next(v.value for v in select.variants if v.default)
        for variant in select.variants:
            key = variant.key
            if (
                isinstance(key, NumberLiteral)
                and isinstance(value, int)
                and float(key.value) == value
            ):
                return variant.value
        wanted = self._plural(value) if isinstance(value, int) else value
        for variant in select.variants:
            if isinstance(variant.key, Identifier) and variant.key.name == wanted:
                return variant.value
        return default

    def _cover(self, pattern: Pattern, shape: Shape, seen: set[str]) -> list[Case]:
        cases: list[Case] = [{}]
        for element in pattern.elements:
            if isinstance(element, Placeable):
                cases = _side_by_side(cases, self._cover_expression(element, shape, seen))
        return cases

    def _cover_expression(self, node: BaseNode, shape: Shape, seen: set[str]) -> list[Case]:
        if isinstance(node, Placeable):
            return self._cover_expression(node.expression, shape, seen)
        if isinstance(node, MessageReference) and node.id.name not in seen:
            target = self._messages.get(node.id.name)
            if isinstance(target, Message) and target.value is not None:
                return self._cover(target.value, shape, seen | {node.id.name})
        if isinstance(node, FunctionReference) and node.id.name == "NUMBER":
            args = node.arguments.positional
            names = [a.id.name for a in args if isinstance(a, VariableReference)]
            return [{name: number for name in names} for number in NUMBERS]
        if not isinstance(node, SelectExpression):
            return [{}]
        name, _ = _selected_variable(node)
        if name is None:  # a selector on a literal or a term: cover every variant
            found: list[Case] = []
            for variant in node.variants:
                found.extend(self._cover(variant.value, shape, seen))
            return found
        cases: list[Case] = []
        for value in self._samples(node, name, shape):
            inner = self._cover(self._chosen(node, value), shape, seen)
            kept = [case for case in inner if case.get(name, value) == value] or [{}]
            cases.extend({name: value, **case} for case in kept)
        return cases


def _side_by_side(left: list[Case], right: list[Case]) -> list[Case]:
    """Independent selectors: the i-th rendering of one joins the i-th of the other where they
    agree, so the renderings are as many as the longer list needs, not their product."""
    joined = [dict(case) for case in left]
    used: set[int] = set()
    for index, case in enumerate(right):
        order = [index, *range(len(joined))] if index < len(joined) else range(len(joined))
        for slot in order:
            other = joined[slot]
            if slot not in used and all(other.get(k, v) == v for k, v in case.items()):
                other.update(case)
                used.add(slot)
                break
        else:
            joined.append(dict(case))
            used.add(len(joined) - 1)
    return joined

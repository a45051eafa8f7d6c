"""JSON codec for the rules' frozen dataclasses, on cattrs: game state is stored as JSON.

cattrs walks dataclasses, enums, tuples, frozensets, dicts and optionals by their type hints,
so a new field in ``rules/`` is stored without touching this module. The hooks below keep the
format the bot has always written (production databases hold it):

- an enum is its value, a dataclass a dict of its fields, a tuple or a list a list;
- a set or a frozenset is a list sorted by the ``repr`` of each dumped item (so ``12`` comes
  before ``2``): the same set is always the same text;
- a dict is a list of ``[key, value]`` pairs, so its keys may be numbers, enums or tuples.

Dumping follows each field's declared type (a field typed ``Any``: the class of its value).
Loading takes missing fields' defaults, ignores unknown keys, and makes primitives the way
cattrs does (``int(value)`` for an ``int``).
"""

from __future__ import annotations

import typing
from collections.abc import Callable
from enum import Enum, StrEnum
from functools import lru_cache
from typing import Any, TypeVar

import orjson
from cattrs import Converter

T = TypeVar("T")
JSON = Any

_converter = Converter()


def dump(value: Any) -> JSON:
    """A JSON-ready structure for ``value``."""
    return _converter.unstructure(value)


def load(cls: type[T], data: JSON) -> T:
    """Rebuild a ``cls`` from :func:`dump`'s output."""
    loaded: T = _converter.structure(data, cls)
    return loaded


STORED_KEPT = 2048  # stored JSON texts whose frozen state is remembered (a few MB at most)


def load_stored(cls: type[T], stored: str | JSON) -> T:
    """:func:`load` from a row's column as the database gives it (JSON text). The state of a
    text seen lately is given again: the rules' dataclasses are frozen, so one object can
    serve every press of a round, which reads the same fighters again and again."""
    if isinstance(stored, str | bytes):
        return typing.cast(T, _stored(typing.cast(Any, cls), stored))
    return load(cls, stored)


@lru_cache(maxsize=STORED_KEPT)
def _stored(cls: Any, text: str | bytes) -> Any:
    return load(cls, orjson.loads(text))


def _is(*bases: type) -> Callable[[Any], bool]:
    """Whether a type (a class or a generic alias such as ``frozenset[int]``) is one of these."""

    def check(tp: Any) -> bool:
        origin = typing.get_origin(tp) or tp
        return isinstance(origin, type) and issubclass(origin, bases)

    return check


def _value(member: Enum) -> JSON:
    return member.value


def _dump_items(value: tuple[Any, ...] | list[Any]) -> JSON:
    return [_converter.unstructure(item) for item in value]


def _dump_set(value: set[Any] | frozenset[Any]) -> JSON:
    return sorted((_converter.unstructure(item) for item in value), key=repr)


def _dump_dict(value: dict[Any, Any]) -> JSON:
    return [[_converter.unstructure(k), _converter.unstructure(v)] for k, v in value.items()]


def _dict_loader(tp: Any) -> Callable[[JSON, Any], dict[Any, Any]]:
    key_type, value_type = typing.get_args(tp) or (Any, Any)
    load_key = _converter.get_structure_hook(key_type)
    load_value = _converter.get_structure_hook(value_type)

    def load_dict(data: JSON, _: Any) -> dict[Any, Any]:
        return {load_key(k, key_type): load_value(v, value_type) for k, v in data}

    return load_dict


# Enums: registered by class, since cattrs dispatches a StrEnum as the ``str`` it also is.
_converter.register_unstructure_hook(Enum, _value)
_converter.register_unstructure_hook(StrEnum, _value)
_converter.register_unstructure_hook_func(_is(tuple, list), _dump_items)
_converter.register_unstructure_hook_func(_is(set, frozenset), _dump_set)
_converter.register_unstructure_hook_func(_is(dict), _dump_dict)
_converter.register_structure_hook_factory(_is(dict), _dict_loader)

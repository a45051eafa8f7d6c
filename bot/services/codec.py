"""JSON codec for the rules' frozen dataclasses: game state is stored as JSON in the database.

Generic over dataclasses, enums, tuples, frozensets, dicts and optionals: loading is driven by
type hints, dumping by each value's class, so a new field in ``rules/`` is stored without
touching this module.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from enum import Enum
from functools import cache, lru_cache
from typing import Any, TypeVar, Union

import orjson

T = TypeVar("T")
JSON = Any


def dump(value: Any) -> JSON:
    """A JSON-ready structure for ``value``."""
    cls = type(value)
    if cls in _PLAIN:
        return value
    return _dumper(cls)(value)


Dumper = Callable[[Any], JSON]

# Exact types that dump as they are: checked inline before any call, since most leaves are these.
# Subclasses (an IntEnum, a StrEnum, a NamedTuple) go through ``_dumper`` like any other class.
_PLAIN = frozenset({int, str, bool, float, type(None)})


def _new_dumper(cls: type) -> Dumper:
    """A dumper for the values of class ``cls``, chosen once per runtime class (not from type
    hints: a field typed ``Any`` or as a union dumps by what it holds). The order of the checks
    decides for classes that are several things at once: an IntEnum dumps as its value."""
    if dataclasses.is_dataclass(cls):
        return _dataclass_dumper(cls)
    if issubclass(cls, Enum):
        return _enum_value
    if issubclass(cls, (tuple, list)):
        return _dump_items
    if issubclass(cls, (set, frozenset)):
        return _dump_set
    if issubclass(cls, dict):
        return _dump_dict
    return _as_is


# Made once per class. Typed as a plain callable: for mypy a class does not fit ``cache``'s
# ``Hashable`` arguments.
_dumper: Callable[[type], Dumper] = typing.cast(Any, cache(_new_dumper))


def _dataclass_dumper(cls: Any) -> Dumper:
    names = tuple(f.name for f in dataclasses.fields(cls))

    def dump_dataclass(value: Any) -> JSON:
        result: dict[str, JSON] = {}
        for name in names:
            item = getattr(value, name)
            result[name] = item if type(item) in _PLAIN else _dumper(type(item))(item)
        return result

    return dump_dataclass


def _enum_value(value: Enum) -> JSON:
    return value.value


def _dump_items(value: tuple[Any, ...] | list[Any]) -> JSON:
    return [item if type(item) in _PLAIN else _dumper(type(item))(item) for item in value]


def _dump_set(value: set[Any] | frozenset[Any]) -> JSON:
    return sorted((dump(item) for item in value), key=repr)


def _dump_dict(value: dict[Any, Any]) -> JSON:
    return [[dump(k), dump(v)] for k, v in value.items()]


def load(cls: type[T], data: JSON) -> T:
    """Rebuild a ``cls`` from :func:`dump`'s output."""
    return typing.cast(T, _loader(typing.cast(Any, cls))(data))


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


Loader = Callable[[JSON], Any]


@cache
def _loader(tp: Any) -> Loader:
    """A loader for ``tp``, built once per type from its hints: loading game state on every
    button press no longer walks the type hints again (see bench/, docs/performance.md)."""
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if tp is Any:
        return _as_is
    if origin in (Union, types.UnionType):
        return _union_loader(tp, args)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _dataclass_loader(tp)
    if isinstance(tp, type) and issubclass(tp, Enum):
        return tp
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = _loader(args[0])
            return lambda data: tuple(item(x) for x in data)
        items = tuple(_loader(arg) for arg in args)
        return lambda data: tuple(load(x) for load, x in zip(items, data, strict=True))
    if origin in (frozenset, set):
        item, collection = _loader(args[0]), origin
        return lambda data: collection(item(x) for x in data)
    if origin is list:
        item = _loader(args[0])
        return lambda data: [item(x) for x in data]
    if origin is dict:
        key, value = _loader(args[0]), _loader(args[1])
        return lambda data: {key(k): value(v) for k, v in data}
    if tp in (int, str, bool, float):
        return _primitive_loader(tp)
    if tp is type(None):
        return _none
    return _cannot(tp)


def _as_is(data: JSON) -> Any:
    return data


def _none(data: JSON) -> None:
    if data is not None:
        raise TypeError("expected null")
    return None


def _cannot(tp: Any) -> Loader:
    def cannot(data: JSON) -> Any:
        raise TypeError(f"cannot load {tp}")

    return cannot


def _primitive_loader(tp: type) -> Loader:
    def primitive(data: JSON) -> Any:
        if not isinstance(data, tp) and not (tp is float and isinstance(data, int)):
            raise TypeError(f"expected {tp.__name__}, got {data!r}")
        return data

    return primitive


def _union_loader(tp: Any, args: tuple[Any, ...]) -> Loader:
    nullable = type(None) in args
    options = [a for a in args if a is not type(None)]
    if len(options) == 1:
        only = _loader(options[0])
        if nullable:
            return lambda data: None if data is None else only(data)
        return only
    loaders = [_loader(option) for option in options]

    def union(data: JSON) -> Any:
        if data is None and nullable:
            return None
        for option in loaders:
            try:
                return option(data)
            except (TypeError, ValueError, KeyError):
                continue
        raise ValueError(f"{data!r} fits none of {tp}")

    return union


def _dataclass_loader(cls: type) -> Loader:
    # Field loaders are made on first use, so a dataclass may refer to itself.
    fields: list[tuple[str, Loader]] = []

    def dataclass(data: JSON) -> Any:
        if not fields:
            hints = typing.get_type_hints(cls)
            fields.extend(
                (f.name, _loader(hints[f.name])) for f in dataclasses.fields(cls) if f.init
            )
        return cls(**{name: load(data[name]) for name, load in fields if name in data})

    return dataclass

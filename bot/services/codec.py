"""JSON codec for the rules' frozen dataclasses: game state is stored as JSON in the database.

Generic over dataclasses, enums, tuples, frozensets, dicts and optionals: loading is driven by
type hints, dumping by each value's class, so a new field in ``rules/`` is stored without
touching this module. Both ways, plain values (numbers, strings, booleans, None) are taken
inline by a check of their exact class, without a call of their own: only dataclasses, enums
and collections get a function, made once per class (dump) or per type hint (load).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from enum import Enum, EnumMeta
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
    loaded: T = _loader(cls)(data)  # not typing.cast: a call, and loads are many
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


Loader = Callable[[JSON], Any]

# How a value is loaded as a field or an item: data whose exact class is in the set is taken as
# it is, inline (its loader would only check it and give it back); anything else goes to the
# loader. The loading side of ``dump``'s plain leaves.
Part = tuple[frozenset[type], Loader]

_NONE: frozenset[type] = frozenset({type(None)})
_NOTHING: frozenset[type] = frozenset()
# What the checks of ``_primitive_loader`` and ``_none`` let through, by hint.
_KEPT_AS_IS: dict[Any, frozenset[type]] = {
    int: frozenset({int, bool}),
    float: frozenset({float, int, bool}),
    bool: frozenset({bool}),
    str: frozenset({str}),
    type(None): _NONE,
}
# ``Any`` gives back whatever it gets: every class of parsed JSON is taken inline.
_JSON_TYPES: frozenset[type] = frozenset({dict, list, str, int, float, bool, type(None)})


def _new_loader(tp: Any) -> Loader:
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
        return _enum_loader(tp)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return _items_loader(tuple, args[0])
        return _fixed_tuple_loader(args)
    if origin in (frozenset, set, list):
        return _items_loader(origin, args[0])
    if origin is dict:
        key, value = _loader(args[0]), _loader(args[1])
        return lambda data: {key(k): value(v) for k, v in data}
    if tp in (int, str, bool, float):
        return _primitive_loader(tp)
    if tp is type(None):
        return _none
    return _cannot(tp)


# Made once per type (as ``_dumper``; typed as a plain callable for the same reason).
_loader: Callable[[Any], Loader] = typing.cast(Any, cache(_new_loader))


def _part(tp: Any) -> Part:
    """How a value typed ``tp`` is loaded as a part of another (see ``Part``). Follows
    ``_new_loader``'s dispatch: an IntEnum, say, is an enum here, never an ``int``."""
    if tp is Any:
        return _JSON_TYPES, _as_is
    if typing.get_origin(tp) in (Union, types.UnionType):
        args = typing.get_args(tp)
        options = [a for a in args if a is not type(None)]
        # The first option is tried first: what it takes as it is, the union takes too.
        kept, first = _part(options[0])
        if type(None) in args:
            kept |= _NONE
        # An optional's None is kept, so its loader only sees values of the one option.
        return kept, first if len(options) == 1 else _loader(tp)
    return _KEPT_AS_IS.get(tp, _NOTHING), _loader(tp)


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


def _enum_loader(cls: type[Enum]) -> Loader:
    """``cls(data)``, a stored value looked up directly: calling an enum class runs two Python
    functions, the second of which starts with this very lookup."""
    if type(cls).__call__ is not EnumMeta.__call__ or cls.__new__ is not Enum.__new__:
        return cls  # a custom metaclass or ``__new__``: called as it is
    members = cls._value2member_map_

    def load_enum(data: JSON) -> Any:
        try:
            return members[data]
        except (KeyError, TypeError):  # no member's value, or unhashable: all left to cls()
            return cls(data)

    return load_enum


def _items_loader(build: Callable[[Any], Any], item_tp: Any) -> Loader:
    """A tuple, a frozenset, a set or a list of ``item_tp``, made by one call of ``build``."""
    kept, item = _part(item_tp)
    if not kept:
        return lambda data: build(map(item, data))

    def load_items(data: JSON) -> Any:
        values = tuple(data)
        for value in values:
            if type(value) not in kept:
                return build([v if type(v) in kept else item(v) for v in values])
        return build(values)  # all taken as they are: for a tuple, the result itself

    return load_items


def _fixed_tuple_loader(args: tuple[Any, ...]) -> Loader:
    parts = tuple(_part(arg) for arg in args)

    def load_fixed(data: JSON) -> Any:
        # strict: a wrong length fails once the items before it are loaded, as it always did
        return tuple(
            [
                value if type(value) in kept else load(value)
                for (kept, load), value in zip(parts, data, strict=True)
            ]
        )

    return load_fixed


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
    """``cls(**kwargs)`` from the data's keys that are init fields: a field whose key is absent
    gets its default, other keys are ignored. Fields are read on first use, so a dataclass may
    refer to itself."""
    fields: list[tuple[str, frozenset[type], Loader]] = []

    def load_dataclass(data: JSON) -> Any:
        if not fields:
            hints = typing.get_type_hints(cls)
            fields.extend(
                [(f.name, *_part(hints[f.name])) for f in dataclasses.fields(cls) if f.init]
            )
        kwargs: dict[str, Any] = {}
        for name, kept, load in fields:
            if name in data:
                value = data[name]
                kwargs[name] = value if type(value) in kept else load(value)
        return cls(**kwargs)

    return load_dataclass

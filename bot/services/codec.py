"""JSON codec for the rules' frozen dataclasses: game state is stored as JSON in the database.

Generic over dataclasses, enums, tuples, frozensets, dicts and optionals, driven by type hints,
so a new field in ``rules/`` is stored without touching this module.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from enum import Enum
from functools import cache
from typing import Any, TypeVar, Union

T = TypeVar("T")
JSON = Any


def dump(value: Any) -> JSON:
    """A JSON-ready structure for ``value``."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: dump(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, (tuple, list)):
        return [dump(item) for item in value]
    if isinstance(value, (set, frozenset)):
        return sorted((dump(item) for item in value), key=repr)
    if isinstance(value, dict):
        return [[dump(k), dump(v)] for k, v in value.items()]
    return value


def load(cls: type[T], data: JSON) -> T:
    """Rebuild a ``cls`` from :func:`dump`'s output."""
    return typing.cast(T, _load(cls, data))


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _load(tp: Any, data: JSON) -> Any:
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if tp is Any:
        return data
    if origin in (Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        options = [a for a in args if a is not type(None)]
        if len(options) == 1:
            return _load(options[0], data)
        for option in options:
            try:
                return _load(option, data)
            except (TypeError, ValueError, KeyError):
                continue
        raise ValueError(f"{data!r} fits none of {tp}")
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        hints = _hints(tp)
        kwargs = {
            f.name: _load(hints[f.name], data[f.name])
            for f in dataclasses.fields(tp)
            if f.init and f.name in data
        }
        return tp(**kwargs)
    if isinstance(tp, type) and issubclass(tp, Enum):
        return tp(data)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_load(args[0], item) for item in data)
        return tuple(_load(arg, item) for arg, item in zip(args, data, strict=True))
    if origin in (frozenset, set):
        return origin(_load(args[0], item) for item in data)
    if origin is list:
        return [_load(args[0], item) for item in data]
    if origin is dict:
        return {_load(args[0], k): _load(args[1], v) for k, v in data}
    if tp in (int, str, bool, float):
        if not isinstance(data, tp) and not (tp is float and isinstance(data, int)):
            raise TypeError(f"expected {tp.__name__}, got {data!r}")
        return data
    if tp is type(None):
        if data is not None:
            raise TypeError("expected null")
        return None
    raise TypeError(f"cannot load {tp}")

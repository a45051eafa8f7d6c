"""Method handler registry."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from ..params import Params
from ..state import EmulatorState


@dataclass
class Reply:
    """A successful result with an optional ``description`` (e.g. "Webhook was set")."""

    result: Any
    description: str | None = None


Handler = Callable[[EmulatorState, Params], Awaitable[Any]]

#: Lower-cased Bot API method name -> handler.
HANDLERS: dict[str, Handler] = {}


def method(*names: str) -> Callable[[Handler], Handler]:
    def register(handler: Handler) -> Handler:
        for name in names:
            HANDLERS[name.lower()] = handler
        return handler

    return register

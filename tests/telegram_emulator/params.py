"""Typed access to Bot API request parameters.

aiogram sends form fields where strings are raw and everything else is JSON-encoded
(``"123"``, ``"true"``, ``'{"inline_keyboard": ...}'``); other clients send a JSON body.
``Params`` accepts both and coerces per the type a handler asks for.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from .errors import bad_request

#: Parameters whose value is always a string, never JSON-decoded for the call log.
STRING_PARAMS = frozenset(
    {
        "text",
        "caption",
        "parse_mode",
        "url",
        "secret_token",
        "callback_query_id",
        "inline_message_id",
        "language_code",
        "action",
        "title",
        "description",
        "short_description",
        "name",
        "emoji",
        "ip_address",
        "business_connection_id",
        "photo",
        "document",
        "sticker",
        "animation",
        "video",
        "audio",
        "voice",
        "message_effect_id",
    }
)


def _decode(key: str, value: Any) -> Any:
    if not isinstance(value, str) or key in STRING_PARAMS:
        return value
    try:
        return json.loads(value)
    except ValueError:
        return value


class Params:
    """Request parameters of one call, with typed getters raising Telegram-like 400s."""

    def __init__(self, raw: Mapping[str, Any], files: Mapping[str, bytes] | None = None) -> None:
        self.raw = dict(raw)
        self.files = dict(files or {})

    def __contains__(self, name: str) -> bool:
        return self.raw.get(name) not in (None, "")

    def for_log(self) -> dict[str, Any]:
        """Parameters with JSON-looking values decoded (strings stay strings)."""
        return {key: _decode(key, value) for key, value in self.raw.items()}

    def get_str(self, name: str, *, required: bool = False, empty: str | None = None) -> str | None:
        value = self.raw.get(name)
        if value is None or value == "":
            if required:
                raise bad_request(empty or f"{name} is empty")
            return None
        if isinstance(value, str):
            return value
        return (
            json.dumps(value, ensure_ascii=False) if isinstance(value, dict | list) else str(value)
        )

    def get_int(self, name: str, *, required: bool = False) -> int | None:
        value = self.raw.get(name)
        if value is None or value == "":
            if required:
                raise bad_request(f"{name} is empty")
            return None
        if isinstance(value, bool):
            return int(value)
        if isinstance(value, int):
            return value
        try:
            return int(str(value).strip())
        except ValueError:
            raise bad_request(f"invalid {name} specified") from None

    def get_bool(self, name: str, default: bool = False) -> bool:
        value = self.raw.get(name)
        if value is None or value == "":
            return default
        if isinstance(value, bool):
            return value
        if isinstance(value, int | float):
            return bool(value)
        return str(value).strip().lower() in ("true", "1", "yes", "on")

    def get_json(self, name: str, *, what: str | None = None) -> Any:
        value = self.raw.get(name)
        if value is None or value == "":
            return None
        if not isinstance(value, str):
            return value
        try:
            return json.loads(value)
        except ValueError:
            raise bad_request(f"can't parse {what or name} JSON object") from None

    def chat_id(self, name: str = "chat_id", *, required: bool = True) -> int | str | None:
        value = self.raw.get(name)
        if value is None or value == "":
            if required:
                raise bad_request(f"{name} is empty")
            return None
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        text = str(value).strip()
        if text.startswith("@"):
            return text
        try:
            return int(text)
        except ValueError:
            raise bad_request("chat not found") from None

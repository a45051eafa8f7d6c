"""Who is asking: Telegram's signed ``initData``, checked on every request.

The page sends ``Authorization: tma <initData>``; the signature is checked with aiogram's
:func:`safe_parse_webapp_init_data` (HMAC-SHA256 under a key derived from the bot's token), and
data signed more than :data:`MAX_AGE` ago (or from the future) is refused: a leaked link stops
working within the hour.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from aiogram.utils.web_app import WebAppUser, safe_parse_webapp_init_data

MAX_AGE = 3600  # seconds an initData stays good after Telegram signed it
CLOCK_SKEW = 300  # seconds an auth_date may be ahead of our clock
SCHEME = "tma "


class AuthError(Exception):
    """Refused: ``reason`` is ``missing``, ``forged`` or ``expired`` (the locale says it)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Caller:
    """The Telegram user the request is signed for, and the start parameter Telegram signed
    with it (a direct link's ``startapp``; None when the page was opened otherwise)."""

    user: WebAppUser
    start_param: str | None = None

    @property
    def id(self) -> int:
        return self.user.id


def authenticate(
    header: str | None, token: str, *, now: float | None = None, max_age: int = MAX_AGE
) -> Caller:
    """The caller signed in ``header`` (``tma <initData>``), or :class:`AuthError`."""
    if not header or not header.startswith(SCHEME):
        raise AuthError("missing")
    try:
        data = safe_parse_webapp_init_data(token, header[len(SCHEME) :].strip())
    except ValueError:  # a bad signature, or signed fields that are not what Telegram sends
        raise AuthError("forged") from None
    if data.user is None:
        raise AuthError("forged")
    age = (time.time() if now is None else now) - data.auth_date.timestamp()
    if age > max_age or age < -CLOCK_SKEW:
        raise AuthError("expired")
    return Caller(data.user, data.start_param or None)

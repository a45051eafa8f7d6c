"""No secret in any output: passwords in URLs (Redis, PostgreSQL, a Bot API server or webhook
behind a proxy with credentials) and bot tokens are masked in error lines and log records."""

from __future__ import annotations

import logging
import re

MASK = "***"
# scheme://user:password@host — the authority runs to the last "@" before "/", "?" or "#".
_USERINFO = re.compile(r"(?P<scheme>\b[a-zA-Z][a-zA-Z0-9+.-]*://)(?P<userinfo>[^\s/?#]*)@")
# ?password=... (redis-py reads it from the query too)
_QUERY_PASSWORD = re.compile(r"(?P<key>[?&](?:password|pass|pwd)=)[^&#\s]*", re.IGNORECASE)
# a config dict or keyword printed whole: {'password': 'x'}, password=x
_PASSWORD_VALUE = re.compile(
    r"""(?P<key>\b(?:password|passwd)['"]?\s*[:=]\s*['"]?)[^'"\s,}&]+""", re.IGNORECASE
)
_BOT_TOKEN = re.compile(r"(?<![0-9])(?P<id>\d{3,20}):[A-Za-z0-9_-]{30,}")


def _userinfo(match: re.Match[str]) -> str:
    user, colon, _ = match["userinfo"].partition(":")
    return f"{match['scheme']}{user}:{MASK}@" if colon else f"{match['scheme']}{user}@"


def mask_secrets(text: str) -> str:
    """``text`` with every URL password, ``password=`` parameter and bot token masked."""
    text = _USERINFO.sub(_userinfo, text)
    text = _QUERY_PASSWORD.sub(rf"\g<key>{MASK}", text)
    text = _PASSWORD_VALUE.sub(rf"\g<key>{MASK}", text)
    return _BOT_TOKEN.sub(rf"\g<id>:{MASK}", text)


class MaskingFormatter(logging.Formatter):
    """Formats as usual, tracebacks included, then masks the secrets in the result."""

    def format(self, record: logging.LogRecord) -> str:
        return mask_secrets(super().format(record))


def mask_logging(fmt: str) -> None:
    """Every handler of the root logger formats through :class:`MaskingFormatter`."""
    for handler in logging.getLogger().handlers:
        handler.setFormatter(MaskingFormatter(fmt))

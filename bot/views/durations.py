"""How long something lasts or is left, as a chat shows it: hours and minutes in the locale's
words (seconds only under a minute; longer times to the nearest minute)."""

from __future__ import annotations

from bot.i18n import L10n

MINUTE = 60


def duration(l10n: L10n, seconds: float) -> str:
    total = max(0, round(seconds))
    if total < MINUTE:
        return l10n.text("wait-duration-seconds", n=total)
    hours, minutes = divmod(round(total / MINUTE), 60)
    parts = []
    if hours:
        parts.append(l10n.text("wait-duration-hours", n=hours))
    if minutes:
        parts.append(l10n.text("wait-duration-minutes", n=minutes))
    return " ".join(parts)

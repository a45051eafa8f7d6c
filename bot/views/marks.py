"""The small marks every text shares, plain pieces of HTML with no rule in them.

- Bars and numbers: compact bars and percentages for sheets and odds, and signed numbers with a
  real minus sign (no locale words).
- Dice with their meaning marked, one convention in every system: a die that counts FOR the
  roller is bold (a pool success, a d20 natural 20), a die that counts AGAINST the roller is
  struck through (a pool 1, a d20 natural 1), a die with no effect is plain. Both marks read in
  light and dark themes and copy as plain digits. A round's dice go in a collapsed quote.
- A real Telegram mention of a player: a ``tg://user?id=`` link whose text is a name. Telegram
  notifies the user of a mention in a newly sent message (not in an edit), whether or not they
  have a username and even if they blocked the bot; the link text is the character's name,
  escaped for HTML. Bidirectional override controls are dropped from it, so a name cannot flip
  the text after the link; a name left empty by that still gets a visible link.
- How long something lasts or is left, as a chat shows it: hours and minutes in the locale's
  words (seconds only under a minute; longer times to the nearest minute).
"""

from __future__ import annotations

import re
from fractions import Fraction

from bot.i18n import Html, L10n, user_text
from rules.pool.roll import PoolRoll

FULL, EMPTY = "▰", "▱"
MAX_CELLS = 12  # health up to this many points gets one cell per point
SCALED_CELLS = 10


def health_bar(value: int, maximum: int) -> str:
    """One cell per point for small maxima (pool health), else 10 scaled cells (duel HP)."""
    if maximum <= 0:
        return ""
    value = max(0, min(value, maximum))
    if maximum <= MAX_CELLS:
        return FULL * value + EMPTY * (maximum - value)
    filled = round(SCALED_CELLS * value / maximum)
    if value and not filled:
        filled = 1  # a living fighter never shows an empty bar
    return FULL * filled + EMPTY * (SCALED_CELLS - filled)


def chance_bar(chance: Fraction | float, cells: int = SCALED_CELLS) -> str:
    """A bar of ``cells`` cells filled in proportion to ``chance`` (0..1). Any chance above 0
    shows at least one cell and any chance below 1 leaves one empty: only an impossible event
    reads as an empty bar and only a certain one as a full bar."""
    filled = max(0, min(cells, round(float(chance) * cells)))
    if chance > 0:
        filled = max(filled, 1)
    if chance < 1:
        filled = min(filled, cells - 1)
    return FULL * filled + EMPTY * (cells - filled)


def signed(value: int) -> str:
    """An integer as Russian and English typography write it: a real minus sign (−10)."""
    return f"−{-value}" if value < 0 else str(value)


def percent(chance: Fraction | float) -> float:
    """A chance as a percentage rounded to one decimal (the locale writes it: ``54,8 %``)."""
    return round(float(chance) * 100, 1)


D20_CRIT, D20_FUMBLE = 20, 1


def for_roller(value: int | str) -> Html:
    return Html(f"<b>{value}</b>")


def against_roller(value: int | str) -> Html:
    return Html(f"<s>{value}</s>")


def pool_die(value: int, threshold: int) -> Html:
    """A d10 of a pool roll: a 1 cancels a success, a die at the threshold or above is one."""
    if value == 1:
        return against_roller(value)
    if value >= threshold:
        return for_roller(value)
    return Html(str(value))


def pool_dice(roll: PoolRoll, separator: str = " ") -> Html:
    """Every die of ``roll`` in order, marked (``—`` for a roll of no dice)."""
    return Html(separator.join(pool_die(d, roll.threshold) for d in roll.dice) or "—")


def d20_die(value: int) -> Html:
    """A d20: a natural 20 counts for the roller, a natural 1 against, the rest plain."""
    if value == D20_CRIT:
        return for_roller(value)
    if value == D20_FUMBLE:
        return against_roller(value)
    return Html(str(value))


def collapsed(*lines: str) -> str:
    """Lines in a collapsed quote (``<blockquote expandable>``: a tap opens it), where a
    round's dice go, under its outcome."""
    return "<blockquote expandable>" + "\n".join(lines) + "</blockquote>"


BIDI_CONTROLS = re.compile("[\u202a-\u202e\u2066-\u2069]")
NO_NAME = "👤"


def mention(user_id: int, name: str) -> Html:
    shown = BIDI_CONTROLS.sub("", name).strip() or NO_NAME
    return Html(f'<a href="tg://user?id={int(user_id)}">{user_text(shown)}</a>')


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

"""Dice with their meaning marked, one convention in every system (HTML):
a die that counts FOR the roller is bold (a pool success, a d20 natural 20), a die that counts
AGAINST the roller is struck through (a pool 1, a d20 natural 1), a die with no effect is plain.
Both marks read in light and dark themes and copy as plain digits."""

from __future__ import annotations

from bot.i18n import Html
from rules.pool.roll import PoolRoll

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

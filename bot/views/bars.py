"""Compact bars and percentages for sheets and odds (plain text, no locale words)."""

from __future__ import annotations

from fractions import Fraction

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

"""The odds calculators' inputs: a question outside a calculator's domain is a rule error."""

from __future__ import annotations

from rules.errors import Code, RuleError


def require(field: str, value: int, low: int, high: int | None = None) -> None:
    """Raise a :class:`RuleError` (``ODDS_INPUT``) unless ``low <= value <= high`` (no upper
    bound if ``None``)."""
    if value < low or (high is not None and value > high):
        raise RuleError(Code.ODDS_INPUT, field=field, value=value)

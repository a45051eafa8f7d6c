"""Invalid questions to the odds calculators."""

from __future__ import annotations

from rules.errors import RuleError


class OddsError(RuleError):
    """An odds calculator got an input outside its domain (``field`` names it)."""

    def __init__(self, field: str, value: int) -> None:
        super().__init__(f"invalid {field}: {value}")
        self.field = field
        self.value = value


def require(field: str, value: int, low: int, high: int | None = None) -> None:
    """Raise :class:`OddsError` unless ``low <= value <= high`` (no upper bound if ``None``)."""
    if value < low or (high is not None and value > high):
        raise OddsError(field, value)

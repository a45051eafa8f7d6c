"""One base exception for every rule violation; subclasses carry the data to explain it."""

from __future__ import annotations


class RuleError(Exception):
    """Base class of every rule violation. Carries data, never player-facing text."""


class DiceError(RuleError):
    """A dice source could not produce the requested die."""


class ScriptExhaustedError(DiceError):
    """Scripted dice ran out of values for a die size."""

    def __init__(self, sides: int) -> None:
        super().__init__(f"no scripted d{sides} left")
        self.sides = sides


class ScriptedValueOutOfRangeError(DiceError):
    """A scripted value does not fit the die it was drawn for."""

    def __init__(self, sides: int, value: int) -> None:
        super().__init__(f"scripted value {value} does not fit d{sides}")
        self.sides = sides
        self.value = value

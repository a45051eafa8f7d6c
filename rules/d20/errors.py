"""Rule violations of the ``d20`` system. Each carries the data needed to explain it."""

from __future__ import annotations

from rules.errors import RuleError


class D20Error(RuleError):
    """Base class of every ``d20`` rule violation."""


class InvalidNameError(D20Error):
    """A character needs a non-empty name, unique within a battle."""

    def __init__(self, name: str) -> None:
        super().__init__(f"invalid or repeated name {name!r}")
        self.name = name


class InvalidHPError(D20Error):
    """HP lies within 0..max."""

    def __init__(self, hp: int, max_hp: int) -> None:
        super().__init__(f"invalid HP {hp}/{max_hp}")
        self.hp = hp
        self.max_hp = max_hp


class NotEnoughSidesError(D20Error):
    """A battle needs fighters on at least two sides."""

    def __init__(self, sides: tuple[str, ...]) -> None:
        super().__init__(f"a battle needs two sides, got {sides}")
        self.sides = sides


class UnknownCombatantError(D20Error):
    """No fighter of that name in the battle."""

    def __init__(self, name: str) -> None:
        super().__init__(f"no combatant {name!r}")
        self.name = name


class BattleOverError(D20Error):
    """The battle has ended; only finishing the fallen is left."""


class NotYourTurnError(D20Error):
    """Only the combatant whose turn it is may act."""

    def __init__(self, name: str, current: str) -> None:
        super().__init__(f"{name!r} acted in {current!r}'s turn")
        self.name = name
        self.current = current


class NarrationPendingError(D20Error):
    """After a 1 or a 19 the affected player describes their state before anyone acts."""

    def __init__(self, pending: str) -> None:
        super().__init__(f"{pending!r} must describe their state first")
        self.pending = pending


class NoNarrationDueError(D20Error):
    """That player owes no description."""

    def __init__(self, name: str) -> None:
        super().__init__(f"{name!r} owes no description")
        self.name = name


class InvalidTargetError(D20Error):
    """The target cannot be chosen: ``reason`` is ``"fallen"``, ``"ally"``, ``"self"``,
    ``"enemy"`` (a buff aims at its own side), ``"standing"`` (finishing needs a fallen
    target) or ``"dead"``."""

    def __init__(self, name: str, reason: str) -> None:
        super().__init__(f"cannot target {name!r}: {reason}")
        self.name = name
        self.reason = reason


class NotStandingError(D20Error):
    """A fallen or dead combatant cannot act."""

    def __init__(self, name: str) -> None:
        super().__init__(f"{name!r} is not standing")
        self.name = name


class InvalidDieError(D20Error):
    """A d20 result outside 1..20 was given to a table."""

    def __init__(self, die: int) -> None:
        super().__init__(f"d20 result {die} is not within 1..20")
        self.die = die

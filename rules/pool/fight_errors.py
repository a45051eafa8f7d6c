"""Rule violations of a ``pool`` group fight. Each carries data, never player-facing text."""

from __future__ import annotations

from enum import StrEnum

from rules.errors import RuleError
from rules.pool.exchange import Unable


class FightError(RuleError):
    """A group-fight step that the rules do not allow. Attributes carry the details."""

    def __init__(self, *details: object) -> None:
        super().__init__(*details)


class NotEnoughFightersError(FightError):
    def __init__(self, count: int) -> None:
        super().__init__(count)
        self.count = count


class DuplicateFighterError(FightError):
    def __init__(self, character: int) -> None:
        super().__init__(character)
        self.character = character


class UnknownCharacterError(FightError):
    def __init__(self, character: int) -> None:
        super().__init__(character)
        self.character = character


class FighterUnavailableError(FightError):
    """The character cannot fight: ``reason`` is DEAD, NO_HEALTH or ASLEEP."""

    def __init__(self, character: int, reason: Unable) -> None:
        super().__init__(character, reason)
        self.character = character
        self.reason = reason


class FightersApartError(FightError):
    """The fighters are not all in one hall."""

    def __init__(self, halls: tuple[int, ...]) -> None:
        super().__init__(halls)
        self.halls = halls


class NotYourTurnError(FightError):
    """``chooser`` may not choose now; ``expected`` is who may (``None``: choosing is over)."""

    def __init__(self, chooser: int, expected: int | None) -> None:
        super().__init__(chooser, expected)
        self.chooser = chooser
        self.expected = expected


class TargetProblem(StrEnum):
    SELF = "self"
    NOT_IN_FIGHT = "not_in_fight"
    OUT = "out"
    NOT_A_CHOOSER = "not_a_chooser"


class InvalidTargetError(FightError):
    def __init__(self, chooser: int, target: int, problem: TargetProblem) -> None:
        super().__init__(chooser, target, problem)
        self.chooser = chooser
        self.target = target
        self.problem = problem


class ChoosingNotOverError(FightError):
    """Someone still has to choose an opponent (``chooser``)."""

    def __init__(self, chooser: int) -> None:
        super().__init__(chooser)
        self.chooser = chooser


class NotBoundError(FightError):
    """Only a bound fighter picks among those who chose them."""

    def __init__(self, fighter: int) -> None:
        super().__init__(fighter)
        self.fighter = fighter


class RetargetNotAllowedError(FightError):
    """A new opponent is chosen only when the current one is out of the fight."""

    def __init__(self, fighter: int, current: int | None) -> None:
        super().__init__(fighter, current)
        self.fighter = fighter
        self.current = current


class FightOverError(FightError):
    """No round can be resolved: at most one fighter can still fight."""


class ActionProblem(StrEnum):
    NOT_IN_FIGHT = "not_in_fight"
    ONLY_PILLS = "only_pills"  # health 0: the only action is pills from the left pocket
    ONLY_STAND_UP = "only_stand_up"  # fallen: the only action is standing up
    NOT_FALLEN = "not_fallen"
    BAD_COUNT = "bad_count"
    NOT_ENOUGH_PILLS = "not_enough_pills"


class ActionError(FightError):
    """``character`` may not take ``action`` this round."""

    def __init__(self, character: int, action: object, problem: ActionProblem) -> None:
        super().__init__(character, action, problem)
        self.character = character
        self.action = action
        self.problem = problem


class StaleTargetError(FightError):
    """An attacker's opponent (``target``) is out: choose a new one before the round."""

    def __init__(self, fighter: int, target: int | None) -> None:
        super().__init__(fighter, target)
        self.fighter = fighter
        self.target = target

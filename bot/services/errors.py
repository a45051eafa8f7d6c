"""Service errors: what a user asked for cannot be done. Handlers map each to a locale message."""

from __future__ import annotations

from enum import StrEnum


class ServiceError(Exception):
    """Base of every refusal the bot explains to the user. ``code`` picks the locale message."""

    code = "error-refused"

    def __init__(self, **details: object) -> None:
        super().__init__(self.code, details)
        self.details = details


class NoActiveGame(ServiceError):
    code = "error-no-game"


class GameAlreadyExists(ServiceError):
    code = "error-game-exists"


class NotAdmin(ServiceError):
    code = "error-not-admin"


class NotInGroup(ServiceError):
    code = "error-group-only"


class NameProblem(StrEnum):
    LENGTH = "length"
    CHARACTERS = "characters"
    TAKEN = "taken"


class InvalidName(ServiceError):
    code = "error-name"

    def __init__(self, problem: NameProblem) -> None:
        super().__init__(problem=problem.value)
        self.problem = problem


class AlreadyHasCharacter(ServiceError):
    code = "error-has-character"


class NewCharacterNotAllowed(ServiceError):
    code = "error-no-new-character"


class CharacterNotFound(ServiceError):
    code = "error-no-character"


class InvalidBuild(ServiceError):
    """The rules refused the build; ``reason`` is the RuleError's class name."""

    code = "error-build"


class WrongSystem(ServiceError):
    code = "error-wrong-system"


class NoOwnCharacter(ServiceError):
    code = "error-no-own-character"


class NotYourButton(ServiceError):
    code = "error-not-your-button"


class StaleAction(ServiceError):
    code = "error-stale-action"


class DuelSkillUnknown(ServiceError):
    code = "error-duel-skill"


class DuelWithSelf(ServiceError):
    code = "error-duel-self"


class DuelBusy(ServiceError):
    code = "error-duel-busy"


class CannotFight(ServiceError):
    code = "error-cannot-fight"


class BadNumber(ServiceError):
    code = "error-bad-number"


class SettingOutOfBounds(ServiceError):
    """A game setting outside what may be set now; ``low``..``high`` is the allowed range."""

    code = "error-setting-range"

    def __init__(self, low: int, high: int) -> None:
        super().__init__(low=low, high=high)
        self.low, self.high = low, high


class SkillProblem(StrEnum):
    LENGTH = "length"
    CHARACTERS = "characters"
    DUPLICATE = "duplicate"
    TOO_MANY = "too-many"
    LAST = "last"
    GONE = "gone"


class InvalidSkill(ServiceError):
    code = "error-skill"

    def __init__(self, problem: SkillProblem) -> None:
        super().__init__(problem=problem.value)
        self.problem = problem

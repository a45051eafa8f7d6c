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

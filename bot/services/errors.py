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


class TimerOutOfBounds(SettingOutOfBounds):
    """A timer outside what may be set now, ``low``..``high`` in minutes (as /game shows it)."""

    code = "error-setting-minutes"


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


class BattleBusy(ServiceError):
    """A d20 battle is already open in this chat."""

    code = "error-battle-busy"


class NoBattle(ServiceError):
    code = "error-no-battle"


class AlreadyOnSide(ServiceError):
    code = "error-battle-joined"


class BattleNeedsSides(ServiceError):
    code = "error-battle-sides"


class BattleStartDenied(ServiceError):
    code = "error-battle-start"


class RuleRefused(ServiceError):
    """A game rule (or a world precondition) refused the action; ``code`` names the locale
    message that explains which one (see bot/services/world_refusals.py)."""

    def __init__(self, code: str, **details: object) -> None:
        super().__init__(**details)
        self.code = code


class FightSelf(ServiceError):
    code = "error-fight-self"


class FightOtherHall(ServiceError):
    code = "error-fight-other-hall"


class FightTargetGone(ServiceError):
    code = "error-fight-target-gone"


class FightAsleep(ServiceError):
    code = "error-fight-asleep"


class FightBusy(ServiceError):
    code = "error-fight-busy"


class NotInFight(ServiceError):
    code = "error-fight-not-in"


class FightCannotJoin(ServiceError):
    """``reason``: hall, asleep, health, already, busy."""

    code = "error-fight-cannot-join"


class FightActionRefused(ServiceError):
    """``problem`` is the rules' ActionProblem value."""

    code = "error-fight-action"


class FightAlreadyActed(ServiceError):
    code = "error-fight-already-acted"


class FightTargetInvalid(ServiceError):
    code = "error-fight-target"


class FightNotYourTurn(ServiceError):
    code = "error-fight-not-your-turn"


class FightPrivateClosed(ServiceError):
    code = "error-fight-private-closed"


class NoOpenFight(ServiceError):
    code = "error-fight-none"


class PillsInFight(ServiceError):
    code = "error-pills-in-fight"


class GamePaused(ServiceError):
    """A game master paused the game: nothing that moves it on may happen until /resume."""

    code = "error-game-paused"

"""Service refusals: what a user asked for cannot be done.

A refusal is a :class:`ServiceError` with a code (a :class:`Refusal`, or the rules' own
:class:`rules.errors.Code` when a rule refused) and its details, plain values; the shell maps
each code to its locale message (``bot/views/refusals.py``) and answers politely
(``bot/handlers/errors.py``). Services never name locale text.

A subclass exists only where some caller catches that refusal by type to do something other
than the polite answer (the scheduler holds a paused game's timers, a dialog goes back a step).
"""

from __future__ import annotations

from enum import StrEnum, auto

from rules.errors import Code, RuleError


class Refusal(StrEnum):
    """Why a service refused. Its values never repeat a :class:`rules.errors.Code`."""

    REFUSED = auto()  # no more to say
    NO_GAME = auto()
    GAME_ENDED = auto()  # said in private, where "this chat" would be wrong
    GAME_EXISTS = auto()
    GAME_PAUSED = auto()
    NOT_ADMIN = auto()
    GROUP_ONLY = auto()
    WRONG_SYSTEM = auto()
    BAD_NUMBER = auto()  # low, high; or fights (the open ones to choose among)
    SETTING_RANGE = auto()  # low, high
    SETTING_MINUTES = auto()  # low, high: a timer, in minutes as /game shows it
    BAD_SKILL = auto()  # problem (SkillProblem)
    # characters
    BAD_NAME = auto()  # problem (NameProblem)
    BAD_BUILD = auto()  # reason
    BAD_RACE = auto()  # limit, length: a d20 race in one's own words, blank or too long
    HAS_CHARACTER = auto()
    NO_NEW_CHARACTER = auto()
    NO_CHARACTER = auto()  # number
    NO_OWN_CHARACTER = auto()
    NOT_IN_WORLD = auto()  # the character is missing from the pool world
    CHARACTER_GONE = auto()
    GENDER_SET = auto()
    # buttons
    NOT_YOUR_BUTTON = auto()
    STALE_ACTION = auto()
    # duels and d20 battles
    CANNOT_FIGHT = auto()  # name
    DUEL_SKILL = auto()  # skills
    DUEL_SELF = auto()
    DUEL_BUSY = auto()
    BATTLE_BUSY = auto()
    NO_BATTLE = auto()
    NO_BATTLE_GATHERING = auto()  # NPCs join a battle only while it gathers
    # pool fights
    FIGHT_SELF = auto()
    FIGHT_ASLEEP = auto()
    FIGHT_BUSY = auto()  # name
    FIGHT_NOT_IN = auto()
    FIGHT_CANNOT_JOIN = auto()  # reason: hall, asleep, health, already, busy
    FIGHT_ACTION = auto()  # problem (rules.pool.fight_round.ActionProblem)
    FIGHT_ALREADY_ACTED = auto()
    FIGHT_TARGET = auto()
    FIGHT_NOT_YOUR_TURN = auto()
    FIGHT_PRIVATE_CLOSED = auto()
    FIGHT_NONE = auto()
    PILLS_IN_FIGHT = auto()
    # the pool world's commands
    HALLS_USAGE = auto()  # halls
    HALL_PAIR = auto()  # pair, halls
    # a game master's edits (/give, /revive, /place, /pause, /edit)
    GM_NO_REASON = auto()
    GM_REASON_LONG = auto()  # limit, length
    GM_COUNT = auto()  # high
    GM_NOT_LIVING = auto()  # number, name
    GM_REVIVE_FIGHTING = auto()  # number, name
    GM_ALIVE = auto()  # number, name
    GM_KICKED = auto()  # number, name
    GM_HAS_LIVING = auto()  # number, name, other
    GM_ALREADY_PAUSED = auto()
    GM_NOT_PAUSED = auto()
    GM_REST_FIGHTING = auto()
    GM_REST_NOBODY = auto()
    EDIT_STALE = auto()
    EDIT_LIMITS = auto()
    EDIT_REASON = auto()  # high
    EDIT_RANGE = auto()  # low, high
    EDIT_NUMBERS = auto()  # count
    EDIT_UNCHANGED = auto()
    EDIT_FIELD = auto()
    EDIT_IN_FIGHT = auto()  # number
    EDIT_KICKED = auto()  # number
    EDIT_DEAD = auto()  # number
    EDIT_SKILL = auto()
    EDIT_LAST_SKILL = auto()
    EDIT_ITEM = auto()
    EDIT_PLACE = auto()
    EDIT_POCKET_KIND = auto()
    EDIT_OCCUPIED = auto()
    EDIT_ONE = auto()


class ServiceError(Exception):
    """A refusal the bot explains to the user: ``code`` says which, ``details`` the rest."""

    def __init__(self, code: Refusal | Code = Refusal.REFUSED, /, **details: object) -> None:
        super().__init__(code, details)
        self.code = code
        self.details = details

    @classmethod
    def of(cls, error: RuleError) -> ServiceError:
        """A rule's refusal as the service's: the same code and details."""
        return cls(error.code, **error.details)

    def __str__(self) -> str:
        return f"{self.code}: {self.details}" if self.details else str(self.code)


class NoActiveGame(ServiceError):
    """The chat has no running game (the scheduler drops the timers of an ended one)."""

    def __init__(self, code: Refusal = Refusal.NO_GAME) -> None:
        super().__init__(code)


class GameEnded(NoActiveGame):
    """The game of a private link or window is over (or never was): said without "this
    chat", which in private would be the user's chat with the bot."""

    def __init__(self) -> None:
        super().__init__(Refusal.GAME_ENDED)


class GamePaused(ServiceError):
    """A game master paused the game: nothing that moves it on may happen until /resume."""

    def __init__(self) -> None:
        super().__init__(Refusal.GAME_PAUSED)


class StaleAction(ServiceError):
    """A press on a message that no longer matches the game (callers may show it anew)."""

    def __init__(self) -> None:
        super().__init__(Refusal.STALE_ACTION)


class BadNumber(ServiceError):
    """A number out of range or not understood (commands answer with their usage)."""

    def __init__(self, **details: object) -> None:
        super().__init__(Refusal.BAD_NUMBER, **details)


class SettingOutOfBounds(ServiceError):
    """A game setting outside ``low``..``high`` (the dialog restates it in its own units)."""

    def __init__(self, low: int, high: int) -> None:
        super().__init__(Refusal.SETTING_RANGE, low=low, high=high)


class NameProblem(StrEnum):
    LENGTH = "length"
    CHARACTERS = "characters"
    TAKEN = "taken"


class InvalidName(ServiceError):
    """A character name refused (character creation asks for it again)."""

    def __init__(self, problem: NameProblem, existing: str | None = None) -> None:
        # existing: the name already in the game that the new one reads like (TAKEN)
        super().__init__(Refusal.BAD_NAME, problem=problem, existing=existing)
        self.problem = problem


class InvalidBuild(ServiceError):
    """The rules refused the build (character creation goes back to the stats)."""

    def __init__(self, reason: str) -> None:
        super().__init__(Refusal.BAD_BUILD, reason=reason)


class SkillProblem(StrEnum):
    LENGTH = "length"
    CHARACTERS = "characters"
    DUPLICATE = "duplicate"
    TOO_MANY = "too-many"
    LAST = "last"
    GONE = "gone"

"""The pool world's rule errors as refusals the handlers can explain (one locale message each).

Details are plain values (enum values as strings, counts as ints): the locale chooses the words.
"""

from __future__ import annotations

from bot.services.errors import RuleRefused
from rules.errors import RuleError
from rules.pool.world_errors import (
    AlreadyWonError,
    BadCountError,
    CannotActError,
    CannotStealFromSleeperError,
    ContainerNotEmptyError,
    DoesNotFitError,
    GameOverError,
    NoContainerError,
    NotAsleepError,
    NotConnectedError,
    NotEnoughCoinsError,
    NotInSameHallError,
    NotOwnedError,
    NotThereError,
    SamePlaceError,
    SelfTargetError,
    UnknownCharacterError,
    UnknownHallError,
    WrongPlaceError,
)


def refusal(error: RuleError) -> RuleRefused:
    """The refusal explaining ``error``; an unexpected rule error gets the generic one."""
    if isinstance(error, CannotActError):
        return RuleRefused("world-error-cannot-act", reason=error.reason.value)
    if isinstance(error, BadCountError):
        return RuleRefused("world-error-bad-count")
    if isinstance(error, SamePlaceError):
        return RuleRefused("world-error-same-place")
    if isinstance(error, WrongPlaceError):
        return RuleRefused(
            "world-error-wrong-place", item=error.item.value, place=error.place.value
        )
    if isinstance(error, NoContainerError):
        return RuleRefused("world-error-no-container", place=error.place.value)
    if isinstance(error, DoesNotFitError):
        return RuleRefused(
            "world-error-does-not-fit",
            item=error.item.value,
            place=error.place.value,
            count=error.count,
            room=error.room,
        )
    if isinstance(error, NotThereError):
        return RuleRefused(
            "world-error-not-there",
            item=error.item.value,
            place=error.place.value,
            count=error.count,
            have=error.have,
        )
    if isinstance(error, ContainerNotEmptyError):
        return RuleRefused("world-error-not-empty", item=error.item.value)
    return _others(error)


def _others(error: RuleError) -> RuleRefused:
    if isinstance(error, UnknownCharacterError):
        return RuleRefused("error-no-character", number=error.number)
    if isinstance(error, UnknownHallError):
        return RuleRefused("world-error-unknown-hall", hall=error.hall)
    if isinstance(error, NotConnectedError):
        return RuleRefused("world-error-not-connected", here=error.from_hall, there=error.to_hall)
    if isinstance(error, NotInSameHallError):
        return RuleRefused("world-error-other-hall", number=error.other)
    if isinstance(error, SelfTargetError):
        return RuleRefused("world-error-self")
    if isinstance(error, NotAsleepError):
        return RuleRefused("world-error-not-asleep", number=error.character)
    if isinstance(error, CannotStealFromSleeperError):
        return RuleRefused("world-error-steal")
    if isinstance(error, NotOwnedError):
        return RuleRefused("world-error-not-owned")
    if isinstance(error, NotEnoughCoinsError):
        return RuleRefused("world-error-coins", needed=error.needed, have=error.have)
    if isinstance(error, AlreadyWonError):
        return RuleRefused("world-error-already-won")
    if isinstance(error, GameOverError):
        return RuleRefused("world-error-game-over")
    return RuleRefused("error-refused")

"""Rule violations of the ``pool`` world: carrying, sleep, halls, donations.

Each error carries the data needed to explain it (the bot renders it through the locale);
the message passed to :class:`Exception` is for logs only.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

from rules.errors import RuleError

if TYPE_CHECKING:
    from rules.pool.model import Item
    from rules.pool.places import Place


class Inability(StrEnum):
    """Why a character cannot act right now."""

    DEAD = "dead"
    ASLEEP = "asleep"
    AT_ZERO = "at_zero"  # health 0: the only action is pills from the jacket's left pocket


class CannotActError(RuleError):
    def __init__(self, character: int, reason: Inability) -> None:
        super().__init__(f"character {character} cannot act: {reason}")
        self.character = character
        self.reason = reason


class BadCountError(RuleError):
    def __init__(self, count: int) -> None:
        super().__init__(f"count must be at least 1, not {count}")
        self.count = count


class SamePlaceError(RuleError):
    def __init__(self, place: Place) -> None:
        super().__init__(f"source and destination are both {place}")
        self.place = place


class WrongPlaceError(RuleError):
    """``item`` can never be at ``place`` (a sword in a pocket, a backpack in the backpack...)."""

    def __init__(self, item: Item, place: Place) -> None:
        super().__init__(f"{item} cannot be at {place}")
        self.item = item
        self.place = place


class NoContainerError(RuleError):
    """``place`` does not exist now: pockets need a worn jacket, the backpack must be worn."""

    def __init__(self, place: Place) -> None:
        super().__init__(f"{place} is not there")
        self.place = place


class DoesNotFitError(RuleError):
    """Only ``room`` more ``item`` fit at ``place``, not ``count``."""

    def __init__(self, item: Item, place: Place, count: int, room: int) -> None:
        super().__init__(f"{count} {item} do not fit at {place} (room {room})")
        self.item = item
        self.place = place
        self.count = count
        self.room = room


class NotThereError(RuleError):
    """Only ``have`` ``item`` are at ``place``, not ``count``."""

    def __init__(self, item: Item, place: Place, count: int, have: int) -> None:
        super().__init__(f"{count} {item} wanted at {place}, only {have}")
        self.item = item
        self.place = place
        self.count = count
        self.have = have


class ContainerNotEmptyError(RuleError):
    """A worn jacket (pockets) or backpack must be emptied before it leaves the body."""

    def __init__(self, item: Item) -> None:
        super().__init__(f"the worn {item} is not empty")
        self.item = item


class UnknownCharacterError(RuleError):
    def __init__(self, number: int) -> None:
        super().__init__(f"no character number {number}")
        self.number = number


class UnknownHallError(RuleError):
    def __init__(self, hall: int) -> None:
        super().__init__(f"no hall {hall}")
        self.hall = hall


class NotConnectedError(RuleError):
    """No portal leads from ``from_hall`` to ``to_hall`` (or they are the same hall)."""

    def __init__(self, from_hall: int, to_hall: int) -> None:
        super().__init__(f"no portal from hall {from_hall} to hall {to_hall}")
        self.from_hall = from_hall
        self.to_hall = to_hall


class NotInSameHallError(RuleError):
    def __init__(self, character: int, other: int) -> None:
        super().__init__(f"characters {character} and {other} are not in the same hall")
        self.character = character
        self.other = other


class SelfTargetError(RuleError):
    def __init__(self, character: int) -> None:
        super().__init__(f"character {character} cannot target themselves")
        self.character = character


class NotAsleepError(RuleError):
    def __init__(self, character: int) -> None:
        super().__init__(f"character {character} is not asleep")
        self.character = character


class CannotStealFromSleeperError(RuleError):
    """Nothing can be stolen from a sleeper; only a sword in a hand can be snatched."""

    def __init__(self, sleeper: int, place: Place) -> None:
        super().__init__(f"nothing can be taken from sleeping {sleeper} at {place}")
        self.sleeper = sleeper
        self.place = place


class NotOwnedError(RuleError):
    """Donations take only what the donor carries: not the floor, and coins go by the coin rules."""

    def __init__(self, item: Item, place: Place) -> None:
        super().__init__(f"{item} at {place} cannot be donated as an item")
        self.item = item
        self.place = place


class NotEnoughCoinsError(RuleError):
    def __init__(self, character: int, needed: int, have: int) -> None:
        super().__init__(f"character {character} has {have} coins, needs {needed}")
        self.character = character
        self.needed = needed
        self.have = have


class AlreadyWonError(RuleError):
    def __init__(self, character: int) -> None:
        super().__init__(f"character {character} has already won")
        self.character = character


class GameOverError(RuleError):
    """Two winners are in: the game has ended."""

    def __init__(self, winners: tuple[int, ...]) -> None:
        super().__init__(f"the game is over, winners {winners}")
        self.winners = winners

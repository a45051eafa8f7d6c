"""What happened during a cycle tick, as values (the bot renders them through the locale).

Bleeding and dying reuse :class:`rules.pool.health.Bled` and :class:`rules.pool.health.Died`;
what the dead leave on the floor is :class:`Spilled` (:mod:`rules.pool.loot`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.pool.health import Bled, Died
from rules.pool.model import HallFloor, Item
from rules.pool.places import Place


class Inability(StrEnum):
    """Why a character cannot act right now."""

    DEAD = "dead"
    ASLEEP = "asleep"
    AT_ZERO = "at_zero"  # health 0: the only action is pills from the jacket's left pocket


@dataclass(frozen=True, slots=True)
class Slept:
    """``character`` completed a sleep cycle; ``cycles`` slept so far."""

    character: int
    cycles: int


@dataclass(frozen=True, slots=True)
class Healed:
    """``character`` healed +1 in sleep and now has ``health``."""

    character: int
    health: int


@dataclass(frozen=True, slots=True)
class PrizeWon:
    """A charisma die of ``character`` showed ``die``: ``item`` went to ``place``."""

    character: int
    die: int
    item: Item
    place: Place


@dataclass(frozen=True, slots=True)
class PickedUp:
    """``character`` took ``count`` ``item`` from the floor to ``place``."""

    character: int
    item: Item
    count: int
    place: Place


@dataclass(frozen=True, slots=True)
class PickUpMissed:
    """``count`` of the ``item`` that ``character`` reached for were not theirs to take
    (others were faster, there was no room, or they could no longer act)."""

    character: int
    item: Item
    count: int


@dataclass(frozen=True, slots=True)
class Spilled:
    """Everything dead ``character`` carried fell to the floor of ``hall``: ``items`` as
    ``(item, count)`` pairs in :class:`Item` order."""

    character: int
    hall: int
    items: tuple[tuple[Item, int], ...]

    def onto(self, floor: HallFloor) -> HallFloor:
        """``floor`` with these items added to what lies there."""
        return HallFloor((*floor.items, *self.items))


@dataclass(frozen=True, slots=True)
class Woke:
    """``character`` woke after a full 2-cycle sleep."""

    character: int


@dataclass(frozen=True, slots=True)
class Moved:
    character: int
    from_hall: int
    to_hall: int


@dataclass(frozen=True, slots=True)
class MoveBlocked:
    """``character`` asked for hall ``to_hall`` but could not go: ``reason`` is why they cannot
    act, or None when no portal connects the halls any more."""

    character: int
    to_hall: int
    reason: Inability | None


@dataclass(frozen=True, slots=True)
class MoveWaits:
    """The portals opened while ``character``, who asked for hall ``to_hall``, still slept: the
    request is kept for the opening after they wake."""

    character: int
    to_hall: int


CycleEvent = (
    Slept
    | Healed
    | PrizeWon
    | PickedUp
    | PickUpMissed
    | Bled
    | Died
    | Spilled
    | Woke
    | Moved
    | MoveBlocked
    | MoveWaits
)

"""What a game master's edit of a character is, and what checking it tells.

An :class:`Edit` is plain data (it waits in the dialog's Redis data between the windows); the
appliers (:mod:`bot.services.character_edit_pool`, :mod:`bot.services.character_edit_other`)
turn it into a new rule state plus the :class:`Change` lines and the broken limits
(:class:`Break`). A structurally impossible edit is refused with a
:class:`bot.services.errors.RuleRefused` instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bot.services.errors import Refusal, ServiceError
from rules.gender import Gender

COUNTER_MAX = 999  # the largest counter, health or stat a game master may type
ACTION = "edit"  # the GmAction.action of these edits


class Field(StrEnum):
    STATS = "stats"
    HEALTH = "health"
    MAX_HEALTH = "max_health"
    HALL = "hall"
    FOOD = "food"
    SLEEP = "sleep"
    SLEPT = "slept"
    ASLEEP = "asleep"
    FALLEN = "fallen"
    DEAD = "dead"
    ALIVE = "alive"
    ITEM = "item"
    AGILITY = "agility"
    SKILL = "skill"
    CLASS = "character_class"
    GENDER = "gender"
    RACE = "race"  # d20: ``key`` a race's code, one's own word, or "" for none


@dataclass(frozen=True, slots=True)
class Edit:
    """One change: ``values`` are the typed numbers (stats: five), ``key`` a skill, an item or
    a class; for items ``source`` and/or ``dest`` are places (remove, add, or both: move)."""

    field: Field
    values: tuple[int, ...] = ()
    key: str = ""
    source: str = ""
    dest: str = ""

    @property
    def value(self) -> int:
        return self.values[0] if self.values else 0


@dataclass(frozen=True, slots=True)
class Change:
    """``field`` went from ``before`` to ``after``; for items, the count of ``item`` at
    ``place``. Values are plain words or numbers: the locale renders them."""

    field: str
    before: str
    after: str
    item: str = ""
    place: str = ""


@dataclass(frozen=True, slots=True)
class Break:
    """A rule limit the edit goes beyond: ``code`` is the locale message explaining it."""

    code: str
    details: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Outcome:
    changes: tuple[Change, ...]
    breaks: tuple[Break, ...] = ()


class StaleEdit(ServiceError):
    """The character changed since the admin started this edit (the dialog shows it anew)."""

    def __init__(self) -> None:
        super().__init__(Refusal.EDIT_STALE)


class LimitsBroken(ServiceError):
    """The edit breaks a limit and was not confirmed (the dialog shows the character anew)."""

    def __init__(self) -> None:
        super().__init__(Refusal.EDIT_LIMITS)


def out_of_range(value: int, low: int, high: int) -> None:
    if not low <= value <= high:
        raise ServiceError(Refusal.EDIT_RANGE, low=low, high=high)


def need_values(edit: Edit, count: int = 1) -> tuple[int, ...]:
    if len(edit.values) != count:
        raise ServiceError(Refusal.EDIT_NUMBERS, count=count)
    return edit.values


def unchanged() -> ServiceError:
    return ServiceError(Refusal.EDIT_UNCHANGED)


def gender_change(before: Gender | None, edit: Edit) -> tuple[Gender, Change]:
    """The gender ``edit`` sets (its ``key``: "m" or "f") and the change from ``before``."""
    try:
        after = Gender(edit.key)
    except ValueError:
        raise ServiceError(Refusal.EDIT_FIELD) from None
    if after == before:
        raise unchanged()
    return after, Change(Field.GENDER, before.value if before else "", after.value)


def broken(code: str, **details: object) -> Break:
    return Break(code, tuple((key, str(value)) for key, value in details.items()))

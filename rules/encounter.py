"""One protocol for every kind of encounter: a pool fight, a duel, a d20 battle.

An encounter is a stage machine over a frozen state. Whoever takes part sits at a **seat**:
a character held by a player, or (``user`` None) a character whose actions the game master
chooses, an NPC. The shell asks the same five things of every kind:

- ``seats(state)``: who sits at it;
- ``stage(state)``: where the encounter is (its own names; ``open_stages`` still take
  moves);
- ``deadline(state)``: the clock that runs now (:class:`Deadline`), if any;
- ``awaiting(state)``: which seats it waits for, and for what (:class:`Wait`);
- ``options(state, seat)``: what a seat may do now;
- ``apply(state, seat, action, dice) -> Step``: the one way to move. A seat of None is the
  clock (a deadline that passed). A move the stage does not allow raises :class:`Refused`
  and changes nothing;
- each kind's ``open(...)``: the first :class:`Step` (its arguments are the kind's own).

A :class:`Step` holds the new state, the events the chats must hear (plain values, never
text) and the one deadline that counts from now on (None: none; every step replaces the last).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from enum import StrEnum
from typing import Generic, Protocol, TypeVar

from rules.dice import Dice

NPC_BASE = 1_000_000
"""An NPC's seat is numbered NPC_BASE + 1, + 2...: no character of a game has such a number."""

S = TypeVar("S")  # the kind's state
A = TypeVar("A")  # the kind's moves
E = TypeVar("E", bound=Hashable)  # the kind's events


@dataclass(frozen=True, slots=True)
class Seat:
    """A place in an encounter: the character ``number`` of the game, acted for by the player
    ``user``, or by the game master when ``user`` is None (an NPC)."""

    number: int
    user: int | None = None

    @property
    def npc(self) -> bool:
        return self.user is None

    def held_by(self, user_id: int, *, game_master: bool = False) -> bool:
        """Whether ``user_id`` may act for this seat (the game master acts for NPCs)."""
        return self.user == user_id if self.user is not None else game_master


@dataclass(frozen=True, slots=True)
class Wait:
    """The encounter waits for ``seat`` to do ``what`` (a kind's own word: answer, choose...)."""

    seat: Seat
    what: str


class Why(StrEnum):
    """Why a move was refused."""

    STALE = "stale"  # the stage has moved on (or the move was made already)
    NOT_YOURS = "not_yours"  # the seat is not one the move belongs to


class Refused(Exception):
    """A move the encounter does not take now; nothing changed."""

    def __init__(self, why: Why) -> None:
        super().__init__(why.value)
        self.why = why


@dataclass(frozen=True, slots=True)
class Deadline:
    """The clock that runs now: for ``what`` (a kind's own word), the ``at``-th time (a new
    round or turn restarts the same ``what``: a new deadline, a new full time)."""

    what: str
    at: int = 0


@dataclass(frozen=True, slots=True)
class Step(Generic[S, E]):
    """What a move did: the state now, the events to tell, the deadline that counts now
    (equal to the one before: it runs on; another one: it replaces it)."""

    state: S
    events: tuple[E, ...] = ()
    deadline: Deadline | None = None


class Rules(Protocol[S, A, E]):
    """What every kind of encounter offers (see the module's docstring). ``clock``: the move
    a passed deadline makes (with no seat)."""

    kind: str
    open_stages: tuple[str, ...]  # the stages that still take moves

    @property
    def clock(self) -> A: ...

    def seats(self, state: S) -> tuple[Seat, ...]: ...

    def stage(self, state: S) -> str: ...

    def deadline(self, state: S) -> Deadline | None: ...

    def awaiting(self, state: S) -> tuple[Wait, ...]: ...

    def options(self, state: S, seat: Seat) -> tuple[A, ...]: ...

    def apply(self, state: S, seat: Seat | None, action: A, dice: Dice) -> Step[S, E]: ...

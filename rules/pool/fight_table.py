"""A pool group fight's data as an encounter (:mod:`rules.pool.encounter`): its stages, moves,
events and the table itself, all plain data (stored as JSON by the shell's codec)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from enum import StrEnum

from rules.encounter import Seat
from rules.pool.fight_flow import Pending, present
from rules.pool.fight_round import RoundResult
from rules.pool.fight_setup import FightState
from rules.pool.model import PoolCharacter
from rules.pool.roll import InitiativeResult

KIND = "pool"
JOIN, CHOOSE, ROUND = "join", "choose", "round"  # the deadlines
ACT, PICK = "act", "pick"  # what a round waits for (with CHOOSE: the setup's chooser)
ALL_PILLS = 0  # a pill press's count: every pill in the left pocket
PILL_COUNTS = (1, 2, 3, ALL_PILLS)  # the fixed buttons (they tell nobody's stock)


class PoolStage(StrEnum):
    JOINING = "joining"
    CHOOSING = "choosing"
    FIGHTING = "fighting"
    FINISHED = "finished"


OPEN_STAGES = (PoolStage.JOINING, PoolStage.CHOOSING, PoolStage.FIGHTING)


class Move(StrEnum):
    JOIN = "join"
    START = "start"  # the challenger ends the join window
    CHOOSE = "choose"  # a setup choice (``at``: the turn, the choices made so far)
    PICK = "pick"  # fighting: a bound fighter's pick or a new opponent (``at``: the round)
    ATTACK = "attack"  # the round's actions (``at``: the round), stored as :class:`Act`
    PILLS = "pills"  # ``count``: 1, 2, 3 or ALL_PILLS
    STAND = "stand"
    STOP = "stop"  # the game master ends the fight (no seat)
    CLOCK = "clock"  # the deadline passed, or the game master moves on (no seat)


ACTS = (Move.ATTACK, Move.PILLS, Move.STAND)


@dataclass(frozen=True, slots=True)
class PoolMove:
    """A move; ``at``: the turn or round it answers (an older one is stale); ``target``: the
    opponent chosen, or for a join the joiner's character (else the seat's); ``master``: made
    by the game master (who starts, moves on or stops a fight from any seat)."""

    move: Move
    at: int = 0
    target: int = 0
    count: int = 0
    master: bool = False


class JoinProblem(StrEnum):
    """Why a character may not join."""

    HALL = "hall"
    ASLEEP = "asleep"
    HEALTH = "health"
    ALREADY = "already"  # in this fight already
    BUSY = "busy"  # in another open fight


class Happened(StrEnum):
    """What a step did, as the chats hear it."""

    CHALLENGED = "challenged"  # the join window is open
    JOINED = "joined"  # fighter
    CALLED_OFF = "called_off"  # the window closed with fewer than two able: no fight
    STARTED = "started"  # initiative rolled (the table's ``initiative``)
    CHOSE = "chose"  # fighter chose target (setup)
    DEFAULTED = "defaulted"  # fighter's time ran out: target is the default
    OPENED = "opened"  # round 1 is open (the choosing is over)
    PICKED = "picked"  # fighter goes for target (a pick or a new opponent)
    ACTED = "acted"  # fighter chose this round's action (a secret until the round)
    FOUGHT = "fought"  # a round was played (result); the next is open unless it ended
    ENDED = "ended"  # a round was due but fewer than two can fight: over without it
    STOPPED = "stopped"  # the game master ended the fight


@dataclass(frozen=True, slots=True)
class PoolEvent:
    """What happened; a round played (FOUGHT) has its ``result`` and the fighters as the
    round found them (``before``)."""

    happened: Happened
    fighter: int | None = None
    target: int | None = None
    result: RoundResult | None = None
    before: tuple[PoolCharacter, ...] = ()


@dataclass(frozen=True, slots=True)
class PoolTable:
    """A fight. The first fields are those of the shell's stored ``PoolFight``: ``joined``:
    the challenger, their opponent (a guarded ``sleeper``'s guard), then who joined; ``state``
    and ``initiative`` from the start on; ``actions`` this round's; ``awaiting``: fighters
    whose private opponent choice is open while fighting. Then what the shell keeps beside it:
    ``stage`` and ``hall`` (the row's columns), ``seated`` (who holds each joined character),
    and the world's part: ``characters`` (at least every joined one), ``gone`` (removed
    from the game: out, as if fled) and ``busy`` (in another open fight: may not join).
    ``unreachable`` is the shell's note of fighters it could not write to privately (the
    group then shows their choice); the rules never read it."""

    challenger: int
    joined: tuple[int, ...]
    sleeper: int | None = None
    state: FightState | None = None
    initiative: InitiativeResult | None = None
    actions: tuple[Pending, ...] = ()
    awaiting: tuple[int, ...] = ()
    stopped: bool = False
    stage: PoolStage = PoolStage.JOINING
    hall: int = 0
    seated: tuple[Seat, ...] = ()
    characters: tuple[PoolCharacter, ...] = ()
    gone: frozenset[int] = frozenset()
    busy: frozenset[int] = frozenset()
    unreachable: tuple[int, ...] = ()

    def seat(self, number: int) -> Seat:
        return next((s for s in self.seated if s.number == number), Seat(number))

    def action_of(self, fighter: int) -> Pending | None:
        return next((a for a in self.actions if a.fighter == fighter), None)

    @property
    def roster(self) -> dict[int, PoolCharacter]:
        return {c.number: c for c in self.characters}

    @property
    def fight(self) -> FightState:
        assert self.state is not None  # from the start on
        return self.state

    def listed(self) -> list[PoolCharacter]:
        """The fighters' characters, in initiative order."""
        roster = self.roster
        return [roster[n] for n in self.fight.initiative]

    def present(self) -> tuple[list[PoolCharacter], FightState]:
        """:func:`rules.pool.fight_flow.present`: the state with the absent fled."""
        return present(self.fight, self.roster, self.gone)

    def with_characters(self, changed: Iterable[PoolCharacter]) -> PoolTable:
        new = {c.number: c for c in changed}
        return replace(self, characters=tuple(new.get(c.number, c) for c in self.characters))

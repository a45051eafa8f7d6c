"""The duel as an encounter (:mod:`rules.encounter`): a challenge, then rounds until it ends.

challenged --accept--> fighting (round 1 fought at once) or finished (a knock-out)
challenged --decline--> declined;  challenged --clock--> expired
fighting --go on, go on--> the next round;  --stop--> finished;  --clock--> finished (the side
that did not choose while the other went on forfeits; if neither chose, the last round's winner
wins)

The game master may challenge a player with an NPC (rulebook: duel / NPC duels): its seat has
no user (:data:`NPC_SEAT`); an NPC always goes on after a round, so only the player chooses.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from rules.dice import Dice
from rules.duel.character import DuelCharacter
from rules.duel.duel import (
    Choice,
    Duel,
    DuelStatus,
    EndReason,
    choose,
    play_round,
    start_duel,
    time_out,
)
from rules.duel.round import Side
from rules.encounter import NPC_BASE, Deadline, Refused, Rules, Seat, Step, Wait, Why

KIND = "duel"
ANSWER, CHOOSE = "answer", "choose"  # what a duel waits for, and its deadlines
NPC_SEAT = Seat(NPC_BASE + 1, None)  # the game master's NPC, who challenges


class DuelStage(StrEnum):
    CHALLENGED = "challenged"
    FIGHTING = "fighting"
    FINISHED = "finished"
    DECLINED = "declined"
    EXPIRED = "expired"


OPEN_STAGES = (DuelStage.CHALLENGED, DuelStage.FIGHTING)


class Move(StrEnum):
    ACCEPT = "accept"
    DECLINE = "decline"
    GO_ON = "go_on"
    STOP = "stop"
    CLOCK = "clock"  # the deadline passed (the seat is None)


@dataclass(frozen=True, slots=True)
class DuelMove:
    """A move; ``round``: the round a go-on or a stop answers (an older one is stale)."""

    move: Move
    round: int = 0


class Happened(StrEnum):
    """What a step did, as the group hears it."""

    CHALLENGED = "challenged"  # the challenge is out; the challenged alone answers
    DECLINED = "declined"
    EXPIRED = "expired"  # nobody answered the challenge in time
    FOUGHT = "fought"  # a round was fought (the first one: the challenge was accepted)
    CHOSE = "chose"  # one fighter goes on; the other is awaited
    STOPPED = "stopped"  # a fighter stopped the duel
    TIMED_OUT = "timed_out"  # the time to choose ran out: a forfeit, or no one answered


@dataclass(frozen=True, slots=True)
class DuelEvent:
    happened: Happened
    side: Side | None = None  # for a timeout: the side that forfeited (None: no one answered)


@dataclass(frozen=True, slots=True)
class DuelTable:
    """A duel with its two seats and its stage."""

    challenger: Seat
    opponent: Seat
    duel: Duel
    stage: DuelStage = DuelStage.CHALLENGED

    def seat(self, side: Side) -> Seat:
        return self.challenger if side is Side.CHALLENGER else self.opponent

    def side_of(self, seat: Seat) -> Side | None:
        for side in Side:
            if self.seat(side).number == seat.number:
                return side
        return None

    @property
    def round(self) -> int:
        return len(self.duel.rounds)

    @property
    def undecided(self) -> tuple[Side, ...]:
        """The sides whose go-on or stop is due now."""
        if (
            self.stage is not DuelStage.FIGHTING
            or self.duel.status is not DuelStatus.AWAITING_CHOICES
        ):
            return ()
        return tuple(s for s in Side if self.duel.choice(s) is None)


def open_duel(
    challenger: tuple[Seat, DuelCharacter],
    opponent: tuple[Seat, DuelCharacter],
    skill: str,
    *,
    to_the_death: bool = False,
) -> Step[DuelTable, DuelEvent]:
    """The challenge (a :class:`~rules.errors.RuleError` when either cannot fight in
    ``skill``)."""
    duel = start_duel(challenger[1], opponent[1], skill, to_the_death=to_the_death)
    table = DuelTable(challenger[0], opponent[0], duel)
    return Step(table, (DuelEvent(Happened.CHALLENGED),), DUEL.deadline(table))


class DuelRules:
    """:class:`rules.encounter.Rules` for duels."""

    kind = KIND
    open_stages = tuple(stage.value for stage in OPEN_STAGES)
    clock = DuelMove(Move.CLOCK)

    def seats(self, state: DuelTable) -> tuple[Seat, ...]:
        return (state.challenger, state.opponent)

    def stage(self, state: DuelTable) -> str:
        return state.stage.value

    def deadline(self, state: DuelTable) -> Deadline | None:
        if state.stage is DuelStage.CHALLENGED:
            return Deadline(ANSWER)
        return Deadline(CHOOSE, state.round) if state.undecided else None

    def awaiting(self, state: DuelTable) -> tuple[Wait, ...]:
        if state.stage is DuelStage.CHALLENGED:
            return (Wait(state.opponent, ANSWER),)
        return tuple(Wait(state.seat(side), CHOOSE) for side in state.undecided)

    def options(self, state: DuelTable, seat: Seat) -> tuple[DuelMove, ...]:
        side = state.side_of(seat)
        if state.stage is DuelStage.CHALLENGED and side is Side.OPPONENT:
            return (DuelMove(Move.ACCEPT), DuelMove(Move.DECLINE))
        if side is not None and side in state.undecided:
            return (DuelMove(Move.GO_ON, state.round), DuelMove(Move.STOP, state.round))
        return ()

    def apply(
        self, state: DuelTable, seat: Seat | None, action: DuelMove, dice: Dice
    ) -> Step[DuelTable, DuelEvent]:
        if action.move is Move.CLOCK:
            if seat is not None:
                raise Refused(Why.NOT_YOURS)
            return self._clock(state)
        side = None if seat is None else state.side_of(seat)
        if action.move in (Move.ACCEPT, Move.DECLINE):
            if state.stage is not DuelStage.CHALLENGED:
                raise Refused(Why.STALE)
            if side is not Side.OPPONENT:
                raise Refused(Why.NOT_YOURS)
            if action.move is Move.DECLINE:
                return self._step(replace(state, stage=DuelStage.DECLINED), Happened.DECLINED)
            return self._fight(state, dice)
        if side is None:
            raise Refused(Why.NOT_YOURS)
        if side not in state.undecided or action.round != state.round:
            raise Refused(Why.STALE)
        go_on = action.move is Move.GO_ON
        duel = choose(state.duel, side, Choice.GO_ON if go_on else Choice.STOP)
        if duel.finished:
            return self._step(replace(state, duel=duel, stage=DuelStage.FINISHED), Happened.STOPPED)
        if duel.status is DuelStatus.AWAITING_ROUND:  # both go on
            return self._fight(replace(state, duel=duel), dice)
        return self._step(replace(state, duel=duel), Happened.CHOSE)

    def _clock(self, state: DuelTable) -> Step[DuelTable, DuelEvent]:
        if state.stage is DuelStage.CHALLENGED:
            return self._step(replace(state, stage=DuelStage.EXPIRED), Happened.EXPIRED)
        if not state.undecided:
            raise Refused(Why.STALE)
        duel = time_out(state.duel)
        assert duel.winner is not None
        forfeited = duel.winner.other if duel.end_reason is EndReason.FORFEIT else None
        ended = replace(state, duel=duel, stage=DuelStage.FINISHED)
        return self._step(ended, Happened.TIMED_OUT, forfeited)

    def _fight(self, state: DuelTable, dice: Dice) -> Step[DuelTable, DuelEvent]:
        duel = play_round(state.duel, dice)
        for side in Side:  # an NPC goes on: the player alone chooses
            if duel.status is DuelStatus.AWAITING_CHOICES and state.seat(side).npc:
                duel = choose(duel, side, Choice.GO_ON)
        stage = DuelStage.FINISHED if duel.finished else DuelStage.FIGHTING
        return self._step(replace(state, duel=duel, stage=stage), Happened.FOUGHT)

    def _step(
        self, state: DuelTable, happened: Happened, side: Side | None = None
    ) -> Step[DuelTable, DuelEvent]:
        return Step(state, (DuelEvent(happened, side),), self.deadline(state))


DUEL: Rules[DuelTable, DuelMove, DuelEvent] = DuelRules()

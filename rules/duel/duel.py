"""The duel as a state machine: rounds, then both choose to go on or stop, until it ends.

``start_duel`` -> ``play_round`` -> (``choose`` x 2 -> ``play_round`` ...) -> finished.
A stop by either side ends the duel with the last round's winner as its winner; a loser at
HP <= 0 ends it at once (dead when fought to the death). When the time to choose runs out
(``time_out``), a side that did not choose while the other went on forfeits.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from rules.dice import Dice
from rules.duel.character import DuelCharacter
from rules.duel.round import RoundResult, Side, check_fighters, duel_round
from rules.errors import Code, RuleError


class DuelStatus(StrEnum):
    AWAITING_ROUND = "awaiting_round"
    AWAITING_CHOICES = "awaiting_choices"
    FINISHED = "finished"


class Choice(StrEnum):
    GO_ON = "go_on"
    STOP = "stop"


class EndReason(StrEnum):
    STOPPED = "stopped"  # someone chose to stop after a round
    KNOCKED_OUT = "knocked_out"  # the loser of a round fell to HP <= 0
    KILLED = "killed"  # the same, in a duel to the death
    FORFEIT = "forfeit"  # one did not choose in time while the other went on: the other wins
    UNANSWERED = "unanswered"  # neither chose in time: the last round's winner wins


@dataclass(frozen=True, slots=True)
class Duel:
    """A duel's whole state. Fighters carry their current HP; ``rounds`` is the log."""

    challenger: DuelCharacter
    opponent: DuelCharacter
    skill: str
    to_the_death: bool = False
    status: DuelStatus = DuelStatus.AWAITING_ROUND
    rounds: tuple[RoundResult, ...] = ()
    challenger_choice: Choice | None = None
    opponent_choice: Choice | None = None
    winner: Side | None = None
    end_reason: EndReason | None = None

    def fighter(self, side: Side) -> DuelCharacter:
        return self.challenger if side is Side.CHALLENGER else self.opponent

    def choice(self, side: Side) -> Choice | None:
        return self.challenger_choice if side is Side.CHALLENGER else self.opponent_choice

    @property
    def last_round(self) -> RoundResult | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def finished(self) -> bool:
        return self.status is DuelStatus.FINISHED


def start_duel(
    challenger: DuelCharacter, opponent: DuelCharacter, skill: str, *, to_the_death: bool = False
) -> Duel:
    """Open a duel in ``skill``; both must have it and be able to fight."""
    check_fighters(challenger, opponent, skill)
    return Duel(challenger, opponent, skill, to_the_death)


def _require(duel: Duel, status: DuelStatus, action: str) -> None:
    if duel.status is not status:
        raise RuleError(Code.WRONG_DUEL_STAGE, status=duel.status.value, action=action)


def play_round(duel: Duel, dice: Dice) -> Duel:
    """Fight the next round. A loser at HP <= 0 ends the duel; otherwise choices are due."""
    _require(duel, DuelStatus.AWAITING_ROUND, "play a round")
    result = duel_round(duel.challenger, duel.opponent, duel.skill, dice)
    challenger, opponent = result.challenger, result.opponent
    if not result.loser_down:
        return replace(
            duel,
            challenger=challenger,
            opponent=opponent,
            rounds=(*duel.rounds, result),
            status=DuelStatus.AWAITING_CHOICES,
        )
    if duel.to_the_death:
        if result.loser is Side.CHALLENGER:
            challenger = replace(challenger, dead=True)
        else:
            opponent = replace(opponent, dead=True)
    return replace(
        duel,
        challenger=challenger,
        opponent=opponent,
        rounds=(*duel.rounds, result),
        status=DuelStatus.FINISHED,
        winner=result.winner,
        end_reason=EndReason.KILLED if duel.to_the_death else EndReason.KNOCKED_OUT,
    )


def choose(duel: Duel, side: Side, choice: Choice) -> Duel:
    """``side`` chooses to go on or stop after a round.

    One stop ends the duel at once (the last round's winner wins it): the duel goes on
    only if both go on. When both have gone on, the next round is due.
    """
    _require(duel, DuelStatus.AWAITING_CHOICES, "choose")
    if duel.choice(side) is not None:
        raise RuleError(Code.CHOICE_ALREADY_MADE, side=side.value)
    if side is Side.CHALLENGER:
        duel = replace(duel, challenger_choice=choice)
    else:
        duel = replace(duel, opponent_choice=choice)
    if choice is Choice.STOP:
        last = duel.last_round
        assert last is not None  # choices are only due after a round
        return replace(
            duel, status=DuelStatus.FINISHED, winner=last.winner, end_reason=EndReason.STOPPED
        )
    if duel.choice(side.other) is Choice.GO_ON:
        return replace(
            duel,
            status=DuelStatus.AWAITING_ROUND,
            challenger_choice=None,
            opponent_choice=None,
        )
    return duel


def time_out(duel: Duel) -> Duel:
    """The time to choose ran out (rulebook: duel / The duel).

    A side that has not chosen while the other went on forfeits: the other wins, whoever won
    the last round (a fighter who never answers does not win by silence). When neither chose,
    the duel ends as a stop would: the last round's winner wins.
    """
    _require(duel, DuelStatus.AWAITING_CHOICES, "time out")
    silent = [side for side in Side if duel.choice(side) is None]
    if len(silent) == 1:
        winner, reason = silent[0].other, EndReason.FORFEIT
    else:
        last = duel.last_round
        assert last is not None  # choices are only due after a round
        winner, reason = last.winner, EndReason.UNANSWERED
    return replace(duel, status=DuelStatus.FINISHED, winner=winner, end_reason=reason)

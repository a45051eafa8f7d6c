"""The pool group fight as an encounter (:mod:`rules.encounter`; rulebook: pool / Group fight).

joining --join--> joining;  --start (the challenger) or clock--> choosing, fighting (every
choice forced) or finished (fewer than two able: called off)
choosing --choose (the chooser) or clock (the default)--> the next chooser, or fighting
fighting --pick, attack, pills, stand--> fighting; the last one missing plays the round
(:func:`rules.pool.fight_round.resolve_round`); --clock--> the round with the defaults;
a round that ends the fight, or one due with fewer than two able: finished
any open stage --stop (the game master, no seat)--> finished

The fighters' characters are the world's: the shell puts them in the table as it read them
(``characters``, ``gone``) before each move and writes back what a step changed. A seat of
None is the clock or the game master (the shell lets no one else act without a seat).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from rules.dice import Dice
from rules.encounter import Deadline, Refused, Rules, Seat, Step, Wait, Why
from rules.errors import Code, RuleError
from rules.pool.fight_flow import (
    Act,
    Pending,
    choose_on,
    expected,
    open_round,
    options,
    ready,
    still_allowed,
    timed_out_choice,
)
from rules.pool.fight_round import ActionProblem, check_action, left_pocket_pills, resolve_round
from rules.pool.fight_setup import (
    MIN_FIGHTERS,
    can_fight,
    choose,
    current_chooser,
    pick_opponent,
    start_fight,
)
from rules.pool.fight_table import (
    ACT,
    ACTS,
    ALL_PILLS,
    CHOOSE,
    JOIN,
    KIND,
    OPEN_STAGES,
    PICK,
    PILL_COUNTS,
    ROUND,
    Happened,
    JoinProblem,
    Move,
    PoolEvent,
    PoolMove,
    PoolStage,
    PoolTable,
)
from rules.pool.fight_targets import (
    able_fighters,
    fight_over,
    needs_new_target,
    retarget,
    stand_after_fight,
    with_default_targets,
)
from rules.pool.model import PoolCharacter

__all__ = [
    "ACT",
    "ALL_PILLS",
    "CHOOSE",
    "JOIN",
    "KIND",
    "OPEN_STAGES",
    "PICK",
    "PILL_COUNTS",
    "POOL",
    "ROUND",
    "Act",
    "Happened",
    "JoinProblem",
    "Move",
    "Pending",
    "PoolEvent",
    "PoolMove",
    "PoolRules",
    "PoolStage",
    "PoolTable",
    "open_fight",
]


STAGE_OF = {  # the stage a seat's move belongs to (the round's actions: FIGHTING)
    Move.JOIN: PoolStage.JOINING,
    Move.START: PoolStage.JOINING,
    Move.CHOOSE: PoolStage.CHOOSING,
    Move.PICK: PoolStage.FIGHTING,
}


def open_fight(
    challenger: Seat,
    opponent: Seat,
    hall: int,
    characters: Sequence[PoolCharacter],
    *,
    sleeper: int | None = None,
) -> Step[PoolTable, PoolEvent]:
    """The challenge, once the shell's checks passed (the opponent: a guarded sleeper's guard;
    an unguarded sleeper is killed with no fight, :mod:`rules.pool.sleepers`)."""
    table = PoolTable(
        challenger=challenger.number,
        joined=(challenger.number, opponent.number),
        sleeper=sleeper,
        hall=hall,
        seated=(challenger, opponent),
        characters=tuple(characters),
    )
    return Step(table, (PoolEvent(Happened.CHALLENGED),), POOL.deadline(table))


class PoolRules:
    """:class:`rules.encounter.Rules` for pool group fights."""

    kind = KIND
    open_stages = tuple(stage.value for stage in OPEN_STAGES)
    clock = PoolMove(Move.CLOCK)

    def seats(self, state: PoolTable) -> tuple[Seat, ...]:
        return tuple(state.seat(n) for n in state.joined)

    def stage(self, state: PoolTable) -> str:
        return state.stage.value

    def deadline(self, state: PoolTable) -> Deadline | None:
        if state.stage is PoolStage.JOINING:
            return Deadline(JOIN)
        if state.stage is PoolStage.CHOOSING:
            return Deadline(CHOOSE, len(state.fight.choices))
        if state.stage is PoolStage.FIGHTING:
            return Deadline(ROUND, state.fight.round)
        return None

    def awaiting(self, state: PoolTable) -> tuple[Wait, ...]:
        if state.stage is PoolStage.CHOOSING:
            chooser = current_chooser(state.fight)
            return () if chooser is None else (Wait(state.seat(chooser), CHOOSE),)
        if state.stage is not PoolStage.FIGHTING:
            return ()
        acting = expected(state.fight, state.listed())
        missing = tuple(Wait(state.seat(n), ACT) for n in acting if state.action_of(n) is None)
        return missing + tuple(Wait(state.seat(n), PICK) for n in state.awaiting)

    def options(self, state: PoolTable, seat: Seat) -> tuple[PoolMove, ...]:
        candidates: tuple[PoolMove, ...] = ()
        if state.stage is PoolStage.JOINING:
            candidates = (PoolMove(Move.START), PoolMove(Move.JOIN))
        elif state.stage is PoolStage.CHOOSING:
            fight = state.fight
            targets = options(fight, state.listed(), seat.number).targets
            candidates = tuple(PoolMove(Move.CHOOSE, len(fight.choices), t) for t in targets)
        elif state.stage is PoolStage.FIGHTING and seat.number in state.fight.initiative:
            at = state.fight.round
            characters, fight = state.present()
            targets = options(fight, characters, seat.number).targets
            picks = tuple(PoolMove(Move.PICK, at, t) for t in targets)
            acts = (PoolMove(Move.ATTACK, at), PoolMove(Move.STAND, at))
            pills = tuple(PoolMove(Move.PILLS, at, count=n) for n in PILL_COUNTS)
            candidates = picks + acts + pills
        return tuple(m for m in candidates if self._allowed(state, seat, m))

    def _allowed(self, state: PoolTable, seat: Seat, action: PoolMove) -> bool:
        try:
            if action.move in ACTS:
                self._pending(state, seat, action)
            else:
                self._checked(state, seat, action)
        except (Refused, RuleError):
            return False
        return True

    def apply(
        self, state: PoolTable, seat: Seat | None, action: PoolMove, dice: Dice
    ) -> Step[PoolTable, PoolEvent]:
        if action.move in (Move.CLOCK, Move.STOP) and seat is not None and not action.master:
            raise Refused(Why.NOT_YOURS)
        if state.stage not in OPEN_STAGES:
            raise Refused(Why.STALE)
        if action.move is Move.START and action.master and state.stage is PoolStage.JOINING:
            return self._start(state, dice)
        if action.move is Move.CLOCK:
            return self._clock(state, dice)
        if action.move is Move.STOP:
            table = replace(self._stood_up(state), actions=(), awaiting=(), stopped=True)
            return self._step(replace(table, stage=PoolStage.FINISHED), PoolEvent(Happened.STOPPED))
        if seat is None:
            raise Refused(Why.NOT_YOURS)
        if action.move is Move.JOIN and action.target:
            seat = Seat(action.target, seat.user)  # the joiner's character, as the shell found it
        if action.move in ACTS:
            pending = self._pending(state, seat, action)
            table = replace(state, actions=(*state.actions, pending))
            return self._resolve_if_ready(table, dice, PoolEvent(Happened.ACTED, seat.number))
        table, event = self._checked(state, seat, action)
        if action.move is Move.JOIN:
            return self._step(table, event)
        if action.move is Move.START:
            return self._start(table, dice)
        if action.move is Move.CHOOSE:
            return self._advance(table, (event,))
        return self._resolve_if_ready(table, dice, event)

    def _checked(
        self, state: PoolTable, seat: Seat, action: PoolMove
    ) -> tuple[PoolTable, PoolEvent]:
        """A join, a start, a choice or a pick checked (refusals raise), and made (a start:
        only checked)."""
        if state.stage is not STAGE_OF[action.move]:
            raise Refused(Why.STALE)
        number = seat.number
        if action.move is Move.JOIN:
            return self._joined(state, seat), PoolEvent(Happened.JOINED, number)
        if number not in state.joined or (action.move is Move.START and number != state.challenger):
            raise Refused(Why.NOT_YOURS)
        if action.move is Move.START:
            return state, PoolEvent(Happened.STARTED)
        fight, target = state.fight, action.target
        event = PoolEvent(Happened.CHOSE, number, target)
        if action.move is Move.CHOOSE:
            if current_chooser(fight) != number:
                raise RuleError(
                    Code.NOT_YOUR_CHOICE, chooser=number, expected=current_chooser(fight)
                )
            if len(fight.choices) != action.at:
                raise Refused(Why.STALE)
            return replace(state, state=choose(fight, number, target)), event
        if number not in state.awaiting or fight.round != action.at:
            raise Refused(Why.STALE)
        characters, fight = state.present()
        if number in needs_new_target(fight, characters):
            fight = retarget(fight, characters, number, target)
        else:
            fight = pick_opponent(fight, number, target)
        awaiting = tuple(f for f in state.awaiting if f != number)
        table = replace(state, state=fight, awaiting=awaiting)
        return table, replace(event, happened=Happened.PICKED)

    def _joined(self, state: PoolTable, seat: Seat) -> PoolTable:
        me = state.roster.get(seat.number)
        if me is None or not me.alive or seat.number in state.gone:
            raise Refused(Why.NOT_YOURS)
        for problem, refused in (
            (JoinProblem.ALREADY, seat.number in state.joined),
            (JoinProblem.HALL, me.hall != state.hall),
            (JoinProblem.ASLEEP, me.asleep),
            (JoinProblem.HEALTH, me.health <= 0),
            (JoinProblem.BUSY, seat.number in state.busy),
        ):
            if refused:
                raise RuleError(Code.FIGHTER_UNAVAILABLE, character=me.number, reason=problem)
        return replace(state, joined=(*state.joined, me.number), seated=(*state.seated, seat))

    def _pending(self, state: PoolTable, seat: Seat, action: PoolMove) -> Pending:
        """A round's action checked against the fight as it stands (refusals raise)."""
        if state.stage is not PoolStage.FIGHTING:
            raise Refused(Why.STALE)
        number = seat.number
        if number not in state.joined:
            raise Refused(Why.NOT_YOURS)
        if state.fight.round != action.at or state.action_of(number) is not None:
            raise Refused(Why.STALE)
        characters, fight = state.present()
        me = state.roster[number]
        count = action.count
        pending = Pending(number, Act(action.move.value), count)
        if not fight.in_fight(number) or not me.alive:
            raise RuleError(
                Code.INVALID_ACTION,
                character=number,
                action=pending.action(),
                problem=ActionProblem.NOT_IN_FIGHT,
            )
        if action.move is Move.PILLS and count == ALL_PILLS:  # none: refused as too many
            pending = replace(pending, count=max(left_pocket_pills(me), 1))
        try:
            check_action(me, pending.action(), fight, set(able_fighters(fight, characters)))
        except RuleError as error:
            if error.code is not Code.STALE_TARGET:  # a new opponent comes before the roll
                raise
        return pending

    def _clock(self, state: PoolTable, dice: Dice) -> Step[PoolTable, PoolEvent]:
        if state.stage is PoolStage.JOINING:
            return self._start(state, dice)
        if state.stage is PoolStage.FIGHTING:
            return self._resolve(state, dice, ())
        chooser = current_chooser(state.fight)
        if chooser is None:
            raise Refused(Why.STALE)
        fight = timed_out_choice(state.fight, state.listed())
        event = PoolEvent(Happened.DEFAULTED, chooser, fight.choices[-1].target)
        return self._advance(replace(state, state=fight), (event,))

    def _start(self, state: PoolTable, dice: Dice) -> Step[PoolTable, PoolEvent]:
        """The join window closes: initiative for everyone still able here, then choosing."""
        roster = state.roster
        able = [
            n
            for n in state.joined
            if n in roster
            and n not in state.gone
            and roster[n].hall == state.hall
            and can_fight(roster[n])
        ]
        if len(able) < MIN_FIGHTERS:
            return self._step(
                replace(state, stage=PoolStage.FINISHED), PoolEvent(Happened.CALLED_OFF)
            )
        fight, initiative = start_fight(state.characters, able, dice)
        table = replace(state, state=fight, initiative=initiative)
        return self._advance(table, (PoolEvent(Happened.STARTED),))

    def _advance(
        self, state: PoolTable, events: tuple[PoolEvent, ...]
    ) -> Step[PoolTable, PoolEvent]:
        """The next chooser (forced choices made at once), else round 1 opens."""
        characters = state.listed()
        fight = choose_on(state.fight, characters)
        if current_chooser(fight) is not None:
            return self._step(replace(state, state=fight, stage=PoolStage.CHOOSING), *events)
        fight, awaiting = open_round(fight, characters)
        table = replace(state, state=fight, actions=(), awaiting=awaiting)
        opened = PoolEvent(Happened.OPENED)
        return self._step(replace(table, stage=PoolStage.FIGHTING), *events, opened)

    def _resolve_if_ready(
        self, state: PoolTable, dice: Dice, event: PoolEvent
    ) -> Step[PoolTable, PoolEvent]:
        characters, fight = state.present()
        if ready(state.actions, state.awaiting, fight, characters):
            return self._resolve(state, dice, (event,))
        return self._step(state, event)

    def _resolve(
        self, state: PoolTable, dice: Dice, events: tuple[PoolEvent, ...]
    ) -> Step[PoolTable, PoolEvent]:
        """The round, the missing actions being the defaults (none if it cannot be fought)."""
        characters, fight = state.present()
        if fight_over(fight, characters):  # someone left or fell between rounds
            table = replace(self._stood_up(state), state=fight, actions=(), awaiting=())
            ended = PoolEvent(Happened.ENDED)
            return self._step(replace(table, stage=PoolStage.FINISHED), *events, ended)
        fight = with_default_targets(fight, characters)
        actions = still_allowed(state.actions, characters, fight)
        result = resolve_round(characters, fight, actions, dice)
        table = replace(
            state.with_characters(result.characters), state=result.state, actions=(), awaiting=()
        )
        if result.over:
            table = replace(table, stage=PoolStage.FINISHED)
        else:
            fight, awaiting = open_round(result.state, result.characters)
            table = replace(table, state=fight, awaiting=awaiting)
        fought = PoolEvent(Happened.FOUGHT, result=result, before=tuple(characters))
        return self._step(table, *events, fought)

    def _stood_up(self, state: PoolTable) -> PoolTable:
        """The fight ends without a round: its fallen are on their feet again."""
        if state.state is None:
            return state
        return state.with_characters(stand_after_fight(state.listed(), state.fight.initiative))

    def _step(self, state: PoolTable, *events: PoolEvent) -> Step[PoolTable, PoolEvent]:
        return Step(state, events, self.deadline(state))


POOL: Rules[PoolTable, PoolMove, PoolEvent] = PoolRules()

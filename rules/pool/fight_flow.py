"""How a pool fight moves on (rulebook: pool / Group fight): who chooses next, whom a round
waits for, when it is ready, the actions it takes. The steps of :mod:`rules.pool.encounter`.

Characters are the world's (the table holds them as the shell read them); a fighter gone from
the game or from the fight's hall counts as fled when a round is played or pressed for.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from rules.errors import RuleError
from rules.pool.fight_round import (
    Action,
    Attack,
    StandUp,
    TakePills,
    check_action,
    left_pocket_pills,
)
from rules.pool.fight_setup import FightState, choose, current_chooser, default_target
from rules.pool.fight_targets import (
    able_fighters,
    default_new_target,
    flee,
    needs_new_target,
    retarget,
)
from rules.pool.model import PoolCharacter


class Act(StrEnum):
    """A round's action as pressed (the stored words)."""

    ATTACK = "attack"
    PILLS = "pills"
    STAND = "stand"


@dataclass(frozen=True, slots=True)
class Pending:
    """An action chosen for the coming round (the count of pills resolved: never ALL)."""

    fighter: int
    move: Act
    count: int = 0

    def action(self) -> Action:
        if self.move == Act.PILLS:
            return TakePills(self.count)
        return StandUp() if self.move == Act.STAND else Attack()


class Choosing(StrEnum):
    SETUP = "setup"
    PICK = "pick"
    RETARGET = "retarget"


@dataclass(frozen=True, slots=True)
class Options:
    """A private opponent choice: ``setup`` (before round 1) or, later, a bound fighter's
    ``pick`` or a ``retarget``; ``turn`` guards against staleness; ``default`` is taken when
    time runs out."""

    kind: Choosing
    turn: int
    targets: tuple[int, ...]
    default: int | None

    @property
    def setup(self) -> bool:
        return self.kind == Choosing.SETUP


def present(
    state: FightState, characters: Mapping[int, PoolCharacter], gone: frozenset[int]
) -> tuple[list[PoolCharacter], FightState]:
    """The fighters in initiative order, and the state with anyone ``gone`` (kicked) or out of
    the fight's hall counted as fled (the dead are out already)."""
    found: list[PoolCharacter] = []
    for number in state.initiative:
        character = characters[number]
        found.append(character)
        away = number in gone or character.hall != state.hall
        if state.in_fight(number) and character.alive and away:
            state = flee(state, number)
    return found, state


def options(state: FightState, characters: Sequence[PoolCharacter], fighter: int) -> Options:
    """The targets a fighter may choose among now (empty: nothing to choose)."""
    chooser = current_chooser(state)
    if chooser is not None:
        if chooser != fighter:
            return Options(Choosing.SETUP, len(state.choices), (), None)
        targets = tuple(f for f in sorted(state.initiative) if f != fighter and state.in_fight(f))
        return Options(Choosing.SETUP, len(state.choices), targets, default_target(state, fighter))
    if fighter in needs_new_target(state, characters):
        able = tuple(sorted(f for f in able_fighters(state, characters) if f != fighter))
        default = default_new_target(state, characters, fighter)
        return Options(Choosing.RETARGET, state.round, able, default)
    if state.round == 0 and state.bound(fighter) and len(state.chosen_by(fighter)) > 1:
        choosers = state.chosen_by(fighter)
        return Options(Choosing.PICK, state.round, choosers, choosers[0])
    return Options(Choosing.PICK, state.round, (), None)


def choose_on(state: FightState, characters: Sequence[PoolCharacter]) -> FightState:
    """Forced choices (a single target) made at once, up to the next real chooser or the end
    of choosing."""
    while (chooser := current_chooser(state)) is not None:
        offer = options(state, characters, chooser)
        if len(offer.targets) != 1:
            return state
        state = choose(state, chooser, offer.targets[0])
    return state


def timed_out_choice(state: FightState, characters: Sequence[PoolCharacter]) -> FightState:
    """The current chooser let the time run out: the offer's default (else the lowest other)."""
    chooser = current_chooser(state)
    assert chooser is not None
    offer = options(state, characters, chooser)
    target = offer.default if offer.default is not None else default_target(state, chooser)
    return choose(state, chooser, target)


def open_round(
    state: FightState, characters: Sequence[PoolCharacter]
) -> tuple[FightState, tuple[int, ...]]:
    """A new round: a single new opponent is taken at once; bound fighters with several
    choosers (before round 1) and fighters with several new opponents to choose among are
    awaited (choosing order)."""
    awaiting: list[int] = []
    for fighter in state.choosing_order:
        offer = options(state, characters, fighter)
        if len(offer.targets) == 1 and fighter in needs_new_target(state, characters):
            state = retarget(state, characters, fighter, offer.targets[0])
        elif len(offer.targets) > 1:
            awaiting.append(fighter)
    return state, tuple(awaiting)


def expected(state: FightState, characters: Sequence[PoolCharacter]) -> tuple[int, ...]:
    """Who acts this round: able fighters, and those at 0 with pills in the left pocket."""
    able = set(able_fighters(state, characters))
    at_zero = {
        c.number
        for c in characters
        if state.in_fight(c.number) and c.alive and c.health == 0 and left_pocket_pills(c) > 0
    }
    return tuple(f for f in state.initiative if f in able | at_zero)


def ready(
    actions: Sequence[Pending],
    awaiting: Sequence[int],
    state: FightState,
    characters: Sequence[PoolCharacter],
) -> bool:
    """Every private choice made and every expected fighter has chosen an action."""
    acted = {a.fighter for a in actions}
    return not awaiting and all(f in acted for f in expected(state, characters))


def still_allowed(
    actions: Sequence[Pending], characters: Sequence[PoolCharacter], state: FightState
) -> dict[int, Action]:
    """The chosen actions still allowed now (the world may have moved on since the press);
    the others fall back to the defaults."""
    known = {c.number: c for c in characters}
    able = set(able_fighters(state, characters))
    chosen: dict[int, Action] = {}
    for pending in actions:
        me = known[pending.fighter]
        if not state.in_fight(pending.fighter) or not me.alive:
            continue
        try:
            check_action(me, pending.action(), state, able)
        except RuleError:
            continue
        chosen[pending.fighter] = pending.action()
    return chosen

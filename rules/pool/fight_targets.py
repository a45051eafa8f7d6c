"""Who can still fight, new opponents when one is out, fleeing (rulebook: pool / Group fight).

The fight is over when fewer than two fighters can fight (see :mod:`rules.pool.fight_setup`);
then nobody in it stays fallen (:func:`stand_after_fight`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from rules.errors import Code, RuleError
from rules.pool.fight_setup import (
    MIN_FIGHTERS,
    Choice,
    FightState,
    TargetProblem,
    can_fight,
    check_target,
    fighters_index,
)
from rules.pool.model import PoolCharacter


def able_fighters(state: FightState, characters: Sequence[PoolCharacter]) -> tuple[int, ...]:
    """Fighters still in the fight who can fight, in initiative order (highest first)."""
    known = fighters_index(state, characters)
    return tuple(f for f in state.initiative if state.in_fight(f) and can_fight(known[f]))


def fight_over(state: FightState, characters: Sequence[PoolCharacter]) -> bool:
    """At most one fighter (one side) can still fight."""
    return len(able_fighters(state, characters)) < MIN_FIGHTERS


def needs_new_target(state: FightState, characters: Sequence[PoolCharacter]) -> tuple[int, ...]:
    """Able fighters whose opponent is out (dead, at 0, fled), in choosing order."""
    able = set(able_fighters(state, characters))
    return tuple(f for f in state.choosing_order if f in able and state.target_of(f) not in able)


def default_new_target(
    state: FightState, characters: Sequence[PoolCharacter], fighter: int
) -> int | None:
    """Default new opponent: the lowest-numbered able fighter attacking them, else the
    lowest-numbered able fighter; ``None`` if nobody is left to fight."""
    able = [f for f in able_fighters(state, characters) if f != fighter]
    attackers = [f for f in able if state.target_of(f) == fighter]
    return min(attackers or able, default=None)


def retarget(
    state: FightState, characters: Sequence[PoolCharacter], fighter: int, target: int
) -> FightState:
    """A fighter whose opponent is out chooses a new one among the able fighters."""
    if fighter not in needs_new_target(state, characters):
        raise RuleError(
            Code.RETARGET_NOT_ALLOWED, fighter=fighter, current=state.target_of(fighter)
        )
    check_target(state, fighter, target)
    if target not in able_fighters(state, characters):
        raise RuleError(
            Code.INVALID_OPPONENT, chooser=fighter, target=target, problem=TargetProblem.OUT
        )
    return replace(state, picks=(*state.picks, Choice(fighter, target)))


def with_default_targets(state: FightState, characters: Sequence[PoolCharacter]) -> FightState:
    """Give every fighter who needs a new opponent the default one (on timeout)."""
    for fighter in needs_new_target(state, characters):
        target = default_new_target(state, characters, fighter)
        if target is not None:
            state = replace(state, picks=(*state.picks, Choice(fighter, target)))
    return state


def stand_after_fight(
    characters: Sequence[PoolCharacter], fighters: Sequence[int]
) -> tuple[PoolCharacter, ...]:
    """The fight is over: its living ``fighters`` who fell are on their feet again. A fall is a
    fight's matter; the next fight starts with everyone standing (the project's reading: the
    rules say nothing of a fall outliving its fight)."""
    ending = set(fighters)
    return tuple(
        replace(c, fallen=False) if c.number in ending and c.fallen and c.alive else c
        for c in characters
    )


def flee(state: FightState, fighter: int) -> FightState:
    """The fighter left the hall: out of the fight for good."""
    if fighter not in state.initiative:
        raise RuleError(Code.UNKNOWN_CHARACTER, number=fighter)
    return replace(state, fled=state.fled | {fighter})

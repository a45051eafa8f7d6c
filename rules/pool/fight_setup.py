"""Group fight setup: who fights, the choosing of opponents, retargeting (rulebook: pool / Group
fight).

Model: a free-for-all where every fighter attacks one opponent. There are no teams in the
rules, so each fighter is their own side; the fight is over when fewer than two fighters are
able to fight (alive, health above 0, still in the fight). Any able fighter can always be chosen
as a new opponent, so "no able fighter has an able opponent" is the same condition.

Choosing, before round 1: in initiative order from LOWEST to highest, each fighter who still
has the right chooses an opponent. Anyone chosen loses the right and is bound. A fighter who
chose before being chosen keeps their own choice. A bound fighter attacks one of those who
chose them: :func:`pick_opponent`, by default the first who chose them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from rules.dice import Dice
from rules.errors import Code, RuleError
from rules.pool.exchange import Unable
from rules.pool.model import PoolCharacter
from rules.pool.roll import InitiativeResult, initiative_order

MIN_FIGHTERS = 2


class TargetProblem(StrEnum):
    """Why an opponent cannot be chosen."""

    SELF = "self"
    NOT_IN_FIGHT = "not_in_fight"
    OUT = "out"
    NOT_A_CHOOSER = "not_a_chooser"


@dataclass(frozen=True, slots=True)
class Choice:
    """``chooser`` goes for ``target``."""

    chooser: int
    target: int


@dataclass(frozen=True, slots=True)
class FightState:
    """A group fight. ``initiative`` is highest first; ``choices`` the setup choices in order;
    ``picks`` later decisions (a bound fighter's pick, new opponents), the latest winning;
    ``round`` the number of rounds resolved so far."""

    hall: int
    initiative: tuple[int, ...]
    choices: tuple[Choice, ...] = ()
    picks: tuple[Choice, ...] = ()
    fled: frozenset[int] = frozenset()
    round: int = 0

    @property
    def choosing_order(self) -> tuple[int, ...]:
        """Initiative from lowest to highest: the order of choosing."""
        return tuple(reversed(self.initiative))

    def in_fight(self, fighter: int) -> bool:
        return fighter in self.initiative and fighter not in self.fled

    def chose(self, fighter: int) -> int | None:
        """Whom the fighter chose during setup, if they chose."""
        return next((c.target for c in self.choices if c.chooser == fighter), None)

    def chosen_by(self, fighter: int) -> tuple[int, ...]:
        """Those who chose the fighter during setup, in the order they chose."""
        return tuple(c.chooser for c in self.choices if c.target == fighter)

    def has_right(self, fighter: int) -> bool:
        """Still has the right to choose: in the fight, has not chosen, nobody chose them."""
        return (
            self.in_fight(fighter) and self.chose(fighter) is None and not self.chosen_by(fighter)
        )

    def bound(self, fighter: int) -> bool:
        """Chosen by someone before choosing: attacks one of those who chose them."""
        return self.chose(fighter) is None and bool(self.chosen_by(fighter))

    def target_of(self, fighter: int) -> int | None:
        """The fighter's current opponent: the latest pick, else their choice, else the first
        who chose them."""
        picked = [c.target for c in self.picks if c.chooser == fighter]
        if picked:
            return picked[-1]
        own = self.chose(fighter)
        if own is not None:
            return own
        choosers = self.chosen_by(fighter)
        return choosers[0] if choosers else None


def index(characters: Sequence[PoolCharacter]) -> dict[int, PoolCharacter]:
    """Characters by number."""
    return {character.number: character for character in characters}


def fighters_index(
    state: FightState, characters: Sequence[PoolCharacter]
) -> dict[int, PoolCharacter]:
    """Characters by number; raises ``UNKNOWN_CHARACTER`` if a fighter is missing."""
    known = index(characters)
    for fighter in state.initiative:
        if fighter not in known:
            raise RuleError(Code.UNKNOWN_CHARACTER, number=fighter)
    return known


def can_fight(character: PoolCharacter) -> bool:
    """Alive, awake and above 0 health (fallen fighters can still stand up)."""
    return character.alive and character.health > 0 and not character.asleep


def start_fight(
    characters: Sequence[PoolCharacter], fighters: Sequence[int], dice: Dice
) -> tuple[FightState, InitiativeResult]:
    """Check the fighters (2+, distinct, able, one hall) and roll initiative for them."""
    known = index(characters)
    seen: set[int] = set()
    for number in fighters:
        if number in seen:
            raise RuleError(Code.DUPLICATE_FIGHTER, character=number)
        seen.add(number)
        if number not in known:
            raise RuleError(Code.UNKNOWN_CHARACTER, number=number)
        character = known[number]
        if not character.alive:
            raise RuleError(Code.FIGHTER_UNAVAILABLE, character=number, reason=Unable.DEAD)
        if character.health <= 0:
            raise RuleError(Code.FIGHTER_UNAVAILABLE, character=number, reason=Unable.NO_HEALTH)
        if character.asleep:
            raise RuleError(Code.FIGHTER_UNAVAILABLE, character=number, reason=Unable.ASLEEP)
    if len(seen) < MIN_FIGHTERS:
        raise RuleError(Code.NOT_ENOUGH_FIGHTERS, count=len(seen))
    halls = tuple(sorted({known[number].hall for number in fighters}))
    if len(halls) > 1:
        raise RuleError(Code.FIGHTERS_APART, halls=halls)
    initiative = initiative_order([known[number] for number in fighters], dice)
    return FightState(hall=halls[0], initiative=initiative.order), initiative


def current_chooser(state: FightState) -> int | None:
    """Who chooses next (lowest initiative first among those with the right); ``None`` when
    choosing is over."""
    return next((f for f in state.choosing_order if state.has_right(f)), None)


def check_target(state: FightState, chooser: int, target: int) -> None:
    """Raise ``INVALID_OPPONENT`` unless ``target`` is another fighter still in it."""
    if target == chooser:
        raise RuleError(
            Code.INVALID_OPPONENT, chooser=chooser, target=target, problem=TargetProblem.SELF
        )
    if target not in state.initiative:
        raise RuleError(
            Code.INVALID_OPPONENT,
            chooser=chooser,
            target=target,
            problem=TargetProblem.NOT_IN_FIGHT,
        )
    if target in state.fled:
        raise RuleError(
            Code.INVALID_OPPONENT, chooser=chooser, target=target, problem=TargetProblem.OUT
        )


def choose(state: FightState, chooser: int, target: int) -> FightState:
    """``chooser`` (whose turn it must be) chooses ``target`` (another fighter still in it)."""
    expected = current_chooser(state)
    if chooser != expected:
        raise RuleError(Code.NOT_YOUR_CHOICE, chooser=chooser, expected=expected)
    check_target(state, chooser, target)
    return replace(state, choices=(*state.choices, Choice(chooser, target)))


def default_target(state: FightState, chooser: int) -> int:
    """The choice made for a chooser who let the time run out: the lowest-numbered other
    fighter still in the fight."""
    return min(f for f in state.initiative if f != chooser and state.in_fight(f))


def pick_opponent(state: FightState, fighter: int, target: int) -> FightState:
    """A bound fighter picks which of those who chose them to attack (after choosing is over)."""
    pending = current_chooser(state)
    if pending is not None:
        raise RuleError(Code.CHOOSING_NOT_OVER, chooser=pending)
    if not state.bound(fighter):
        raise RuleError(Code.NOT_BOUND, fighter=fighter)
    if target not in state.chosen_by(fighter):
        raise RuleError(
            Code.INVALID_OPPONENT,
            chooser=fighter,
            target=target,
            problem=TargetProblem.NOT_A_CHOOSER,
        )
    return replace(state, picks=(*state.picks, Choice(fighter, target)))

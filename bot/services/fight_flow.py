"""How a pool fight moves on: who chooses next, who must be asked privately, when a round is
ready. Shared by the setup, the private choices and the rounds; every deadline is a DB timer."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from bot.services import timers
from bot.services.fight_store import CHOOSING, FIGHTING, FightView, PoolFight
from bot.services.games import settings_of
from bot.services.world import save_fighters
from rules.pool.fight_round import left_pocket_pills
from rules.pool.fight_setup import FightState, choose, current_chooser, default_target
from rules.pool.fight_targets import (
    able_fighters,
    default_new_target,
    flee,
    needs_new_target,
    retarget,
    stand_after_fight,
)
from rules.pool.model import PoolCharacter

JOIN_TIMER = "pool_fight_join"
CHOICE_TIMER = "pool_fight_choice"
ROUND_TIMER = "pool_fight_round"
TIMER_KINDS = (JOIN_TIMER, CHOICE_TIMER, ROUND_TIMER)
REMINDER_KINDS = (timers.reminded(CHOICE_TIMER), timers.reminded(ROUND_TIMER))


class Choosing(StrEnum):
    SETUP = "setup"
    PICK = "pick"
    RETARGET = "retarget"


@dataclass(frozen=True, slots=True)
class Options:
    """A private opponent choice: ``setup`` (before round 1) or, later, a bound fighter's
    ``pick`` or a ``retarget``; ``turn`` guards the buttons against staleness; ``default`` is
    taken when time runs out."""

    kind: Choosing
    turn: int
    targets: tuple[int, ...]
    default: int | None

    @property
    def setup(self) -> bool:
        return self.kind == Choosing.SETUP


def fighters(view: FightView) -> tuple[list[PoolCharacter], FightState]:
    """Every fighter's character as the view read it (inside the lock: the same rows the
    world holds) and the fight's state with anyone kicked, dead or gone from the hall counted
    as fled. No world needed: a press that does not end the round never loads it."""
    state = view.fight.state
    assert state is not None
    found: list[PoolCharacter] = []
    for number in state.initiative:
        character = view.characters[number]
        found.append(character)
        gone = number in view.gone or character.hall != state.hall
        if state.in_fight(number) and character.alive and gone:
            state = flee(state, number)
    return found, state


async def stand_up_fallen(view: FightView) -> FightView:
    """The fight ends without a round (the GM stopped it, or its last foe left): its fallen are
    on their feet again, saved (a round that ends it does this in the rules). Nobody fallen:
    nothing is written."""
    if view.fight.state is None:
        return view
    characters, _ = fighters(view)
    after = stand_after_fight(characters, view.fight.state.initiative)
    if after == tuple(characters):
        return view
    living = {n: row for n, row in view.rows.items() if n not in view.gone}
    await save_fighters(view.game, living, characters, [c for c in after if c.number in living])
    return replace(view, characters={**view.characters, **{c.number: c for c in after}})


def options(state: FightState, characters: list[PoolCharacter], fighter: int) -> Options:
    """The targets a fighter may choose among now (empty: nothing to choose)."""
    if current_chooser(state) is not None:
        if current_chooser(state) != fighter:
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


async def open_choosing(
    view: FightView, fight: PoolFight, characters: list[PoolCharacter]
) -> tuple[PoolFight, str, tuple[int, ...]]:
    """Ask the next chooser (a forced choice is made at once); when choosing is over, open
    round 1. Returns the fight, its stage and whom to ask privately."""
    state = fight.state
    assert state is not None
    while (chooser := current_chooser(state)) is not None:
        offer = options(state, characters, chooser)
        if len(offer.targets) != 1:
            seconds = settings_of(view.game).choice_timeout
            timer = await timers.schedule(CHOICE_TIMER, view.id, seconds)
            return replace(fight, state=state, timer_id=timer.id), CHOOSING, (chooser,)
        state = choose(state, chooser, offer.targets[0])
    return await open_round(view, replace(fight, state=state), characters)


async def open_round(
    view: FightView, fight: PoolFight, characters: list[PoolCharacter]
) -> tuple[PoolFight, str, tuple[int, ...]]:
    """A new round: bound fighters with several choosers pick (before round 1), fighters whose
    opponent is out choose a new one (a single option is taken at once); the round's timer."""
    state = fight.state
    assert state is not None
    awaiting: list[int] = []
    for fighter in state.choosing_order:
        offer = options(state, characters, fighter)
        if len(offer.targets) == 1 and fighter in needs_new_target(state, characters):
            state = retarget(state, characters, fighter, offer.targets[0])
        elif len(offer.targets) > 1:
            awaiting.append(fighter)
    seconds = settings_of(view.game).round_timeout
    timer_id = await timers.reschedule(ROUND_TIMER, view.id, seconds, fight.timer_id)
    opened = replace(fight, state=state, actions=(), awaiting=tuple(awaiting), timer_id=timer_id)
    return opened, FIGHTING, tuple(awaiting)


def expected(state: FightState, characters: list[PoolCharacter]) -> tuple[int, ...]:
    """Who acts this round: able fighters, and those at 0 with pills in the left pocket."""
    able = set(able_fighters(state, characters))
    at_zero = {
        c.number
        for c in characters
        if state.in_fight(c.number) and c.alive and c.health == 0 and left_pocket_pills(c) > 0
    }
    return tuple(f for f in state.initiative if f in able | at_zero)


def awaited(view: FightView) -> tuple[int, ...]:
    """Whom the round still waits for: fighters who have not chosen their action yet, and
    those whose private opponent choice is open."""
    state = view.fight.state
    assert state is not None
    acting = expected(state, [view.characters[n] for n in state.initiative])
    missing = [n for n in acting if view.fight.action_of(n) is None]
    return (*missing, *(n for n in view.fight.awaiting if n not in missing))


def ready(fight: PoolFight, state: FightState, characters: list[PoolCharacter]) -> bool:
    """Every private choice made and every expected fighter has chosen an action."""
    acted = {a.fighter for a in fight.actions}
    return not fight.awaiting and all(f in acted for f in expected(state, characters))


async def cancel_timers(fight_id: int) -> None:
    await timers.cancel(TIMER_KINDS, fight_id)

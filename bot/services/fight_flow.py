"""How a pool fight moves on in the shell: its timers, and the fight's view laid over the
rules' steps (:mod:`rules.pool.fight_flow`: who chooses next, whom a round waits for, when it
is ready). Shared by the setup, the private choices and the rounds; every deadline is a DB
timer."""

from __future__ import annotations

from dataclasses import replace

from bot.services import timers
from bot.services.fight_store import CHOOSING, FIGHTING, FightView, PoolFight
from bot.services.games import settings_of
from bot.services.world import save_fighters
from rules.pool import fight_flow as flow
from rules.pool.fight_setup import FightState, current_chooser
from rules.pool.fight_targets import stand_after_fight
from rules.pool.model import PoolCharacter

JOIN_TIMER = "pool_fight_join"
CHOICE_TIMER = "pool_fight_choice"
ROUND_TIMER = "pool_fight_round"
TIMER_KINDS = (JOIN_TIMER, CHOICE_TIMER, ROUND_TIMER)
REMINDER_KINDS = (timers.reminded(CHOICE_TIMER), timers.reminded(ROUND_TIMER))


def fighters(view: FightView) -> tuple[list[PoolCharacter], FightState]:
    """Every fighter's character as the view read it (inside the lock: the same rows the
    world holds) and the fight's state with anyone kicked, dead or gone from the hall counted
    as fled. No world needed: a press that does not end the round never loads it."""
    state = view.fight.state
    assert state is not None
    return flow.present(state, view.characters, view.gone)


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


async def open_choosing(
    view: FightView, fight: PoolFight, characters: list[PoolCharacter]
) -> tuple[PoolFight, str, tuple[int, ...]]:
    """Ask the next chooser (a forced choice is made at once); when choosing is over, open
    round 1. Returns the fight, its stage and whom to ask privately."""
    assert fight.state is not None
    state = flow.choose_on(fight.state, characters)
    chooser = current_chooser(state)
    if chooser is not None:
        seconds = settings_of(view.game).choice_timeout
        timer = await timers.schedule(CHOICE_TIMER, view.id, seconds)
        return replace(fight, state=state, timer_id=timer.id), CHOOSING, (chooser,)
    return await open_round(view, replace(fight, state=state), characters)


async def open_round(
    view: FightView, fight: PoolFight, characters: list[PoolCharacter]
) -> tuple[PoolFight, str, tuple[int, ...]]:
    """A new round: bound fighters with several choosers pick (before round 1), fighters whose
    opponent is out choose a new one (a single option is taken at once); the round's timer."""
    assert fight.state is not None
    state, awaiting = flow.open_round(fight.state, characters)
    seconds = settings_of(view.game).round_timeout
    timer_id = await timers.reschedule(ROUND_TIMER, view.id, seconds, fight.timer_id)
    opened = replace(fight, state=state, actions=(), awaiting=awaiting, timer_id=timer_id)
    return opened, FIGHTING, tuple(awaiting)


def awaited(view: FightView) -> tuple[int, ...]:
    """Whom the round still waits for: fighters who have not chosen their action yet, and
    those whose private opponent choice is open."""
    state = view.fight.state
    assert state is not None
    acting = flow.expected(state, [view.characters[n] for n in state.initiative])
    missing = [n for n in acting if view.fight.action_of(n) is None]
    return (*missing, *(n for n in view.fight.awaiting if n not in missing))


def ready(fight: PoolFight, state: FightState, characters: list[PoolCharacter]) -> bool:
    """Every private choice made and every expected fighter has chosen an action."""
    return flow.ready(fight.actions, fight.awaiting, state, characters)


async def cancel_timers(fight_id: int) -> None:
    await timers.cancel(TIMER_KINDS, fight_id)

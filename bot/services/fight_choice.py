"""Private opponent choices of a pool fight: the setup (lowest initiative first, one chooser at
a time), a bound fighter's pick among those who chose them, a new opponent when one is out."""

from __future__ import annotations

from dataclasses import replace

from bot.db.models import Game
from bot.services.errors import Refusal, ServiceError, StaleAction
from bot.services.fight_flow import CHOICE_TIMER, fighters, open_choosing
from bot.services.fight_rounds import resolve_if_ready
from bot.services.fight_store import (
    CHOOSING,
    FIGHTING,
    FightView,
    Outcome,
    PoolFight,
    load_open,
    save,
)
from bot.services.runtime import Runtime
from bot.services.timers import cancel
from rules.errors import RuleError
from rules.pool.fight_flow import timed_out_choice
from rules.pool.fight_setup import choose, current_chooser, pick_opponent
from rules.pool.fight_targets import needs_new_target, retarget


def _fighter(view: FightView, user_id: int) -> int:
    fighter = view.fighter_of(user_id)
    if fighter is None:
        raise ServiceError(Refusal.FIGHT_NOT_IN)
    return fighter


async def choose_target(
    game: Game,
    fight_id: int,
    user_id: int,
    target: int,
    setup: bool,
    turn: int,
    runtime: Runtime,
) -> Outcome:
    """A private button: the chooser's choice (setup), or a pick / a new opponent (fighting)."""
    async with runtime.locks.game(game.id) as game:
        view = await load_open(game, fight_id, CHOOSING if setup else FIGHTING)
        fighter = _fighter(view, user_id)
        if setup:
            return await runtime.announce(await _setup_choice(view, fighter, target, turn))
        return await runtime.announce(await _later_choice(view, fighter, target, turn, runtime))


async def _setup_choice(view: FightView, fighter: int, target: int, turn: int) -> Outcome:
    state = view.fight.state
    assert state is not None
    if current_chooser(state) != fighter:
        raise ServiceError(Refusal.FIGHT_NOT_YOUR_TURN)
    if len(state.choices) != turn:
        raise StaleAction()
    try:
        state = choose(state, fighter, target)
    except RuleError:
        raise ServiceError(Refusal.FIGHT_TARGET) from None
    return await _advance(view, replace(view.fight, state=state))


async def _advance(view: FightView, fight: PoolFight) -> Outcome:
    characters, _ = fighters(replace(view, fight=fight))
    await cancel(CHOICE_TIMER, view.id)
    fight, stage, prompts = await open_choosing(view, fight, characters)
    return Outcome(await save(view, fight, stage), prompts, opened=stage == FIGHTING)


async def _later_choice(
    view: FightView, fighter: int, target: int, turn: int, runtime: Runtime
) -> Outcome:
    state = view.fight.state
    assert state is not None
    if fighter not in view.fight.awaiting or state.round != turn:
        raise StaleAction()
    characters, state = fighters(view)
    try:
        if fighter in needs_new_target(state, characters):
            state = retarget(state, characters, fighter, target)
        else:
            state = pick_opponent(state, fighter, target)
    except RuleError:
        raise ServiceError(Refusal.FIGHT_TARGET) from None
    awaiting = tuple(f for f in view.fight.awaiting if f != fighter)
    view = await save(view, replace(view.fight, state=state, awaiting=awaiting))
    return await resolve_if_ready(view, runtime)


async def choice_timed_out(
    game: Game, fight_id: int, runtime: Runtime, *, timer_id: int | None = None
) -> Outcome | None:
    """The chooser let the time run out (or the GM moved on): the default target."""
    async with runtime.locks.game(game.id) as game:
        try:
            view = await load_open(game, fight_id, CHOOSING)
        except StaleAction:
            return None
        if timer_id is not None and view.fight.timer_id != timer_id:
            return None
        state = view.fight.state
        assert state is not None
        chooser = current_chooser(state)
        if chooser is None:
            return None
        characters, _ = fighters(view)
        state = timed_out_choice(state, characters)
        return await runtime.announce(await _advance(view, replace(view.fight, state=state)))


async def open_choice_of(game: Game, fight_id: int, user_id: int) -> tuple[FightView, int]:
    """The user's fighter with a private choice open now (to send it again), or a refusal."""
    view = await load_open(game, fight_id, CHOOSING, FIGHTING)
    fighter = _fighter(view, user_id)
    state = view.fight.state
    assert state is not None
    waiting = (current_chooser(state),) if view.stage == CHOOSING else view.fight.awaiting
    if fighter not in waiting:
        raise ServiceError(Refusal.FIGHT_NOT_YOUR_TURN)
    return view, fighter


async def set_reachable(
    game: Game, fight_id: int, fighter: int, reachable: bool, runtime: Runtime
) -> Outcome | None:
    """Remember whether the bot could write to a fighter privately (shown in the group: in a
    new message when they cannot be reached, which mentions them)."""
    async with runtime.locks.game(game.id) as game:
        try:
            view = await load_open(game, fight_id)
        except StaleAction:
            return None
        others = tuple(n for n in view.fight.unreachable if n != fighter)
        marked = (*others, fighter) if not reachable else others
        if marked == view.fight.unreachable:
            return None
        saved = await save(view, replace(view.fight, unreachable=marked))
        return await runtime.announce(Outcome(saved, anew=not reachable))

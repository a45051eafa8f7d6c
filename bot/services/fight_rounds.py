"""Rounds of a pool fight: each fighter's action by button, then the round resolved all at once
(rulebook: pool / Group fight) when everyone has chosen, at the round timeout, or by the GM."""

from __future__ import annotations

from dataclasses import replace

from bot.db.models import Game
from bot.services.errors import Refusal, ServiceError, StaleAction
from bot.services.fight_flow import cancel_timers, fighters, open_round, ready, stand_up_fallen
from bot.services.fight_store import (
    FIGHTING,
    FINISHED,
    FightView,
    Outcome,
    RoundReport,
    load_open,
    save,
)
from bot.services.games import rolls_kept
from bot.services.runtime import Runtime
from bot.services.world import save_fighters, world_part
from rules.errors import Code, RuleError
from rules.pool.fight_flow import Act, Pending, still_allowed
from rules.pool.fight_round import (
    ActionProblem,
    RoundResult,
    check_action,
    left_pocket_pills,
    resolve_round,
)
from rules.pool.fight_table import ALL_PILLS
from rules.pool.fight_targets import able_fighters, fight_over, with_default_targets
from rules.pool.model import Item, PoolCharacter
from rules.pool.world import with_floor


async def act(
    chat_id: int,
    fight_id: int,
    user_id: int,
    round_number: int,
    move: Act,
    count: int,
    runtime: Runtime,
) -> Outcome:
    """The presser's own character chooses this round's action; the last one resolves it.

    The hot path of a fight: a press that does not end the round reads the game, its fight
    and the fighters (three statements), and writes the fight (one). The press that ends it
    writes the fight once, resolved, with its action in the round."""
    async with runtime.locks.chat(chat_id) as game:
        view = await load_open(game, fight_id, FIGHTING)
        fighter = view.fighter_of(user_id)
        if fighter is None:
            raise ServiceError(Refusal.FIGHT_NOT_IN)
        state = view.fight.state
        assert state is not None
        if state.round != round_number:
            raise StaleAction()
        if view.fight.action_of(fighter) is not None:
            raise ServiceError(Refusal.FIGHT_ALREADY_ACTED)
        characters, state = fighters(view)
        me = next(c for c in characters if c.number == fighter)
        if not state.in_fight(fighter) or not me.alive:
            raise ServiceError(Refusal.FIGHT_ACTION, problem=ActionProblem.NOT_IN_FIGHT)
        if move == Act.PILLS and count == ALL_PILLS:  # none: refused as too many, like 1
            count = max(left_pocket_pills(me), 1)
        pending = Pending(fighter, move, count)
        try:
            check_action(me, pending.action(), state, set(able_fighters(state, characters)))
        except RuleError as error:
            if error.code is Code.INVALID_ACTION:
                problem = error.details["problem"]
                raise ServiceError(Refusal.FIGHT_ACTION, problem=problem) from None
            if error.code is not Code.STALE_TARGET:  # a new opponent comes before the roll
                raise
        view = replace(view, fight=replace(view.fight, actions=(*view.fight.actions, pending)))
        if ready(view.fight, state, characters):  # the last press: one write, the round's
            return await runtime.announce(await _resolve(view, runtime))
        return await runtime.announce(Outcome(await save(view, view.fight)))


async def resolve_if_ready(view: FightView, runtime: Runtime) -> Outcome:
    """Resolve the round when nobody is left to choose (call inside the game's lock)."""
    characters, state = fighters(view)
    if not ready(view.fight, state, characters):
        return Outcome(view)
    return await _resolve(view, runtime)


async def resolve_now(
    game: Game, fight_id: int, runtime: Runtime, *, timer_id: int | None = None
) -> Outcome | None:
    """The round timeout (``timer_id``) or the GM: missing actions are the defaults (attack)."""
    async with runtime.locks.game(game.id) as game:
        try:
            view = await load_open(game, fight_id, FIGHTING)
        except StaleAction:
            if timer_id is not None:
                return None
            raise
        if timer_id is not None and view.fight.timer_id != timer_id:
            return None
        return await runtime.announce(await _resolve(view, runtime))


async def _save_round(
    view: FightView, before: list[PoolCharacter], result: RoundResult, hall: int
) -> None:
    """The fighters as the round left them (the same rows the world would read: all inside the
    lock), and the floor of the hall when swords or the belongings of the dead fell on it; the
    rest of the world is not read."""
    living = {n: row for n, row in view.rows.items() if n not in view.gone}
    after = [c for c in result.characters if c.number in living]
    part = None
    if result.dropped_swords or result.spilled:
        part = world_part(view.game, hall)
        for _ in result.dropped_swords:
            part = with_floor(part, hall, part.floor(hall).add(Item.SWORD))
        for spilled in result.spilled:
            part = with_floor(part, spilled.hall, spilled.onto(part.floor(spilled.hall)))
    await save_fighters(view.game, living, before, after, part, fight=view.record.id)


async def _resolve(view: FightView, runtime: Runtime) -> Outcome:
    game = view.game
    characters, state = fighters(view)
    if fight_over(state, characters):  # someone left or fell between rounds: no round at all
        await cancel_timers(view.id)
        view = await stand_up_fallen(view)
        done = replace(view.fight, state=state, actions=(), awaiting=(), timer_id=None)
        return Outcome(await save(view, done, FINISHED))
    state = with_default_targets(state, characters)
    actions = still_allowed(view.fight.actions, characters, state)
    actor = f"fight {view.id}"
    dice = runtime.dice_factory(game)
    result = resolve_round(characters, state, actions, dice)  # before the transaction opens
    async with rolls_kept(game, dice, "pool_round", actor):
        game.next_roll_index = dice.next_index  # saved with the world: one update of the game
        await _save_round(view, characters, result, state.hall)
        fight = replace(view.fight, state=result.state, actions=(), awaiting=())
        prompts: tuple[int, ...] = ()
        if result.over:
            fight, stage = replace(fight, timer_id=None), FINISHED
        else:
            fight, stage, prompts = await open_round(view, fight, list(result.characters))
        saved = await save(view, fight, stage)
    if result.over:
        await cancel_timers(view.id)
    report = RoundReport(result, {c.number: c for c in characters})
    return Outcome(_after(saved, result), prompts, report)


def _after(view: FightView, result: RoundResult) -> FightView:
    """The view with the round's characters, as :func:`view_of` would read them back (the
    dead have left play), without reading them back."""
    changed = {c.number: c for c in result.characters}
    dead = {n for n, c in changed.items() if not c.alive}
    return replace(view, characters={**view.characters, **changed}, gone=view.gone | dead)

"""d20 battle turns: attacks and spells, finishing the fallen, passes, narration, timeouts."""

from __future__ import annotations

from dataclasses import replace

from tortoise.transactions import in_transaction

from bot.db.models import Game
from bot.services import timers
from bot.services.battle_news import BattleNews, Step, TurnResult
from bot.services.battle_store import (
    NARRATION_TIMER,
    TURN_TIMER,
    BattleSnapshot,
    BattleStage,
    BattleState,
    load_battle,
    save,
)
from bot.services.battle_story import check_class_action, told_variant
from bot.services.errors import Refusal, ServiceError, StaleAction
from bot.services.games import game_dice, settings_of
from bot.services.runtime import Runtime
from rules.d20 import (
    AttackKind,
    Battle,
    BattleStatus,
    Combatant,
    attack,
    end_turn,
    finish,
    finish_key,
    story_key,
)
from rules.errors import Code, RuleError


def fallen_enemies(battle: Battle, side: str) -> tuple[Combatant, ...]:
    """Enemies of ``side`` lying at 0 HP and not yet dead: who may be finished off."""
    return tuple(
        c
        for c in battle.combatants
        if c.side != side and not c.character.standing and not c.character.dead
    )


async def advance(
    game: Game, snap: BattleSnapshot, battle: Battle, told: BattleState | None = None
) -> BattleSnapshot:
    """Save the battle after a change: the next stage, a fresh step and the right timer.
    ``told``: a state whose record of told narrative variants is to be kept."""
    async with in_transaction():  # a savepoint inside the dice's transaction
        return await _advance(game, snap, battle, told)


async def announce(game: Game, result: TurnResult, runtime: Runtime) -> TurnResult:
    """Owe the group the turn's message (in the turn's transaction)."""
    await runtime.announce(BattleNews(game, result.snap, Step.TURN, result))
    return result


async def _advance(
    game: Game, snap: BattleSnapshot, battle: Battle, told: BattleState | None
) -> BattleSnapshot:
    ref = snap.record.id
    await timers.cancel(TURN_TIMER, ref)
    await timers.cancel(NARRATION_TIMER, ref)
    state = replace(
        snap.state,
        battle=battle,
        step=snap.state.step + 1,
        narrator_user=None,
        timer_id=None,
        told=(told or snap.state).told,
    )
    settings = settings_of(game)
    if battle.narration_due is not None:
        timer = await timers.schedule(NARRATION_TIMER, ref, settings.narration_timeout)
        narrator = state.owner(battle.narration_due)
        state = replace(state, narrator_user=narrator, timer_id=timer.id)
        stage = BattleStage.NARRATION
    elif battle.status is BattleStatus.FINISHED:
        left = battle.winner is not None and fallen_enemies(battle, battle.winner)
        stage = BattleStage.FINISHED if left else BattleStage.CLOSED
    else:
        timer = await timers.schedule(TURN_TIMER, ref, settings.round_timeout)
        state = replace(state, timer_id=timer.id)
        stage = BattleStage.FIGHTING
    return await save(game, snap, state, stage)


def _check_turn(snap: BattleSnapshot, user_id: int, step: int) -> Combatant:
    # A press from an earlier turn is stale whoever makes it (a double press lands here).
    if step != snap.state.step:
        raise StaleAction()
    current = snap.battle.current
    if snap.state.owner(current.name) != user_id:
        raise ServiceError(Refusal.NOT_YOUR_BUTTON)
    return current


def _name_at(battle: Battle, index: int) -> str:
    if not 0 <= index < len(battle.combatants):
        raise StaleAction()
    return battle.combatants[index].name


async def act(
    game: Game,
    battle_id: int,
    user_id: int,
    step: int,
    kind: AttackKind,
    target: int,
    runtime: Runtime,
) -> TurnResult:
    """The current combatant attacks, casts at an enemy, or casts a buff on their side."""
    async with runtime.locks.game(game.id) as game:
        snap = await load_battle(game, battle_id, BattleStage.FIGHTING)
        current = _check_turn(snap, user_id, step)
        actor = current.name
        target_name = _name_at(snap.battle, target)
        check_class_action(game, current, kind)
        async with game_dice(game, "d20_attack", actor, runtime.dice_factory) as dice:
            seed = dice.next_index
            try:
                battle, report = attack(snap.battle, actor, target_name, kind, dice)
            except RuleError:
                raise StaleAction() from None
            aimed = snap.battle.combatant(target_name).character
            story = story_key(report, current.character, aimed)
            variant, told = told_variant(snap, story, seed)
            snap = await advance(game, snap, battle, told)
        result = TurnResult(
            snap, actor, kind, attack=report, story=story, variant=variant, skipped=report.skipped
        )
        return await announce(game, result, runtime)


async def finish_off(
    game: Game,
    battle_id: int,
    user_id: int,
    step: int,
    kind: AttackKind,
    target: int,
    runtime: Runtime,
) -> TurnResult:
    """Finish off a fallen enemy: the current combatant's turn, or a winner's after the end."""
    async with runtime.locks.game(game.id) as game:
        snap = await load_battle(game, battle_id, BattleStage.FIGHTING, BattleStage.FINISHED)
        if snap.stage is BattleStage.FIGHTING:
            actor = _check_turn(snap, user_id, step).name
        else:
            mine = snap.state.fighter_of(user_id)
            if mine is None:
                raise ServiceError(Refusal.NOT_YOUR_BUTTON)
            if step != snap.state.step:
                raise StaleAction()
            actor = mine.name
        try:
            battle, report = finish(snap.battle, actor, _name_at(snap.battle, target))
        except RuleError as error:
            if error.code is Code.NOT_STANDING:
                raise ServiceError(Refusal.CANNOT_FIGHT, name=actor, state="other") from None
            raise StaleAction() from None
        check_class_action(game, snap.battle.combatant(actor), kind)
        story = finish_key(kind)
        variant, told = told_variant(snap, story, snap.state.step)
        snap = await advance(game, snap, battle, told)
        result = TurnResult(
            snap, actor, kind, finish=report, story=story, variant=variant, skipped=report.skipped
        )
        return await announce(game, result, runtime)


async def pass_turn(
    game: Game, battle_id: int, user_id: int, step: int, runtime: Runtime
) -> TurnResult:
    """The current combatant lets their turn go without a roll."""
    async with runtime.locks.game(game.id) as game:
        snap = await load_battle(game, battle_id, BattleStage.FIGHTING)
        actor = _check_turn(snap, user_id, step).name
        battle, skipped = end_turn(snap.battle, actor)
        snap = await advance(game, snap, battle)
        return await announce(game, TurnResult(snap, actor, passed=True, skipped=skipped), runtime)


async def spare(
    game: Game, battle_id: int, user_id: int, is_admin: bool, step: int, runtime: Runtime
) -> TurnResult:
    """A standing winner (or an admin) leaves the fallen alive: the battle closes."""
    async with runtime.locks.game(game.id) as game:
        snap = await load_battle(game, battle_id, BattleStage.FINISHED)
        mine = snap.state.fighter_of(user_id)
        winner = (
            mine is not None
            and snap.battle.combatant(mine.name).side == snap.battle.winner
            and snap.battle.combatant(mine.name).character.standing
        )
        if not winner and not is_admin:
            raise ServiceError(Refusal.NOT_YOUR_BUTTON)
        if step != snap.state.step:
            raise StaleAction()
        state = replace(snap.state, step=snap.state.step + 1)
        snap = await save(game, snap, state, BattleStage.CLOSED)
        result = TurnResult(snap, mine.name if winner and mine is not None else "")
        await runtime.announce(BattleNews(game, snap, Step.SPARED, result))
    return result

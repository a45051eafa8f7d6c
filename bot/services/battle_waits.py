"""d20 battle waits: the narration turn (a message, its timeout, an admin's skip) and the
turn timeout."""

from __future__ import annotations

from bot.db.models import Encounter, Game, GameStatus
from bot.services.battle_news import Cause, TurnResult
from bot.services.battle_store import (
    KIND,
    BattleSnapshot,
    BattleStage,
    load_battle,
    open_battle_in,
    snapshot,
)
from bot.services.battle_turns import advance, announce
from bot.services.errors import Refusal, ServiceError, StaleAction
from bot.services.runtime import Runtime
from rules.d20 import end_turn, narrate


async def narration_waiting(chat_id: int, user_id: int) -> Encounter | None:
    """The battle in this chat waiting for this user's description, if any."""
    record = await Encounter.filter(
        chat_id=chat_id,
        kind=KIND,
        stage=BattleStage.NARRATION.value,
        game__status=GameStatus.ACTIVE,
    ).first()
    if record is None or snapshot(record).state.narrator_user != user_id:
        return None
    return record


async def _narrated(game: Game, snap: BattleSnapshot, cause: Cause, runtime: Runtime) -> TurnResult:
    narrator = snap.battle.narration_due
    assert narrator is not None
    snap = await advance(game, snap, narrate(snap.battle, narrator))
    return await announce(game, TurnResult(snap, narrator, narrated=True, cause=cause), runtime)


async def _lost(game: Game, snap: BattleSnapshot, cause: Cause, runtime: Runtime) -> TurnResult:
    """The current turn goes by without a roll."""
    actor = snap.battle.current.name
    battle, skipped = end_turn(snap.battle, actor)
    snap = await advance(game, snap, battle)
    result = TurnResult(snap, actor, passed=True, skipped=skipped, cause=cause)
    return await announce(game, result, runtime)


async def narrated(game: Game, battle_id: int, user_id: int, runtime: Runtime) -> TurnResult | None:
    """The affected player described their state in the group: the fight goes on."""
    async with runtime.locks.game(game.id) as game:
        try:
            snap = await load_battle(game, battle_id, BattleStage.NARRATION)
        except StaleAction:
            return None
        if snap.state.narrator_user != user_id:
            return None
        return await _narrated(game, snap, Cause.PLAYER, runtime)


async def _timer_battle(
    game: Game, battle_id: int, timer_id: int, stage: BattleStage
) -> BattleSnapshot | None:
    if game.status != GameStatus.ACTIVE:
        return None
    try:
        snap = await load_battle(game, battle_id, stage)
    except StaleAction:
        return None
    return snap if snap.state.timer_id == timer_id else None


async def narration_timed_out(
    game: Game, battle_id: int, timer_id: int, runtime: Runtime
) -> TurnResult | None:
    async with runtime.locks.game(game.id) as game:
        snap = await _timer_battle(game, battle_id, timer_id, BattleStage.NARRATION)
        return None if snap is None else await _narrated(game, snap, Cause.TIMEOUT, runtime)


async def turn_timed_out(
    game: Game, battle_id: int, timer_id: int, runtime: Runtime
) -> TurnResult | None:
    """Nobody waits forever: an unplayed turn is skipped when the round timeout runs out."""
    async with runtime.locks.game(game.id) as game:
        snap = await _timer_battle(game, battle_id, timer_id, BattleStage.FIGHTING)
        return None if snap is None else await _lost(game, snap, Cause.TIMEOUT, runtime)


async def admin_skip(game: Game, runtime: Runtime) -> TurnResult:
    """An admin's /skip: the owed description, else the current turn."""
    async with runtime.locks.game(game.id) as game:
        snap = await open_battle_in(game)
        if snap is None or snap.stage is BattleStage.JOINING:
            raise ServiceError(Refusal.NO_BATTLE)
        if snap.stage is BattleStage.NARRATION:
            return await _narrated(game, snap, Cause.ADMIN, runtime)
        return await _lost(game, snap, Cause.ADMIN, runtime)

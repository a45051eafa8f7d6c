"""d20 battles (rulebook: d20) in a group: opening, joining, the start with its initiative."""

from __future__ import annotations

from dataclasses import replace

from tortoise.transactions import in_transaction

from bot.db.models import Character, CharacterStatus, Encounter, Game
from bot.services import timers
from bot.services.battle_news import BattleNews, Step
from bot.services.battle_store import (
    JOIN_TIMER,
    KIND,
    SIDES,
    TURN_TIMER,
    BattleSnapshot,
    BattleStage,
    BattleState,
    Fighter,
    load_battle,
    open_battle_in,
    require_d20,
    save,
    snapshot,
)
from bot.services.characters import living_character, rule_state
from bot.services.codec import dump
from bot.services.downed import cannot_fight
from bot.services.errors import Refusal, ServiceError, StaleAction
from bot.services.games import game_dice, settings_of
from bot.services.runtime import Runtime
from rules.d20 import D20Character, start_battle


async def open_battle(
    game: Game,
    user_id: int,
    user_name: str,
    is_admin: bool,
    side_names: tuple[str, str],
    chat_id: int,
    thread_id: int | None,
    runtime: Runtime,
) -> BattleSnapshot:
    """An admin or any player with a character opens a battle; joining lasts the join window."""
    require_d20(game)
    if not is_admin and await living_character(game, user_id) is None:
        raise ServiceError(Refusal.NO_OWN_CHARACTER)
    async with runtime.locks.game(game.id) as game:
        if await open_battle_in(game) is not None:
            raise ServiceError(Refusal.BATTLE_BUSY)
        state = BattleState(opener=user_id, opener_name=user_name, side_names=side_names)
        async with in_transaction():
            snap = await _create(game, state, chat_id, thread_id)
        return await _news(game, snap, Step.OPENED, runtime)


async def _create(
    game: Game, state: BattleState, chat_id: int, thread_id: int | None
) -> BattleSnapshot:
    record = await Encounter.create(
        game_id=game.id,
        kind=KIND,
        stage=BattleStage.JOINING.value,
        state=dump(state),
        chat_id=chat_id,
        thread_id=thread_id,
    )
    timer = await timers.schedule(JOIN_TIMER, record.id, settings_of(game).join_window)
    return await save(
        game, snapshot(record), replace(state, timer_id=timer.id), BattleStage.JOINING
    )


async def join(
    game: Game, battle_id: int, user_id: int, side: str, runtime: Runtime
) -> tuple[BattleSnapshot, Fighter]:
    """The user's standing character takes ``side`` (or switches to it)."""
    if side not in SIDES:
        raise StaleAction()
    character = await living_character(game, user_id)
    if character is None:
        raise ServiceError(Refusal.NO_OWN_CHARACTER)
    state = rule_state(game, character)
    if not state.standing:
        raise cannot_fight(game, character, state)
    async with runtime.locks.game(game.id) as game:
        snap = await load_battle(game, battle_id, BattleStage.JOINING)
        mine = snap.state.fighter_of(user_id)
        if mine is not None and mine.side == side:
            raise ServiceError(Refusal.BATTLE_JOINED)
        fighter = Fighter(character.number, user_id, character.name, side, character.gender)
        if mine is None:
            fighters = (*snap.state.fighters, fighter)
        else:  # switching sides keeps the joining order
            fighters = tuple(fighter if f.user_id == user_id else f for f in snap.state.fighters)
        state = replace(snap.state, fighters=fighters)
        snap = await save(game, snap, state, BattleStage.JOINING)
        return await _news(game, snap, Step.JOINED, runtime), fighter


async def begin(
    game: Game, battle_id: int, user_id: int, is_admin: bool, runtime: Runtime
) -> BattleSnapshot:
    """The opener or an admin starts the battle before the join window ends."""
    async with runtime.locks.game(game.id) as game:
        snap = await load_battle(game, battle_id, BattleStage.JOINING)
        if user_id != snap.state.opener and not is_admin:
            raise ServiceError(Refusal.BATTLE_START)
        if any(not snap.state.on_side(side) for side in SIDES):
            raise ServiceError(Refusal.BATTLE_SIDES)
        await timers.cancel(JOIN_TIMER, battle_id)
        return await _start(game, snap, runtime)


async def joining_ended(
    game: Game, battle_id: int, timer_id: int, runtime: Runtime
) -> BattleSnapshot | None:
    """The join window is over: the battle starts if both sides have someone, else it lapses."""
    async with runtime.locks.game(game.id) as game:
        record = await Encounter.get_or_none(id=battle_id, stage=BattleStage.JOINING.value)
        if record is None:
            return None
        snap = snapshot(record)
        if snap.state.timer_id != timer_id:
            return None
        return await _start(game, snap, runtime)


async def _start(game: Game, snap: BattleSnapshot, runtime: Runtime) -> BattleSnapshot:
    """Roll initiative for those still able to fight, in joining order; else the battle lapses."""
    rows = {
        c.number: c
        for c in await Character.filter(
            game_id=game.id, number__in=[f.number for f in snap.state.fighters]
        )
    }
    able: list[tuple[Fighter, D20Character]] = []
    for fighter in snap.state.fighters:
        row = rows.get(fighter.number)
        if row is not None and row.status == CharacterStatus.ACTIVE:
            character: D20Character = rule_state(game, row)
            if character.standing:
                able.append((fighter, character))
    state = replace(snap.state, fighters=tuple(f for f, _ in able), timer_id=None)
    if len({f.side for f, _ in able}) < 2:
        lapsed = await save(game, snap, state, BattleStage.LAPSED)
        return await _news(game, lapsed, Step.STARTED, runtime)
    async with game_dice(
        game, "d20_initiative", f"battle {snap.record.id}", runtime.dice_factory
    ) as dice:
        battle = start_battle([(c, f.side) for f, c in able], dice)
        timer = await timers.schedule(TURN_TIMER, snap.record.id, settings_of(game).round_timeout)
        state = replace(state, battle=battle, step=state.step + 1, timer_id=timer.id)
        started = await save(game, snap, state, BattleStage.FIGHTING)
    return await _news(game, started, Step.STARTED, runtime)


async def _news(game: Game, snap: BattleSnapshot, step: Step, runtime: Runtime) -> BattleSnapshot:
    """Owe the group what ``step`` changed (in the caller's transaction); the battle now."""
    await runtime.announce(BattleNews(game, snap, step))
    return snap

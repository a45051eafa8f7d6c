"""Cycle ticks of a pool game: by an admin's /tick or by the automatic timer.

A tick runs under the game's lock: load the world, roll inside the game's dice block, tick by
the rules, save (rolls, world and the next automatic tick in one transaction), and only then
does the caller send anything. The automatic tick is a database timer re-armed by every tick:
timers are claimed exactly once, so each cycle runs once even with several replicas.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.db.models import Game, GameStatus, GameSystem
from bot.services import timers
from bot.services.errors import Refusal, ServiceError
from bot.services.fight_store import busy_numbers
from bot.services.games import game_dice, settings_of
from bot.services.runtime import Runtime
from bot.services.world import load_world, save_world
from rules.errors import RuleError
from rules.pool.cycle import TickResult, tick
from rules.pool.world import World

AUTO_TICK = "pool_auto_tick"
TICK_PURPOSE = "pool_tick"


@dataclass(frozen=True, slots=True)
class TickReport:
    """A finished tick: the world before, the rules' result, and who owns each character."""

    game: Game
    before: World
    result: TickResult
    owners: dict[int, int]  # character number -> Telegram user id
    names: dict[int, str]

    @property
    def cycle(self) -> int:
        return self.result.world.cycle


async def arm_auto_tick(game: Game) -> bool:
    """(Re)arm the game's automatic tick from its setting; 0 or an ended game disarms it.

    Call it whenever ``auto_tick_minutes`` changes (the /game settings) and after each tick.
    Returns whether a timer is now pending.
    """
    minutes = settings_of(game).auto_tick_minutes
    if minutes <= 0 or game.status != GameStatus.ACTIVE or game.system != GameSystem.POOL:
        await timers.cancel(AUTO_TICK, game.id)
        return False
    await timers.schedule(AUTO_TICK, game.id, minutes * 60)
    return True


async def run_tick(game: Game, runtime: Runtime) -> TickReport:
    """One cycle exactly as the rules order it; saved before anything is sent."""
    if game.system != GameSystem.POOL:
        raise ServiceError(Refusal.WRONG_SYSTEM)
    async with runtime.locks.game(game.id) as game:
        world, rows = await load_world(game)
        fighting = frozenset(await busy_numbers(game))
        actor = f"cycle {world.cycle + 1}"
        async with game_dice(game, TICK_PURPOSE, actor, runtime.dice_factory) as dice:
            try:
                result = tick(world, dice, fighting)
            except RuleError as error:
                raise ServiceError.of(error) from None
            await save_world(game, world, result.world, rows)
            await arm_auto_tick(game)
    owners = {number: row.user_id for number, row in rows.items()}
    names = {number: row.name for number, row in rows.items()}
    return TickReport(game, world, result, owners, names)


async def auto_tick(game_id: int, runtime: Runtime) -> TickReport | None:
    """The timer's tick: only for a running pool game whose setting is still on."""
    game = await Game.get_or_none(id=game_id)
    if game is None or game.status != GameStatus.ACTIVE or game.system != GameSystem.POOL:
        return None
    if settings_of(game).auto_tick_minutes <= 0:
        return None
    return await run_tick(game, runtime)

"""Cycle ticks of a pool game: by an admin's /tick or by the automatic timer.

A tick runs under the game's lock: load the world, roll inside the game's dice block, tick by
the rules, save (rolls, world and the next automatic tick) and owe its messages (the group's
summary, each player's private report: :mod:`bot.services.outbox`) in one transaction. A private
report that cannot be delivered is named in the summary afterwards (:func:`reports_unreached`).
The automatic tick is a database timer re-armed by every tick: timers are claimed exactly once,
so each cycle runs once even with several replicas.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from bot.db.models import Character, Game, GameStatus, GameSystem, OwedMessage
from bot.services import timers
from bot.services.characters import busy_numbers
from bot.services.errors import NoActiveGame, Refusal, ServiceError
from bot.services.games import game_dice, settings_of
from bot.services.outbox import Compose, announce
from bot.services.runtime import Runtime
from bot.services.world import load_world, save_world
from rules.errors import RuleError
from rules.pool.cycle import TickResult, tick
from rules.pool.world import World

AUTO_TICK = "pool_auto_tick"
TICK_PURPOSE = "pool_tick"
REPORT_HOOK = "tick_report"  # a private report's hook: tick_report:<game>:<cycle>:<number>


@dataclass(frozen=True, slots=True)
class TickReport:
    """A finished tick: the world before, the rules' result, and who owns each character."""

    game: Game
    before: World
    result: TickResult
    owners: dict[int, int]  # character number -> Telegram user id
    names: dict[int, str]
    thread_id: int | None = None  # the forum topic the summary goes to

    @property
    def cycle(self) -> int:
        return self.result.world.cycle


@dataclass(frozen=True, slots=True)
class ReportsUnreached:
    """Private reports of a cycle that could not be delivered (in the order they failed)."""

    game: Game
    cycle: int
    names: tuple[str, ...]


def report_hook(game_id: int, cycle: int, number: int) -> str:
    return f"{REPORT_HOOK}:{game_id}:{cycle}:{number}"


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


async def run_tick(
    game: Game, runtime: Runtime, compose: Compose[TickReport], thread_id: int | None = None
) -> TickReport:
    """One cycle exactly as the rules order it; saved with the messages it owes."""
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
            death = {"cycle": result.world.cycle, "tick": True}
            await save_world(game, world, result.world, rows, death=death)
            await arm_auto_tick(game)
        owners = {number: row.user_id for number, row in rows.items()}
        names = {number: row.name for number, row in rows.items()}
        report = TickReport(game, world, result, owners, names, thread_id)
        return await announce(compose, report)


async def auto_tick(
    game_id: int, runtime: Runtime, compose: Compose[TickReport]
) -> TickReport | None:
    """The timer's tick: only for a running pool game whose setting is still on."""
    game = await Game.get_or_none(id=game_id)
    if game is None or game.status != GameStatus.ACTIVE or game.system != GameSystem.POOL:
        return None
    if settings_of(game).auto_tick_minutes <= 0:
        return None
    return await run_tick(game, runtime, compose)


async def reports_unreached(
    hook: str, runtime: Runtime, compose: Compose[ReportsUnreached]
) -> ReportsUnreached | None:
    """A private report (its ``hook``) was given up: the cycle's summary names everyone whose
    report of that cycle was given up so far. Under the game's lock, so that the last of
    several failures names them all."""
    _, game_id, cycle, _ = hook.split(":")
    try:
        async with runtime.locks.game(int(game_id), paused_ok=True) as game:
            prefix = f"{REPORT_HOOK}:{game_id}:{cycle}:"
            failed = await OwedMessage.filter(hook__startswith=prefix, failed=True).order_by("id")
            numbers = [int(cast(str, row.hook).rsplit(":", 1)[1]) for row in failed]
            names = dict(
                await Character.filter(game_id=game.id, number__in=numbers).values_list(
                    "number", "name"
                )
            )
            unreached = ReportsUnreached(
                game, int(cycle), tuple(cast(str, names[n]) for n in numbers if n in names)
            )
            return await announce(compose, unreached)
    except NoActiveGame:
        return None  # the game ended since: its summary is history

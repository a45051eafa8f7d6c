"""The GM's look at a ``pool`` world (the Mini App's world page): the world as it is now, the
open fights, and when each pending timer (a fight's, the next automatic cycle) fires.

Looking only: nothing is locked or changed. Only the game's admins may look
(:func:`bot.services.permissions.is_game_admin`, the check of the chat's GM commands).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from aiogram import Bot

from bot.db.models import Game, GameStatus, Timer
from bot.services import cycles
from bot.services.characters import open_fights
from bot.services.codec import load
from bot.services.errors import Refusal, ServiceError
from bot.services.fights import TIMER_KINDS
from bot.services.permissions import is_game_admin
from bot.services.world_play import peek
from rules.pool.fight_table import PoolTable
from rules.pool.world import World


@dataclass(frozen=True, slots=True)
class OpenFight:
    id: int
    hall: int | None
    stage: str
    fighters: tuple[int, ...]
    due_at: datetime | None  # the fight's next deadline (joining, choosing or the round)


@dataclass(frozen=True, slots=True)
class WorldMap:
    game: Game
    world: World
    fights: tuple[OpenFight, ...]
    next_cycle_at: datetime | None  # the automatic cycle, when one is set


async def world_map(bot: Bot, game_id: int, user_id: int, admin_ids: frozenset[int]) -> WorldMap:
    """The world of game ``game_id`` for one of its admins, else ``NOT_ADMIN``."""
    game = await Game.get_or_none(id=game_id)
    if game is None or game.status == GameStatus.ENDED:
        raise ServiceError(Refusal.NO_GAME)
    if not await is_game_admin(bot, game.chat_id, user_id, admin_ids):
        raise ServiceError(Refusal.NOT_ADMIN)
    world = await peek(game)
    fights = []
    for record in await open_fights(game):
        fight = load(PoolTable, record.state)
        fights.append(
            OpenFight(
                record.id,
                record.hall,
                record.stage,
                tuple(fight.joined),
                await _due(TIMER_KINDS, record.id),
            )
        )
    return WorldMap(game, world, tuple(fights), await _due((cycles.AUTO_TICK,), game.id))


async def _due(kinds: tuple[str, ...], ref: int) -> datetime | None:
    """When the earliest pending timer of ``kinds`` for ``ref`` fires (an encounter has one
    clock at a time)."""
    timer = (
        await Timer.filter(kind__in=kinds, ref=ref, fired_at__isnull=True)
        .order_by("due_at")
        .first()
    )
    return timer.due_at if timer else None

"""An admin changing a game's settings: checked, applied to the stored settings, saved at once."""

from __future__ import annotations

from collections.abc import Callable

from aiogram import Bot

from bot.db.models import Game, GameStatus, GameSystem
from bot.services.cycles import arm_auto_tick
from bot.services.errors import GameEnded, Refusal, ServiceError
from bot.services.games import save_settings, settings_of
from bot.services.permissions import is_game_admin
from bot.services.settings import GameSettings


async def running_game(game_id: int) -> Game:
    game = await Game.get_or_none(id=game_id, status=GameStatus.ACTIVE)
    if game is None:
        raise GameEnded()
    return game


async def admin_game(bot: Bot, game_id: int, user_id: int, admin_ids: frozenset[int]) -> Game:
    """The running game, if ``user_id`` administers its chat right now."""
    game = await running_game(game_id)
    if not await is_game_admin(bot, game.chat_id, user_id, admin_ids):
        raise ServiceError(Refusal.NOT_ADMIN)
    return game


async def edit_settings(
    bot: Bot,
    game_id: int,
    user_id: int,
    admin_ids: frozenset[int],
    edit: Callable[[GameSettings], GameSettings],
) -> GameSettings:
    """Apply ``edit`` to the settings as stored now (not as some window last showed them)."""
    game = await admin_game(bot, game_id, user_id, admin_ids)
    before = settings_of(game)
    changed = edit(before)
    await save_settings(game, changed)
    if game.system == GameSystem.POOL and changed.auto_tick_minutes != before.auto_tick_minutes:
        await arm_auto_tick(game)
    return changed

"""Difficulty checks (DC) of a d20 game: one logged d20 from the game's dice."""

from __future__ import annotations

from bot.db.models import Game
from bot.services.battle_store import require_d20
from bot.services.games import game_dice
from bot.services.runtime import Runtime
from rules.d20 import CheckResult, Difficulty, check


async def roll_check(
    game: Game, difficulty: Difficulty, actor: str, runtime: Runtime
) -> CheckResult:
    """Roll a d20 against ``difficulty``; the die is logged under the purpose ``d20_check``."""
    require_d20(game)
    async with (
        runtime.locks.game(game.id) as game,
        game_dice(game, "d20_check", actor, runtime.dice_factory) as dice,
    ):
        return check(difficulty, dice)

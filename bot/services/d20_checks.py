"""Difficulty checks (DC) of a d20 game: one logged d20 from the game's dice."""

from __future__ import annotations

from bot.db.models import Game
from bot.services.battle_news import CheckRolled
from bot.services.battle_store import require_d20
from bot.services.games import game_dice
from bot.services.runtime import Runtime
from rules.d20 import Difficulty, check


async def roll_check(
    game: Game,
    difficulty: Difficulty,
    who: str,
    what: str,
    where: tuple[int, int | None],
    runtime: Runtime,
) -> CheckRolled:
    """Roll a d20 against ``difficulty`` for ``who`` trying ``what``; the die is logged under
    the purpose ``d20_check`` and its message owed to ``where`` (a chat and its topic) in the
    same transaction, so a rolled die is always shown."""
    require_d20(game)
    async with runtime.locks.game(game.id) as game:
        async with game_dice(game, "d20_check", who, runtime.dice_factory) as dice:
            result = check(difficulty, dice)
        chat_id, thread_id = where
        rolled = CheckRolled(chat_id, thread_id, game.locale, who, what, result)
        return await runtime.announce(rolled)

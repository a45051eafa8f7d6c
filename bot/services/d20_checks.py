"""Difficulty checks (DC) of a d20 game: one logged d20 from the game's dice."""

from __future__ import annotations

from dataclasses import dataclass

from bot.db.models import Game
from bot.services.battles import require_d20
from bot.services.games import game_dice
from bot.services.outbox import Compose, announce
from bot.services.runtime import Runtime
from rules.d20 import CheckResult, Difficulty, check


@dataclass(frozen=True, slots=True)
class CheckRolled:
    """A difficulty check rolled for ``who`` (``what``: what they try, may be empty)."""

    chat_id: int
    thread_id: int | None
    locale: str
    who: str
    what: str
    result: CheckResult


async def roll_check(
    game: Game,
    difficulty: Difficulty,
    who: str,
    what: str,
    where: tuple[int, int | None],
    runtime: Runtime,
    compose: Compose[CheckRolled],
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
        return await announce(compose, rolled)

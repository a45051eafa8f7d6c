"""A character's health in any system, as a game master's /heal and /rest restore it: pool's
health up to Живучесть, duel's and d20's HP up to their maximum."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from bot.db.models import Game, GameSystem
from bot.services import duels, encounter_store
from bot.services.battles import open_battle_in
from bot.services.characters import busy_numbers, open_fights
from rules.duel.encounter import KIND as DUEL_KIND


@dataclass(frozen=True, slots=True)
class Restored:
    """One character's health before and after a game master restored it."""

    number: int
    name: str
    user_id: int
    before: int
    after: int
    high: int


def health_of(game: Game, state: Any) -> tuple[int, int]:
    """The character's health now and its maximum."""
    if game.system == GameSystem.POOL:
        return int(state.health), int(state.max_health)
    return int(state.hp), int(state.max_hp)


def with_health(game: Game, state: Any, value: int) -> Any:
    """The rule state at ``value`` health. A pool character brought to 3 or more stops bleeding
    by the rules themselves (bleeding is checked against the health at the end of the cycle)."""
    if game.system == GameSystem.POOL:
        return replace(state, health=value)
    return replace(state, hp=value)


async def fighting(game: Game, number: int) -> bool:
    """Whether the character is in an open fight, duel or battle, which holds their state until
    it ends (a change now would be overwritten by it)."""
    if game.system == GameSystem.POOL:
        return number in await busy_numbers(game)
    if game.system == GameSystem.DUEL:
        return number in await duels.busy_numbers(game)
    battle = await open_battle_in(game)
    return battle is not None and any(f.number == number for f in battle.state.fighters)


async def any_fight(game: Game) -> bool:
    """Whether a fight, duel or battle of the game is open (from its call or challenge on)."""
    if game.system == GameSystem.POOL:
        return bool(await open_fights(game))
    if game.system == GameSystem.DUEL:
        return bool(await encounter_store.open_in(game, DUEL_KIND, duels.OPEN_STAGES))
    return await open_battle_in(game) is not None

"""Looking characters up for sheets: a user's own, a game's roster, and their rule states."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.db.models import Character, CharacterStatus, Game, GameStatus
from bot.services.characters import characters_of, rule_state
from rules.pool.model import PoolCharacter


@dataclass(frozen=True, slots=True)
class SheetEntry:
    """A character with its game and its decoded rule state."""

    game: Game
    character: Character
    state: Any


async def own_characters(user_id: int) -> list[SheetEntry]:
    """The user's characters still in play, one per running game, oldest game first."""
    rows = (
        await Character.filter(
            user_id=user_id, status=CharacterStatus.ACTIVE, game__status=GameStatus.ACTIVE
        )
        .select_related("game")
        .order_by("game_id")
    )
    return [SheetEntry(row.game, row, rule_state(row.game, row)) for row in rows]


async def roster(game: Game) -> list[SheetEntry]:
    """Every character of the game still in play and alive by the rules, by number."""
    entries = [SheetEntry(game, row, rule_state(game, row)) for row in await characters_of(game)]
    return [entry for entry in entries if is_alive(entry.state)]


def is_alive(state: Any) -> bool:
    """Alive by the rules (the row's status says whether it is still in the game)."""
    if isinstance(state, PoolCharacter):
        return state.alive
    return not getattr(state, "dead", False)

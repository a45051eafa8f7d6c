"""The ``pool`` world of a game: floors, cycle, winners in the game row; characters in theirs.

``load_world`` assembles the rules' :class:`World`; ``save_world`` writes back only what
changed, each row with a conditional update on its version, all in one transaction. Call both
inside the game's lock, with the game it yields (``async with runtime.locks.game(id) as game``):
the lock reads the game row, so the world is not read twice.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.db import statements
from bot.db.models import Character, CharacterStatus, Game, GameSystem
from bot.services.codec import dump, load
from bot.services.errors import StaleAction, WrongSystem
from bot.services.games import settings_of
from rules.pool.model import PoolCharacter
from rules.pool.world import World

_WORLD_FIELDS = ("cycle", "floors", "connections", "winners", "pick_ups")


async def load_world(game: Game) -> tuple[World, dict[int, Character]]:
    """The world and the character rows by number (living characters only), from ``game``
    as read inside the lock (or just now, for looking)."""
    if game.system != GameSystem.POOL:
        raise WrongSystem()
    rows = await statements.select(Character, game_id=game.id, status=CharacterStatus.ACTIVE)
    characters = tuple(load(PoolCharacter, row.state) for row in rows)
    halls = max(settings_of(game).halls, *(c.hall for c in characters), 1)
    stored: dict[str, Any] = {k: v for k, v in game.state.items() if k in _WORLD_FIELDS}
    base = load(World, {**dump(World(halls=halls)), **stored, "halls": halls, "characters": []})
    world = replace(base, characters=characters)
    return world, {row.number: row for row in rows}


async def save_world(game: Game, before: World, after: World, rows: dict[int, Character]) -> None:
    """Write the world part and every changed character; a dead one leaves play."""
    state = {k: v for k, v in dump(after).items() if k in _WORLD_FIELDS}
    # The roll index too: a caller that rolled inside its dice's block has moved it on, which
    # spares game_dice its own update of the row.
    values = {"state": state, "next_roll_index": game.next_roll_index}
    async with statements.atomic():
        where = {"id": game.id, "version": game.version}
        await statements.update_versioned(Game, where, values, ("version",), stale=StaleAction)
        game.version += 1
        game.state = state
        old = {c.number: c for c in before.characters}
        for character in after.characters:
            if old.get(character.number) == character:
                continue
            row = rows[character.number]
            changes: dict[str, Any] = {"state": dump(character)}
            if not character.alive:
                changes.update(status=CharacterStatus.DEAD, active_key=None)
            mine = {"id": row.id, "version": row.version}
            await statements.update_versioned(
                Character, mine, changes, ("version",), stale=StaleAction
            )
            row.version += 1
            row.state = changes["state"]

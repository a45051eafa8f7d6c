"""The ``pool`` world of a game: floors, cycle, winners in the game row; characters in theirs.

``load_world`` assembles the rules' :class:`World`; ``save_world`` writes back only what
changed, each row with a conditional update on its version, all in one transaction. Call both
inside the game's lock, with the game it yields (``async with runtime.locks.game(id) as game``):
the lock reads the game row, so the world is not read twice. A fight's round, which changes
only its fighters and perhaps a floor, uses ``save_fighters`` (and ``world_part``) instead: it
never reads the game's other characters.
"""

from __future__ import annotations

import typing
from collections.abc import Iterable, Mapping
from dataclasses import replace
from functools import lru_cache
from typing import Any, Protocol

from tortoise.expressions import F
from tortoise.transactions import in_transaction

from bot.db.models import Character, CharacterStatus, Game, GameSystem
from bot.services.codec import dump, load
from bot.services.deaths import noted
from bot.services.errors import Refusal, ServiceError, StaleAction
from bot.services.games import settings_of
from rules.pool.model import PoolCharacter
from rules.pool.world import World

_WORLD_FIELDS = ("cycle", "floors", "connections", "winners", "pick_ups")


async def load_world(game: Game) -> tuple[World, dict[int, Character]]:
    """The world and the character rows by number (living characters only), from ``game``
    as read inside the lock (or just now, for looking)."""
    if game.system != GameSystem.POOL:
        raise ServiceError(Refusal.WRONG_SYSTEM)
    rows = await Character.filter(game_id=game.id, status=CharacterStatus.ACTIVE)
    characters = tuple(load(PoolCharacter, row.state) for row in rows)
    world = replace(world_part(game, *(c.hall for c in characters)), characters=characters)
    return world, {row.number: row for row in rows}


def world_part(game: Game, *halls: int) -> World:
    """The world's own part (floors, cycle, portals, winners, pick-ups) without characters, with
    every hall of the settings, of the stored floors and of ``halls`` (those in use)."""
    stored: dict[str, Any] = {k: v for k, v in game.state.items() if k in _WORLD_FIELDS}
    count = max(settings_of(game).halls, len(stored.get("floors", ())), *halls, 1)
    return load(World, {**_empty(count), **stored, "halls": count, "characters": []})


@lru_cache(maxsize=64)
def _empty(halls: int) -> dict[str, Any]:
    """An empty world's stored form (read-only: callers copy it), the defaults of a load."""
    return typing.cast(dict[str, Any], dump(World(halls=halls)))


class StoredRow(Protocol):
    """What a character's write needs of its row (a ``Character``, or a fight's fighter)."""

    id: int
    version: int


async def save_world(
    game: Game,
    before: World,
    after: World,
    rows: dict[int, Character],
    *,
    death: Mapping[str, Any] | None = None,
) -> None:
    """Write the world part and every changed character; a dead one leaves play, with its
    ``death`` note (:mod:`bot.services.deaths`; by default: during the cycle in progress)."""
    note = death if death is not None else {"cycle": after.cycle + 1}
    async with in_transaction():
        await _save_game(game, after)
        changed = await _save_characters(rows, before.characters, after.characters, note)
        for number, data in changed.items():
            rows[number].state = data


async def save_fighters(
    game: Game,
    rows: Mapping[int, StoredRow],
    before: Iterable[PoolCharacter],
    after: Iterable[PoolCharacter],
    part: World | None = None,
    *,
    fight: int | None = None,
) -> None:
    """A fight's round: the game's roll index, every changed fighter and, when it changed, the
    world's own ``part`` (:func:`world_part`: swords dropped on the floor), without reading the
    whole world (its other characters stay as they are)."""
    async with in_transaction():
        await _save_game(game, part)
        note = {"cycle": int(game.state.get("cycle", 0)) + 1, "fight": fight}
        await _save_characters(rows, before, after, note)


async def _save_game(game: Game, part: World | None) -> None:
    """The game row: the world's own part if given, and the roll index (a caller that rolled
    inside its dice's block has moved it on, which spares game_dice its own update of it)."""
    values: dict[str, Any] = {"next_roll_index": game.next_roll_index}
    if part is not None:
        values["state"] = {name: dump(getattr(part, name)) for name in _WORLD_FIELDS}
    mine = Game.filter(id=game.id, version=game.version)
    if not await mine.update(**values, version=F("version") + 1):
        raise StaleAction()
    game.version += 1
    if part is not None:
        game.state = values["state"]


async def _save_characters(
    rows: Mapping[int, StoredRow],
    before: Iterable[PoolCharacter],
    after: Iterable[PoolCharacter],
    death: Mapping[str, Any],
) -> dict[int, Any]:
    """Write each character of ``after`` that differs from ``before`` (a dead one leaves play,
    noted with ``death``), each with a conditional update on its row's version; the written
    states by number."""
    old = {c.number: c for c in before}
    written: dict[int, Any] = {}
    for character in after:
        if old.get(character.number) == character:
            continue
        row = rows[character.number]
        changes: dict[str, Any] = {"state": dump(character)}
        if not character.alive:
            prior = old.get(character.number)
            if prior is None or prior.alive:  # dies now: note when
                changes["state"] = noted(changes["state"], death)
            changes.update(status=CharacterStatus.DEAD, active_key=None)
        mine = Character.filter(id=row.id, version=row.version)
        if not await mine.update(**changes, version=F("version") + 1):
            raise StaleAction()
        row.version += 1
        written[character.number] = changes["state"]
    return written

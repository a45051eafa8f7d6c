"""The pool world round-trips through the game row and the character rows."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.db.models import Character, Game, GameSystem
from bot.services import games
from bot.services.characters import PoolBuild, create_character
from bot.services.errors import StaleAction
from bot.services.world import load_world, save_world
from rules.pool.model import Gender, HallFloor, Item, Stats


async def test_world_saves_floors_and_changed_characters(database: str) -> None:
    game = await games.create_game(-100, GameSystem.POOL, 1, "ru")
    build = PoolBuild(Gender.FEMALE, Stats(2, 3, 2, 4, 1))
    await create_character(game, 11, "Аня", build)
    await create_character(game, 12, "Боря", build)
    world, rows = await load_world(game)
    assert world.halls == 5 and [c.name for c in world.characters] == ["Аня", "Боря"]
    floors = list(world.floors)
    floors[1] = HallFloor().add(Item.SWORD)
    anya = replace(world.character(1), hall=2, health=0, alive=False)
    after = replace(world, cycle=3, floors=tuple(floors), characters=(anya, world.character(2)))
    await save_world(game, world, after, rows)

    again, rows_again = await load_world(game)
    assert again.cycle == 3 and again.floor(2).count(Item.SWORD) == 1
    assert [c.number for c in again.characters] == [2]  # the dead leave play
    assert (await Character.get(game_id=game.id, number=1)).status == "dead"

    stale_game = await Game.get(id=game.id)
    await save_world(game, again, replace(again, cycle=4), rows_again)
    with pytest.raises(StaleAction):  # a second writer with the old version loses
        await save_world(stale_game, again, replace(again, cycle=5), rows_again)
    assert (await load_world(game))[0].cycle == 4

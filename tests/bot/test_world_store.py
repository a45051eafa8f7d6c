"""The pool world round-trips through the game row and the character rows."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest

from bot.db.models import Character, Game, GameSystem
from bot.services import games
from bot.services.characters import PoolBuild, create_character
from bot.services.errors import StaleAction
from bot.services.world import load_world, save_fighters, save_world, world_part
from rules.pool.model import Gender, HallFloor, Item, Stats
from rules.pool.world import with_floor


@dataclass(slots=True)
class FighterRow:
    """A fighter's row as a fight read it: what a write needs (``save_fighters``)."""

    id: int
    version: int


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


async def test_a_fight_writes_its_fighters_and_the_world_part_without_the_rest(
    database: str,
) -> None:
    game = await games.create_game(-101, GameSystem.POOL, 1, "ru")
    build = PoolBuild(Gender.FEMALE, Stats(2, 3, 2, 4, 1))
    for user, name in ((21, "Аня"), (22, "Боря"), (23, "Вова")):
        await create_character(game, user, name, build)
    world, rows = await load_world(game)
    far = replace(world.character(3), hall=7)  # beyond the settings' 5 halls
    await save_world(game, world, replace(world, characters=(*world.characters[:2], far)), rows)
    world, rows = await load_world(game)
    await save_world(game, world, replace(world, cycle=1), rows)  # the world of 7 halls stored
    assert len(game.state["floors"]) == 7
    bystander = await Character.get(game_id=game.id, number=3)

    part = world_part(game, 1)  # the stored floors count: 7 halls, though nobody is asked
    assert part.halls == 7 and part.characters == ()
    part = with_floor(part, 1, part.floor(1).add(Item.SWORD))
    before = [world.character(1), world.character(2)]
    hurt = replace(before[0], health=1)
    fighters = {n: FighterRow(rows[n].id, rows[n].version) for n in (1, 2)}
    await save_fighters(game, fighters, before, [hurt, before[1]], part)

    again, _ = await load_world(game)
    assert again.floor(1).count(Item.SWORD) == 1 and again.halls == 7
    assert again.character(1).health == 1 and fighters[1].version == rows[1].version + 1
    assert fighters[2].version == rows[2].version  # unchanged: not written
    assert (await Character.get(game_id=game.id, number=3)).version == bystander.version
    with pytest.raises(StaleAction):  # the fighter's row moved on since it was read
        await save_fighters(game, {1: FighterRow(rows[1].id, rows[1].version)}, [hurt], [before[0]])

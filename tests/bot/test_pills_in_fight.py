"""In a fight, pills come only from the left pocket through the fight's buttons."""

from __future__ import annotations

from bot.db.models import Encounter, GameSystem
from bot.services import games, inventory
from bot.services.characters import PoolBuild, create_character
from bot.services.codec import dump
from bot.services.errors import Refusal
from bot.services.fights import FIGHTING, KIND
from bot.services.runtime import Runtime
from bot.services.world_play import actor_in_game
from rules.pool.fight_table import PoolTable
from rules.pool.model import Gender, Stats
from rules.pool.places import Place
from tests.refusals import refused


async def test_inventory_pills_are_refused_to_a_fighter_and_allowed_after(database: str) -> None:
    game = await games.create_game(-700, GameSystem.POOL, 1, "ru")
    build = PoolBuild(Gender.MALE, Stats(1, 3, 2, 5, 1))
    await create_character(game, 21, "Вася", build)
    await create_character(game, 22, "Петя", build)
    fight = await Encounter.create(
        game_id=game.id,
        kind=KIND,
        stage=FIGHTING,
        state=dump(PoolTable(challenger=1, joined=(1, 2))),
        chat_id=-700,
        hall=1,
    )
    actor = await actor_in_game(game.id, 21)
    with refused(Refusal.PILLS_IN_FIGHT):
        await inventory.swallow(actor, 1, Place.BACKPACK, Runtime())
    await Encounter.filter(id=fight.id).update(stage="finished")
    me = await inventory.swallow(actor, 1, Place.BACKPACK, Runtime())
    assert me.inventory.pack.pills == 4

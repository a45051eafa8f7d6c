"""A pool world for the GM's world page: three halls, a fight, a bleeder, a sleeper, one at 0,
two swords on hall 1's floor."""

from __future__ import annotations

from bot.services.world import load_world, save_world
from rules.pool.model import HallFloor, Item
from rules.pool.world import with_floor
from tests.bot.conftest import Harness
from tests.bot.pool_fight_rig import Table, challenge, change, pool_table


async def world_table(gm: Harness) -> Table:
    table = await pool_table(gm, 4, halls=3)
    live = await challenge(table, 1, "/fight 2")
    assert "Бой №" in live.body
    await change(table, 1, health=2)  # wounded: bleeding
    await change(table, 3, hall=2, asleep=True)
    await change(table, 4, hall=3, health=0)
    world, rows = await load_world(table.game)
    await save_world(table.game, world, with_floor(world, 1, HallFloor().add(Item.SWORD, 2)), rows)
    return table

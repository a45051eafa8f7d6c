"""A fall ends with its fight (issue 25 item 2): whoever fell is on their feet once the fight is
over, by its last round or by the GM's /fight_stop, and the next fight starts with them up."""

from __future__ import annotations

from dataclasses import replace

from tests.bot.conftest import Harness
from tests.bot.pool_fight_rig import change, character, pool_table, press, round_dice, start
from tests.telegram_emulator import EmuMessage

ATTACK = "⚔️ Атаковать"


async def _round(gm: Harness, live: EmuMessage, number: int) -> EmuMessage:
    return await gm.emu.wait_for_message(live.chat, lambda m: f"раунд {number}</b>" in m.html)


async def test_a_fall_in_the_last_round_is_over_in_the_next_fight(gm: Harness) -> None:
    table = await pool_table(gm)
    arya = await character(table, 1)
    await change(table, 1, health=3, inventory=replace(arya.inventory, right_hand=None))
    gm.game_dice.add(10, 8, 3)  # initiative: Арья first
    live = await start(table, 1, 2)
    # Арья (threshold 10) rolls 1, 1, 2: negative and no sword, she falls; Бран hits her to 0
    round_dice(gm, (1, 1, 2), (2, 2), (10, 10, 10), (2, 2))
    await press(table, 1, live, ATTACK)
    await press(table, 2, live, ATTACK)
    last = await _round(gm, live, 1)
    assert "🤕 Арья падает без оружия" in last.body
    down = await character(table, 1)
    assert (down.alive, down.health, down.fallen) == (True, 0, False)

    await change(table, 1, health=5)  # healed between the fights (test setup)
    gm.game_dice.add(10, 8, 3)
    again = await start(table, 2, 1)
    assert "упала" not in again.body
    answer = await press(table, 1, again, ATTACK)  # not "first stand up"
    assert "встать" not in answer


async def test_the_gm_stopping_a_fight_ends_the_fall(gm: Harness) -> None:
    table = await pool_table(gm)
    arya = await character(table, 1)
    await change(table, 1, inventory=replace(arya.inventory, right_hand=None))
    gm.game_dice.add(10, 8, 3)
    live = await start(table, 1, 2)
    round_dice(gm, (1, 2, 2), (2, 2), (2, 2, 2), (2, 2))  # she falls, nobody is hurt
    await press(table, 1, live, ATTACK)
    await press(table, 2, live, ATTACK)
    first = await _round(gm, live, 1)
    assert "Арья ▰▰▰▰▰ 5/5 · упала" in first.body
    assert (await character(table, 1)).fallen
    await gm.emu.send_text(table.admin, table.group, "/fight_stop")
    stopped = await gm.emu.wait_for_message(table.group)
    assert "остановлен мастером" in stopped.body
    assert not (await character(table, 1)).fallen

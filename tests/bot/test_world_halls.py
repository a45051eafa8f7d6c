"""Halls and portals: /halls for admins, /move H for the next opening, /look in private."""

from __future__ import annotations

from dataclasses import replace

from rules.pool.model import HallFloor, Item
from rules.pool.world import with_floor
from tests.bot.conftest import Harness
from tests.bot.world_table import QUIET, pool_table


async def test_admins_connect_halls_and_moves_happen_when_the_portals_open(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", QUIET), ("Боря", QUIET))
    anya, borya = table.players
    chat = table.private(anya)
    assert "администраторы" in (await table.say(anya, "/halls 1-2")).body
    shown = await table.say(table.admin, "/halls")
    assert "Залов в игре: 5. Порталы: все залы соединены со всеми." in shown.body
    bad = await table.say(table.admin, "/halls 1-9")
    assert "Пара «1-9» не годится" in bad.body
    assert "/halls all" in (await table.say(table.admin, "/halls один")).body
    saved = await table.say(table.admin, "/halls 1-2 2-3")
    assert "Порталы: 1-2 2-3." in saved.body

    await gm.emu.send_text(anya, table.group, "/move 3")
    assert "Ответ — в личном чате" in (await gm.emu.wait_for_message(table.group)).body
    refused = await gm.emu.wait_for_message(chat)
    assert "Из зала 1 портал в зал 3 не ведёт." in refused.body
    assert (await table.character(1)).move_to is None
    asked = await table.say(anya, "/move 2", chat)
    assert "из зала 1 в зал 2" in asked.body
    assert "/move H" in (await table.say(borya, "/move", table.private(borya))).body

    summary = await table.tick()
    assert "перешли из зала 1 в зал 2" in (await table.report(anya, 1)).body
    assert "зала" not in summary.body and "Аня" not in summary.body
    me = await table.character(1)
    assert me.hall == 2 and me.move_to is None
    assert "Из зала 2 портал в зал 4 не ведёт." in (await table.say(anya, "/move 4", chat)).body
    assert "остаётесь в зале 2" in (await table.say(anya, "/move 0", chat)).body
    assert "Зала 9 в игре нет" in (await table.say(anya, "/move 9", chat)).body


async def test_look_shows_others_by_appearance_gear_and_the_floor(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", QUIET), ("Боря", QUIET), ("Вера", QUIET), ("Глеб", QUIET))
    anya, borya, _, _ = table.players
    await table.edit(3, hall=2)
    gleb = await table.character(4)
    stripped = replace(
        gleb.inventory, jacket=False, backpack=False, left_hand=Item.SWORD, right_hand=Item.SWORD
    )
    await table.edit(4, inventory=stripped)
    await table.say(borya, "/sleep")
    floor = HallFloor().add(Item.SWORD, 2).add(Item.COIN, 3)
    await table.edit_world(lambda w: with_floor(w, 1, floor))
    await gm.emu.send_text(anya, table.group, "/look")
    assert "Ответ — в личном чате" in (await gm.emu.wait_for_message(table.group)).body
    seen = (await gm.emu.wait_for_message(table.private(anya))).body
    assert "Зал 1" in seen
    # the start kit, worn and in hand, is seen: the default build alone would look the same
    kit = "в куртке и брюках, с рюкзаком, меч в правой руке"
    assert f"• Харизма 0, сложение — норма; {kit} — 😴 спит" in seen
    lost = "в брюках, без куртки, без рюкзака, мечи в обеих руках"
    assert f"• Харизма 0, сложение — норма; {lost}\n" in seen  # pockets and pack stay secret
    assert seen.count("• Харизма") == 2  # Вера is in hall 2, Аня herself is not listed
    assert "Боря" not in seen  # by appearance only
    assert "На полу: 2 меча и 3 монеты" in seen
    assert "Порталы ведут в залы: 2, 3, 4, 5." in seen


async def test_admins_place_characters_in_halls(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", QUIET))
    [anya] = table.players
    assert "администраторы" in (await table.say(anya, "/place 1 3 хочу")).body
    assert "/place N H" in (await table.say(table.admin, "/place 1")).body
    assert "Причина обязательна" in (await table.say(table.admin, "/place 1 3")).body
    assert (await table.character(1)).hall == 1
    assert "Зала 8 в игре нет" in (await table.say(table.admin, "/place 1 8 телепорт")).body
    assert "Персонажа с номером 4 нет" in (await table.say(table.admin, "/place 4 2 тест")).body
    placed = await table.say(table.admin, "/place 1 3 телепорт мастера")
    # the name stays in the nominative (it read «Мастер переносит №1 Аня»)
    assert "По воле мастера №1 Аня теперь в другом зале. В каком — тайна" in placed.body
    assert "3" not in placed.body
    assert (await table.character(1)).hall == 3

"""Health 0 in pool (issue 24, item 3): the owner is told privately, the moment it happens, what
will happen and when and what can still save them; the pill button works through the existing
pill actions (a fight's round action, the inventory's swallow)."""

from __future__ import annotations

from bot.handlers import character_edit
from bot.services import character_edits, gm_log
from bot.services.character_edit_model import Edit, Field
from rules.pool.fight_flow import Act
from rules.pool.model import Inventory
from tests.bot.conftest import Harness
from tests.bot.pool_fight_rig import (
    challenge,
    change,
    character,
    fight_state,
    opened_round,
    pills,
    pool_table,
    press,
    round_dice,
)

MISS, NO_DEFENSE = (2, 2, 2), (2, 2)
PILL = "💊 Выпить таблетку"


async def test_a_cycle_bleeding_to_zero_offers_the_left_pocket_pill_and_it_saves(
    gm: Harness,
) -> None:
    table = await pool_table(gm, 2)
    await pills(table, 2, left=2)
    await change(table, 2, health=1, health_at_cycle_start=1)  # bleeding since the cycle began
    await gm.emu.send_text(table.admin, table.group, "/tick")
    zero = await gm.emu.wait_for_message(table.private(2), lambda m: "💔" in m.body)
    assert zero.body.splitlines() == [
        "💔 Бран: здоровье 0. Ни сражаться, ни ходить нельзя.",
        "⏳ Если к концу этого цикла здоровье останется 0, Бран умрёт.",
        "💊 Спасает таблетка из левого кармана куртки: +1 здоровья каждая. Там сейчас: 2."
        " Кнопка ниже — выпить одну.",
        "Помочь может другой персонаж в вашем зале: через /inventory («🤝 Передать») он даст вам"
        " таблетки — прямо в рот, и они спасут, если успеть до конца цикла или раунда.",
    ]
    assert zero.button_texts == [PILL]
    assert "Здоровье 1 из 5" in await press(table, 2, zero, PILL)
    bran = await character(table, 2)
    assert bran.health == 1 and bran.inventory.pills_in_left_pocket == 1
    await gm.emu.send_text(table.admin, table.group, "/tick")  # the cycle that began at 0
    summary = await gm.emu.wait_for_message(table.group, lambda m: "Цикл 2" in m.body)
    assert "Погибли" not in summary.body
    assert (await character(table, 2)).alive


async def test_the_button_belongs_to_the_owner_and_the_living(gm: Harness) -> None:
    table = await pool_table(gm, 2)
    await pills(table, 2, left=1)
    await change(table, 2, health=1, health_at_cycle_start=1)
    await gm.emu.send_text(table.admin, table.group, "/tick")
    zero = await gm.emu.wait_for_message(table.private(2), lambda m: "💔" in m.body)
    summary = await gm.emu.wait_for_message(table.group, lambda m: "прошёл" in m.body)
    data = str(zero.buttons[0][0]["callback_data"])  # sent by another player's client
    query = await gm.emu.press_button(table.player(1), summary, data=data, forged=True)
    assert "не ваша кнопка" in ((await gm.emu.wait_for_callback_answer(query)).text or "")
    assert (await character(table, 2)).inventory.pills_in_left_pocket == 1


async def test_knocked_to_zero_in_a_fight_that_goes_on_the_button_is_the_rounds_pill(
    gm: Harness,
) -> None:
    table = await pool_table(gm, 3)
    await change(table, 2, health=3)
    await pills(table, 2, left=1)
    live = await challenge(table, 1, "/fight 2")
    await press(table, 3, live, "Вступить")
    gm.game_dice.add(10, 9, 7, 5)  # initiative: Арья, Бран, Вера
    await press(table, 1, live, "Начать")
    vera = await gm.emu.wait_for_message(table.private(3), lambda m: "Бой №" in m.body)
    await press(table, 3, vera, "2. Бран")  # Бран is bound to Вера now
    arya = await gm.emu.wait_for_message(table.private(1), lambda m: "Бой №" in m.body)
    await press(table, 1, arya, "3. Вера")
    live = await opened_round(table)
    # Арья → Вера misses, Бран → Вера misses, Вера → Бран: 3 damage, Бран 3 → 0
    round_dice(gm, MISS, NO_DEFENSE, MISS, NO_DEFENSE, (10, 10, 10), NO_DEFENSE)
    for number in (1, 2, 3):
        await press(table, number, live, "\u2694\ufe0f Атаковать")
    zero = await gm.emu.wait_for_message(table.private(2), lambda m: "💔" in m.body)
    assert zero.body.splitlines()[:2] == [
        "💔 Бой №1: Бран — здоровье 0. Атаковать нельзя.",
        "⏳ Если к концу раунда 2 здоровье останется 0, Бран умрёт.",
    ]
    assert "В бою это и есть ваш ход" in zero.body and zero.button_texts == [PILL]
    assert "глотаете таблетки: 1" in await press(table, 2, zero, PILL)
    [pending] = (await fight_state(table)).actions
    assert (pending.fighter, pending.move, pending.count) == (2, Act.PILLS, 1)


async def test_a_game_masters_edit_to_zero_tells_the_owner_too(gm: Harness) -> None:
    table = await pool_table(gm, 2)
    await change(table, 2, inventory=Inventory())  # nothing at all, not one pill
    runtime = gm.dp["runtime"]
    target = await character_edits.load_target(table.game, 2)
    edit = Edit(Field.HEALTH, (0,))
    actor = gm_log.Actor(table.admin.id, "Мастер")
    told = gm.told(character_edit.compose_notice)
    await character_edits.save_edit(
        table.game, 2, target.seen, edit, actor, "обвал", force=False, runtime=runtime, compose=told
    )
    zero = await gm.emu.wait_for_message(table.private(2), lambda m: "💔" in m.body)
    assert zero.body.splitlines()[1:3] == [
        "⏳ Этот цикл Бран переживёт, но если и к концу следующего здоровье останется 0 — умрёт.",
        "💊 Спасла бы таблетка из левого кармана куртки, но там их нет.",
    ]
    assert zero.buttons == []

"""Giving items through the /inventory dialog (issue 25 item 3): pills into the mouth of one at
0 save them at the tick; others get an offer in private that only they can answer, until the
tick."""

from __future__ import annotations

from dataclasses import replace

from bot.db.models import Encounter
from rules.pool.model import BackpackContent, Inventory, Item, start_kit
from tests.bot.conftest import Harness
from tests.bot.world_table import QUIET, Table, pool_table
from tests.telegram_emulator import EmuMessage, EmuUser

GIVE_TO_ZERO = "💔 на нуле — Харизма 0, сложение — норма"
GIVE_TO_AWAKE = "🧍 Харизма 0, сложение — норма"


async def _open(table: Table, user: EmuUser) -> EmuMessage:
    chat = table.private(user)
    await table.gm.emu.send_text(user, chat, "/inventory")
    return await table.gm.emu.wait_for_message(chat, lambda m: "Инвентарь" in m.body)


async def _press(table: Table, user: EmuUser, window: EmuMessage, text: str) -> str:
    query = await table.gm.emu.press_button(user, window, text)
    return (await table.gm.emu.wait_for_callback_answer(query)).text or ""


async def _give(table: Table, user: EmuUser, stack: str, more: int, to: str) -> EmuMessage:
    """In ``user``'s inventory: the ``stack``, ``more`` presses of +, «Передать», ``to``."""
    window = await _open(table, user)
    await _press(table, user, window, stack)
    for _ in range(more):
        await _press(table, user, window, "+")
    give = next(t for t in window.button_texts if t.startswith("🤝 Передать"))
    await _press(table, user, window, give)
    assert "Кому передать" in window.body
    await _press(table, user, window, to)
    return window


async def test_pills_given_to_one_at_zero_save_them_at_the_tick(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", QUIET), ("Боря", QUIET), ("Вера", QUIET))
    anya, borya, _ = table.players
    await table.edit(2, health=0, health_at_cycle_start=0)  # dies at this tick if left at 0
    window = await _open(table, anya)
    await _press(table, anya, window, "рюкзак: 5 таблеток")
    await _press(table, anya, window, "+")
    await _press(table, anya, window, "🤝 Передать: 2")
    assert window.button_texts[:2] == [GIVE_TO_ZERO, GIVE_TO_AWAKE]  # at 0 first, marked
    await _press(table, anya, window, GIVE_TO_ZERO)
    assert "Отдано прямо в рот: 2 таблетки" in window.body
    told = await gm.emu.wait_for_message(table.private(borya), lambda m: "💊" in m.body)
    assert told.body == ("💊 Аня вкладывает вам в рот таблетки: 2. Проглочено — здоровье 2 из 5.")
    borya_now = await table.character(2)
    assert borya_now.health == 2 and borya_now.inventory == start_kit()
    assert (await table.character(1)).inventory.pack.pills == 3
    summary = await table.tick()
    assert "Погибли" not in summary.body
    assert (await table.character(2)).alive


async def test_left_at_zero_without_a_giving_the_tick_kills(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", QUIET), ("Боря", QUIET))
    await table.edit(2, health=0, health_at_cycle_start=0)
    summary = await table.tick()
    assert "Погибли" in summary.body  # the same tick kills without the pills


async def test_an_offer_is_taken_by_its_receiver_only(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", QUIET), ("Боря", QUIET))
    anya, borya = table.players
    window = await _give(table, anya, "рюкзак: 5 таблеток", 2, GIVE_TO_AWAKE)
    assert "Предложено: 3 таблетки" in window.body
    assert (await table.character(1)).inventory.pack.pills == 5  # nothing moved yet
    offer = await gm.emu.wait_for_message(table.private(borya), lambda m: "предлагает" in m.body)
    assert offer.body.splitlines()[0] == "🤝 Аня предлагает вам: 3 таблетки."
    assert offer.button_texts == ["✅ Взять", "✖️ Отказаться"]
    data = str(offer.buttons[0][0]["callback_data"])
    query = await gm.emu.press_button(anya, window, data=data, forged=True)
    assert "не ваша кнопка" in ((await gm.emu.wait_for_callback_answer(query)).text or "")
    assert (await table.character(2)).inventory.pills_in_left_pocket == 0
    assert await _press(table, borya, offer, "✅ Взять") == "Взято."
    await gm.emu.wait_for_edit(offer)
    assert "✅ Взято: 3 таблетки → в левый карман." in offer.body
    assert offer.buttons == []
    told = await gm.emu.wait_for_message(table.private(anya), lambda m: "принимает" in m.body)
    assert told.body == "🤝 Боря принимает от вас: 3 таблетки."
    assert (await table.character(2)).inventory.pills_in_left_pocket == 3
    assert (await table.character(1)).inventory.pack.pills == 2
    query = await gm.emu.press_button(borya, offer, data=data, forged=True)
    gone = (await gm.emu.wait_for_callback_answer(query)).text or ""
    assert "уже не действует" in gone
    assert (await table.character(2)).inventory.pills_in_left_pocket == 3


async def test_a_declined_offer_moves_nothing_and_tells_the_giver(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", QUIET), ("Боря", QUIET))
    anya, borya = table.players
    await _give(table, anya, "рюкзак: 5 рационов", 0, GIVE_TO_AWAKE)
    offer = await gm.emu.wait_for_message(table.private(borya), lambda m: "предлагает" in m.body)
    await _press(table, borya, offer, "✖️ Отказаться")
    await gm.emu.wait_for_edit(offer)
    assert "Вы отказались" in offer.body
    told = await gm.emu.wait_for_message(table.private(anya), lambda m: "отказывается" in m.body)
    assert told.body == "✖️ Боря отказывается: 1 рацион — остаются у вас."
    assert (await table.character(1)).inventory.pack.rations == 5
    assert (await table.character(2)).inventory.pack.rations == 5


async def test_an_offer_expires_at_the_tick_and_a_failed_one_tells_both(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", QUIET), ("Боря", QUIET))
    anya, borya = table.players
    await _give(table, anya, "рюкзак: 5 рационов", 0, GIVE_TO_AWAKE)
    late = await gm.emu.wait_for_message(table.private(borya), lambda m: "предлагает" in m.body)
    await table.tick()
    assert await _press(table, borya, late, "✅ Взять") == (
        "Предложение уже не действует: цикл кончился."
    )
    await gm.emu.wait_for_edit(late)
    assert "⌛ Предложение кончилось" in late.body and late.buttons == []
    assert (await table.character(2)).inventory.pack.rations == 5

    await _give(table, anya, "рюкзак: 5 рационов", 0, GIVE_TO_AWAKE)
    offer = await gm.emu.wait_for_message(table.private(borya), lambda m: "предлагает" in m.body)
    full = replace(start_kit(), pack=BackpackContent(rations=10), right_hand=Item.SWORD)
    await table.edit(2, inventory=replace(full, left_hand=Item.SWORD))  # no room for a ration
    assert "причина" in await _press(table, borya, offer, "✅ Взять")
    await gm.emu.wait_for_edit(offer)
    assert "вам столько некуда положить" in offer.body
    told = await gm.emu.wait_for_message(table.private(anya), lambda m: "не состоялась" in m.body)
    assert "Не унесёт: 1 рацион" in told.body
    assert (await table.character(1)).inventory.pack.rations == 5
    rows = await Encounter.filter(kind="gift").order_by("id")
    assert [row.stage for row in rows] == ["expired", "failed"]


async def test_bad_givings_are_refused_and_change_nothing(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", QUIET), ("Боря", QUIET), ("Вера", QUIET))
    anya, _, _ = table.players
    await table.edit(2, asleep=True)
    await table.edit(3, hall=2)
    window = await _open(table, anya)
    await _press(table, anya, window, "рюкзак: 5 таблеток")
    await _press(table, anya, window, "🤝 Передать: 1")
    assert window.button_texts[0] == "😴 спит — Харизма 0, сложение — норма"
    assert len(window.button_texts) == 2  # Вера is in another hall: not offered
    await _press(table, anya, window, window.button_texts[0])
    assert "спит и не может взять" in window.body
    data = window.buttons[0][0]["callback_data"]
    forged = str(data).replace(":2", ":3")  # Вера, in hall 2
    query = await gm.emu.press_button(anya, window, data=forged, forged=True)
    await gm.emu.wait_for_callback_answer(query)
    assert "этого персонажа здесь нет или он недоступен" in window.body
    elsewhere = window.body
    nobody = str(data).replace(":2", ":9")  # no such character: the same words (a hall is sold)
    query = await gm.emu.press_button(anya, window, data=nobody, forged=True)
    await gm.emu.wait_for_callback_answer(query)
    assert window.body == elsewhere
    forged = str(data).replace(":2", ":1")  # herself
    query = await gm.emu.press_button(anya, window, data=forged, forged=True)
    await gm.emu.wait_for_callback_answer(query)
    assert "С самим собой так нельзя" in window.body
    await table.edit(2, asleep=False, inventory=Inventory())
    assert (await table.character(1)).inventory == start_kit()
    assert await Encounter.filter(kind="gift").count() == 0

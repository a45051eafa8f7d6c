"""Sleepers: guarding, waking, snatching a sword (nothing else). Attacks on a sleeper are the
pool fight commands' (bot/services/fights.py) and tested with them."""

from __future__ import annotations

from rules.pool.model import Gender, Item
from tests.bot.conftest import Harness
from tests.bot.world_table import QUIET, pool_table


async def test_guard_snatch_and_no_stealing(gm: Harness) -> None:
    genders = (Gender.FEMALE, Gender.MALE, Gender.FEMALE)
    table = await pool_table(gm, ("Аня", QUIET), ("Боря", QUIET), ("Вера", QUIET), genders=genders)
    anya, borya, vera = table.players
    await table.say(anya, "/sleep")
    guarded = await table.say(borya, "/guard 1")
    assert "Боря охраняет спящую: №1 Аня. Напасть на неё можно" in guarded.body
    assert (await table.character(2)).guarding == 1
    refused = await table.say(vera, "/snatch 1 монеты")
    assert "Со спящего ничего нельзя украсть" in refused.body
    assert "/snatch N" in (await table.say(vera, "/snatch")).body
    snatched = await table.say(vera, "/snatch 1")
    snatch = "Вера вырывает меч у спящей: №1 Аня — и та просыпается."
    assert snatch in snatched.body and "рук" not in snatched.body  # her hands are a secret
    told = await gm.emu.wait_for_message(table.private(vera), lambda m: "🗡" in m.body)
    assert told.body == "🗡 Вырванный меч: в левую руку."
    anya_now, borya_now, vera_now = [await table.character(n) for n in (1, 2, 3)]
    assert not anya_now.asleep and anya_now.inventory.swords_in_hand == 0
    assert vera_now.inventory.left_hand == Item.SWORD and vera_now.inventory.swords_in_hand == 2
    assert borya_now.guarding is None  # nobody guards the awake
    again = await table.say(vera, "/snatch 1")
    assert "№1 не спит" in again.body


async def test_sleeper_commands_need_the_same_hall(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", QUIET), ("Боря", QUIET))
    anya, borya = table.players
    await table.say(anya, "/sleep")
    await table.edit(2, hall=2)
    # Asleep elsewhere, nobody, dead: one answer, as a hall is sold by donations.
    neutral = "Не получится: этого персонажа здесь нет или он недоступен. Кто рядом — /look."
    for command in ("/wake 1", "/guard 1", "/snatch 1", "/wake 7", "/guard 7"):
        assert (await table.say(borya, command)).body == neutral, command
    assert "/wake N" in (await table.say(borya, "/wake Аня")).body
    assert "С самим собой" in (await table.say(anya, "/guard 1", table.private(anya))).body
    await table.edit(2, hall=1)
    await table.edit(1, alive=False)  # dead in this very hall: not "№1 не спит" either
    assert (await table.say(borya, "/wake 1")).body == neutral


async def test_a_sleeper_who_asked_to_move_wakes_and_goes_through(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", QUIET), ("Боря", QUIET))
    anya, borya = table.players
    await table.say(anya, "/move 2", table.private(anya))  # asked before sleeping: kept
    await table.say(anya, "/sleep")
    await table.say(borya, "/sleep")
    asked = await table.say(borya, "/move 3", table.private(borya))  # asked while asleep
    assert "из зала 1 в зал 3. Вы спите — пройдёте при первом открытии" in asked.body
    refused = await table.say(borya, "/move 9", table.private(borya))
    assert "Зала 9 в игре нет" in refused.body
    assert (await table.character(2)).move_to == 3

    await table.tick()
    waiting = (await table.report(anya, 1)).body
    assert "Порталы открылись, но вы ещё спите. Заявка в зал 2 остаётся" in waiting
    assert [(await table.character(n)).hall for n in (1, 2)] == [1, 1]

    await table.tick()
    for user, hall in ((anya, 2), (borya, 3)):
        report = (await table.report(user, 2)).body
        woke, moved = report.index("Вы проснулись"), report.index(f"в зал {hall}.")
        assert woke < moved and "перешли из зала 1" in report
    anya_now, borya_now = await table.character(1), await table.character(2)
    assert (anya_now.hall, anya_now.asleep, anya_now.move_to) == (2, False, None)
    assert (borya_now.hall, borya_now.asleep, borya_now.move_to) == (3, False, None)


async def test_sleeper_commands_in_private_keep_the_hall_secret(gm: Harness) -> None:
    genders = (Gender.FEMALE, Gender.MALE)
    table = await pool_table(gm, ("Аня", QUIET), ("Боря", QUIET), genders=genders)
    anya, borya = table.players
    await table.say(anya, "/sleep")
    woke = await table.say(borya, "/wake 1", table.private(borya))
    assert "Боря будит спящую: №1 Аня" in woke.body
    assert not (await table.character(1)).asleep
    assert not [m for m in gm.emu.bot_messages(table.group) if "будит" in m.body]

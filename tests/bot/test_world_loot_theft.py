"""Through the real dispatcher: what the dead leave on the floor, and /steal (rulebook: pool /
Items and carrying). Game dice are scripted: the thief's pool, the victim's, then the pick."""

from __future__ import annotations

from bot.db.models import GmAction
from rules.pool.model import Gender, Item, PocketContent
from tests.bot.conftest import Harness
from tests.bot.world_table import QUIET, pool_table

# QUIET: Атака 3 + Инициатива 2 = 5 dice to steal; Защита 2 + Инициатива 2 = 4 to resist.


async def test_a_death_at_the_tick_leaves_everything_and_another_picks_it_up(gm: Harness) -> None:
    genders = (Gender.FEMALE, Gender.MALE)
    table = await pool_table(gm, ("Аня", QUIET), ("Боря", QUIET), genders=genders)
    _, borya = table.players
    await table.edit(1, health=0, health_at_cycle_start=0)
    summary = (await table.tick()).body
    assert "💀 Погибли: Аня." in summary
    # as one says it: no «1 куртка, 1 пара брюк», and «и» before the last
    kit = "куртка, брюки, рюкзак, меч, 5 рационов и 5 таблеток."
    assert f"🪦 Всё, что несла Аня, осталось на полу зала 1: {kit}" in summary
    await table.report(borya, 1)  # his cycle report comes first, in his private chat
    looked = (await table.say(borya, "/look", table.private(borya))).body
    assert "На полу: куртка, брюки, рюкзак, меч, 5 рационов и 5 таблеток" in looked

    chat = table.private(borya)
    await gm.emu.send_text(borya, chat, "/inventory")
    window = await gm.emu.wait_for_message(chat, lambda m: "Инвентарь" in m.body)
    for button in ("пол зала: 1 меч", "✋ Подобрать (куда поместится)"):
        await gm.emu.wait_for_callback_answer(await gm.emu.press_button(borya, window, button))
    assert "Подобрано: 1 меч → в левую руку. Никто больше за этим не тянулся." in window.body
    assert (await table.character(2)).inventory.swords_in_hand == 2


async def test_a_theft_in_the_group_succeeds_and_the_victim_is_not_told(gm: Harness) -> None:
    genders = (Gender.FEMALE, Gender.MALE)
    table = await pool_table(gm, ("Аня", QUIET), ("Боря", QUIET), genders=genders)
    anya, borya = table.players
    # Аня 6 7 8 2 3: 3 successes; Боря 6 2 2 2: 1; the pick d10 over his 5 rations, 5 pills: 7.
    gm.game_dice.add(10, 6, 7, 8, 2, 3, 6, 2, 2, 2, 7)
    answer = await table.say(anya, "/steal 2")
    assert answer.body == "🔒 Ответ — в личном чате."
    told = await gm.emu.wait_for_message(table.private(anya), lambda m: "🫳" in m.body)
    assert "🫳 Попытка кражи у №2 Боря" in told.body
    assert "→ успехов: 3" in told.body and "→ успехов: 1" in told.body
    assert "✅ Удалось: таблетка → в левый карман. Шанс был 47,5\u00a0%." in told.body
    anya_now, borya_now = await table.character(1), await table.character(2)
    assert anya_now.inventory.left_pocket == PocketContent(Item.PILL, 1)
    assert borya_now.inventory.pack.pills == 4
    assert not any("👀" in m.body for m in gm.emu.messages(table.private(borya)))
    log = (await table.say(borya, "/log")).body  # the dice are public, the theft is not
    assert "тайное действие" in log and "Аня" not in log and "theft" not in log
    [entry] = await GmAction.filter(game_id=table.game.id)
    assert (entry.action, entry.target_number, entry.details["success"]) == ("theft", 2, True)
    assert (entry.details["item"], entry.details["to"]) == ("pill", "left_pocket")
    again = await table.say(anya, "/steal 2")  # the second try: refused, in private
    assert again.body.startswith("🔒 Ответ — в личном чате")
    refused = await gm.emu.wait_for_message(table.private(anya), lambda m: "цикле" in m.body)
    assert "В этом цикле вы уже пытались украсть" in refused.body
    assert (await table.character(2)).inventory.pack.pills == 4


async def test_a_failed_theft_is_noticed_and_nothing_moves(gm: Harness) -> None:
    genders = (Gender.FEMALE, Gender.MALE)
    table = await pool_table(gm, ("Аня", QUIET), ("Боря", QUIET), genders=genders)
    anya, borya = table.players
    gm.game_dice.add(10, 6, 1, 2, 2, 2, 9, 2, 2, 2)  # Аня 0 successes, Боря 1
    told = await table.say(anya, "/steal 2", table.private(anya))
    assert "❌ Не вышло: Боря заметил вашу руку." in told.body
    caught = await gm.emu.wait_for_message(table.private(borya), lambda m: "👀" in m.body)
    assert "👀 №1 Аня пыталась вас обокрасть, но вы заметили руку" in caught.body
    assert "🎲 Аня: <b>6</b> <s>1</s> 2 2 2 (порог 6) → успехов: 0" in str(caught.raw_text)
    assert "🎲 Вы: <b>9</b> 2 2 2 (порог 6) → успехов: 1" in str(caught.raw_text)
    before = await table.character(2)
    assert before.inventory.pack.pills == 5 and before.inventory.pack.rations == 5


async def test_theft_bad_input_is_refused_politely(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", QUIET), ("Боря", QUIET), ("Вера", QUIET))
    anya, borya, _ = table.players
    assert "/steal N" in (await table.say(anya, "/steal")).body
    assert "/steal N" in (await table.say(anya, "/steal 2 монеты")).body
    private = table.private(anya)
    assert "С самим собой" in (await table.say(anya, "/steal 1", private)).body
    neutral = "Не получится: этого персонажа здесь нет или он недоступен. Кто рядом — /look."
    assert (await table.say(anya, "/steal 9", private)).body == neutral
    await table.say(borya, "/sleep")
    asleep = (await table.say(anya, "/steal 2", private)).body
    assert "Со спящего ничего нельзя украсть" in asleep and "/snatch N" in asleep
    await table.edit(3, hall=2)
    assert (await table.say(anya, "/steal 3", private)).body == neutral  # a hall: sold
    assert (await table.say(anya, "/steal 3")).body == neutral  # and nothing hidden in a group
    assert (await table.character(1)).theft_cycle is None  # none of it counted as an attempt

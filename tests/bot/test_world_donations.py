"""Donations in private: an item for a coin, a prize for 5, a fact for 1, and the two winners."""

from __future__ import annotations

from dataclasses import replace

from bot.db.models import Game, GameStatus
from rules.pool.model import Item, PocketContent, start_kit
from tests.bot.conftest import Harness
from tests.bot.world_table import QUIET, Table, pool_table
from tests.telegram_emulator import EmuMessage, EmuUser


async def _open(table: Table, user: EmuUser) -> EmuMessage:
    chat = table.private(user)
    await table.gm.emu.send_text(user, chat, "/donate")
    return await table.gm.emu.wait_for_message(chat, lambda m: "Пожертвования" in m.body)


async def _press(table: Table, user: EmuUser, window: EmuMessage, text: str) -> None:
    query = await table.gm.emu.press_button(user, window, text)
    await table.gm.emu.wait_for_callback_answer(query)


async def _coins(table: Table, number: int, coins: int) -> None:
    kit = replace(start_kit(), right_pocket=PocketContent(Item.COIN, coins))
    await table.edit(number, inventory=kit)


async def test_an_item_for_a_coin_and_five_coins_for_a_prize(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", QUIET))
    [anya] = table.players
    window = await _open(table, anya)
    assert "Монет при себе: 0" in window.body
    await _press(table, anya, window, "🏷 Приз за 5 монет")
    await _press(table, anya, window, "меч")
    assert "Не хватает монет: нужно 5, при вас 0." in window.body
    await _press(table, anya, window, "◀️ Назад")
    await _press(table, anya, window, "🎁 Пожертвовать вещь (+1 монета)")
    assert "правая рука: 1 меч" in window.button_texts
    assert not any("монет" in text for text in window.button_texts)  # coins go by coin rules
    for _ in range(5):
        rations = next(t for t in window.button_texts if t.startswith("рюкзак:") and "рацион" in t)
        await _press(table, anya, window, rations)
    assert "Пожертвовано: рацион. +1 монета — в правый карман." in window.body
    me = await table.character(1)
    assert me.inventory.pack.rations == 0 and me.inventory.right_pocket == PocketContent(
        Item.COIN, 5
    )
    await _press(table, anya, window, "◀️ Назад")
    assert "Монет при себе: 5" in window.body
    await _press(table, anya, window, "🏷 Приз за 5 монет")
    await _press(table, anya, window, "меч")
    assert "Получено: меч — в левую руку." in window.body
    me = await table.character(1)
    assert me.inventory.swords_in_hand == 2 and me.inventory.right_pocket == PocketContent()


async def test_a_fact_for_a_coin_is_answered_privately(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", QUIET), ("Боря", QUIET))
    anya, _ = table.players
    await _coins(table, 1, 1)
    await table.edit(2, hall=3)
    chat = table.private(anya)
    window = await _open(table, anya)
    await _press(table, anya, window, "🔎 Факт о персонаже за 1 монету")
    await gm.emu.send_text(anya, chat, "кто-нибудь")
    await gm.emu.wait_for_message(chat, lambda m: "Нужен номер персонажа" in m.body)
    await gm.emu.send_text(anya, chat, "9")
    window = await gm.emu.wait_for_message(chat, lambda m: "Что узнать о №9" in m.body)
    await _press(table, anya, window, "🚪 Зал, где персонаж сейчас")
    assert "Персонажа с номером 9 нет" in window.body
    assert (await table.character(1)).inventory.right_pocket.count == 1  # nothing paid
    await _press(table, anya, window, "◀️ Назад")
    await _press(table, anya, window, "🔎 Факт о персонаже за 1 монету")
    await gm.emu.send_text(anya, chat, "2")
    window = await gm.emu.wait_for_message(chat, lambda m: "Что узнать о №2" in m.body)
    await _press(table, anya, window, "🚪 Зал, где персонаж сейчас")
    answer = await gm.emu.wait_for_message(chat, lambda m: "🔎" in m.body)
    assert "№2 Боря сейчас в зале 3." in answer.body
    assert "Ответ пришёл отдельным сообщением" in window.body
    assert (await table.character(1)).inventory.right_pocket == PocketContent()
    await _press(table, anya, window, "🔎 Факт о персонаже за 1 монету")
    await gm.emu.send_text(anya, chat, "2")
    window = await gm.emu.wait_for_message(chat, lambda m: "Что узнать о №2" in m.body)
    await _press(table, anya, window, "❤️ Здоровье")
    assert "Не хватает монет: нужно 1, при вас 0." in window.body


async def test_two_winners_end_the_game_and_reveal_the_seed(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", QUIET), ("Боря", QUIET), ("Вера", QUIET))
    anya, borya, vera = table.players
    await _coins(table, 1, 100)
    await _coins(table, 2, 100)
    await _coins(table, 3, 50)
    window = await _open(table, vera)
    await _press(table, vera, window, "🏆 100 монет — победа")
    await _press(table, vera, window, "✅ Да, пожертвовать")
    assert "Не хватает монет: нужно 100, при вас 50." in window.body

    window = await _open(table, anya)
    await _press(table, anya, window, "🏆 100 монет — победа")
    assert "Пожертвовать разом: 100 монет? При вас: 100 монет." in window.body
    await _press(table, anya, window, "✅ Да, пожертвовать")
    assert "Победа! Ваше место среди победителей: 1." in window.body
    first = await gm.emu.wait_for_message(table.group)
    assert "🏆 Победа: Аня (№1) жертвует 100 монет разом. Место среди победителей: 1." in first.body
    assert (await Game.get(id=table.game.id)).status == GameStatus.ACTIVE
    await _press(table, anya, window, "🏆 100 монет — победа")
    await _press(table, anya, window, "✅ Да, пожертвовать")
    assert "Вы уже победили" in window.body

    window = await _open(table, borya)
    await _press(table, borya, window, "🏆 100 монет — победа")
    await _press(table, borya, window, "✅ Да, пожертвовать")
    end = await gm.emu.wait_for_message(table.group)
    game = await Game.get(id=table.game.id)
    assert "🏆 Победа: Боря (№2) жертвует 100 монет разом. Место среди победителей: 2." in end.body
    assert "победители — Аня и Боря" in end.body
    assert "окончена" in end.body and "проверить командой /verify" in end.body
    assert game.status == GameStatus.ENDED
    assert "нет игры" in (await table.say(table.admin, "/tick")).body
    await gm.emu.send_text(vera, table.private(vera), "/donate")
    refused = await gm.emu.wait_for_message(table.private(vera))
    assert "нет живого персонажа в идущей игре" in refused.body

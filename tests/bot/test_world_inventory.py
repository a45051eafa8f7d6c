"""The inventory dialog in private, prizes at the tick, pick-ups at once and contested ones."""

from __future__ import annotations

from dataclasses import replace

from bot.db.models import OwedMessage
from rules.pool.model import BackpackContent, HallFloor, Item, PocketContent, Stats, start_kit
from rules.pool.world import with_floor
from tests.bot.conftest import Harness
from tests.bot.world_table import QUIET, Table, pool_table
from tests.telegram_emulator import EmuMessage, EmuUser

TWO_DICE = Stats(initiative=2, attack=3, defense=2, vitality=3, charisma=2)


async def _open(table: Table, user: EmuUser) -> EmuMessage:
    chat = table.private(user)
    await table.gm.emu.send_text(user, chat, "/inventory")
    return await table.gm.emu.wait_for_message(chat, lambda m: "Инвентарь" in m.body)


async def _press(table: Table, user: EmuUser, window: EmuMessage, text: str) -> None:
    query = await table.gm.emu.press_button(user, window, text)
    await table.gm.emu.wait_for_callback_answer(query)


async def test_prizes_that_do_not_fit_go_to_the_floor(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", TWO_DICE))
    [anya] = table.players
    gm.game_dice.add(10, 4, 4)  # two swords: the right hand is taken, the left is free
    await table.tick()
    report = (await table.report(anya, 1)).body
    assert "• 4 — меч → в левую руку" in report
    assert "• 4 — меч → на пол зала: некуда положить" in report
    me = await table.character(1)
    assert me.inventory.swords_in_hand == 2
    seen = await table.say(anya, "/look", table.private(anya))
    assert "На полу: меч\n" in seen.body  # one thing, without its «1»


async def test_pocket_limits_and_one_kind_a_pocket(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", QUIET))
    [anya] = table.players
    pack = BackpackContent(rations=5, pills=12, coins=3)
    await table.edit(1, inventory=replace(start_kit(), pack=pack))
    window = await _open(table, anya)
    assert "Карманы куртки: левый — пусто, правый — пусто" in window.body
    await _press(table, anya, window, "рюкзак: 12 таблеток")
    await _press(table, anya, window, "Все")
    assert "Сколько: 12" in window.body
    await _press(table, anya, window, "→ в левый карман")
    assert "Не помещается" in window.body and "Места там: 10" in window.body
    assert (await table.character(1)).inventory.left_pocket == PocketContent()
    await _press(table, anya, window, "−")
    await _press(table, anya, window, "−")
    await _press(table, anya, window, "→ в левый карман")
    assert "Готово: 10 таблеток — в левый карман" in window.body
    me = await table.character(1)
    assert me.inventory.left_pocket == PocketContent(Item.PILL, 10)
    assert me.inventory.pack.pills == 2

    await _press(table, anya, window, "рюкзак: 3 монеты")
    await _press(table, anya, window, "→ в левый карман")  # pills there already
    assert "Места там: 0" in window.body
    await _press(table, anya, window, "◀️ Назад")
    await _press(table, anya, window, "рюкзак: 5 рационов")
    assert "→ в левый карман" not in window.button_texts  # rations never go to pockets
    await _press(table, anya, window, "→ в правую руку")  # the sword is there
    assert "Места там: 0" in window.body


async def test_wear_take_off_drop_and_swallow(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", QUIET))
    [anya] = table.players
    await table.edit(1, health=3)
    window = await _open(table, anya)
    await _press(table, anya, window, "надето: 1 пара брюк")
    await _press(table, anya, window, "→ в рюкзак")
    assert "Готово" in window.body
    assert not (await table.character(1)).inventory.trousers
    await _press(table, anya, window, "рюкзак: 1 пара брюк")
    await _press(table, anya, window, "→ надеть")
    assert (await table.character(1)).inventory.trousers
    await _press(table, anya, window, "надето: 1 рюкзак")
    await _press(table, anya, window, "→ на пол")
    assert "Сначала освободите рюкзак" in window.body
    await _press(table, anya, window, "◀️ Назад")
    await _press(table, anya, window, "рюкзак: 5 таблеток")
    await _press(table, anya, window, "+")
    await _press(table, anya, window, "💊 Проглотить: 2")
    assert "Проглочено таблеток: 2. Здоровье 5 из 5." in window.body
    await _press(table, anya, window, "правая рука: 1 меч")
    await _press(table, anya, window, "→ на пол")
    me = await table.character(1)
    assert me.inventory.swords_in_hand == 0 and me.health == 5
    assert "пол зала: 1 меч" in window.button_texts


async def test_an_uncontested_pick_up_is_immediate_and_then_gone(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", QUIET), ("Боря", QUIET))
    anya, borya = table.players
    await table.edit_world(lambda w: with_floor(w, 1, HallFloor().add(Item.SWORD)))
    late = await _open(table, borya)
    await _press(table, borya, late, "пол зала: 1 меч")  # Боря looks, Аня is faster
    window = await _open(table, anya)
    await _press(table, anya, window, "пол зала: 1 меч")
    await _press(table, anya, window, "✋ Подобрать (куда поместится)")
    # one confirmation, in the window pressed, with where it went (no second private message)
    picked = "✅ Подобрано: 1 меч → в левую руку. Никто больше за этим не тянулся."
    assert picked in window.body
    assert (await table.character(1)).inventory.swords_in_hand == 2
    assert not await OwedMessage.filter(chat_id=table.private(anya).id)  # nothing else is sent
    assert "Вы тянетесь за" not in window.body

    await _press(table, borya, late, "✋ Подобрать (куда поместится)")
    gone = "Не досталось: 1 меч — на полу этого уже нет, кто-то подобрал раньше."
    assert gone in late.body
    assert (await table.character(2)).inventory.swords_in_hand == 1
    assert (await table.character(1)).inventory.swords_in_hand == 2


async def test_competing_pick_ups_wait_and_go_by_initiative_at_the_tick(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", QUIET), ("Боря", QUIET), ("Вера", QUIET))
    anya, borya, _ = table.players
    await table.edit_world(lambda w: with_floor(w, 1, HallFloor().add(Item.SWORD)))
    assert "Бой №1" in (await table.say(borya, "/fight 3")).body  # Боря is in a fight now
    for user in (borya, anya):  # a fighter's reach waits; Аня's then meets a pending rival
        window = await _open(table, user)
        await _press(table, user, window, "пол зала: 1 меч")
        await _press(table, user, window, "✋ Подобрать (куда поместится)")
        assert "Заявка: 1 меч с пола. Сразу не взять" in window.body
        assert "Вы тянетесь за: 1 меч" in window.body
    assert (await table.character(1)).inventory.swords_in_hand == 1
    gm.game_dice.add(10, 3, 9)  # initiative: Аня 3 + 2 = 5, Боря 9 + 2 = 11
    await table.tick()
    anya_report = (await table.report(anya, 1)).body
    borya_report = (await table.report(borya, 1)).body
    assert "ваша инициатива 3 + 2 = 5 — место 2 из 2" in anya_report
    assert "Не досталось: 1 меч" in anya_report
    assert "ваша инициатива 9 + 2 = 11 — место 1 из 2" in borya_report
    assert "Подобрано: 1 меч → в левую руку" in borya_report
    assert (await table.character(2)).inventory.swords_in_hand == 2
    assert (await table.character(1)).inventory.swords_in_hand == 1


async def test_a_pick_up_without_room_or_of_nothing_is_refused(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", QUIET))
    [anya] = table.players
    await table.edit_world(lambda w: with_floor(w, 1, HallFloor().add(Item.SWORD, 2)))
    window = await _open(table, anya)
    await _press(table, anya, window, "пол зала: 2 меча")
    await _press(table, anya, window, "Все")
    await _press(table, anya, window, "✋ Подобрать (куда поместится)")
    assert "Не помещается" in window.body and "Места там: 1" in window.body
    await _press(table, anya, window, "✋ Подобрать → в правую руку")
    assert "Места там: 0" in window.body
    await table.edit_world(lambda w: with_floor(w, 1, HallFloor()))
    await _press(table, anya, window, "✋ Подобрать (куда поместится)")
    assert "Не досталось: 2 меча — на полу этого уже нет" in window.body
    assert (await table.character(1)).inventory.swords_in_hand == 1


async def test_the_dialogs_open_in_private_only_and_for_players_only(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", QUIET))
    [anya] = table.players
    for command, text in (
        ("/inventory", "Инвентарь — в личном чате"),
        ("/donate", "Пожертвования — в личном чате"),
    ):
        answer = await table.say(anya, command)
        assert text in answer.body and answer.button_texts == ["Открыть личный чат"]
    stranger = gm.emu.add_user("Прохожий", language_code="ru", started=True)
    for command in ("/inventory", "/donate", "/sleep", "/look"):
        refused = await table.say(stranger, command, table.private(stranger))
        assert "нет живого персонажа в идущей игре" in refused.body


async def test_inventory_says_where_pills_must_be_to_work_at_zero(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", QUIET))
    [anya] = table.players
    hint = "💊 При здоровье 0 достать можно только таблетки из левого кармана куртки — сейчас там"
    window = await _open(table, anya)
    assert f"{hint} 0." in window.body  # the start kit's pills are in the backpack
    await table.edit(1, inventory=replace(start_kit(), left_pocket=PocketContent(Item.PILL, 3)))
    window = await _open(table, anya)
    assert f"{hint} 3." in window.body

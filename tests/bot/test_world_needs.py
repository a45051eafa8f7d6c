"""Hunger, sleep, healing and bleeding over several cycles, through /tick and the commands."""

from __future__ import annotations

from bot.db.models import Character
from rules.pool.model import Gender
from rules.pool.penalty import PenaltyCause, penalty
from tests.bot.conftest import Harness
from tests.bot.world_table import QUIET, Table, pool_table
from tests.telegram_emulator import EmuUser


async def _ticks(table: Table, user: EmuUser, count: int) -> str:
    """``count`` ticks; the player's last private report."""
    body = ""
    for _ in range(count):
        summary = await table.tick()
        cycle = int(summary.body.split("Цикл ")[1].split()[0])
        body = (await table.report(user, cycle)).body
    return body


async def test_hunger_gives_1_at_cycle_5_and_2_at_6_and_a_ration_resets_it(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", QUIET))
    [anya] = table.players
    fourth = await _ticks(table, anya, 4)
    assert "Без еды 4 цикла: штрафа нет, он появится через 1 цикл без еды." in fourth
    fifth = await _ticks(table, anya, 1)
    assert "Без еды 5 циклов: штраф +1, он вырастет через 1 цикл без еды." in fifth
    assert penalty(await table.character(1)).amount(PenaltyCause.HUNGER) == 1
    sixth = await _ticks(table, anya, 1)
    assert "Без еды 6 циклов: штраф +2" in sixth
    assert "Без сна 6 циклов: штраф +2" in sixth
    me = await table.character(1)
    assert penalty(me).amount(PenaltyCause.HUNGER) == 2
    assert penalty(me).amount(PenaltyCause.SLEEPLESSNESS) == 2

    chat = table.private(anya)
    await gm.emu.send_text(anya, chat, "/inventory")
    window = await gm.emu.wait_for_message(chat, lambda m: "Инвентарь" in m.body)
    await gm.emu.wait_for_callback_answer(
        await gm.emu.press_button(anya, window, "рюкзак: 5 рационов")
    )
    await gm.emu.wait_for_callback_answer(
        await gm.emu.press_button(anya, window, "🍽 Съесть рацион")
    )
    assert "Рацион съеден" in window.body and "рюкзак: 4 рациона" in window.button_texts
    me = await table.character(1)
    assert me.cycles_without_food == 0 and me.inventory.pack.rations == 4
    assert penalty(me).amount(PenaltyCause.HUNGER) == 0
    assert "Без еды 0 циклов: штрафа нет" in (await table.say(anya, "/me", chat)).body


async def test_an_early_wake_halves_sleeplessness_rounding_up(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", QUIET), ("Боря", QUIET), genders=(Gender.FEMALE,))
    anya, borya = table.players
    await table.edit(1, cycles_without_sleep=9, cycles_without_food=2)  # penalty 5
    slept = await table.say(anya, "/sleep")
    assert "Аня засыпает на 2 цикла. Во сне она беззащитна, если её никто не охраняет" in slept.body
    summary = await table.tick()
    assert "Проснулись" not in summary.body
    report = (await table.report(anya, 1)).body
    assert "Проспан цикл (1 из 2)." in report and "Бросок Харизмы" not in report
    assert "Во сне голод не растёт" in report
    asleep = await table.character(1)
    assert asleep.asleep and asleep.cycles_without_food == 2 and asleep.cycles_without_sleep == 9

    woke = await table.say(borya, "/wake 1")
    assert "Боря будит спящую: №1 Аня." in woke.body
    anya_now = await table.character(1)
    assert not anya_now.asleep
    assert anya_now.cycles_without_sleep == 7  # 4 + ceil(5 / 2)
    assert penalty(anya_now).amount(PenaltyCause.SLEEPLESSNESS) == 3
    again = await table.say(borya, "/wake 1")
    assert "№1 не спит" in again.body


async def test_sleep_heals_up_to_the_maximum_and_ends_after_two_cycles(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", QUIET))
    [anya] = table.players
    await table.edit(1, health=4, health_at_cycle_start=4, cycles_without_sleep=6)
    await table.say(anya, "/sleep")
    first = await table.tick()
    report = (await table.report(anya, 1)).body
    assert "Сон лечит: здоровье 5." in report and "Проснулись" not in first.body
    second = await table.tick()
    report = (await table.report(anya, 2)).body
    assert "Сон лечит" not in report  # 5 is the maximum
    assert "Вы проснулись, выспавшись" in report
    assert "Проснулись: Аня." in second.body
    me = await table.character(1)
    assert me.health == 5 and not me.asleep and me.cycles_without_sleep == 0
    assert me.cycles_without_food == 0  # sleep cycles do not count for hunger


async def test_bleeding_outside_a_fight_kills_in_three_cycles(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", QUIET), ("Боря", QUIET))
    _, borya = table.players
    await table.edit(2, health=2, health_at_cycle_start=2)  # wounded since the cycle began
    await table.tick()
    bled = (await table.report(borya, 1)).body
    assert (
        "Кровотечение: здоровье 1. Поднимите его хотя бы до 3 (таблетки), иначе к концу этого"
        in bled
    )
    await table.tick()
    at_zero = (await table.report(borya, 2)).body
    # at 0 the consequence is death, in the zero message's words (not «ещё меньше»)
    assert (
        "🩸 Кровотечение: здоровье 0. Если к концу этого цикла здоровье останется 0 — смерть"
        in at_zero
    )
    assert "станет ещё меньше" not in at_zero
    # The moment he drops to 0 he is told, privately, what happens and what could save him.
    zero = await gm.emu.wait_for_message(table.private(borya), lambda m: "💔" in m.body)
    assert zero.body.splitlines()[:3] == [
        "💔 Боря: здоровье 0. Ни сражаться, ни ходить нельзя.",
        "⏳ Если к концу этого цикла здоровье останется 0, Боря умрёт.",
        "💊 Таблетки у вас есть, но не в левом кармане куртки, а при здоровье 0 достать можно"
        " только оттуда.",
    ]
    assert zero.buttons == []  # his pills are in the backpack: no button that cannot work
    third = await table.tick()
    died = (await table.report(borya, 3)).body
    assert "Ваш персонаж погиб: здоровье оставалось 0 весь цикл." in died
    assert "помог" not in died  # nobody could have: nobody is blamed
    assert "Погибли: Боря." in third.body
    row = await Character.get(game_id=table.game.id, number=2)
    assert row.status == "dead"
    fourth = await table.tick()
    assert "Погибли" not in fourth.body
    await gm.emu.expect_no_message(table.private(borya))  # the dead get no more reports


async def test_acting_asleep_or_at_zero_is_refused(gm: Harness) -> None:
    table = await pool_table(gm, ("Аня", QUIET), ("Боря", QUIET))
    anya, borya = table.players
    await table.say(anya, "/sleep")
    assert "спит: во сне ничего не сделать" in (await table.say(anya, "/sleep")).body
    assert "спит" in (await table.say(anya, "/guard 2")).body
    await table.edit(2, health=0)
    # Health is a secret: the group learns only that the answer went to private.
    assert (await table.say(borya, "/sleep")).body.startswith("🔒 Ответ — в личном чате")
    told = await gm.emu.wait_for_message(table.private(borya))
    assert told.body.startswith("Здоровье 0")
    assert not (await table.character(2)).asleep

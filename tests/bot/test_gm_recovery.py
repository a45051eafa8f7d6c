"""A game master's /heal and /rest in every system, through the real dispatcher: a spared d20
hero stands again and fights the next battle; pool health stays the player's secret; /rest is
refused while a fight is open and when nobody needs it; the dead stay dead."""

from __future__ import annotations

from bot.db.models import Character, CharacterStatus, GmAction
from rules.d20 import CharacterClass
from tests.bot.conftest import Harness
from tests.bot.d20_rig import ATTACK, FIRST, SECOND, d20_table
from tests.bot.pool_fight_rig import change, character, pool_table

PAIR = [("Догвор", CharacterClass.FIGHTER), ("Эльф", CharacterClass.WIZARD)]
PAIR_SIDES = [("Догвор", FIRST), ("Эльф", SECOND)]


async def test_a_spared_d20_hero_healed_by_the_gm_fights_the_next_battle(gm: Harness) -> None:
    table = await d20_table(gm, PAIR)
    await table.set_hp("Эльф", 1)
    live = await table.start(PAIR_SIDES, [20, 10])
    end = await table.act("Догвор", live, ATTACK, "Эльф", 15)
    await gm.emu.press_button(table.users["Догвор"], end, "🕊 Пощадить")
    spared = await gm.emu.wait_for_edit(end)
    assert "Хиты павшим вернёт мастер: /heal или привал /rest." in spared.body
    assert await table.hp("Эльф") == 0
    await gm.emu.send_text(table.users["Эльф"], "/me")
    sheet = await gm.emu.wait_for_message(gm.emu.private_chat(table.users["Эльф"]))
    assert "упал и выбыл из боя; пока мастер не восстановит хиты (/heal или /rest)" in (sheet.body)
    call = await table.call()
    await table.join(call, "Догвор", FIRST)
    query = await gm.emu.press_button(table.users["Эльф"], call, SECOND)
    refused = await gm.emu.wait_for_callback_answer(query)
    assert refused.show_alert and refused.text == (  # at 0 HP: cannot join, and why
        "Эльф упал без сил (0\u00a0ХП) и не может сражаться, пока мастер не восстановит хиты: "
        "/heal или /rest."
    )
    await gm.emu.send_text(table.admin, table.group, "/heal 2 лекарь из деревни")
    notice = await gm.emu.wait_for_message(table.group)
    assert notice.body == "💚 №2 Эльф: хиты восстановлены, 12/12. Записано в журнал /log."
    assert await table.hp("Эльф") == 12
    joined = await table.join(call, "Эльф", SECOND)
    assert "Эльф" in joined.body
    gm.game_dice.add(20, 20, 10)
    await gm.emu.press_button(table.admin, call, "⚔️ Начать бой")
    live = await table.turn_message()
    assert "Эльф" in live.body and "12/12" in live.body


async def test_rest_restores_every_living_d20_hero_and_names_them_once(gm: Harness) -> None:
    table = await d20_table(gm, [*PAIR, ("Брат", CharacterClass.CLERIC)])
    await table.set_hp("Догвор", 5)
    await table.set_hp("Эльф", 0)
    await gm.emu.send_text(table.admin, table.group, "/rest")
    assert "/rest причина" in (await gm.emu.wait_for_message(table.group)).body
    await gm.emu.send_text(table.users["Брат"], table.group, "/rest ночь")
    assert "администратор" in (await gm.emu.wait_for_message(table.group)).body
    assert await table.hp("Догвор") == 5
    await gm.emu.send_text(table.admin, table.group, "/rest ночь в таверне")
    notice = await gm.emu.wait_for_message(table.group)
    assert notice.body == (
        "🏕 Привал — «ночь в таверне». Силы восстановлены:\n"
        "• №1 Догвор: хиты 5 → 20/20\n"
        "• №2 Эльф: хиты 0 → 12/12\n"
        "Записано в журнал /log."
    )  # Брат was at full health: not listed
    assert [await table.hp(n) for n in ("Догвор", "Эльф", "Брат")] == [20, 12, 16]
    logged = await GmAction.get(game_id=table.game.id, action="rest")
    assert logged.reason == "ночь в таверне"
    assert logged.details == {"rested": [[1, 5, 20], [2, 0, 12]]}
    await gm.emu.send_text(table.admin, table.group, "/rest ещё раз")
    again = await gm.emu.wait_for_message(table.group)
    assert again.body.startswith("Все живые персонажи и так полностью здоровы")
    assert await GmAction.filter(game_id=table.game.id, action="rest").count() == 1


async def test_rest_is_refused_while_a_battle_is_open_and_spares_nobody_dead(
    gm: Harness,
) -> None:
    table = await d20_table(gm, [*PAIR, ("Брат", CharacterClass.CLERIC)])
    await table.set_hp("Догвор", 5)
    await Character.filter(game_id=table.game.id, name="Брат").update(
        status=CharacterStatus.DEAD, active_key=None
    )
    await table.call()  # the call alone opens the battle
    await gm.emu.send_text(table.admin, table.group, "/rest привал")
    refusal = await gm.emu.wait_for_message(table.group)
    assert refusal.body.startswith("Привал — только между боями")
    assert await table.hp("Догвор") == 5
    await gm.emu.send_text(table.admin, table.group, "/heal 1 перевязка")
    notice = await gm.emu.wait_for_message(table.group)
    assert "20/20" in notice.body  # not in the battle yet: /heal works on him
    await gm.emu.send_text(table.admin, table.group, "/heal 3 чудо")
    dead = await gm.emu.wait_for_message(table.group)
    assert dead.body.startswith("№3 Брат — не среди живых: сначала /revive 3")


async def test_pool_heal_tells_the_numbers_only_to_the_owner(gm: Harness) -> None:
    table = await pool_table(gm)
    await change(table, 1, health=1)
    await gm.emu.send_text(table.admin, table.group, "/heal 1 9 чудо")
    refused = await gm.emu.wait_for_message(table.group)  # the maximum is Живучесть: a secret
    assert refused.body.startswith("🔒 Ответ — в личном чате") and "5" not in refused.body
    told = await gm.emu.wait_for_message(gm.emu.private_chat(table.admin))
    assert "от 1 до 5" in told.body
    await gm.emu.send_text(table.admin, table.group, "/heal 1 4 отвар травницы")
    notice = await gm.emu.wait_for_message(table.group)
    assert notice.body.startswith("💚 Мастер лечит №1 Арья.")
    assert "4" not in notice.body and "1 →" not in notice.body  # health is a secret
    private = await gm.emu.wait_for_message(table.private(1))
    assert private.body == "💚 Мастер вылечил вашего персонажа: здоровье 1 → 4 из 5."
    assert (await character(table, 1)).health == 4
    await gm.emu.send_text(table.stranger, table.group, "/log")
    log = (await gm.emu.wait_for_message(table.group)).body
    assert "/heal №1: здоровье (сколько — тайна игрока) — «отвар травницы»" in log
    await change(table, 2, health=2)
    await gm.emu.send_text(table.admin, table.group, "/rest долгий сон")
    rest = await gm.emu.wait_for_message(table.group)
    assert rest.body == (
        "🏕 Привал — «долгий сон». Здоровье восстановлено полностью (сколько это — тайна "
        "каждого игрока):\n• №1 Арья\n• №2 Бран\nЗаписано в журнал /log."
    )
    told = await gm.emu.wait_for_message(table.private(2))
    assert told.body.endswith("восстановлено полностью — 5 из 5.")
    assert [(await character(table, n)).health for n in (1, 2)] == [5, 5]

"""/edit N in a pool game: the link, each field group, refusals, limit breaks, log and notice."""

from __future__ import annotations

from typing import Any

from bot.db.models import Character, Game, GameStatus
from rules.pool.model import Item, PocketContent, PoolCharacter, Stats
from tests.bot.character_edit_rig import Editor, actions_of, state_of
from tests.bot.conftest import Harness
from tests.bot.pool_fight_rig import Table, change, pool_table
from tests.telegram_emulator import ChatMemberInfo


async def _editor(gm: Harness, number: int = 1, **settings: Any) -> tuple[Table, Editor]:
    table = await pool_table(gm, 2, **settings)
    editor = Editor(gm, table.admin, table.game)
    await editor.open(number)
    return table, editor


async def _pool(table: Table, number: int = 1) -> PoolCharacter:
    state = await state_of(table.game, number)
    assert isinstance(state, PoolCharacter)
    return state


async def test_edit_gives_admins_a_link_and_refuses_others(gm: Harness) -> None:
    table = await pool_table(gm, 2)
    await gm.emu.send_text(table.admin, table.group, "/edit 1")
    reply = await gm.emu.wait_for_message(table.group, lambda m: "Правка персонажа" in m.body)
    [[button]] = reply.buttons
    assert button["url"] == f"https://t.me/gm_test_bot?start=e{table.game.id}_1"
    assert "Арья" in reply.body
    await gm.emu.send_text(table.admin, table.group, "/edit 9")
    assert "номером 9" in (await gm.emu.wait_for_message(table.group)).body
    await gm.emu.send_text(table.admin, table.group, "/edit")
    assert "/edit 3" in (await gm.emu.wait_for_message(table.group)).body
    await gm.emu.send_text(table.player(1), table.group, "/edit 1")
    refused = await gm.emu.wait_for_message(table.group)
    assert "только администраторы" in refused.body and not refused.buttons
    # The link itself checks again: a player who got hold of it is refused in private.
    await gm.emu.open_deep_link(table.player(1), f"e{table.game.id}_1")
    refused = await gm.emu.wait_for_message(table.private(1))
    assert "только администраторы" in refused.body and not refused.buttons
    await gm.emu.open_deep_link(table.admin, f"e{table.game.id}_7")
    assert "номером 7" in (await gm.emu.wait_for_message(gm.emu.private_chat(table.admin))).body


async def test_health_edit_is_logged_with_its_reason_and_announced(gm: Harness) -> None:
    table, editor = await _editor(gm)
    assert "Арья" in editor.window.body and "5/5" in editor.window.body
    await change(table, 1, health=3)
    window = await editor.edit("❤️ Здоровье", "4")
    assert "здоровье 3 → 4" in window.body
    notice = await editor.save("лечение у знахаря", table.group)
    assert notice.body == (  # a pool character's health is a secret the seed sells
        "🛠 Правка мастера — №1 Арья: здоровье (подробности — тайна игрока). Мастер: Мастер. "
        "Причина: лечение у знахаря"
    )
    told = await gm.emu.wait_for_message(table.private(1), lambda m: "🛠" in m.body)
    assert told.body.startswith("🛠 Правка мастера — №1 Арья: здоровье 3 → 4.")
    assert (await _pool(table)).health == 4
    [action] = await actions_of(table.game)
    assert (action.action, action.target_number, action.reason) == ("edit", 1, "лечение у знахаря")
    assert action.actor_id == table.admin.id
    assert action.details["changes"] == [
        {"field": "health", "before": "3", "after": "4", "item": "", "place": ""}
    ]
    assert "4/5" in editor.window.body and "здоровье 3 → 4" in editor.window.body
    await gm.emu.send_text(table.stranger, table.group, "/log")
    log = await gm.emu.wait_for_message(table.group, lambda m: "правка" in m.body)
    assert "правка №1: здоровье (подробности — тайна игрока)" in log.body
    assert "3 → 4" not in log.body and "лечение у знахаря" in log.body


async def test_stats_beyond_the_build_rules_need_confirmation(gm: Harness) -> None:
    table, editor = await _editor(gm)
    await editor.edit("📊 Характеристики", "2 3 2 5 0", expect="Ничего не меняется")
    await editor.press("← Назад")
    window = await editor.edit("📊 Характеристики", "3 3 2 6 0", expect="выходит за правила")
    assert "характеристики (Ин/Ат/Защ/Жив/Хар) 2/3/2/5/0 → 3/3/2/6/0" in window.body
    assert "сумма характеристик 14, а по правилам 12" in window.body
    assert "Всё равно применить" in " ".join(window.button_texts)
    await editor.press("✖ Отмена")
    assert (await _pool(table)).stats == Stats(2, 3, 2, 5, 0)
    await editor.edit("📊 Характеристики", "3 3 2 6 0", expect="выходит за правила")
    await editor.press("⚠️ Всё равно применить")
    assert "причину" in editor.window.body
    notice = await editor.save("благословение богини", table.group)
    assert "Сверх правил, с подтверждением" in notice.body
    assert (await _pool(table)).stats == Stats(3, 3, 2, 6, 0)
    [action] = await actions_of(table.game)
    assert action.details["breaks"][0]["code"] == "edit-limit-stat-sum"


async def test_stats_within_the_rules_and_impossible_numbers(gm: Harness) -> None:
    table, editor = await _editor(gm)
    await editor.press("📊 Характеристики")
    await editor.type("2 3 -1 5 0", "от 0 до 999")
    await editor.type("2 3 2", "Пришлите 5 целых чисел через пробел")
    await editor.type("сила", "одно целое число")
    await editor.type("3 2 2 5 0", "причину")
    await editor.type("я" * 201, "от 1 до 200 знаков")
    await editor.save("ошибка при создании", table.group)
    assert (await _pool(table)).stats == Stats(3, 2, 2, 5, 0)


async def test_health_above_max_is_a_limit_and_below_zero_is_refused(gm: Harness) -> None:
    table, editor = await _editor(gm)
    await editor.press("❤️ Здоровье")
    await editor.type("-2", "от 0 до 999")
    window = await editor.type("7", "выходит за правила")
    assert "здоровье 7 больше максимума 5" in window.body
    await editor.press("⚠️ Всё равно применить")
    await editor.save("зелье великана", table.group)
    assert (await _pool(table)).health == 7


async def test_hall_must_exist(gm: Harness) -> None:
    table, editor = await _editor(gm, halls=3)
    await editor.press("🚪 Зал")
    await editor.type("4", "Зала 4 в игре нет")
    await editor.type("3", "зал 1 → 3")
    notice = await editor.save("провалился в люк", table.group)
    assert "зал (подробности — тайна игрока)" in notice.body and "1 → 3" not in notice.body
    assert (await _pool(table)).hall == 3


async def test_hunger_and_sleep_counters(gm: Harness) -> None:
    table, editor = await _editor(gm)
    await editor.press("🍞 Голод и сон")
    await editor.press("🍞 Циклов без еды")
    await editor.type("-1", "от 0 до 999")
    await editor.type("6", "циклов без еды 0 → 6")
    await editor.save("неделя в подвале", table.group)
    await editor.press("🍞 Голод и сон")
    await editor.press("😴 Циклов без сна")
    await editor.type("3", "причину")
    await editor.save("бессонная ночь", table.group)
    await editor.press("🍞 Голод и сон")
    await editor.press("💤 Циклов сна")
    window = await editor.type("1", "выходит за правила")
    assert "персонаж не спит" in window.body
    await editor.press("✖ Отмена")
    character = await _pool(table)
    assert (character.cycles_without_food, character.cycles_without_sleep) == (6, 3)
    assert character.cycles_slept == 0
    assert len(await actions_of(table.game)) == 2


async def test_states_sleep_wake_fall_stand_kill_and_revive(gm: Harness) -> None:
    table, editor = await _editor(gm)
    await change(table, 1, move_to=2)  # she asked for the portal to hall 2
    await editor.press("😴 Состояния")
    await editor.press("😴 Уложить спать")
    notice = await editor.save("сонное зелье", table.group)
    assert "№1 Арья: сон." in notice.body
    slept = await _pool(table)
    assert slept.asleep and slept.move_to == 2  # kept, as /sleep keeps it: she wakes and goes
    await editor.press("😴 Состояния")
    assert "☀️ Разбудить" in editor.window.button_texts
    await editor.press("☀️ Разбудить")
    await editor.save("рассвет", table.group)
    await editor.press("😴 Состояния")
    await editor.press("🤕 Уронить")
    await editor.save("подножка", table.group)
    character = await _pool(table)
    assert not character.asleep and character.fallen
    await editor.press("😴 Состояния")
    await editor.press("💀 Убить")
    notice = await editor.save("проклятие", table.group)
    assert "№1 Арья: смерть." in notice.body
    assert "осталось на полу зала 1: куртка, брюки," in notice.body  # the body's belongings, public
    row = await Character.get(game_id=table.game.id, number=1)
    assert row.status == "dead" and row.active_key is None
    assert editor.window.button_texts[0] == "✨ Оживить"
    await editor.press("✨ Оживить")
    notice = await editor.save("ошибка мастера", table.group)
    assert "№1 Арья: оживление." in notice.body
    row = await Character.get(game_id=table.game.id, number=1)
    assert row.status == "active"
    assert [a.action for a in await actions_of(table.game)] == ["edit"] * 4 + ["revive"]


async def _item_step(editor: Editor, operation: str, item: str, *places: str) -> str:
    """Items, then the operation, the item and the places; the last press's alert, if any."""
    await editor.press("🎒 Вещи и монеты")
    await editor.press(operation)
    answer = await editor.press(item)
    for place in places:
        answer = await editor.press(place)
    return answer.text or ""


async def test_items_added_moved_and_over_full_with_confirmation(gm: Harness) -> None:
    table, editor = await _editor(gm)
    await _item_step(editor, "➕ Добавить", "монета", "рюкзак")
    assert "Сколько штук" in editor.window.body
    await editor.type("0", "от 1 до 999")
    await editor.type("5", "монета (рюкзак): 0 → 5")
    notice = await editor.save("клад", table.group)
    assert "вещи (подробности — тайна игрока)" in notice.body and "монета" not in notice.body
    await _item_step(editor, "↔️ Переложить", "таблетка", "рюкзак", "левый карман")
    await editor.type("6", "Столько нет")
    await editor.type("5", "таблетка (левый карман): 0 → 5")
    await editor.save("разложил аптечку", table.group)
    await _item_step(editor, "➕ Добавить", "таблетка", "левый карман")
    window = await editor.type("8", "выходит за правила")
    assert "в кармане будет 13, а помещается до 10" in window.body
    await editor.press("⚠️ Всё равно применить")
    await editor.save("дар аптекаря", table.group)
    inventory = (await _pool(table)).inventory
    assert inventory.left_pocket == PocketContent(Item.PILL, 13)
    assert (inventory.pack.pills, inventory.pack.coins) == (0, 5)
    [_, _, forced] = await actions_of(table.game)
    assert forced.details["breaks"][0]["code"] == "edit-limit-pocket"


async def test_items_that_cannot_be_there_are_refused_outright(gm: Harness) -> None:
    table, editor = await _editor(gm)
    alert = await _item_step(editor, "➕ Добавить", "меч", "левый карман")
    assert "Мечи — только в руках" in alert
    await editor.press("← Назад")
    alert = await _item_step(editor, "➕ Добавить", "меч", "правая рука")
    assert "Там уже занято" in alert
    await editor.press("← Назад")
    await _item_step(editor, "➕ Добавить", "монета", "левый карман")
    await editor.type("3", "причину")
    await editor.save("монетки", table.group)
    assert "Сначала освободите" in await _item_step(editor, "➖ Убрать", "куртка", "надето")
    await editor.press("← Назад")
    alert = await _item_step(editor, "➕ Добавить", "таблетка", "левый карман")
    assert "В кармане лежит другое" in alert
    await editor.press("← Назад")
    await _item_step(editor, "➖ Убрать", "монета", "левый карман")
    await editor.type("3", "причину")
    await editor.save("отобрал", table.group)
    await _item_step(editor, "➖ Убрать", "куртка", "надето")
    await editor.save("сняли куртку", table.group)
    alert = await _item_step(editor, "➕ Добавить", "таблетка", "правый карман")
    assert "Этого места сейчас нет" in alert
    inventory = (await _pool(table)).inventory
    assert not inventory.jacket and inventory.right_pocket == PocketContent()
    assert len(await actions_of(table.game)) == 3


async def test_a_stale_edit_is_refused_and_the_character_shown_as_it_is(gm: Harness) -> None:
    table, editor = await _editor(gm)
    await editor.press("❤️ Здоровье")
    await change(table, 1, health=2)  # a tick, a fight or another admin meanwhile
    refused = await editor.type("4", "Пока вы правили")
    assert not refused.buttons
    assert "2/5" in editor.window.body and "Что изменить?" in editor.window.body
    await editor.edit("❤️ Здоровье", "4")
    await change(table, 1, health=1, cycles_without_food=2)
    await gm.emu.send_text(editor.user, "успел")
    await gm.emu.wait_for_message(editor.chat, lambda m: "Пока вы правили" in m.body)
    await gm.emu.expect_no_message(table.group)
    assert (await _pool(table)).health == 1
    assert await actions_of(table.game) == []


async def test_a_demoted_admin_and_an_ended_game_change_nothing(gm: Harness) -> None:
    table, editor = await _editor(gm)
    await editor.edit("❤️ Здоровье", "3")
    gm.emu.chat(table.group.id).members[table.admin.id] = ChatMemberInfo(table.admin, "member")
    await editor.type("по старой памяти", "только администраторы")
    answer = await editor.press("✖ Отмена")
    assert not answer.text  # going back needs no rights
    answer = await editor.press("❤️ Здоровье")
    assert answer.show_alert and "только администраторы" in (answer.text or "")
    assert (await _pool(table)).health == 5 and await actions_of(table.game) == []
    gm.emu.chat(table.group.id).members[table.admin.id] = ChatMemberInfo(
        table.admin, "administrator"
    )
    await editor.press("❤️ Здоровье")
    await Game.filter(id=table.game.id).update(status=GameStatus.ENDED)
    await gm.emu.send_text(editor.user, "3")
    ended = await gm.emu.wait_for_message(editor.chat, lambda m: "игра уже закончилась" in m.body)
    assert not editor.window.buttons and not ended.buttons  # the dialog closed
    assert (await _pool(table)).health == 5
    await gm.emu.open_deep_link(table.admin, f"e{table.game.id}_1")
    assert "игра уже закончилась" in (await gm.emu.wait_for_message(editor.chat)).body


async def test_a_fighter_is_not_edited_until_the_fight_ends(gm: Harness) -> None:
    from bot.db.models import Encounter
    from bot.services.codec import dump
    from bot.services.fights import KIND
    from rules.pool.fight_table import PoolTable

    table, editor = await _editor(gm)
    await Encounter.create(
        game_id=table.game.id,
        kind=KIND,
        stage="joining",
        state=dump(PoolTable(challenger=2, joined=(2, 1))),
        chat_id=table.group.id,
    )
    await editor.press("❤️ Здоровье")
    await editor.type("2", "сейчас в бою")
    assert (await _pool(table)).health == 5


async def test_a_restart_mid_dialog_keeps_the_pending_edit(gm: Harness) -> None:
    from bot.app import build_dispatcher
    from bot.i18n import Translator
    from tests.telegram_emulator import running_polling

    table, editor = await _editor(gm)
    await editor.edit("🚪 Зал", "2")
    await gm.dp.stop_polling()  # the bot goes down while the admin thinks of a reason
    revived = build_dispatcher(
        storage=gm.storage.fsm,
        isolation=gm.storage.isolation,
        translator=Translator("ru"),
        redis=gm.storage.redis,
    )
    async with running_polling(revived, gm.bot):
        notice = await editor.save("перезапуск не помеха", table.group)
    assert "зал (подробности — тайна игрока)" in notice.body
    assert (await _pool(table)).hall == 2

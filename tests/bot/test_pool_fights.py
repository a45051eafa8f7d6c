"""Pool group fights (rulebook: pool) through the real dispatcher, with scripted dice: 1-on-1."""

from __future__ import annotations

from bot.db.models import Character, RollLog
from bot.services.fights import FINISHED
from tests.bot.conftest import Harness
from tests.bot.pool_fight_rig import (
    PILL_BUTTONS,
    challenge,
    change,
    character,
    fight_record,
    opened_round,
    pool_table,
    press,
    round_dice,
    settled,
    start,
)

MISS = (2, 2, 2)  # three attack dice, none a success, no 1s
NO_DEFENSE = (2, 2)  # two defense dice, no successes


async def test_a_one_on_one_fight_to_the_death(gm: Harness) -> None:
    table = await pool_table(gm)
    gm.game_dice.add(10, 8, 3)  # initiative: Арья 8 + 2 = 10, Бран 3 + 2 = 5
    call = await challenge(table, 1, "/fight 2")
    # The attacked player is mentioned in the call (a new message: they are notified).
    assert f'<a href="tg://user?id={table.player(2).id}">Бран</a>' in call.html
    await press(table, 1, call, "Начать")
    live = await opened_round(table)
    # The initiative is shown once, in the call to the fight, and not again in round 1.
    called = await settled(call, lambda m: "Инициатива" in m.body)
    assert "Арья: 🎲 8 + 2 = 10" in called.body and "Бран: 🎲 3 + 2 = 5" in called.body
    text = live.body
    assert "Инициатива" not in text
    assert "Раунд 1" in text and "Арья ▰▰▰▰▰ 5/5 · → Бран" in text
    assert "Бран ▰▰▰▰▰ 5/5 · → Арья" in text  # one possible choice: made at once
    assert live.button_texts == ["⚔️ Атаковать", *PILL_BUTTONS]

    # round 1: Арья hits 3 (no defense); Бран misses
    round_dice(gm, (10, 10, 10), NO_DEFENSE, MISS, (5, 5))
    assert "атакуете" in await press(table, 1, live, "⚔️ Атаковать")
    edited = await gm.emu.wait_for_edit(live)
    assert "✅ Арья" in edited.body and "⏳ Бран" in edited.body
    assert "Раунд 1 · ход сделали: 1 из 2" in edited.body
    await press(table, 2, live, "⚔️ Атаковать")
    first = await gm.emu.wait_for_message(table.group, lambda m: "раунд 1</b>" in m.html)
    body = first.body
    # Round 1's own message is closed with a last edit as its buttons go: no frozen count.
    closed = await settled(live, lambda m: m.buttons == [])
    assert closed.body == "✔️ Раунд 1 сыгран — итоги ниже.", closed.body
    dice = "🎲 Арья → Бран: атака 10 10 10 (порог 6) → 3 · защита 2 2 (порог 6) → 0"
    assert "🗡 Арья → Бран: урон 3\n🗡 Бран → Арья: промах\n" in body  # one line each
    quote = first.html.split("<blockquote expandable>")[1].split("</blockquote>")[0]
    assert dice in first.body and "атака <b>10</b> <b>10</b> <b>10</b>" in quote  # marked
    assert "🗡 Бран → Арья: промах" in body
    assert "Бран ▰▰▱▱▱ 2/5" in body
    assert "кровотечение" in body and "штраф 3 (раны 3)" in body
    assert "Раунд 2" in body
    assert (await character(table, 2)).health == 2

    # round 2: both strike at once; Бран (health 2, threshold 9) dies, Арья takes 3
    round_dice(gm, (10, 10, 10), NO_DEFENSE, (9, 9, 9), (5, 5))
    await press(table, 2, first, "⚔️ Атаковать")
    await press(table, 1, first, "⚔️ Атаковать")
    second = await gm.emu.wait_for_message(table.group, lambda m: "раунд 2</b>" in m.html)
    body = second.body
    assert "атака 9 9 9 (порог 9 = 6 + раны 3) → 3" in body
    assert "☠️ Бран погибает от ран." in body
    assert "🏁 Бой №" in body and "В строю: Арья." in body
    assert second.buttons == []
    await settled(first, lambda m: m.buttons == [])  # the older live message lost its buttons
    bran = await Character.get(game_id=table.game.id, number=2)
    assert bran.status == "dead" and bran.active_key is None
    assert (await character(table, 1)).health == 2
    assert (await fight_record(table)).stage == FINISHED
    assert await RollLog.filter(game_id=table.game.id, purpose="pool_round").count() == 20
    assert await RollLog.filter(game_id=table.game.id, purpose="pool_initiative").count() == 2


async def test_each_round_is_one_new_group_message(gm: Harness) -> None:
    table = await pool_table(gm)
    gm.game_dice.add(10, 8, 3)
    live = await start(table, 1, 2)
    before = len(gm.emu.bot_messages(table.group))
    round_dice(gm, MISS, NO_DEFENSE, MISS, NO_DEFENSE)
    await press(table, 1, live, "⚔️ Атаковать")
    await press(table, 2, live, "⚔️ Атаковать")
    await gm.emu.wait_for_message(table.group, lambda m: "раунд 1</b>" in m.html)
    await gm.emu.expect_no_message(table.group)
    assert len(gm.emu.bot_messages(table.group)) == before + 1


async def test_a_foreign_press_and_a_double_press_change_nothing(gm: Harness) -> None:
    table = await pool_table(gm, 3)
    await change(table, 3, hall=2)
    gm.game_dice.add(10, 8, 3)
    live = await start(table, 1, 2)
    for user in (table.stranger, table.player(3)):
        answer = await press(table, user, live, "⚔️ Атаковать")
        assert "вашего персонажа в нём нет" in answer
    await press(table, 1, live, "⚔️ Атаковать")
    assert "уже сделали ход" in await press(table, 1, live, "⚔️ Атаковать")
    state = await fight_record(table)
    assert len(state.state["actions"]) == 1
    assert await RollLog.filter(game_id=table.game.id, purpose="pool_round").count() == 0


async def test_two_fighters_kill_each_other_in_the_same_round(gm: Harness) -> None:
    table = await pool_table(gm)
    await change(table, 1, health=1)
    await change(table, 2, health=1)
    gm.game_dice.add(10, 8, 3)
    live = await start(table, 1, 2)
    # health 1: penalty 4, threshold 10; each deals 2 and takes 2: both below 0 at once
    round_dice(gm, (10, 10, 2), NO_DEFENSE, (10, 10, 2), NO_DEFENSE)
    await press(table, 1, live, "⚔️ Атаковать")
    await press(table, 2, live, "⚔️ Атаковать")
    result = await gm.emu.wait_for_message(table.group, lambda m: "раунд 1</b>" in m.html)
    assert "порог 10 = 6 + раны 4" in result.body
    assert "☠️ Арья погибает от ран." in result.body
    assert "☠️ Бран погибает от ран." in result.body
    assert "В строю никого не осталось" in result.body
    rows = await Character.filter(game_id=table.game.id)
    assert [row.status for row in rows] == ["dead", "dead"]

"""Pool group fights: weapon loss, falling, standing up, pills, bleeding and dying at 0, the
round timeout, a restart mid-round and the GM's commands."""

from __future__ import annotations

from bot.db.models import Encounter, Game, RollLog, Timer
from bot.services.fights import FINISHED, ROUND_TIMER
from bot.services.world_play import peek
from rules.pool.model import Item, PocketContent
from tests.bot.conftest import Harness
from tests.bot.pool_fight_rig import (
    PILL_BUTTONS,
    challenge,
    change,
    character,
    fight_record,
    fight_state,
    fire,
    opened_round,
    pills,
    pool_table,
    press,
    round_dice,
    settled,
    start,
)
from tests.telegram_emulator import EmuMessage

MISS, NO_DEFENSE = (2, 2, 2), (2, 2)
ATTACK = "⚔️ Атаковать"


async def _round(gm: Harness, group_live: EmuMessage, number: int) -> EmuMessage:
    return await gm.emu.wait_for_message(group_live.chat, lambda m: f"раунд {number}</b>" in m.html)


async def test_weapon_loss_then_a_fall_then_standing_up(gm: Harness) -> None:
    table = await pool_table(gm)
    gm.game_dice.add(10, 8, 3)
    live = await start(table, 1, 2)
    # round 1: Арья's attack 1, 1, 2 is negative (-2): she drops her sword
    round_dice(gm, (1, 1, 2), NO_DEFENSE, MISS, NO_DEFENSE)
    await press(table, 1, live, ATTACK)
    await press(table, 2, live, ATTACK)
    first = await _round(gm, live, 1)
    assert "🗡 Арья → Бран: промах · 🔻 Арья роняет меч на пол зала" in first.body
    assert "🎲 Арья → Бран: атака <s>1</s> <s>1</s> 2 (порог 6) → −2 · " in first.html
    assert first.body.count("роняет меч") == 1  # said once, in words
    assert "Арья ▰▰▰▰▰ 5/5 · без меча · штраф 2 (без меча 2) · → Бран" in first.body
    world = await peek(table.game)
    assert world.floor(1).count(Item.SWORD) == 1
    assert (await character(table, 1)).inventory.right_hand is None

    # round 2: unarmed (threshold 8), negative again: she falls
    round_dice(gm, (1, 2, 2), NO_DEFENSE, MISS, NO_DEFENSE)
    await press(table, 1, first, ATTACK)
    await press(table, 2, first, ATTACK)
    second = await _round(gm, live, 2)
    assert "атака 1 2 2 (порог 8 = 6 + без меча 2) → −1" in second.body
    assert "🗡 Арья → Бран: промах · 🤕 Арья падает без оружия" in second.body
    assert "Арья ▰▰▰▰▰ 5/5 · упала · без меча" in second.body
    assert second.button_texts == [ATTACK, "🧍 Встать", *PILL_BUTTONS]

    # round 3: the fallen may only stand up; Бран's blow meets no defense
    assert "сначала нужно встать" in await press(table, 1, second, ATTACK)
    assert "и так на ногах" in await press(table, 2, second, "🧍 Встать")
    round_dice(gm, (10, 2, 2))  # Бран's attack only: no defense roll for the fallen
    await press(table, 1, second, "🧍 Встать")
    await press(table, 2, second, ATTACK)
    third = await _round(gm, live, 3)
    assert "🗡 Бран → Арья: урон 1" in third.body
    assert "атака <b>10</b> 2 2 (порог 6) → 1 · защиты нет: лежит на земле" in third.html
    assert "🧍 Арья поднимается на ноги." in third.body
    after = await character(table, 1)
    assert not after.fallen and after.health == 4
    assert third.button_texts == [ATTACK, *PILL_BUTTONS]


async def test_pills_come_from_the_left_pocket_only(gm: Harness) -> None:
    table = await pool_table(gm)
    await change(table, 1, health=2)
    await pills(table, 1, left=2, right=3)
    await pills(table, 2, left=0, right=4)
    gm.game_dice.add(10, 8, 3)
    live = await start(table, 1, 2)
    assert "левом кармане куртки столько таблеток нет" in await press(table, 2, live, "💊 1")
    # pills act first: Арья is at 4 (threshold 7) when Бран's attack meets her defense
    round_dice(gm, MISS, (7, 2))
    assert "таблетки: 2" in await press(table, 1, live, "💊 2")
    await press(table, 2, live, ATTACK)
    result = await _round(gm, live, 1)
    assert "💊 Арья глотает таблетки (2) — здоровье 4." in result.body
    assert "защита <b>7</b> 2 (порог 7 = 6 + раны 1) → 1" in result.html
    arya = await character(table, 1)
    assert arya.health == 4 and arya.inventory.left_pocket == PocketContent()
    assert arya.inventory.right_pocket == PocketContent(Item.PILL, 3)
    assert "кровотечение" not in result.body.split("Раунд 2")[1]


async def test_pill_buttons_are_fixed_and_refuse_more_than_one_holds(gm: Harness) -> None:
    table = await pool_table(gm)
    await change(table, 1, health=2)
    await change(table, 2, health=1)
    await pills(table, 1, left=1, right=5)
    await pills(table, 2, left=4)
    gm.game_dice.add(10, 8, 3)
    live = await start(table, 1, 2)
    # 1, 2, 3, all: not up to Бран's 4 (nor to anyone's stock, a secret)
    assert live.button_texts == [ATTACK, *PILL_BUTTONS]
    refused = await press(table, 1, live, "💊 3")  # Арья holds 1 in her left pocket
    assert refused == (
        "В левом кармане куртки столько таблеток нет. В бою доступен только левый карман."
    )
    assert (await fight_state(table)).actions == ()  # nothing chosen, she may still act
    assert (await character(table, 1)).inventory.left_pocket == PocketContent(Item.PILL, 1)
    assert "все таблетки" in await press(table, 2, live, "💊 все")
    assert "таблетки: 1" in await press(table, 1, live, "💊 1")
    result = await _round(gm, live, 1)
    assert "💊 Бран глотает таблетки (4) — здоровье 5." in result.body
    assert "💊 Арья глотает таблетки (1) — здоровье 3." in result.body
    assert (await character(table, 2)).inventory.left_pocket == PocketContent()


async def test_all_with_no_pills_is_refused_and_changes_nothing(gm: Harness) -> None:
    table = await pool_table(gm)
    await pills(table, 1, left=0, right=3)
    gm.game_dice.add(10, 8, 3)
    live = await start(table, 1, 2)
    assert "столько таблеток нет" in await press(table, 1, live, "💊 все")
    assert (await fight_state(table)).actions == ()


async def test_bleeding_and_dying_at_zero_at_the_round_end(gm: Harness) -> None:
    table = await pool_table(gm, 3)
    await change(table, 1, health=2)  # wounded: bleeds unless raised to 3
    await change(table, 3, health=3)
    live = await challenge(table, 1, "/fight 2")
    await press(table, 3, live, "Вступить")
    gm.game_dice.add(10, 9, 7, 5)  # initiative: Арья, Бран, Вера
    await press(table, 1, live, "Начать")
    vera = await gm.emu.wait_for_message(table.private(3), lambda m: "Бой №" in m.body)
    await press(table, 3, vera, "1. Арья")
    bran = await gm.emu.wait_for_message(table.private(2), lambda m: "Бой №" in m.body)
    await press(table, 2, bran, "3. Вера")
    live = await opened_round(table)
    # Арья (bound) → Вера, Бран → Вера, Вера → Арья; Бран knocks Вера to exactly 0
    round_dice(gm, MISS, NO_DEFENSE, (10, 10, 10), NO_DEFENSE, MISS, NO_DEFENSE)
    for number in (1, 2, 3):
        await press(table, number, live, ATTACK)
    first = await _round(gm, live, 1)
    assert "🩸 Арья истекает кровью: здоровье 1." in first.body
    assert "Вера ▱▱▱▱▱ 0/5 · при смерти" in first.body
    assert (await character(table, 3)).alive
    assert "только глотать таблетки" in await press(table, 3, first, ATTACK)
    # Вера is told privately, with the round that decides; her pills are in the backpack.
    zero = await gm.emu.wait_for_message(table.private(3), lambda m: "💔" in m.body)
    assert zero.body.splitlines()[:2] == [
        "💔 Бой №1: Вера — здоровье 0. Атаковать нельзя.",
        "⏳ Если к концу раунда 2 здоровье останется 0, Вера умрёт.",
    ]
    assert "не в левом кармане куртки" in zero.body and zero.buttons == []
    # round 2: the only opponents left are each other (no choice needed); Вера stays at 0
    round_dice(gm, MISS, NO_DEFENSE, MISS, NO_DEFENSE)
    for number in (1, 2):
        await press(table, number, first, ATTACK)
    second = await _round(gm, live, 2)
    assert "🗡 Арья → Бран" in second.body and "🗡 Бран → Арья" in second.body
    assert "☠️ Вера умирает: здоровье оставалось 0 весь раунд." in second.body
    assert "🩸 Арья истекает кровью: здоровье 0." in second.body
    assert "В строю: Бран. При смерти (здоровье 0): Арья. Погибли: Вера." in second.body
    assert not (await character(table, 3)).alive
    # The fight is over: Арья's 0 now follows the cycles (her cycle began unwounded).
    zero = await gm.emu.wait_for_message(table.private(1), lambda m: "💔" in m.body)
    assert zero.body.splitlines()[:2] == [
        "💔 Арья: здоровье 0. Ни сражаться, ни ходить нельзя.",
        "⏳ Этот цикл Арья переживёт, но если и к концу следующего здоровье останется 0 — умрёт.",
    ]


async def test_the_round_timeout_makes_the_silent_attack(gm: Harness) -> None:
    table = await pool_table(gm)
    await pills(table, 1, left=1)
    gm.game_dice.add(10, 8, 3)
    live = await start(table, 1, 2)
    await press(table, 1, live, "💊 1")
    round_dice(gm, (10, 2, 2), NO_DEFENSE)
    await fire(ROUND_TIMER)
    result = await gm.emu.wait_for_message(table.group, lambda m: "раунд 1</b>" in m.html)
    assert "🗡 Бран → Арья" in result.body and "🗡 Арья →" not in result.body
    assert "💊 Арья глотает таблетки (1)" in result.body


async def test_a_restart_mid_round_loses_no_choice_and_doubles_none(gm: Harness) -> None:
    from bot.app import build_dispatcher
    from bot.i18n import Translator
    from rules.dice import RecordingDice
    from tests.telegram_emulator import running_polling

    table = await pool_table(gm)
    gm.game_dice.add(10, 8, 3)
    live = await start(table, 1, 2)
    await press(table, 1, live, ATTACK)
    await gm.dp.stop_polling()  # the bot goes down between the two choices

    script = gm.game_dice
    revived = build_dispatcher(
        storage=gm.storage.fsm,
        isolation=gm.storage.isolation,
        translator=Translator("ru"),
        redis=gm.storage.redis,
        dice_factory=lambda g: RecordingDice(script, g.next_roll_index),
    )
    async with running_polling(revived, gm.bot):
        assert "уже сделали ход" in await press(table, 1, live, ATTACK)
        round_dice(gm, (10, 2, 2), NO_DEFENSE, MISS, NO_DEFENSE)
        await press(table, 2, live, ATTACK)
        result = await gm.emu.wait_for_message(table.group, lambda m: "раунд 1</b>" in m.html)
        assert "🗡 Арья → Бран: урон 1" in result.body
        await gm.emu.expect_no_message(table.group)
    assert await RollLog.filter(game_id=table.game.id, purpose="pool_round").count() == 10
    assert (await character(table, 2)).health == 4


async def test_the_gm_moves_the_fight_on_and_stops_it(gm: Harness) -> None:
    table = await pool_table(gm)
    gm.game_dice.add(10, 8, 3)
    await gm.emu.send_text(table.player(1), table.group, "/fight 2")
    live = await gm.emu.wait_for_message(table.group)
    await gm.emu.send_text(table.player(2), table.group, "/fight_next")
    assert "только администраторы" in (await gm.emu.wait_for_message(table.group)).body
    assert "Начать" in live.button_texts
    await gm.emu.send_text(table.admin, table.group, "/fight_next")  # ends the join window
    opened = await opened_round(table)
    assert ATTACK in opened.button_texts
    closed = await settled(live, lambda m: m.buttons == [])  # the join window's message
    assert closed.body == (  # who fights, and the initiative, shown here once
        "⚔️ Бой №1, зал 1: Арья → Бран\nУчастники: Арья, Бран.\n"
        "🎲 Инициатива (1d10 + Инициатива):\nАрья: 🎲 8 + 2 = 10\nБран: 🎲 3 + 2 = 5"
    )
    round_dice(gm, MISS, NO_DEFENSE, MISS, NO_DEFENSE)
    await gm.emu.send_text(table.admin, table.group, "/fight_next")  # nobody chose: all attack
    first = await gm.emu.wait_for_message(table.group, lambda m: "раунд 1</b>" in m.html)
    assert "🗡 Арья → Бран" in first.body and "🗡 Бран → Арья" in first.body
    state = await fight_state(table)
    assert state.state is not None and state.state.round == 1
    await gm.emu.send_text(table.admin, table.group, "/fight_stop")
    stopped = await gm.emu.wait_for_message(table.group)
    assert "Бой №1 остановлен мастером. В строю: Арья, Бран." in stopped.body
    await settled(first, lambda m: m.buttons == [])
    assert (await fight_record(table)).stage == FINISHED
    await gm.emu.send_text(table.admin, table.group, "/fight_stop")
    assert "Такого боя сейчас нет" in (await gm.emu.wait_for_message(table.group)).body
    game = await Game.get(id=table.game.id)
    assert game.status == "active"


async def test_a_fighter_gone_from_the_hall_is_out_and_the_fight_ends(gm: Harness) -> None:
    table = await pool_table(gm)
    gm.game_dice.add(10, 8, 3)
    live = await start(table, 1, 2)
    await change(table, 2, hall=3)  # the portals took him away mid-round
    await press(table, 1, live, ATTACK)
    ended = await settled(live, lambda m: "окончен" in m.body)
    assert "В строю: Арья." in ended.body and ended.buttons == []
    assert await RollLog.filter(game_id=table.game.id, purpose="pool_round").count() == 0
    assert (await fight_record(table)).stage == FINISHED


async def test_a_fight_button_of_the_version_before_encounters_is_stale(gm: Harness) -> None:
    """Before pool fights were encounters their buttons carried ``pf:<fight>:<action>:…`` and
    the private choices ``pt:…``: such a press (a message the old version sent) gets the stale
    answer, and the round goes on as if it had not been made."""
    table = await pool_table(gm)
    gm.game_dice.add(10, 8, 3)
    live = await start(table, 1, 2)
    record = await fight_record(table)
    for data in (f"pf:{record.id}:a:0:0", f"pt:{record.id}:2:0:0"):
        query = await gm.emu.press_button(table.player(1), live, data=data, forged=True)
        answer = await gm.emu.wait_for_callback_answer(query)
        assert "не действует" in (answer.text or ""), answer.text
    assert (await fight_record(table)).version == record.version
    assert (await fight_state(table)).actions == ()
    round_dice(gm, MISS, NO_DEFENSE, MISS, NO_DEFENSE)
    await press(table, 1, live, ATTACK)  # the new buttons work
    await press(table, 2, live, ATTACK)
    assert "Бой №1, раунд 1" in (await _round(gm, live, 1)).body


async def test_a_fight_stored_by_the_version_before_encounters_goes_on(gm: Harness) -> None:
    """A fight saved mid-round by the version before (its JSON a ``PoolFight``: its timer's id
    inside, no stage, hall or seats) is read as today's table: a fighter's chosen action is
    kept, the round's clock plays the round, and the new message's buttons work."""
    table = await pool_table(gm)
    await pills(table, 1, left=1)
    gm.game_dice.add(10, 8, 3)
    live = await start(table, 1, 2)
    await press(table, 1, live, "💊 1")
    record = await fight_record(table)
    [round_timer] = await Timer.filter(kind=ROUND_TIMER, ref=record.id, fired_at__isnull=True)
    new_keys = ("stage", "hall", "seated", "characters", "gone", "busy")
    stored = {k: v for k, v in record.state.items() if k not in new_keys}
    old = {**stored, "timer_id": round_timer.id}  # as the version before wrote it
    await Encounter.filter(id=record.id).update(state=old)
    round_dice(gm, (10, 2, 2), NO_DEFENSE)
    await fire(ROUND_TIMER)
    first = await _round(gm, live, 1)
    assert "💊 Арья глотает таблетки (1)" in first.body and "🗡 Бран → Арья" in first.body
    round_dice(gm, MISS, NO_DEFENSE, MISS, NO_DEFENSE)
    await press(table, 1, first, ATTACK)
    await press(table, 2, first, ATTACK)
    assert "Бой №1, раунд 2" in (await _round(gm, live, 2)).body

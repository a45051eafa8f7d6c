"""Pool group fights: the private opponent choice, lowest initiative first, binding, picks,
a closed private chat, new opponents when one is out."""

from __future__ import annotations

from collections.abc import Callable

from bot.services.fights import CHOICE_TIMER, CHOOSING, FIGHTING
from rules.pool.fight_setup import Choice
from tests.bot.conftest import Harness
from tests.bot.pool_fight_rig import (
    NAMES,
    Table,
    challenge,
    change,
    fight_record,
    fight_state,
    fire,
    opened_round,
    pool_table,
    press,
    round_dice,
    settled,
)
from tests.telegram_emulator import EmuMessage

MISS, NO_DEFENSE = (2, 2, 2), (2, 2)


async def _four(gm: Harness, **options: object) -> tuple[Table, EmuMessage]:
    """Арья (1) attacks Бран (2); Вера (3) and Гоша (4) join; initiative 1 > 2 > 3 > 4."""
    table = await pool_table(gm, 4, **options)  # type: ignore[arg-type]
    live = await challenge(table, 1, "/fight 2")
    assert "Вступить" in live.button_texts
    for number in (3, 4):
        assert "вступили" in await press(table, number, live, "Вступить")
    await settled(live, lambda m: "Участники: Арья, Бран, Вера, Гоша" in m.body)
    gm.game_dice.add(10, 9, 7, 5, 3)
    await press(table, 1, live, "Начать")
    return table, live


async def _choice(table: Table, number: int) -> EmuMessage:
    return await table.gm.emu.wait_for_message(table.private(number), lambda m: "Бой №" in m.body)


async def _unreachable(table: Table) -> EmuMessage:
    """The live message sent anew when a chooser cannot be written to: it mentions them."""
    return await table.gm.emu.wait_for_message(
        table.group, lambda m: "бот не может вам написать" in m.body
    )


async def test_four_fighters_choose_lowest_first_and_the_bound_pick(gm: Harness) -> None:
    table, live = await _four(gm)
    gosha = await _choice(table, 4)  # lowest initiative chooses first
    assert "ваш черёд выбрать соперника" in gosha.body and "— Арья." in gosha.body
    assert gosha.button_texts == ["1. Арья", "2. Бран", "3. Вера"]
    assert "Соперника выбирает: Гоша" in live.body and "Инициатива" in live.body
    assert "Гоша: 🎲 3 + 2 = 5" in live.body
    assert "Соперников выбирают по очереди, от меньшей инициативы к большей: Гоша," in live.body
    await gm.emu.expect_no_message(table.private(3))  # one chooser at a time
    assert "Сейчас выбираете не вы" in await press(table, 3, live, "📩 Прислать выбор")

    assert "Соперник: Арья" in await press(table, 4, gosha, "1. Арья")
    await gm.emu.wait_for_edit(gosha)
    assert "вы выбрали — Арья" in gosha.body and gosha.buttons == []
    vera = await _choice(table, 3)
    assert "Соперника выбирает: Вера" in (await gm.emu.wait_for_edit(live)).body
    # the group never sees who chose whom while choosing (the first line is the challenge)
    assert "→" not in "\n".join(live.body.splitlines()[1:])
    await press(table, 3, vera, "1. Арья")
    bran = await _choice(table, 2)
    await press(table, 2, bran, "3. Вера")
    # Арья was chosen (bound, lost the right); chosen by two: picks whom to attack
    arya = await _choice(table, 1)
    assert "сразу несколько противников" in arya.body and "Без выбора — Гоша" in arya.body
    assert arya.button_texts == ["4. Гоша", "3. Вера"]
    state = (await fight_state(table)).state
    assert state is not None
    assert state.choices == (Choice(4, 1), Choice(3, 1), Choice(2, 3))
    assert (await fight_record(table)).stage == FIGHTING
    live = await opened_round(table)  # a new message: it pings whom round 1 waits for
    assert "Арья ▰▰▰▰▰ 5/5 · выбирает соперника" in live.body
    pinged = {e["user"]["id"] for e in live.entities if e["type"] == "text_mention"}
    assert pinged == {p.id for p in table.players}  # Арья picks, everyone acts
    await press(table, 1, arya, "3. Вера")
    edited = await settled(live, lambda m: "выбирает соперника" not in m.body)
    assert "Арья ▰▰▰▰▰ 5/5 · → Вера" in edited.body
    assert "Бран ▰▰▰▰▰ 5/5 · → Вера" in edited.body
    assert "Вера ▰▰▰▰▰ 5/5 · → Арья" in edited.body
    assert "Гоша ▰▰▰▰▰ 5/5 · → Арья" in edited.body

    # every blow in initiative order: Арья → Вера hits 2, the rest miss
    round_dice(gm, (10, 10, 2), NO_DEFENSE, MISS, NO_DEFENSE, MISS, NO_DEFENSE, MISS, NO_DEFENSE)
    for number in (4, 3, 2, 1):
        await press(table, number, live, "⚔️ Атаковать")
    result = await gm.emu.wait_for_message(table.group, lambda m: "раунд 1</b>" in m.html)
    order = [line.split(":")[0] for line in result.body.splitlines() if line.startswith("🗡")]
    assert order == ["🗡 Арья → Вера", "🗡 Бран → Вера", "🗡 Вера → Арья", "🗡 Гоша → Арья"]
    assert "Вера ▰▰▰▱▱ 3/5" in result.body


async def test_a_closed_private_chat_is_asked_in_the_group_and_gets_the_default(
    gm: Harness,
) -> None:
    table = await pool_table(gm, 3, unstarted=(3,))
    live = await challenge(table, 1, "/fight 2")
    await press(table, 3, live, "Вступить")
    gm.game_dice.add(10, 9, 7, 5)
    await press(table, 1, live, "Начать")
    live = await _unreachable(table)  # a new message: it mentions Вера, once
    assert "Вера, бот не может вам написать" in live.body
    assert [e["user"]["id"] for e in live.entities if e["type"] == "text_mention"] == [
        table.player(3).id
    ]
    assert live.button_texts == ["📩 Прислать выбор", "Открыть чат с ботом"]
    fight_id = (await fight_record(table)).id
    assert live.buttons[0][1]["url"] == f"https://t.me/gm_test_bot?start=f{fight_id}"
    assert "не может вам написать" in await press(table, 3, live, "📩 Прислать выбор")
    assert (await fight_record(table)).stage == CHOOSING

    await fire(CHOICE_TIMER)  # time runs out: the first valid target, Арья
    bran = await _choice(table, 2)
    state = (await fight_state(table)).state
    assert state is not None and state.choices == (Choice(3, 1),)
    await press(table, 2, bran, "1. Арья")
    await gm.emu.wait_for_message(table.private(1), lambda m: "несколько" in m.body)


async def test_the_private_chat_opened_late_gets_the_choice_on_request(gm: Harness) -> None:
    table = await pool_table(gm, 3, unstarted=(3,))
    live = await challenge(table, 1, "/fight 2")
    await press(table, 3, live, "Вступить")
    gm.game_dice.add(10, 9, 7, 5)
    await press(table, 1, live, "Начать")
    live = await _unreachable(table)
    await gm.emu.send_text(table.player(3), "/start")
    await gm.emu.wait_for_message(table.private(3))
    assert "отправлен" in await press(table, 3, live, "📩 Прислать выбор")
    vera = await _choice(table, 3)
    assert vera.button_texts == ["1. Арья", "2. Бран"]
    await gm.emu.wait_for_edit(live)
    assert "не может вам написать" not in live.body


async def test_the_open_chat_link_sends_the_pending_choice_at_once(gm: Harness) -> None:
    table = await pool_table(gm, 3, unstarted=(3,))
    live = await challenge(table, 1, "/fight 2")
    await press(table, 3, live, "Вступить")
    gm.game_dice.add(10, 9, 7, 5)
    await press(table, 1, live, "Начать")
    live = await _unreachable(table)
    payload = str(live.buttons[0][1]["url"]).split("?start=")[1]
    # Someone else following the same link has nothing to choose; nothing changes.
    await gm.emu.open_deep_link(table.player(2), payload)
    nothing = await gm.emu.wait_for_message(table.private(2), lambda m: "не нужно" in m.body)
    assert not nothing.buttons
    await gm.emu.open_deep_link(table.player(3), payload)
    vera = await _choice(table, 3)
    assert vera.button_texts == ["1. Арья", "2. Бран"]
    while "не может вам написать" in live.body:
        await gm.emu.wait_for_edit(live)
    await press(table, 3, vera, "2. Бран")
    state = (await fight_state(table)).state
    assert state is not None and state.choices == (Choice(3, 2),)


async def test_a_new_opponent_is_chosen_privately_when_one_is_out(gm: Harness) -> None:
    table, live = await _four(gm)
    await press(table, 4, await _choice(table, 4), "3. Вера")
    await press(table, 2, await _choice(table, 2), "4. Гоша")
    await press(table, 1, await _choice(table, 1), "4. Гоша")
    # Гоша chose Вера (bound: attacks Гоша); Бран and Арья chose Гоша
    await change(table, 4, health=1)
    live = await opened_round(table)
    round_dice(gm, (10, 10, 2), NO_DEFENSE)  # Арья → Гоша: 2 damage, Гоша dies
    round_dice(gm, MISS, NO_DEFENSE, MISS, NO_DEFENSE, MISS, NO_DEFENSE)
    for number in (1, 2, 3, 4):
        await press(table, number, live, "⚔️ Атаковать")
    result = await gm.emu.wait_for_message(table.group, lambda m: "раунд 1</b>" in m.html)
    assert "☠️ Гоша погибает от ран." in result.body
    # Арья, Бран and Вера attacked Гоша: each chooses again (Арья and Бран privately)
    arya = await gm.emu.wait_for_message(table.private(1), lambda m: "выбыл" in m.body)
    assert arya.button_texts == ["2. Бран", "3. Вера"]
    assert "Арья ▰▰▰▰▰ 5/5 · выбирает соперника" in result.body
    await press(table, 1, arya, "2. Бран")
    bran = await gm.emu.wait_for_message(table.private(2), lambda m: "выбыл" in m.body)
    await press(table, 2, bran, "1. Арья")
    vera = await gm.emu.wait_for_message(table.private(3), lambda m: "выбыл" in m.body)
    assert "без выбора — Арья" in vera.body
    await press(table, 3, vera, "2. Бран")
    edited = await gm.emu.wait_for_edit(result)
    while "выбирает соперника" in edited.body:
        edited = await gm.emu.wait_for_edit(result)
    assert "Арья ▰▰▰▰▰ 5/5 · → Бран" in edited.body
    assert "Вера ▰▰▰▰▰ 5/5 · → Бран" in edited.body
    assert "Гоша" in edited.body and "погиб" in edited.body


def _results_of(number: int) -> Callable[[EmuMessage], bool]:
    return lambda message: f"раунд {number}</b>" in message.html


async def test_a_fight_of_eight_sends_one_group_message_per_round(gm: Harness) -> None:
    table = await pool_table(gm, 8)
    gm.emu.enforce_limits = True  # Telegram's flood limits: 20 messages a minute in a group
    live = await challenge(table, 1, "/fight 2")
    for number in range(3, 9):
        await press(table, number, live, "Вступить")
    gm.game_dice.add(10, 10, 9, 8, 7, 6, 5, 4, 3)  # initiative 1 > 2 > ... > 8
    await press(table, 1, live, "Начать")
    for chooser, target in ((8, 7), (6, 5), (4, 3), (2, 1)):
        offer = await _choice(table, chooser)
        await press(table, chooser, offer, f"{target}. {NAMES[target - 1]}")
    message = await opened_round(table)
    for number, mishap in ((1, "🔻"), (2, "🤕")):
        # every attack a blunder (a sword dropped, then a fall), every defense rolled
        round_dice(gm, *[(1, 1, 2), NO_DEFENSE] * 8)
        for fighter in range(1, 9):
            await press(table, fighter, message, "⚔️ Атаковать")
        message = await gm.emu.wait_for_message(table.group, _results_of(number))
        assert message.body.count("🗡") == 8 and message.body.count(mishap) == 8
        assert len(message.text or "") < 4096, len(message.text or "")
    sends = [c for c in gm.emu.calls("sendMessage") if c.params.get("chat_id") == table.group.id]
    # the challenge, round 1's opening, then one message per round (a send faster than 1 a
    # second is retried)
    assert len([c for c in sends if c.ok]) == 4
    assert all(c.ok or c.status == 429 for c in sends)


async def test_the_gm_takes_the_default_for_a_slow_chooser(gm: Harness) -> None:
    table = await pool_table(gm, 3)
    live = await challenge(table, 1, "/fight 2")
    await press(table, 3, live, "Вступить")
    gm.game_dice.add(10, 9, 7, 5)
    await press(table, 1, live, "Начать")
    await _choice(table, 3)
    await gm.emu.send_text(table.admin, table.group, "/fight_next 7")
    assert "Такого боя сейчас нет" in (await gm.emu.wait_for_message(table.group)).body
    await gm.emu.send_text(table.admin, table.group, "/fight_next")
    bran = await _choice(table, 2)
    assert bran.button_texts == ["1. Арья", "3. Вера"]
    state = (await fight_state(table)).state
    assert state is not None and state.choices == (Choice(3, 1),)

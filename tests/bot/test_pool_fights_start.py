"""Pool group fights: starting (a number or a reply), sleepers and their guards, the join
window and its timer, and every refusal."""

from __future__ import annotations

from bot.db.models import Character, CharacterStatus, Encounter, Game, GameStatus, LiveMessage
from bot.services.codec import load
from bot.services.fights import FIGHTING, JOIN_TIMER, live_key
from rules.pool.fight_table import PoolTable
from tests.bot.conftest import Harness
from tests.bot.pool_fight_rig import (
    challenge,
    change,
    fight_record,
    fight_state,
    fire,
    opened_round,
    pool_table,
    press,
    settled,
)


async def test_a_sleeper_nobody_guards_is_killed_without_rolls_once_confirmed(
    gm: Harness,
) -> None:
    table = await pool_table(gm)
    await change(table, 2, asleep=True)
    asked = await challenge(table, 1, "/fight 2")
    assert "Вопрос — в личном чате с ботом" in asked.body
    question = await gm.emu.wait_for_message(table.private(1))
    assert question.body == "⚔️ Бран спит без охраны: нападение убьёт его. Напасть?"
    assert question.button_texts == ["Да", "Нет"]
    assert (await Character.get(game_id=table.game.id, number=2)).status == "active"
    assert "Вы напали" in await press(table, 1, question, "Да")
    killed = await gm.emu.wait_for_message(table.group, lambda m: "Удар во сне" in m.body)
    assert "Удар во сне: Арья → Бран. Охраны нет — Бран погибает, не проснувшись." in killed.body
    bran = await Character.get(game_id=table.game.id, number=2)
    assert bran.status == CharacterStatus.DEAD
    assert await Encounter.filter(game_id=table.game.id).count() == 0
    assert table.gm.game_dice.rolled == []
    done = await settled(question, lambda m: not m.buttons)
    assert done.body == "⚔️ Вы напали. Цель: Бран. Что дальше — в группе игры."


async def test_a_guarded_sleeper_makes_the_attacker_fight_the_guard(gm: Harness) -> None:
    table = await pool_table(gm, 3)
    await change(table, 2, asleep=True)
    await change(table, 3, guarding=2)
    live = await challenge(table, 1, "/fight 2")
    assert "Бран спит под охраной. Сначала бой со стражем: Арья → Вера." in (live.body)
    assert "Участники: Арья, Вера." in live.body
    assert "Все, кто ещё есть в этом зале, могут вступить в бой: на раздумья" in live.body
    assert (await fight_state(table)).joined == (1, 3)
    assert "Вы спите" in await press(table, 2, live, "Вступить")
    gm.game_dice.add(10, 8, 3)
    await press(table, 1, live, "Начать")
    live = await opened_round(table)
    assert "Арья ▰▰▰▰▰ 5/5 · → Вера" in live.body
    assert (await Character.get(game_id=table.game.id, number=2)).status == "active"


async def test_a_reply_names_the_target_and_the_join_window_times_out(gm: Harness) -> None:
    table = await pool_table(gm, 3)
    said = await gm.emu.send_text(table.player(2), table.group, "Кто тут?")
    await gm.emu.send_text(table.player(1), table.group, "/fight", reply_to=said)
    live = await gm.emu.wait_for_message(table.group)
    assert "Арья → Бран" in live.body
    assert "вступили" in await press(table, 3, live, "Вступить")
    gm.game_dice.add(10, 9, 7, 5)
    await fire(JOIN_TIMER)
    vera = await gm.emu.wait_for_message(table.private(3), lambda m: "Бой №" in m.body)
    assert "Арья" in vera.body and "Инициатива" in live.body


async def test_the_join_window_refuses_clearly(gm: Harness) -> None:
    table = await pool_table(gm, 4)
    await change(table, 3, hall=2)
    await change(table, 4, health=0)
    live = await challenge(table, 1, "/fight 2")
    refusals = {
        3: "только в бой в своём зале",
        4: "При смерти в бой не вступают",
        1: "уже в этом бою",
    }
    for number, expected in refusals.items():
        assert expected in await press(table, number, live, "Вступить")
    assert "нет живого персонажа" in await press(table, table.stranger, live, "Вступить")
    assert "не ваша кнопка" in await press(table, 2, live, "Начать")
    assert (await fight_state(table)).joined == (1, 2)
    gm.game_dice.add(10, 8, 3)
    assert "начинается" in await press(table, table.admin, live, "Начать")
    await opened_round(table)
    assert (await fight_record(table)).stage == FIGHTING
    again = await challenge(table, 2, "/fight 1")
    assert "Бран уже в бою" in again.body


async def test_a_fighter_busy_in_one_fight_may_not_join_another(gm: Harness) -> None:
    """Two fights in one hall: a fighter of the first is refused at the second's «Вступить»,
    and the second's fighters stay as they were."""
    table = await pool_table(gm, 4)
    first = await challenge(table, 1, "/fight 2")
    second = await challenge(table, 3, "/fight 4")
    assert "уже сражаетесь в другом бою" in await press(table, 1, second, "Вступить")
    assert "уже в этом бою" in await press(table, 1, first, "Вступить")
    records = await Encounter.filter(game_id=table.game.id).order_by("id")
    assert [load(PoolTable, r.state).joined for r in records] == [(1, 2), (3, 4)]


async def test_bad_fight_commands_get_clear_answers(gm: Harness) -> None:
    table = await pool_table(gm, 5)
    await change(table, 3, hall=2)
    await Character.filter(game_id=table.game.id, number=4).update(
        status=CharacterStatus.DEAD, active_key=None
    )
    await change(table, 5, health=0)
    cases = [
        (1, "/fight", "Напасть: /fight N"),
        (1, "/fight два", "Напасть: /fight N"),
        (1, "/fight 1", "самого себя"),
        (1, "/fight 5", "Дана сейчас не может сражаться"),  # not why: her health is a secret
    ]
    for number, text, expected in cases:
        reply = await challenge(table, number, text)
        assert expected in reply.body, (text, reply.body)
    # Another hall, dead, nobody: one answer, said in place (a hall is sold by donations).
    neutral = "Не получится: этого персонажа здесь нет или он недоступен. Кто рядом — /look."
    for text in ("/fight 3", "/fight 4", "/fight 9"):
        assert (await challenge(table, 1, text)).body == neutral, text
    await change(table, 3, asleep=True)  # asleep elsewhere: still not a word of it
    assert (await challenge(table, 1, "/fight 3")).body == neutral
    await change(table, 3, asleep=False)
    # A refusal telling a secret (one's own health at 0) goes to the sender in private.
    secrets = [
        (5, "/fight 1", "Здоровье 0: можно только проглотить таблетки из левого кармана куртки."),
    ]
    for number, text, private in secrets:
        reply = await challenge(table, number, text)
        assert reply.body.startswith("🔒 Ответ — в личном чате"), (text, reply.body)
        assert "Вера" not in reply.body and "Здоровье" not in reply.body
        told = await gm.emu.wait_for_message(table.private(number))
        assert told.body.startswith(private), told.body
    await gm.emu.send_text(table.stranger, table.group, "/fight 1")
    assert "нет живого персонажа" in (await gm.emu.wait_for_message(table.group)).body
    await change(table, 1, asleep=True)
    assert "Вы спите" in (await challenge(table, 1, "/fight 2")).body
    assert await Encounter.filter(game_id=table.game.id).count() == 0


async def test_fight_commands_in_private_point_to_the_group(gm: Harness) -> None:
    table = await pool_table(gm)
    for text in ("/fight 2", "/fight_next"):
        await gm.emu.send_text(table.player(1), text)
        reply = await gm.emu.wait_for_message(table.private(1))
        assert "в групповом чате игры" in reply.body


async def test_players_offers_a_challenge_button_for_every_living_character(gm: Harness) -> None:
    table = await pool_table(gm, 3)
    await change(table, 3, hall=2)
    await gm.emu.send_text(table.player(1), table.group, "/players")
    roster = await gm.emu.wait_for_message(table.group, lambda m: bool(m.buttons))
    assert roster.button_texts == ["\u2694 1. Арья", "\u2694 2. Бран", "\u2694 3. Вера"]
    # Refusals change nothing: oneself, another hall, a bystander without a character.
    assert "самого себя" in await press(table, 1, roster, "\u2694 1. Арья")
    assert "этого персонажа здесь нет" in await press(table, 1, roster, "\u2694 3. Вера")
    assert "нет живого персонажа" in await press(table, table.stranger, roster, "\u2694 2. Бран")
    await gm.emu.expect_no_message(table.private(1), timeout=0.3)
    # A tap alone only asks, in the presser's private chat.
    assert "Вопрос — в личном чате" in await press(table, 1, roster, "\u2694 2. Бран")
    question = await gm.emu.wait_for_message(table.private(1))
    assert question.body == "⚔️ Напасть: Бран?"
    assert await Encounter.filter(game_id=table.game.id).count() == 0
    # Nobody else may answer it, not even with its data sent from elsewhere.
    yes = str(question.buttons[0][0]["callback_data"])
    query = await gm.emu.press_button(table.player(2), roster, data=yes, forged=True)
    assert "не ваша кнопка" in ((await gm.emu.wait_for_callback_answer(query)).text or "")
    assert await Encounter.filter(game_id=table.game.id).count() == 0
    # «Да» opens the fight exactly like /fight 2, in the group.
    assert "Вы напали" in await press(table, 1, question, "Да")
    live = await gm.emu.wait_for_message(table.group, lambda m: "Бой №" in m.body and "→" in m.body)
    assert "Арья → Бран" in live.body
    assert (await fight_state(table)).joined == (1, 2)
    record = await fight_record(table)
    shown = await LiveMessage.get(key=live_key(record.id))
    assert (shown.chat_id, shown.message_id) == (table.group.id, live.message_id)
    # The question is answered (no buttons left); a second tap: the attacker is busy now.
    await settled(question, lambda m: not m.buttons and "Вы напали. Цель: Бран." in m.body)
    assert "уже" in await press(table, 1, roster, "\u2694 2. Бран")
    assert await Encounter.filter(game_id=table.game.id).count() == 1


async def test_no_removes_the_question_and_changes_nothing(gm: Harness) -> None:
    table = await pool_table(gm, 2)
    await gm.emu.send_text(table.player(1), table.group, "/players")
    roster = await gm.emu.wait_for_message(table.group, lambda m: bool(m.buttons))
    await press(table, 1, roster, "\u2694 2. Бран")
    question = await gm.emu.wait_for_message(table.private(1))
    assert "Нападения не будет" in await press(table, 1, question, "Нет")
    await settled(question, lambda m: m.deleted)
    assert await Encounter.filter(game_id=table.game.id).count() == 0


async def test_the_checks_run_again_when_the_attack_is_confirmed(gm: Harness) -> None:
    table = await pool_table(gm, 3, halls=2)
    await gm.emu.send_text(table.player(1), table.group, "/players")
    roster = await gm.emu.wait_for_message(table.group, lambda m: bool(m.buttons))
    await press(table, 1, roster, "\u2694 2. Бран")
    question = await gm.emu.wait_for_message(table.private(1))
    await change(table, 2, hall=2)  # Бран left the hall meanwhile
    assert "этого персонажа здесь нет" in await press(table, 1, question, "Да")
    await change(table, 2, hall=1)
    await gm.emu.send_text(table.admin, table.group, "/pause обед")
    await gm.emu.wait_for_message(table.group, lambda m: "пауз" in m.body.lower())
    assert "пауз" in (await press(table, 1, question, "Да")).lower()
    assert await Encounter.filter(game_id=table.game.id).count() == 0


async def test_a_target_that_fell_asleep_unguarded_is_asked_about_again(gm: Harness) -> None:
    table = await pool_table(gm, 2)
    await gm.emu.send_text(table.player(1), table.group, "/players")
    roster = await gm.emu.wait_for_message(table.group, lambda m: bool(m.buttons))
    await press(table, 1, roster, "\u2694 2. Бран")
    question = await gm.emu.wait_for_message(table.private(1))
    await change(table, 2, asleep=True)
    assert "прочтите вопрос заново" in await press(table, 1, question, "Да")
    asked = await settled(question, lambda m: "без охраны" in m.body)
    assert asked.body == "⚔️ Бран спит без охраны: нападение убьёт его. Напасть?"
    assert (await Character.get(game_id=table.game.id, number=2)).status == "active"
    assert "Вы напали" in await press(table, 1, asked, "Да")
    await gm.emu.wait_for_message(table.group, lambda m: "Удар во сне" in m.body)


async def test_the_question_needs_the_private_chat_and_says_so(gm: Harness) -> None:
    table = await pool_table(gm, 2, unstarted=(1,))
    await gm.emu.send_text(table.player(1), table.group, "/players")
    roster = await gm.emu.wait_for_message(table.group, lambda m: bool(m.buttons))
    answer = await press(table, 1, roster, "\u2694 2. Бран")
    assert "написать вам туда не могу. Откройте чат со мной, нажмите «Запустить»" in answer
    await change(table, 2, asleep=True)
    reply = await challenge(table, 1, "/fight 2")
    assert "написать вам туда не могу" in reply.body
    assert (await Character.get(game_id=table.game.id, number=2)).status == "active"
    assert await Encounter.filter(game_id=table.game.id).count() == 0


async def test_a_players_button_of_an_earlier_game_is_stale(gm: Harness) -> None:
    table = await pool_table(gm, 2)
    await gm.emu.send_text(table.player(1), table.group, "/players")
    roster = await gm.emu.wait_for_message(table.group, lambda m: bool(m.buttons))
    forged = str(roster.buttons[0][1]["callback_data"]).replace(f":{table.game.id}:", ":999999:")
    query = await gm.emu.press_button(table.player(1), roster, data=forged, forged=True)
    answer = await gm.emu.wait_for_callback_answer(query)
    assert "уже не действует" in (answer.text or "")
    assert await Encounter.filter(game_id=table.game.id).count() == 0


async def test_a_question_of_a_game_that_ended_is_stale(gm: Harness) -> None:
    table = await pool_table(gm, 2)
    await gm.emu.send_text(table.player(1), table.group, "/players")
    roster = await gm.emu.wait_for_message(table.group, lambda m: bool(m.buttons))
    await press(table, 1, roster, "\u2694 2. Бран")
    question = await gm.emu.wait_for_message(table.private(1))
    await Game.filter(id=table.game.id).update(status=GameStatus.ENDED, active_chat_id=None)
    assert "уже не действует" in await press(table, 1, question, "Да")
    assert await Encounter.filter(game_id=table.game.id).count() == 0

"""Duels in the group (rulebook: duel) through the real dispatcher, with scripted dice."""

from __future__ import annotations

from dataclasses import replace

from tortoise.timezone import now

from bot.db.models import Character, Encounter, Game, GameSystem, RollLog, Timer
from bot.handlers import duels as duel_texts
from bot.services import duels, encounters, games, timers
from bot.services.characters import DuelBuild, create_character, rule_state
from bot.services.codec import dump, load
from bot.services.deaths import death_of
from bot.services.runtime import Runtime
from bot.services.settings import GameSettings, change_setting
from rules.duel.encounter import DuelStage, DuelTable
from tests.bot.conftest import Harness
from tests.e2e.test_pool_game_e2e import edited_until
from tests.telegram_emulator import EmuChat, EmuMessage, EmuUser

SEED_ROUND = {17: [1, 15, 11, 3, 10], 100: [5, 56, 92]}


async def _duel_table(
    gm: Harness, *, to_the_death: bool = False
) -> tuple[EmuUser, EmuUser, EmuUser, EmuChat, Game]:
    sandor_user = gm.emu.add_user("Игрок Сандора", language_code="ru")
    bronn_user = gm.emu.add_user("Игрок Бронна", language_code="ru")
    stranger = gm.emu.add_user("Зевака", language_code="ru")
    group = gm.emu.add_group("Королевская гавань", members=[sandor_user, bronn_user, stranger])
    game = await games.create_game(group.id, GameSystem.DUEL, 1, "ru", ("пеший", "конный"))
    settings: GameSettings = change_setting(games.settings_of(game), "duel_to_death", to_the_death)
    await games.save_settings(game, settings)
    await create_character(game, sandor_user.id, "Сандор", DuelBuild((("пеший", 9),), 0))
    await create_character(game, bronn_user.id, "Бронн", DuelBuild((("пеший", 8),), 20))
    await game.refresh_from_db()
    return sandor_user, bronn_user, stranger, group, game


async def _challenge(gm: Harness, challenger: EmuUser, group: EmuChat) -> EmuMessage:
    await gm.emu.send_text(challenger, group, "/duel 2 Пеший")
    return await gm.emu.wait_for_message(group, lambda m: "⚔️ Вызов на поединок:" in m.body)


async def _hp(game: Game, number: int) -> int:
    character = await Character.get(game_id=game.id, number=number)
    return int(rule_state(game, character).hp)


async def test_seed_example_through_the_bot(gm: Harness) -> None:
    sandor, bronn, _, group, game = await _duel_table(gm)
    challenge = await _challenge(gm, sandor, group)
    assert challenge.body.startswith(
        "⚔️ Вызов на поединок: Сандор → Бронн\nНавык «пеший»: 9 против 8."
    )
    gm.game_dice.add(17, *SEED_ROUND[17]).add(100, *SEED_ROUND[100])
    await gm.emu.press_button(bronn, challenge, "Принять")
    result = await gm.emu.wait_for_message(group, lambda m: "Раунд 1" in m.body)
    text = result.body
    assert "🎲 1–17 · Сандор 3 (15, 11, 10) : Бронн 2 (1, 3)" in text
    assert (
        "Сандор 3 (<b>15</b>, <b>11</b>, <b>10</b>) : Бронн 2 (<b>1</b>, <b>3</b>)"
    ) in result.html
    assert "Счёт 3:2 — раунд выиграл Сандор." in text
    assert "Ловкость: Бронн, 20\u00a0%; d100: <b>5</b> 56 92 → уклонений: 1 из 3." in result.html
    assert "Урон: Бронн −18 (2 × 9)." in text
    assert "Бронн: ▰▰▰▰▱▱▱▱▱▱ 12/30" in text
    assert result.button_texts == ["Продолжить", "Остановиться"]
    assert await _hp(game, 2) == 12 and await _hp(game, 1) == 30
    logged = [r.value for r in await RollLog.filter(game_id=game.id).order_by("index")]
    assert logged == [1, 15, 11, 3, 10, 5, 56, 92]


async def test_a_stop_after_round_one_names_the_round_winner(gm: Harness) -> None:
    sandor, bronn, _, group, game = await _duel_table(gm)
    challenge = await _challenge(gm, sandor, group)
    gm.game_dice.add(17, *SEED_ROUND[17]).add(100, *SEED_ROUND[100])
    await gm.emu.press_button(bronn, challenge, "Принять")
    result = await gm.emu.wait_for_message(group, lambda m: "Раунд 1" in m.body)
    query = await gm.emu.press_button(bronn, result, "Остановиться")
    assert "остановиться" in ((await gm.emu.wait_for_callback_answer(query)).text or "")
    end = await gm.emu.wait_for_message(group, lambda m: "останавливает" in m.body)
    assert "Бронн останавливает поединок. Победа: Сандор." in end.body
    record = await Encounter.get(game_id=game.id, kind="duel")
    assert record.stage == DuelStage.FINISHED


async def test_both_go_on_fights_round_two_in_a_new_message(gm: Harness) -> None:
    sandor, bronn, _, group, game = await _duel_table(gm)
    challenge = await _challenge(gm, sandor, group)
    gm.game_dice.add(17, *SEED_ROUND[17]).add(100, *SEED_ROUND[100])
    await gm.emu.press_button(bronn, challenge, "Принять")
    first = await gm.emu.wait_for_message(group, lambda m: "Раунд 1" in m.body)
    await gm.emu.press_button(sandor, first, "Продолжить")
    gm.game_dice.add(17, 1, 2, 3, 4, 9).add(100, 50, 50, 50, 50)  # Бронн 4:1, no dodges
    await gm.emu.press_button(bronn, first, "Продолжить")
    second = await gm.emu.wait_for_message(group, lambda m: "Раунд 2" in m.body)
    assert "Счёт 4:1 — раунд выиграл Бронн." in second.body
    assert "Урон: Сандор −32 (4 × 8)." in second.body
    assert "💥 Сандор повержен. Победа: Бронн." in second.body  # 30 - 32 < 0: knocked out
    assert await _hp(game, 1) == -2


async def test_foreign_and_double_presses_change_nothing(gm: Harness) -> None:
    sandor, bronn, stranger, group, game = await _duel_table(gm)
    challenge = await _challenge(gm, sandor, group)
    for user in (stranger, sandor):
        query = await gm.emu.press_button(user, challenge, "Принять")
        answer = await gm.emu.wait_for_callback_answer(query)
        assert answer.show_alert and "не ваша кнопка" in (answer.text or "")
    assert (await Encounter.get(game_id=game.id, kind="duel")).stage == DuelStage.CHALLENGED
    gm.game_dice.add(17, *SEED_ROUND[17]).add(100, *SEED_ROUND[100])
    await gm.emu.press_button(bronn, challenge, "Принять")
    result = await gm.emu.wait_for_message(group, lambda m: "Раунд 1" in m.body)
    query = await gm.emu.press_button(stranger, result, "Продолжить")
    assert "не ваша кнопка" in ((await gm.emu.wait_for_callback_answer(query)).text or "")
    # The first press is answered before the second is sent: two presses in flight at once
    # are taken in whichever order they reach the game's lock, and either may be the one.
    first = await gm.emu.press_button(sandor, result, "Продолжить")
    assert "Ждём соперника" in ((await gm.emu.wait_for_callback_answer(first)).text or "")
    again = await gm.emu.press_button(sandor, result, "Продолжить")
    assert "не действует" in ((await gm.emu.wait_for_callback_answer(again)).text or "")
    assert await RollLog.filter(game_id=game.id).count() == 8


async def test_a_duel_button_of_the_version_before_encounters_is_stale(gm: Harness) -> None:
    """Before duels were encounters their buttons carried ``du:<id>:<move>:<round>``: such a
    press (a message sent by the old version) gets the stale answer and changes nothing."""
    sandor, bronn, _, group, game = await _duel_table(gm)
    challenge = await _challenge(gm, sandor, group)
    record = await Encounter.get(game_id=game.id, kind="duel")
    for data in (f"du:{record.id}:a:0", f"du:{record.id}:d:0"):
        query = await gm.emu.press_button(bronn, challenge, data=data, forged=True)
        answer = await gm.emu.wait_for_callback_answer(query)
        assert "не действует" in (answer.text or "")
    assert (await Encounter.get(id=record.id)).stage == DuelStage.CHALLENGED
    assert await RollLog.filter(game_id=game.id).count() == 0


async def test_a_refusal_edits_the_challenge(gm: Harness) -> None:
    sandor, bronn, _, group, game = await _duel_table(gm)
    challenge = await _challenge(gm, sandor, group)
    query = await gm.emu.press_button(bronn, challenge, "Отказаться")
    await gm.emu.wait_for_callback_answer(query)
    edited = await gm.emu.wait_for_edit(challenge)
    assert edited.body == "🚫 Вызов отклонён: Сандор → Бронн. Бронн отказывается от поединка."
    assert (await Encounter.get(game_id=game.id, kind="duel")).stage == DuelStage.DECLINED
    assert await RollLog.filter(game_id=game.id).count() == 0


async def test_an_unanswered_challenge_expires(gm: Harness) -> None:
    sandor, _, _, group, game = await _duel_table(gm)
    challenge = await _challenge(gm, sandor, group)
    record = await Encounter.get(game_id=game.id, kind="duel")
    await Timer.filter(kind="duel_expire", ref=record.id).update(due_at=now())
    edited = await gm.emu.wait_for_edit(challenge, timeout=5)
    assert edited.body == "⌛ Вызов истёк: Сандор → Бронн. Бронн не ответил вовремя."
    assert (await Encounter.get(id=record.id)).stage == DuelStage.EXPIRED


async def test_a_choice_timer_claimed_before_the_round_moved_on_does_nothing(
    gm: Harness,
) -> None:
    """The scheduler claimed round 1's deadline just as both fighters went on (their presses
    took the game's lock first): the late timer must not stop round 2."""
    sandor, bronn, _, group, game = await _duel_table(gm)
    challenge = await _challenge(gm, sandor, group)
    gm.game_dice.add(17, *SEED_ROUND[17]).add(100, *SEED_ROUND[100])
    await gm.emu.press_button(bronn, challenge, "Принять")
    result = await gm.emu.wait_for_message(group, lambda m: "Раунд 1" in m.body)
    record = await Encounter.get(game_id=game.id, kind="duel")
    [late] = await Timer.filter(kind=duels.CHOICE_TIMEOUT, ref=record.id, fired_at__isnull=True)
    assert await timers.claim(late, late.due_at)  # claimed: cancelling no longer removes it
    gm.game_dice.add(17, 5, 10, 5, 10, 5).add(100, 5, 56, 92)  # round 2 leaves both standing
    for user in (sandor, bronn):
        query = await gm.emu.press_button(user, result, "Продолжить")
        await gm.emu.wait_for_callback_answer(query)
    await gm.emu.wait_for_message(group, lambda m: "Раунд 2" in m.body)
    told = gm.told(duel_texts.compose)
    assert await encounters.clock(game, duels.DUELS, late, Runtime(), told) is None
    after = load(DuelTable, (await Encounter.get(id=record.id)).state)
    assert after.stage is DuelStage.FIGHTING and len(after.duel.rounds) == 2
    assert after.duel.challenger_choice is None and after.duel.opponent_choice is None


async def test_a_duel_to_the_death_kills_the_loser(gm: Harness) -> None:
    sandor, bronn, _, group, game = await _duel_table(gm, to_the_death=True)
    challenge = await _challenge(gm, sandor, group)
    gm.game_dice.add(17, 10, 11, 12, 13, 14).add(100, 90, 90, 90, 90, 90)  # 5:0, 45 damage
    await gm.emu.press_button(bronn, challenge, "Принять")
    result = await gm.emu.wait_for_message(group, lambda m: "Раунд 1" in m.body)
    assert "☠️ Поединок насмерть: Бронн пал. Победа: Сандор." in result.body
    assert "Бронн: ▱▱▱▱▱▱▱▱▱▱ 0/30 — пал" in result.body  # 30 − 45: shown as 0, not −15
    assert "−15" not in result.body and len(result.body.split("\n")) <= 10
    assert result.buttons == []
    bronn_row = await Character.get(game_id=game.id, number=2)
    assert bronn_row.status == "dead" and bronn_row.active_key is None
    # Written back with its HP and a death note naming the duel and the winner (for /me).
    record = await Encounter.get(game_id=game.id)
    assert (rule_state(game, bronn_row).hp, rule_state(game, bronn_row).dead) == (-15, True)
    death = death_of(game, bronn_row)
    assert (death.where, death.ref, death.by, death.cause) == ("duel", record.id, "Сандор", "duel")
    sandor_row = await Character.get(game_id=game.id, number=1)
    assert sandor_row.status == "active" and rule_state(game, sandor_row).hp == 30


async def test_bad_duel_commands_get_clear_answers(gm: Harness) -> None:
    sandor, _, stranger, group, _ = await _duel_table(gm)
    cases = {
        (sandor, "/duel"): "Вызов на поединок: /duel N навык",
        (sandor, "/duel 2 летающий"): "Навыки игры: пеший, конный",
        (sandor, "/duel 1 пеший"): "самого себя",
        (sandor, "/duel 9 пеший"): "нет",
        (stranger, "/duel 1 пеший"): "нет живого персонажа",
    }
    for (user, text), expected in cases.items():
        await gm.emu.send_text(user, group, text)
        reply = await gm.emu.wait_for_message(group)
        assert expected in reply.body, (text, reply.body)
    assert await Encounter.filter(kind="duel").count() == 0


async def test_admin_heals_and_others_may_not(gm: Harness) -> None:
    sandor, bronn, _, _, game = await _duel_table(gm)
    admin = gm.emu.add_user("Мастер", language_code="ru")
    group = gm.emu.add_group("Штаб", admins=[admin], members=[sandor, bronn])
    await Game.filter(id=game.id).update(chat_id=group.id, active_chat_id=group.id)
    await game.refresh_from_db()
    challenge = await _challenge(gm, sandor, group)
    gm.game_dice.add(17, *SEED_ROUND[17]).add(100, *SEED_ROUND[100])
    await gm.emu.press_button(bronn, challenge, "Принять")
    first = await gm.emu.wait_for_message(group, lambda m: "Раунд 1" in m.body)
    await gm.emu.send_text(admin, group, "/heal 2 перевязка")  # the duel holds the HP now
    assert "сейчас в бою" in (await gm.emu.wait_for_message(group)).body
    await gm.emu.press_button(bronn, first, "Остановиться")
    await gm.emu.wait_for_message(group, lambda m: "останавливает" in m.body)
    await gm.emu.send_text(bronn, group, "/heal 2 хочу")
    assert "администраторы" in (await gm.emu.wait_for_message(group)).body
    await gm.emu.send_text(admin, group, "/heal 2 40 отдых")
    assert "от 1 до 30" in (await gm.emu.wait_for_message(group)).body
    await gm.emu.send_text(admin, group, "/heal 2 20")
    assert "Причина обязательна" in (await gm.emu.wait_for_message(group)).body
    assert await _hp(game, 2) == 12
    await gm.emu.send_text(admin, group, "/heal 2 20 перевязка")
    assert "20/30" in (await gm.emu.wait_for_message(group)).body
    await gm.emu.send_text(admin, group, "/heal 2 лекарь")
    assert "30/30" in (await gm.emu.wait_for_message(group)).body
    assert await _hp(game, 2) == 30
    await gm.emu.send_text(admin, group, "/heal two")
    assert "/heal N" in (await gm.emu.wait_for_message(group)).body
    await gm.emu.send_text(bronn, group, "/log")
    log = (await gm.emu.wait_for_message(group)).body
    assert "/heal №2: хиты 12 → 20 — «перевязка»" in log
    assert "/heal №2: хиты 20 → 30 — «лекарь»" in log


async def test_a_beaten_or_dead_fighter_is_refused_in_plain_words(gm: Harness) -> None:
    sandor, _, _, group, game = await _duel_table(gm)
    row = await Character.get(game_id=game.id, number=2)
    beaten = replace(rule_state(game, row), hp=-3)
    await Character.filter(id=row.id).update(state=dump(beaten))
    await gm.emu.send_text(sandor, group, "/duel 2 пеший")
    refusal = await gm.emu.wait_for_message(group)
    assert refusal.body == (
        "Бронн повержен и не может сражаться, пока мастер не восстановит хиты: /heal."
    )
    await Character.filter(id=row.id).update(status="dead", active_key=None)
    await gm.emu.send_text(sandor, group, "/duel 2 пеший")
    refusal = await gm.emu.wait_for_message(group)
    assert refusal.body == (
        "Бронн погиб и больше не сражается. Вернуть в игру может только мастер: /revive."
    )


async def test_a_restart_mid_duel_resumes_and_each_round_is_one_new_message(gm: Harness) -> None:
    from bot.app import build_dispatcher
    from bot.i18n import Translator
    from rules.dice import RecordingDice
    from tests.telegram_emulator import running_polling

    sandor, bronn, _, group, game = await _duel_table(gm)
    challenge = await _challenge(gm, sandor, group)
    gm.game_dice.add(17, *SEED_ROUND[17]).add(100, *SEED_ROUND[100])
    await gm.emu.press_button(bronn, challenge, "Принять")
    first = await gm.emu.wait_for_message(group, lambda m: "Раунд 1" in m.body)
    await gm.emu.press_button(sandor, first, "Продолжить")
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
        before = len(gm.emu.bot_messages(group))
        script.add(17, 10, 11, 1, 2, 3).add(100, 99, 99, 99)  # Бронн 3:2, Сандор dodges none
        await gm.emu.press_button(bronn, first, "Продолжить")
        second = await gm.emu.wait_for_message(group, lambda m: "Раунд 2" in m.body)
        assert "Счёт 3:2 — раунд выиграл Бронн." in second.body
        assert "Урон: Сандор −24 (3 × 8)." in second.body
        assert len(gm.emu.bot_messages(group)) == before + 1
    assert await _hp(game, 1) == 6
    assert await RollLog.filter(game_id=game.id).count() == 16


async def test_a_choice_shows_under_the_dice_and_a_timeout_takes_the_buttons_off(
    gm: Harness,
) -> None:
    """The live round shows who has chosen (an edit that keeps the dice); when the time to
    choose runs out, the end comes as a new message and the round loses its buttons in the
    same delivery, so no button is left that would only say it no longer works."""
    sandor, bronn, _, group, game = await _duel_table(gm)
    challenge = await _challenge(gm, sandor, group)
    gm.game_dice.add(17, *SEED_ROUND[17]).add(100, *SEED_ROUND[100])
    await gm.emu.press_button(bronn, challenge, "Принять")
    first = await gm.emu.wait_for_message(group, lambda m: "Раунд 1" in m.body)
    dice = "🎲 1–17 · Сандор 3 (15, 11, 10) : Бронн 2 (1, 3)"
    await gm.emu.wait_for_callback_answer(await gm.emu.press_button(sandor, first, "Продолжить"))
    chosen = "✅ Сандор выбирает «Продолжить». Ждём ответа: Бронн."
    await edited_until(gm.emu, first, lambda: chosen in first.body)
    assert dice in first.body and "Бронн: ▰▰▰▰▱▱▱▱▱▱ 12/30" in first.body
    assert first.button_texts == ["Продолжить", "Остановиться"]

    record = await Encounter.get(game_id=game.id, kind="duel")
    await Timer.filter(kind="duel_choices", ref=record.id).update(due_at=now())
    end = await gm.emu.wait_for_message(group, lambda m: "Время на решение" in m.body)
    assert "Бронн не ответил" in end.body and "Победа: Сандор" in end.body
    await edited_until(gm.emu, first, lambda: not first.buttons)
    assert dice in first.body  # the dice stay in the chat; the count is closed, not frozen
    assert chosen not in first.body and "✔️ Решение принято — итог ниже." in first.body
    assert end.buttons == []
    assert (await Encounter.get(id=record.id)).stage == DuelStage.FINISHED
    await gm.emu.expect_no_message(group, timeout=0.5)


async def test_the_log_names_whose_duel_dice_they_are(gm: Harness) -> None:
    """A round's five rolls are the skills' contest (each a success of one side); the loser's
    d100s are their dodges: stored so, and told so by /log."""
    sandor, bronn, _, group, game = await _duel_table(gm)
    challenge = await _challenge(gm, sandor, group)
    gm.game_dice.add(17, *SEED_ROUND[17]).add(100, *SEED_ROUND[100])
    await gm.emu.press_button(bronn, challenge, "Принять")
    await gm.emu.wait_for_message(group, lambda m: "Раунд 1" in m.body)
    stored = await RollLog.filter(game_id=game.id).order_by("index")
    assert [r.owner for r in stored] == ["contest"] * 5 + ["dodge Бронн"] * 3  # Бронн lost
    await gm.emu.send_text(sandor, group, "/log")
    log = await gm.emu.wait_for_message(group, lambda m: "Журнал бросков" in m.body)
    duel = (await Encounter.get(game_id=game.id, kind="duel")).id
    assert f"Поединок №{duel} — раунд поединка (спор навыков): 5d17" in log.body, log.body
    assert f"Поединок №{duel} — раунд поединка (Бронн: уклонение): 3d100" in log.body

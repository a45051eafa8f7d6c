"""Telegram says no: every fault injected with the emulator, and the game loses nothing.

429 waited out, "message is not modified" ignored, a message that can't be edited any more
sent anew, a failed send of a round sent again by the courier, a user who blocked the bot,
a group that removed the bot.
"""

from __future__ import annotations

import logging
import time

import pytest
from aiogram import Bot
from aiogram.filters import Command
from aiogram.types import Message
from tortoise.timezone import now

from bot.db.models import Encounter, Game, GameStatus, GameSystem, RollLog, Timer
from bot.services import games
from bot.services.characters import PoolBuild, create_character
from rules.duel.encounter import DuelStage
from rules.pool.model import Gender, Stats
from tests.bot.conftest import Harness
from tests.bot.test_duels import SEED_ROUND, _challenge, _duel_table, _hp
from tests.e2e.test_pool_game_e2e import edited_until
from tests.telegram_emulator import EmuChat, EmuMessage, EmuUser

NOT_MODIFIED = (
    "Bad Request: message is not modified: specified new message content and reply markup "
    "are exactly the same as a current content and reply markup of the message"
)
NOT_FOUND = "Bad Request: message to edit not found"
ROUND_2 = {17: [1, 2, 3, 4, 9], 100: [50, 50, 50, 50]}  # Бронн 4:1, no dodges: 32 damage


def _no_errors(caplog: pytest.LogCaptureFixture) -> None:
    """No ERROR record: each one would be a traceback in production."""
    bad = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert bad == []


def _statuses(gm: Harness, method: str) -> list[int]:
    return [call.status for call in gm.emu.calls(method)]


async def test_a_429_is_waited_out_and_the_reply_arrives_once(
    gm: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    user = gm.emu.add_user("Лида", language_code="ru")
    group = gm.emu.add_group("Таверна", members=[user])
    gm.emu.fail_next("sendMessage", 429, retry_after=1)
    gm.dice.add(6, 4)
    started = time.monotonic()
    await gm.emu.send_text(user, group, "/roll 1d6")
    reply = await gm.emu.wait_for_message(group, timeout=10)
    assert time.monotonic() - started >= 1.0  # retry_after respected
    assert reply.body.endswith("1d6 (4) = 4"), reply.body
    assert _statuses(gm, "sendMessage") == [429, 200]
    await gm.emu.expect_no_message(group, timeout=0.5)
    assert len(gm.emu.bot_messages(group)) == 1
    _no_errors(caplog)


async def test_telegrams_own_flood_limits_are_waited_out(
    gm: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    user = gm.emu.add_user("Лида", language_code="ru")
    chat = gm.emu.private_chat(user)
    gm.emu.enforce_limits = True  # one message a second in a private chat
    gm.dice.add(6, 1, 2, 3)
    for _ in range(3):
        await gm.emu.send_text(user, chat, "/roll 1d6")
    replies = [await gm.emu.wait_for_message(chat, timeout=10) for _ in range(3)]
    assert sorted(r.body.rsplit("= ", 1)[1] for r in replies) == ["1", "2", "3"]
    assert 429 in _statuses(gm, "sendMessage")
    assert _statuses(gm, "sendMessage").count(200) == 3
    _no_errors(caplog)


async def test_not_modified_on_the_challenge_edit_is_ignored(
    gm: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    sandor, bronn, _, group, game = await _duel_table(gm)
    challenge = await _challenge(gm, sandor, group)
    gm.emu.fail_next("editMessageText", 400, NOT_MODIFIED)
    query = await gm.emu.press_button(bronn, challenge, "Отказаться")
    answer = await gm.emu.wait_for_callback_answer(query)
    assert not answer.show_alert  # no "internal error"
    await gm.emu.expect_no_message(group, timeout=0.5)  # the text was "there": nothing resent
    assert (await Encounter.get(game_id=game.id, kind="duel")).stage == DuelStage.DECLINED
    assert _statuses(gm, "editMessageText") == [400]
    _no_errors(caplog)


async def test_a_challenge_that_cannot_be_edited_gets_its_outcome_sent_anew(
    gm: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    sandor, bronn, _, group, game = await _duel_table(gm)
    challenge = await _challenge(gm, sandor, group)
    gm.emu.fail_next("editMessageText", 400, NOT_FOUND)
    await gm.emu.wait_for_callback_answer(await gm.emu.press_button(bronn, challenge, "Отказаться"))
    declined = await gm.emu.wait_for_message(group, lambda m: "отказывается" in m.body)
    assert "Вызов отклонён: Сандор → Бронн. Бронн отказывается от поединка." in declined.body
    assert "отказывается" not in challenge.body  # the old one stayed as it was
    assert (await Encounter.get(game_id=game.id, kind="duel")).stage == DuelStage.DECLINED
    _no_errors(caplog)


async def test_an_expired_challenge_that_cannot_be_edited_is_announced_anew(
    gm: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    sandor, _, _, group, game = await _duel_table(gm)
    await _challenge(gm, sandor, group)
    record = await Encounter.get(game_id=game.id, kind="duel")
    gm.emu.fail_next("editMessageText", 400, "Bad Request: message can't be edited")
    await Timer.filter(kind="duel_expire", ref=record.id).update(due_at=now())
    expired = await gm.emu.wait_for_message(group, lambda m: "истёк" in m.body, timeout=5)
    assert "Вызов истёк: Сандор → Бронн. Бронн не ответил вовремя." in expired.body
    _no_errors(caplog)


async def _round_one(
    gm: Harness,
) -> tuple[EmuMessage, EmuChat, Game, tuple[EmuUser, EmuUser, EmuUser]]:
    sandor, bronn, stranger, group, game = await _duel_table(gm)
    challenge = await _challenge(gm, sandor, group)
    gm.game_dice.add(17, *SEED_ROUND[17]).add(100, *SEED_ROUND[100])
    await gm.emu.press_button(bronn, challenge, "Принять")
    first = await gm.emu.wait_for_message(group, lambda m: "Раунд 1" in m.body)
    return first, group, game, (sandor, bronn, stranger)


async def test_a_round_whose_send_fails_is_sent_again_once_with_nothing_rolled_again(
    gm: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    first, group, game, (sandor, bronn, _) = await _round_one(gm)
    await gm.emu.wait_for_callback_answer(await gm.emu.press_button(sandor, first, "Продолжить"))
    gm.game_dice.add(17, *ROUND_2[17]).add(100, *ROUND_2[100])
    gm.emu.fail_next("sendMessage", 502, "Bad Gateway", when=lambda p: "Раунд 2" in p["text"])
    await gm.emu.wait_for_callback_answer(await gm.emu.press_button(bronn, first, "Продолжить"))
    await gm.emu.wait_for_call("sendMessage", lambda c: c.status == 502)
    # Saved before sending: round 2 is fought, logged and its damage dealt.
    assert await RollLog.filter(game_id=game.id).count() == 17
    assert await _hp(game, 1) == -2
    assert first.button_texts == ["Продолжить", "Остановиться"]  # nothing replaced it yet
    # The courier tries again (no press needed): the round comes once, the old buttons go.
    second = await gm.emu.wait_for_message(group, lambda m: "Раунд 2" in m.body, timeout=10)
    assert "Урон: Сандор −32 (4 × 8)" in second.body and "повержен" in second.body
    await edited_until(gm.emu, first, lambda: not first.buttons)
    await gm.emu.expect_no_message(group, timeout=0.5)
    assert [m for m in gm.emu.bot_messages(group) if "Раунд 2" in m.body] == [second]
    assert _statuses(gm, "sendMessage")[-2:] == [502, 200]
    assert await RollLog.filter(game_id=game.id).count() == 17
    _no_errors(caplog)


async def test_a_first_round_whose_send_fails_still_comes_and_closes_the_challenge(
    gm: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    sandor, bronn, _, group, game = await _duel_table(gm)
    challenge = await _challenge(gm, sandor, group)
    gm.game_dice.add(17, *SEED_ROUND[17]).add(100, *SEED_ROUND[100])
    gm.emu.fail_next("sendMessage", 502, "Bad Gateway")
    await gm.emu.wait_for_callback_answer(await gm.emu.press_button(bronn, challenge, "Принять"))
    await gm.emu.wait_for_call("sendMessage", lambda c: c.status == 502)
    assert (await Encounter.get(game_id=game.id, kind="duel")).stage == DuelStage.FIGHTING
    first = await gm.emu.wait_for_message(group, lambda m: "Раунд 1" in m.body, timeout=10)
    assert "Счёт 3:2 — раунд выиграл Сандор" in first.body
    await edited_until(gm.emu, challenge, lambda: "принят" in challenge.body)
    assert challenge.buttons == []
    # The round goes on from the resent message as from any other.
    await gm.emu.press_button(sandor, first, "Продолжить")
    gm.game_dice.add(17, *ROUND_2[17]).add(100, *ROUND_2[100])
    await gm.emu.press_button(bronn, first, "Продолжить")
    await gm.emu.wait_for_message(group, lambda m: "Раунд 2" in m.body)
    assert await RollLog.filter(game_id=game.id).count() == 17
    assert len([m for m in gm.emu.bot_messages(group) if "Раунд 1" in m.body]) == 1
    _no_errors(caplog)


async def test_a_stop_whose_send_fails_is_announced_when_telegram_is_back(
    gm: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    first, group, game, (_, bronn, _) = await _round_one(gm)
    gm.emu.fail_next("sendMessage", 502, "Bad Gateway")
    await gm.emu.wait_for_callback_answer(await gm.emu.press_button(bronn, first, "Остановиться"))
    await gm.emu.wait_for_call("sendMessage", lambda c: c.status == 502)
    assert (await Encounter.get(game_id=game.id, kind="duel")).stage == DuelStage.FINISHED
    end = await gm.emu.wait_for_message(group, lambda m: "останавливает" in m.body, timeout=10)
    assert "Бронн останавливает поединок. Победа: Сандор." in end.body
    await edited_until(gm.emu, first, lambda: not first.buttons)
    _no_errors(caplog)


async def test_sheet_to_an_admin_who_blocked_the_bot_is_explained_in_the_group(
    gm: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    admin = gm.emu.add_user("Мастер", language_code="ru", started=True)
    player = gm.emu.add_user("Игрок", language_code="ru", started=True)
    group = gm.emu.add_group("Подземелье", admins=[admin], members=[player])
    game = await games.create_game(group.id, GameSystem.POOL, admin.id, "ru")
    stats = Stats(initiative=2, attack=3, defense=2, vitality=3, charisma=2)
    await create_character(game, player.id, "Вася", PoolBuild(Gender.MALE, stats))
    await gm.emu.block_bot(admin)
    await gm.emu.send_text(admin, group, "/sheet 1")
    reply = await gm.emu.wait_for_message(group)
    assert "не могу написать вам первым" in reply.body and "/sheet 1" in reply.body
    assert _statuses(gm, "sendMessage")[0] == 403
    _no_errors(caplog)


async def test_a_handler_that_cannot_reach_a_blocked_user_tells_the_group(
    gm: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    """The safety net under every handler: an unguarded private send to a blocked user."""

    async def dm_me(message: Message, bot: Bot) -> None:
        assert message.from_user is not None
        await bot.send_message(message.from_user.id, "secret")

    gm.dp.message.register(dm_me, Command("dm_me"))
    user = gm.emu.add_user("<b>Лида</b>", language_code="ru", started=True)
    group = gm.emu.add_group("Таверна", members=[user])
    await gm.emu.block_bot(user)
    await gm.emu.send_text(user, group, "/dm_me")
    told = await gm.emu.wait_for_message(group)
    assert told.body.startswith("<b>Лида</b>, не получается написать вам")  # name escaped
    _no_errors(caplog)
    assert any("refused" in r.getMessage() for r in caplog.records)


async def test_a_group_that_removes_the_bot_ends_its_game_quietly(
    gm: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    first, group, game, (sandor, _, _) = await _round_one(gm)
    await gm.emu.wait_for_callback_answer(await gm.emu.press_button(sandor, first, "Продолжить"))
    await edited_until(gm.emu, first, lambda: "выбирает «Продолжить»" in first.body)
    gm.emu.clear_calls()
    await gm.emu.set_bot_status(group, "kicked", by=sandor)
    for _ in range(50):
        await game.refresh_from_db()
        if game.status == GameStatus.ENDED:
            break
        await gm.emu.expect_no_message(group, timeout=0.1)
    assert game.status == GameStatus.ENDED and game.active_chat_id is None
    record = await Encounter.get(game_id=game.id, kind="duel")
    await Timer.filter(kind="duel_choices", ref=record.id).update(due_at=now())
    for _ in range(30):  # the round timeout comes due and is claimed: it sends nothing
        if await Timer.filter(ref=record.id, fired_at__isnull=False).exists():
            break
        await gm.emu.expect_no_message(group, timeout=0.1)
    assert await Timer.filter(kind="duel_choices", ref=record.id, fired_at__isnull=False).exists()
    await gm.emu.expect_no_message(group, timeout=0.5)
    sends = [c for c in gm.emu.calls() if str(c.params.get("chat_id")) == str(group.id)]
    assert sends == []
    _no_errors(caplog)


async def _creation_window(gm: Harness) -> tuple[EmuUser, EmuChat, EmuMessage]:
    """A pool game and a player at step 2 of the creation dialog in private."""
    admin = gm.emu.add_user("Мастер", language_code="ru")
    player = gm.emu.add_user("Аня", language_code="ru")
    group = gm.emu.add_group("Подземелье", admins=[admin], members=[player])
    game = await games.create_game(group.id, GameSystem.POOL, admin.id, "ru")
    chat = gm.emu.private_chat(player)
    await gm.emu.open_deep_link(player, f"j{game.id}")
    await gm.emu.wait_for_message(chat, lambda m: "шаг 1 из 4" in m.body)
    await gm.emu.send_text(player, chat, "Аня Ветер")
    window = await gm.emu.wait_for_message(chat, lambda m: "шаг 2 из 4" in m.body)
    return player, chat, window


async def test_a_dialog_ignores_not_modified_and_goes_on(
    gm: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    player, chat, window = await _creation_window(gm)
    gm.emu.fail_next("editMessageText", 400, NOT_MODIFIED)
    query = await gm.emu.press_button(player, window, "Женщина")
    assert not (await gm.emu.wait_for_callback_answer(query)).show_alert
    assert "шаг 2 из 4" in window.body  # Telegram kept it; the dialog moved on regardless
    query = await gm.emu.press_button(player, window, "Женщина")
    await gm.emu.wait_for_callback_answer(query)
    await gm.emu.wait_for_edit(window)
    assert "шаг 3 из 4" in window.body
    await gm.emu.expect_no_message(chat, timeout=0.3)
    _no_errors(caplog)


async def test_a_dialog_window_that_cannot_be_edited_is_sent_anew(
    gm: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    player, chat, window = await _creation_window(gm)
    gm.emu.fail_next("editMessageText", 400, NOT_FOUND)
    await gm.emu.wait_for_callback_answer(await gm.emu.press_button(player, window, "Женщина"))
    fresh = await gm.emu.wait_for_message(chat, lambda m: "шаг 3 из 4" in m.body)
    assert fresh.message_id != window.message_id
    query = await gm.emu.press_button(player, fresh, "Дальше ▶️")
    await gm.emu.wait_for_callback_answer(query)
    await gm.emu.wait_for_edit(fresh)
    assert "шаг 4 из 4" in fresh.body
    _no_errors(caplog)


async def test_a_new_game_whose_menu_is_gone_is_announced_anew(
    gm: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    admin = gm.emu.add_user("Мастер", language_code="ru")
    group = gm.emu.add_group("Подземелье", admins=[admin])
    await gm.emu.send_text(admin, group, "/newgame")
    menu = await gm.emu.wait_for_message(group)
    gm.emu.fail_next("editMessageText", 400, NOT_FOUND)
    await gm.emu.wait_for_callback_answer(await gm.emu.press_button(admin, menu, "Поединок"))
    announced = await gm.emu.wait_for_message(group, lambda m: "Игра началась" in m.body)
    game = await Game.get(chat_id=group.id)
    assert game.commitment in announced.body  # published all the same
    assert announced.buttons[0][0]["url"].endswith(f"start=j{game.id}")
    _no_errors(caplog)

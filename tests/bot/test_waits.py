"""Waits paced for chat role-play, through the real dispatcher: every prompt that waits for a
player mentions them (a real mention, in a new message) and says what its timeout does; at half
the time one reminder mentions whoever has still not answered, and says how long is left. The
clock is the test's: it moves every pending timer closer (the scheduler fires what falls due)."""

from __future__ import annotations

from datetime import timedelta

from bot.db.models import Encounter, Game, GameSystem, Timer
from bot.services import games
from bot.services.characters import DuelBuild, create_character
from bot.services.game_timers import pending_of
from bot.services.settings import BOUNDS, GameSettings
from rules.d20 import CharacterClass
from rules.duel.encounter import DuelStage
from tests.bot.conftest import Harness
from tests.bot.d20_rig import ATTACK, FIRST, SECOND, d20_table
from tests.bot.pool_fight_rig import pool_table, press, start
from tests.telegram_emulator import EmuChat, EmuMessage, EmuUser

TRIO = [("Догвор", CharacterClass.FIGHTER), ("Эльф", CharacterClass.WIZARD)]
SIDES = [("Догвор", FIRST), ("Эльф", SECOND)]
SEED_ROUND = {17: [1, 15, 11, 3, 10], 100: [5, 56, 92]}  # the rulebook's duel round: Борис 12/30
GO_ON = "Продолжить"


def mentioned(message: EmuMessage) -> list[int]:
    """The users a message mentions for real (Telegram notifies them), in order."""
    return [e["user"]["id"] for e in message.entities if e["type"] == "text_mention"]


async def pass_time(seconds: float) -> None:
    """The clock moves on: every pending timer comes ``seconds`` closer."""
    for timer in await Timer.filter(fired_at__isnull=True):
        due = timer.due_at - timedelta(seconds=seconds)
        await Timer.filter(id=timer.id, fired_at__isnull=True).update(due_at=due)


def reminder(message: EmuMessage) -> bool:
    return message.body.startswith("⏳") and "осталось" in message.body


async def _duel(gm: Harness) -> tuple[dict[str, EmuUser], EmuChat, Game]:
    """«Аня Ветер» (skill 9) and «Борис» (skill 8, agility 20) in a duel game; a GM."""
    users = {
        name: gm.emu.add_user(f"Игрок {name}", language_code="ru") for name in ("Аня", "Борис")
    }
    users["admin"] = gm.emu.add_user("Мастер", language_code="ru")
    group = gm.emu.add_group(
        "Таверна", admins=[users["admin"]], members=[users["Аня"], users["Борис"]]
    )
    game = await games.create_game(group.id, GameSystem.DUEL, users["admin"].id, "ru", ("пеший",))
    await create_character(game, users["Аня"].id, "Аня Ветер", DuelBuild((("пеший", 9),), 0))
    await create_character(game, users["Борис"].id, "Борис", DuelBuild((("пеший", 8),), 20))
    await game.refresh_from_db()
    return users, group, game


async def _challenge(gm: Harness, users: dict[str, EmuUser], group: EmuChat) -> EmuMessage:
    await gm.emu.send_text(users["Аня"], group, "/duel 2 пеший")
    return await gm.emu.wait_for_message(group, lambda m: "Принять" in m.button_texts)


async def _round_one(gm: Harness, users: dict[str, EmuUser], group: EmuChat) -> EmuMessage:
    challenge = await _challenge(gm, users, group)
    gm.game_dice.add(17, *SEED_ROUND[17]).add(100, *SEED_ROUND[100])
    await gm.emu.press_button(users["Борис"], challenge, "Принять")
    return await gm.emu.wait_for_message(group, lambda m: GO_ON in m.button_texts)


def test_the_defaults_are_minutes_for_chat_role_play() -> None:
    settings = GameSettings()
    assert (settings.round_timeout, settings.join_window) == (600, 900)  # 10 min, 15 min
    assert (settings.choice_timeout, settings.narration_timeout) == (300, 900)  # 5, 15 min
    for name in ("round_timeout", "join_window", "choice_timeout", "narration_timeout"):
        assert BOUNDS[name] == (60, 24 * 3600)  # 1 min to 24 h


async def test_a_d20_turn_and_a_description_mention_their_player(gm: Harness) -> None:
    table = await d20_table(gm, TRIO)
    live = await table.start(SIDES, [20, 10])
    assert mentioned(live) == [table.users["Догвор"].id]  # one mention: the turn's player
    assert "Ходит Догвор" in live.body
    assert live.body.endswith("⏱ Через 10\u00a0мин без ответа ход будет пропущен.")
    asked = await table.act("Догвор", live, ATTACK, "Эльф", 1)  # a 1: Догвор describes
    assert "Догвор, опишите состояние персонажа" in asked.body
    assert mentioned(asked) == [table.users["Догвор"].id]
    # Within a round a prompt carries no clock: the half-time reminder says what silence does.
    assert asked.body.endswith("так бот его увидит в любой группе.")
    assert "⏱" not in asked.body


async def test_a_reminder_at_half_a_d20_turn_names_its_player(gm: Harness) -> None:
    table = await d20_table(gm, TRIO)
    live = await table.start(SIDES, [20, 10])
    turn = await table.act("Догвор", live, ATTACK, "Эльф", 10)  # answered: his wait is over
    assert mentioned(turn) == [table.users["Эльф"].id]
    await pass_time(300)
    sent = await gm.emu.wait_for_message(table.group, reminder)
    assert sent.body == "⏳ Эльф: ход ждёт вас, осталось 5\u00a0мин — потом он будет пропущен."
    assert mentioned(sent) == [table.users["Эльф"].id]
    assert sent.reply_to is not None and sent.reply_to.message_id == turn.message_id
    await pass_time(200)
    await gm.emu.expect_no_message(table.group, timeout=1.0)  # once, not again


async def test_a_duel_challenge_and_its_rounds_mention_who_must_answer(gm: Harness) -> None:
    users, group, _ = await _duel(gm)
    challenge = await _challenge(gm, users, group)
    assert mentioned(challenge) == [users["Борис"].id]  # the challenged alone, once
    assert challenge.body.endswith("⏱ Через 15\u00a0мин без ответа вызов истечёт.")
    gm.game_dice.add(17, *SEED_ROUND[17]).add(100, *SEED_ROUND[100])
    await gm.emu.press_button(users["Борис"], challenge, "Принять")
    first = await gm.emu.wait_for_message(group, lambda m: GO_ON in m.button_texts)
    assert mentioned(first) == [users["Аня"].id, users["Борис"].id]
    assert first.body.endswith(
        "⏱ Кто не ответит за 10\u00a0мин, тот проиграет;"
        " промолчат оба — победит выигравший этот раунд."
    )


async def test_a_duel_reminder_names_only_who_has_not_answered_and_comes_once(
    gm: Harness,
) -> None:
    users, group, game = await _duel(gm)
    first = await _round_one(gm, users, group)  # the challenge was answered: no reminder of it
    query = await gm.emu.press_button(users["Аня"], first, GO_ON)
    await gm.emu.wait_for_callback_answer(query)
    await pass_time(300)
    sent = await gm.emu.wait_for_message(group, reminder)
    assert sent.body == "⏳ Борис: поединок ждёт вашего решения, осталось 5\u00a0мин."
    assert mentioned(sent) == [users["Борис"].id]
    assert sent.reply_to is not None and sent.reply_to.message_id == first.message_id
    await pass_time(200)
    await gm.emu.expect_no_message(group, timeout=1.0)
    await pass_time(100)  # the time is up: Борис's silence stops the duel
    await gm.emu.wait_for_message(group)
    record = await Encounter.get(game_id=game.id, kind="duel")
    assert record.stage == DuelStage.FINISHED
    await gm.emu.expect_no_message(group, timeout=1.0)
    assert await Timer.filter(fired_at__isnull=True).count() == 0


async def test_a_pool_round_reminder_names_the_fighters_still_to_act(gm: Harness) -> None:
    table = await pool_table(gm, 2)
    gm.game_dice.add(10, 8, 3)
    live = await start(table, 1, 2)  # round 1 opens in a new message: both mentioned
    assert mentioned(live) == [table.player(1).id, table.player(2).id]
    assert "⏱ Кто не выберет действие за 10\u00a0мин, атакует своего соперника." in live.body
    await press(table, 1, live, "⚔️ Атаковать")
    await pass_time(300)
    sent = await gm.emu.wait_for_message(table.group, reminder)
    assert sent.body == "⏳ Бран: ход ждёт вас, осталось 5\u00a0мин."
    assert mentioned(sent) == [table.player(2).id]
    assert sent.reply_to is not None and sent.reply_to.message_id == live.message_id


async def test_a_pause_holds_the_reminder_until_the_resume(gm: Harness) -> None:
    users, group, game = await _duel(gm)
    await _challenge(gm, users, group)
    kinds = {t.kind for t in await pending_of(game)}
    assert kinds == {"duel_expire", "remind_duel_expire"}  # paused and resumed together
    await gm.emu.send_text(users["admin"], group, "/pause обед")
    await gm.emu.wait_for_message(group)
    await pass_time(460)  # half the challenge's time goes by while the game is paused
    await gm.emu.expect_no_message(group, timeout=1.0)
    await gm.emu.send_text(users["admin"], group, "/resume продолжаем")
    sent = await gm.emu.wait_for_message(group, reminder)
    assert sent.body == "⏳ Борис: вызов ждёт вашего ответа, осталось 7\u00a0мин."
    assert mentioned(sent) == [users["Борис"].id]


async def test_a_player_with_no_username_who_blocked_the_bot_is_still_pinged(
    gm: Harness,
) -> None:
    users, group, _ = await _duel(gm)
    boris = users["Борис"]
    assert boris.username is None  # a mention by id needs no username
    await gm.emu.block_bot(boris)  # a block stops private messages, not group mentions
    challenge = await _challenge(gm, users, group)
    assert mentioned(challenge) == [boris.id]
    [entity] = [e for e in challenge.entities if e["type"] == "text_mention"]
    assert challenge.body[entity["offset"] : entity["offset"] + entity["length"]] == "Борис"

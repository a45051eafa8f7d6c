"""/pause and /resume through the real dispatcher: fights, duels, battles and ticks stand still,
presses are refused with an alert, timers keep the time they had left, reading still works."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import timedelta

from tortoise.timezone import now

from bot.db.models import Encounter, Game, GameSystem, GmAction, Timer
from bot.services import duels, games
from bot.services.characters import DuelBuild, create_character
from bot.services.cycles import AUTO_TICK
from bot.services.fights import ROUND_TIMER
from bot.services.pause import FROZEN
from bot.services.settings import change_setting
from bot.services.world_play import peek
from rules.d20 import CharacterClass
from rules.duel.encounter import DuelStage
from tests.bot.conftest import Harness
from tests.bot.d20_rig import ATTACK as D20_ATTACK
from tests.bot.d20_rig import FIRST, SECOND, button_starting, d20_table
from tests.bot.pool_fight_rig import fight_state, pool_table, press, round_dice, start
from tests.bot.world_table import QUIET
from tests.bot.world_table import pool_table as world_table
from tests.telegram_emulator import EmuChat, EmuMessage, EmuUser

ATTACK = "⚔️ Атаковать"
MISS, NO_DEFENSE = (2, 2, 2), (2, 2)
PAUSED = "Игра на паузе"
PAIR = [("Догвор", CharacterClass.FIGHTER), ("Эльф", CharacterClass.WIZARD)]


async def _say(gm: Harness, user: EmuUser, group: EmuChat, text: str) -> EmuMessage:
    await gm.emu.send_text(user, group, text)
    return await gm.emu.wait_for_message(group)


def _speaker(gm: Harness, user: EmuUser, group: EmuChat) -> Callable[[str], Awaitable[EmuMessage]]:
    async def say(text: str) -> EmuMessage:
        return await _say(gm, user, group, text)

    return say


async def _alert(gm: Harness, user: EmuUser, message: EmuMessage, button: str) -> str:
    answer = await gm.emu.wait_for_callback_answer(await gm.emu.press_button(user, message, button))
    assert answer.show_alert
    return answer.text or ""


async def _stretch_pause(game: Game, minutes: int) -> None:
    """As if the pause had begun ``minutes`` earlier (a test cannot wait that long)."""
    row = await Game.get(id=game.id)
    assert row.paused_at is not None
    await Game.filter(id=game.id).update(paused_at=row.paused_at - timedelta(minutes=minutes))


async def test_a_pause_freezes_a_pool_round_and_resume_keeps_its_time(gm: Harness) -> None:
    table = await pool_table(gm)
    admin = _speaker(gm, table.admin, table.group)
    gm.game_dice.add(10, 8, 3)
    live = await start(table, 1, 2)
    [timer] = await Timer.filter(kind=ROUND_TIMER, fired_at__isnull=True)
    await press(table, 1, live, ATTACK)  # Арья acts before the pause

    assert "Причина обязательна" in (await admin("/pause")).body
    paused = await admin("/pause перерыв на обед")
    assert "⏸ Игра на паузе — «перерыв на обед»." in paused.body
    assert (await Timer.get(id=timer.id)).due_at - timer.due_at == FROZEN

    assert PAUSED in await _alert(gm, table.player(2), live, ATTACK)
    assert [a.fighter for a in (await fight_state(table)).actions] == [1]
    assert PAUSED in (await admin("/tick")).body
    assert PAUSED in (await _say(gm, table.player(2), table.group, "/fight 1")).body
    assert "Арья" in (await _say(gm, table.stranger, table.group, "/players")).body
    assert "уже на паузе" in (await admin("/pause ещё раз")).body
    assert "администраторы" in (await _say(gm, table.stranger, table.group, "/resume да")).body
    assert "Причина обязательна" in (await admin("/resume")).body
    await asyncio.sleep(0.7)  # the scheduler looks at least once: nothing is due
    assert (await Timer.get(id=timer.id)).fired_at is None
    assert "раунд 1</b>" not in live.html

    await _stretch_pause(table.game, 10)
    resumed = await admin("/resume все вернулись")
    assert "▶️ Игра продолжается — «все вернулись»." in resumed.body
    thawed = await Timer.get(id=timer.id)
    shift = (thawed.due_at - timer.due_at).total_seconds()
    assert 600 <= shift < 605  # the ten minutes of the pause, and the time left is kept
    assert "уже идёт" not in resumed.body and "и так идёт" in (await admin("/resume ну")).body

    round_dice(gm, MISS, NO_DEFENSE, MISS, NO_DEFENSE)
    await press(table, 2, live, ATTACK)
    result = await gm.emu.wait_for_message(table.group, lambda m: "раунд 1</b>" in m.html)
    assert result.body.count("атака 2 2 2") == 2  # both attacks, the pre-pause one too
    log = await _say(gm, table.stranger, table.group, "/log")
    assert "🛠 Мастер Мастер: /pause — «перерыв на обед»" in log.body
    assert "🛠 Мастер Мастер: /resume (пауза длилась 10\u00a0мин) — «все вернулись»" in log.body
    assert log.body.index("/resume") < log.body.index("Бой №1 — раунд")  # before the round's dice


async def test_a_pause_freezes_a_duel_between_rounds(gm: Harness) -> None:
    admin = gm.emu.add_user("Мастер", language_code="ru")
    sandor = gm.emu.add_user("Игрок Сандора", language_code="ru")
    bronn = gm.emu.add_user("Игрок Бронна", language_code="ru")
    group = gm.emu.add_group("Гавань", admins=[admin], members=[sandor, bronn])
    game = await games.create_game(group.id, GameSystem.DUEL, admin.id, "ru", ("пеший",))
    await create_character(game, sandor.id, "Сандор", DuelBuild((("пеший", 9),), 0))
    await create_character(game, bronn.id, "Бронн", DuelBuild((("пеший", 8),), 20))
    challenge = await _say(gm, sandor, group, "/duel 2 пеший")
    gm.game_dice.add(17, 1, 15, 11, 3, 10).add(100, 5, 56, 92)
    await gm.emu.press_button(bronn, challenge, "Принять")
    first = await gm.emu.wait_for_message(group, lambda m: "Раунд 1" in m.body)
    [timer] = await Timer.filter(kind=duels.CHOICE_TIMEOUT, fired_at__isnull=True)

    assert "⏸" in (await _say(gm, admin, group, "/pause спор о правилах")).body
    assert PAUSED in await _alert(gm, sandor, first, "Продолжить")
    assert PAUSED in (await _say(gm, bronn, group, "/duel 1 пеший")).body
    record = await Encounter.get(game_id=game.id, kind="duel")
    assert record.stage == DuelStage.FIGHTING and record.state["duel"]["challenger_choice"] is None
    assert (await Timer.get(id=timer.id)).due_at - timer.due_at == FROZEN

    await _stretch_pause(game, 3)
    await _say(gm, admin, group, "/resume решили")
    assert 180 <= ((await Timer.get(id=timer.id)).due_at - timer.due_at).total_seconds() < 185
    await gm.emu.press_button(sandor, first, "Продолжить")
    gm.game_dice.add(17, 1, 2, 3, 4, 9).add(100, 50, 50, 50, 50)
    await gm.emu.press_button(bronn, first, "Продолжить")
    second = await gm.emu.wait_for_message(group, lambda m: "Раунд 2" in m.body)
    assert "Счёт 4:1 — раунд выиграл Бронн" in second.body
    assert await GmAction.filter(game_id=game.id).count() == 2


async def test_ticks_wait_and_a_tick_due_as_the_pause_began_runs_after_resume(
    gm: Harness,
) -> None:
    table = await world_table(gm, ("Аня", QUIET))
    game = await Game.get(id=table.game.id)
    await games.save_settings(game, change_setting(games.settings_of(game), "auto_tick_minutes", 5))
    await table.tick()  # cycle 1, and the automatic tick is armed
    assert "⏸" in (await table.say(table.admin, "/pause техработы")).body
    assert PAUSED in (await table.say(table.admin, "/tick")).body

    # The automatic tick fell due just as the pause began: the scheduler claims it, the game
    # refuses, and the timer is held (pending, frozen) instead of lost.
    await Timer.filter(kind=AUTO_TICK, fired_at__isnull=True).update(due_at=now())
    await asyncio.sleep(1.2)
    [held] = await Timer.filter(kind=AUTO_TICK, ref=game.id)
    assert held.fired_at is None and held.due_at > now() + timedelta(days=365)
    await gm.emu.expect_no_message(table.group)
    assert (await peek(table.game)).cycle == 1

    await table.say(table.admin, "/resume готово")
    second = await gm.emu.wait_for_message(table.group, lambda m: "прошёл" in m.body)
    assert "Цикл 2 прошёл." in second.body
    assert (await peek(table.game)).cycle == 2


async def test_a_pause_stops_a_d20_battle_too(gm: Harness) -> None:
    table = await d20_table(
        gm, [("Догвор", CharacterClass.FIGHTER), ("Эльф", CharacterClass.WIZARD)]
    )
    dogvor = table.users["Догвор"]
    live = await table.start([("Догвор", FIRST), ("Эльф", SECOND)], [15, 5])
    assert "⏸" in (await _say(gm, table.admin, table.group, "/pause ужин")).body
    await gm.emu.press_button(dogvor, live, D20_ATTACK)  # only shows the targets
    await gm.emu.wait_for_edit(live)
    target = button_starting(live, "Эльф")
    assert PAUSED in await _alert(gm, dogvor, live, target)
    assert PAUSED in (await _say(gm, table.users["Эльф"], table.group, "/check 1 замок")).body
    assert await table.hp("Эльф") == 12
    await _say(gm, table.admin, table.group, "/resume поели")
    gm.game_dice.add(20, 14)  # 14: damage 14 - 11 = 3
    await gm.emu.press_button(dogvor, live, target)
    await gm.emu.wait_for_message(table.group, lambda m: "d20:" in m.body)
    assert await table.hp("Эльф") == 9


async def test_a_narration_sent_during_the_pause_is_answered_and_kept_waiting(gm: Harness) -> None:
    """The narration handler does not expect a refusal: the paused game's own error handler
    answers it politely, and the battle still waits for the description."""
    table = await d20_table(gm, PAIR)
    live = await table.start([("Догвор", FIRST), ("Эльф", SECOND)], [15, 5])
    await table.act("Догвор", live, D20_ATTACK, "Эльф", 1)  # a fumble: Догвор must describe it
    assert (await table.encounter()).stage == "narration"
    await _say(gm, table.admin, table.group, "/pause ужин")
    answer = await _say(gm, table.users["Догвор"], table.group, "Догвор спотыкается о корень.")
    assert PAUSED in answer.body
    assert answer.reply_to is not None and answer.reply_to.text == "Догвор спотыкается о корень."
    assert (await table.encounter()).stage == "narration"
    await _say(gm, table.admin, table.group, "/resume поели")
    await gm.emu.send_text(table.users["Догвор"], table.group, "Догвор поднимается.")
    done = await gm.emu.wait_for_message(table.group, lambda m: "Описание принято" in m.body)
    assert "Ходит Эльф" in done.body
